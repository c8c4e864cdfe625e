#pragma once

#include <QByteArrayView>

#include <cstdio>
#include <cstdlib>

// What the fuzz targets share: reading an input as newline-separated fields, and checking an invariant so that a
// violation stops the run like a sanitizer finding does.
namespace hookyard::fuzz {

// The bytes of `rest` up to its first '\n', which is consumed too; all of `rest` when it holds none.
inline QByteArrayView takeLine(QByteArrayView &rest)
{
    const qsizetype end = rest.indexOf('\n');
    const QByteArrayView line = end < 0 ? rest : rest.first(end);
    rest = end < 0 ? QByteArrayView() : rest.sliced(end + 1);
    return line;
}

// Aborts with `what` when `holds` is false: libFuzzer then keeps the input as a crash.
inline void require(bool holds, const char *what)
{
    if (holds)
        return;
    std::fprintf(stderr, "invariant violated: %s\n", what);
    std::abort();
}

} // namespace hookyard::fuzz
