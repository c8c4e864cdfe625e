// The receiver's HTTP/1.1 request parsing (core/http/HttpServer's parseRequestHead), fed raw bytes as they come off a
// socket: the input is a stream of requests, each head ended by a blank line and followed by its Content-Length body,
// read one after another as a keep-alive connection reads them, until the stream ends or a head is rejected.
#include "FuzzSupport.h"

#include "http/HttpServer.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>

using namespace hookyard::core;
using namespace hookyard::fuzz;

namespace {

void checkHead(const RequestHead &head)
{
    if (head.rejectStatus != 0) {
        require(head.rejectStatus == 400 || head.rejectStatus == 411, "a head is rejected with 400 or 411");
        require(head.rejectReason && *head.rejectReason, "a rejected head says why");
        return;
    }
    require(!head.method.isEmpty() && !head.target.isEmpty(), "a request line has a method and a target");
    require(head.bodyLength >= 0, "a body length is never negative");
    QByteArrayView previousName;
    for (const auto &[name, value] : head.headers) {
        require(!name.isEmpty() && name == name.toLower(), "header names are lowercase tokens");
        require(previousName.isNull() || previousName < QByteArrayView(name), "header names are sorted, each once");
        previousName = name;
        require(value == value.trimmed(), "header values are trimmed");
        require(!value.contains('\0') && !value.contains('\r') && !value.contains('\n'),
                "header values hold no NUL, CR or LF");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    constexpr QByteArrayView headEnd("\r\n\r\n");
    QByteArrayView stream(reinterpret_cast<const char *>(data), qsizetype(size));
    for (;;) {
        const qsizetype end = stream.indexOf(headEnd);
        if (end < 0 || end > HttpServer::DefaultMaxHeadBytes)
            return 0;
        const RequestHead head = parseRequestHead(stream.first(end));
        checkHead(head);
        if (head.rejectStatus != 0)
            return 0;
        HttpRequest request;
        request.target = head.target;
        require(!request.path().contains('?'), "a path holds no query");
        stream = stream.sliced(end + headEnd.size());
        stream = stream.sliced(qsizetype(std::min<qint64>(head.bodyLength, stream.size())));
    }
}
