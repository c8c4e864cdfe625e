// The main() of every fuzz target in the normal build (docs/fuzzing.md): runs each file of the corpus directories
// (or single files) given on the command line through LLVMFuzzerTestOneInput once, in name order, so that ctest
// replays the seed corpus and every regression input without libFuzzer. A finding aborts, as under libFuzzer.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {

std::vector<std::filesystem::path> inputFiles(const std::filesystem::path &corpus)
{
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::is_directory(corpus))
        return {corpus};
    for (const auto &entry : std::filesystem::recursive_directory_iterator(corpus)) {
        if (entry.is_regular_file())
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
    std::size_t replayed = 0;
    std::size_t reached = 0; // inputs the target did not refuse up front (it returns -1 for those)
    for (int i = 1; i < argc; ++i) {
        for (const std::filesystem::path &file : inputFiles(argv[i])) {
            std::ifstream stream(file, std::ios::binary);
            if (!stream) {
                std::fprintf(stderr, "cannot read %s\n", file.c_str());
                return 1;
            }
            const std::vector<char> bytes{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
            std::fprintf(stderr, "replaying %s\n", file.c_str());
            if (LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size()) == 0)
                ++reached;
            else
                std::fprintf(stderr, "  refused before the code under test\n");
            ++replayed;
        }
    }
    std::printf("replayed %zu inputs, %zu reached the code under test\n", replayed, reached);
    // An empty corpus, or one whose every input is refused up front (seeds that a stricter parser now turns away),
    // would pass without testing anything.
    return reached > 0 ? 0 : 1;
}
