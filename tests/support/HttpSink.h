#pragma once

#include "http/HeaderMap.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>
#include <utility>

class QThread;

namespace hookyard::test {

struct HttpSinkState;

// A real HTTP/1.1 server on 127.0.0.1 for tests of code that sends webhooks: it records every request, answers each
// one as the test's handler says (a status, headers, a delay, a dropped connection or no answer at all), and measures
// how many requests were open at once, in total and per webhook-id.
//
// It serves from a thread of its own, so the test's thread may block (on a QProcess, on SQL) while clients are
// answered. Every member function is thread-safe; only waitForRequests() must not be called from inside the handler,
// as it would stall the thread that records the requests it waits for.
//
// HTTP is core::HttpServer's: request bodies are framed by Content-Length only (a POST, PUT or PATCH without it, or
// any request with Transfer-Encoding, gets 411 and the connection is closed); keep-alive per HTTP/1.1 with
// "Connection: close" honoured; HTTP/1.0 connections close after one response; "Expect: 100-continue" is answered.
// Requests that are rejected this way (400, an HTTP/1.1 request without Host included, 411, 431, and 413 over
// HttpServer::DefaultMaxBodyBytes) never reach the handler and are not recorded.
class HttpSink final
{
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;                   // the request target as sent, query included
        hookyard::core::HeaderMap headers; // names lowercased, values trimmed; a repeated name keeps its last value
        QByteArray body;
        QDateTime receivedAt;  // UTC, when the body was complete: comparable with timestamps in the database
        qint64 receivedMs = 0; // the same moment on a monotonic clock, in ms since the sink started: for intervals
        int connectionId = 0;  // the order in which the sink accepted the connection, from 0

        QByteArray header(const QByteArray &lowercaseName) const { return headers.value(lowercaseName); }
    };

    // Every member has a default, so a designated initializer names only what differs: Reply{.status = 503}.
    struct Reply
    {
        enum Action
        {
            Respond,
            DropAfterBody, // close the connection without a byte of answer
            Hang,          // never answer; the connection stays open until the client closes it
        };

        int status = 200;
        QByteArray body{};
        // Sent as given after the status line. Content-Length and Connection are the sink's own: do not add them.
        QList<std::pair<QByteArray, QByteArray>> headers{};
        int delayMs = 0; // the action happens this long after the body arrived; other connections are served meanwhile
        Action action = Respond;
    };

    // Runs on the sink's thread once per request, when its body is complete. requestIndex counts requests from 0 (the
    // first after construction or clear()) and equals the request's position in requests().
    using Handler = std::function<Reply(const Request &request, int requestIndex)>;

    // Listens before returning; a sink that cannot listen is a broken test machine, so that is fatal.
    HttpSink();
    // Closes every connection, answered or not.
    ~HttpSink();
    Q_DISABLE_COPY_MOVE(HttpSink)

    // Takes effect for the next request whose body completes. An empty handler restores the default: 200, no body.
    void setHandler(Handler handler);

    quint16 port() const { return m_port; }
    // path is the request target, query included: "/hooks/orders?tenant=7".
    QUrl url(const QString &path = QStringLiteral("/")) const;

    // Copies: cheap to take, but each copy taken while requests arrive costs the sink a copy of the list at its next
    // request, so poll with requestCount() or waitForRequests() instead.
    QList<Request> requests() const;
    int requestCount() const;
    // True once at least count requests are recorded; false if that did not happen within timeoutMs.
    bool waitForRequests(int count, int timeoutMs) const;
    // Forgets the recorded requests, restarts requestIndex at 0 and restarts the maxima below from the requests open
    // now. Connection ids keep counting.
    void clear();

    // A request is open from when its body is complete until its answer is written or its connection closes. The
    // largest number of open requests carrying the same webhook-id header seen at one time (1 when deliveries never
    // overlap, 0 before any request with that header), and of open requests of any kind.
    int maxConcurrentSameId() const;
    int maxConcurrentRequests() const;

    int connectionsAccepted() const;

private:
    const std::unique_ptr<HttpSinkState> m_state; // shared with the sink's thread
    const std::unique_ptr<QThread> m_thread;
    quint16 m_port = 0; // set before the constructor returns, constant afterwards
};

} // namespace hookyard::test
