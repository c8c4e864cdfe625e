#pragma once

#include "util/Result.h"

#include <QByteArray>

#include <functional>
#include <vector>

namespace hookyard::bench {

// One answer as sendRawRequests read it.
struct RawAnswer
{
    qsizetype index = 0; // the request's place in the list sendRawRequests was given
    int status = 0;      // 0: no answer, the connection failed or closed first
    QByteArray detail;   // for status 0 what went wrong; for another status but 200 the start of the answer's body
};

// Sends `requests`, each a whole HTTP/1.1 request as bytes, to 127.0.0.1:port over `connections` keep-alive
// connections with one request in flight on each, starting the next on a connection as soon as its answer is
// complete, until every request is answered or the run is interrupted. Answers must carry Content-Length, as the
// receiver's do. Plain sockets and epoll on the calling thread, so that the load generator costs about what a
// pgbench client does per transaction (docs/benchmarks.md, ingest); libcurl's multi interface cost two to four
// times that. started(i) is called just before request i is written, answered(a) once for every request: status 0
// for one that failed or was never sent (the server closed every connection, or the run was interrupted). Fails,
// sending nothing, when not every connection opens.
core::Status sendRawRequests(quint16 port, int connections, const std::vector<QByteArray> &requests,
                             const std::function<void(qsizetype index)> &started,
                             const std::function<void(const RawAnswer &)> &answered);

} // namespace hookyard::bench
