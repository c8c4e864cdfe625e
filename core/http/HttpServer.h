#pragma once

#include "http/HeaderMap.h"
#include "util/Result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <atomic>
#include <functional>
#include <optional>
#include <utility>

class QTcpServer;

namespace hookyard::core {

class HttpConnection;

using HttpHeaders = QList<std::pair<QByteArray, QByteArray>>;

// Where a server listens, as an operator writes it: "HOST:PORT" with a numeric address, e.g. "127.0.0.1:8080".
struct ListenAddress
{
    QHostAddress address;
    quint16 port = 0;
};
Result<ListenAddress> parseListenAddress(const QString &text);

struct HttpRequest
{
    QByteArray method;
    QByteArray target; // the path and the query as sent, still percent-encoded (an absolute-form target's too)
    HeaderMap headers; // names lowercased, values trimmed; a repeated name keeps its last value
    QByteArray body;   // empty in a head handler, which runs before the body is read
    QHostAddress remoteAddress;
    int connectionId = 0; // the order in which the server accepted the connection, from 0

    QByteArray header(const QByteArray &lowercaseName) const { return headers.value(lowercaseName); }
    // The target without its query.
    QByteArrayView path() const;
};

// A request head as the server reads it, before any handler sees it.
struct RequestHead
{
    int rejectStatus = 0; // 0 when the head can be served; else what the server answers before closing (400, 411)
    const char *rejectReason = nullptr; // with a rejectStatus: why, for a person (a sentence without a full stop)
    QByteArray method;                  // with a rejectStatus, set when the request line could be read
    QByteArray target;                  // likewise
    HeaderMap headers;      // as in HttpRequest; with a rejectStatus, the header lines read before the refused one
    qint64 bodyLength = 0;  // Content-Length; 0 without one
    bool keepAlive = false; // whether the connection may serve another request after this one
    // "Expect: 100-continue" in an HTTP/1.1 request (RFC 9110 §10.1.1: an HTTP/1.0 request's is ignored).
    bool expectsContinue = false;
};

// Parses the bytes of a request head: the request line and the header lines, without the blank line that ends them
// (the server finds that end, skips empty lines before the request line and bounds the head's size before calling
// this). An absolute-form target ("http://host/path?query", RFC 9112 §3.2.2) becomes its path and query. No I/O: the
// server and the fuzz target (fuzz/) share it.
RequestHead parseRequestHead(QByteArrayView head);
// A Content-Length value: decimal digits only, within 64 bits; nullopt otherwise.
std::optional<qint64> parseContentLength(QByteArrayView text);

// Answers one request. A copyable handle that does not keep the connection alive: once the connection is gone, or the
// request is answered or closed, every call is a no-op and isOpen() is false.
//
// Not thread-safe: use it on the server's thread only, during the handler or at any time after it returned. To answer
// from another thread, post to an object living on the server's thread:
//   QMetaObject::invokeMethod(context, [responder] { responder.respond(200); }, Qt::QueuedConnection);
// Copying and destroying a responder is safe on any thread.
class HttpResponder final
{
public:
    HttpResponder() = default;

    // Writes the answer with a reason phrase, Content-Length and, when the connection then closes, "Connection:
    // close"; headers are sent after those as given. Content-Length and Connection are the server's own: the one
    // exception is "Connection: close" among headers, which closes the connection after this answer.
    void respond(int status, const HttpHeaders &headers = {}, const QByteArray &body = {}) const;
    // Drops the connection without a byte of answer.
    void close() const;
    // True while the request waits for its answer and the connection is up.
    bool isOpen() const;

private:
    friend class HttpConnection;
    HttpResponder(HttpConnection *connection, quint64 sequence);

    QPointer<HttpConnection> m_connection;
    quint64 m_sequence = 0; // of the request on its connection: a responder never answers a later request
};

// A small HTTP/1.1 server on the thread that creates it (QtNetwork only), for webhook traffic: request bodies framed
// by Content-Length, keep-alive with "Connection: close" honoured, HTTP/1.0 connections closed after one answer,
// "Expect: 100-continue" answered once the head handler let the body come. A connection serves one request at a
// time: the next one is read only after the current one is answered, so answers may come in any order across
// connections but always in order on one.
//
// Empty lines before a request line are skipped (RFC 9112 §2.2: some clients send a CR LF after a body). The server
// answers on its own, without calling the handlers, what it cannot read: 400 for a malformed head (lines ending in LF
// alone included) or Content-Length (or two different ones) and for an HTTP/1.1 request without a Host or with two
// (RFC 9112 §3.2), 411 for a POST, PUT or PATCH without Content-Length and for any Transfer-Encoding (bodies are
// framed by Content-Length only, so a chunked body could not be found), 431 for a head over maxHeadBytes, 413 for
// a body over maxBodyBytes and 503 (with Retry-After) for one beyond the bodies the server holds at once; each time
// with the reason as a plain-text body (or the refusal formatter's), and the connection closes, as where the rest of
// its input ends is unknown. The refused handler hears of each. Routing, 404 and 405 are the handler's business.
//
// A request has requestMs (setTimeouts) from its first byte until its body is complete, or the server answers 408 and
// closes: a client that trickles bytes cannot hold a connection for longer. A connection that idles for idleMs without
// a request (accepted, or kept alive after an answer) is closed without a word. The idle default is longer than the
// idle timeouts of common proxies (an AWS load balancer's 60 s): a proxy must be the one that closes an idle
// connection, or a request it sends just as the server closes fails. A client that sends requests without reading the
// answers is not read from while more than 256 KiB of its answers wait to be sent, and is closed once it has stayed so
// for idleMs: its answers cannot fill the server's memory. Connections are bounded too (setMaxConnections): idle ones
// held open by the thousand left the server spinning on accept() at its file limit, and honest senders unanswered.
class HttpServer final : public QObject
{
    Q_OBJECT
public:
    // Runs when a request's body is complete. It answers through the responder, now or later.
    using Handler = std::function<void(const HttpRequest &request, const HttpResponder &responder)>;
    // Runs when a request's head is complete, before its body is read; bodyBytes is its Content-Length (0 without
    // one). Answering (or closing) through the responder before returning ends the request there, its body unread: a
    // connection whose request announced a body then closes after the answer, without holding the sender while it
    // sends a body nobody reads. Not answering lets the body be read, up to maxBodyBytes.
    using HeadHandler = std::function<void(const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder)>;
    // Runs when a connection closes while its request, given to the handler, is still unanswered: the client went
    // away. Not when close() dropped it, nor while the server is being destroyed.
    using AbandonedHandler = std::function<void(int connectionId)>;
    // Runs when the server has answered a request on its own (see above; 408 included), without a handler seeing it.
    // The request holds what could be read of it: its method and target are empty when they could not be read, its
    // headers are those read before the line refused (none when the head was too large), and its body is never read. It
    // may run while the server walks its connections (a 408): it must not destroy the server or run a nested event
    // loop. It runs with status 0 when the client closed the connection in the middle of a request (after some of its
    // head, or before all of its body): nothing was answered, and the reason says how far the request got.
    using RefusedHandler = std::function<void(const HttpRequest &request, int status, const QString &reason)>;
    // Makes the body of an answer the server gives on its own, from its status and reason: a server whose clients
    // expect its errors in one format (the API's problem+json) says so. Without one the body is the reason as text.
    struct RefusalBody
    {
        QByteArray contentType;
        QByteArray bytes;
    };
    using RefusalFormatter = std::function<RefusalBody(int status, const QString &reason)>;

    static constexpr qint64 DefaultMaxBodyBytes = 16 * 1024 * 1024;
    static constexpr qint64 DefaultMaxBodyBytesHeld = 256 * 1024 * 1024;
    static constexpr qsizetype DefaultMaxHeadBytes = 64 * 1024;
    static constexpr int DefaultRequestTimeoutMs = 30000;
    static constexpr int DefaultIdleTimeoutMs = 75000;

    explicit HttpServer(QObject *parent = nullptr);
    ~HttpServer() override;
    Q_DISABLE_COPY_MOVE(HttpServer)

    // Set before listen(). Without a handler every request is answered 404.
    void setHandler(Handler handler);
    void setHeadHandler(HeadHandler handler);
    void setAbandonedHandler(AbandonedHandler handler);
    void setRefusedHandler(RefusedHandler handler);
    void setRefusalFormatter(RefusalFormatter formatter);
    void setMaxBodyBytes(qint64 bytes);
    // The request bodies the server holds at once, at most (each body's bytes received, from its head until its
    // answer): a request is answered 503 with Retry-After from its head when its announced length would go beyond what
    // the others hold, or as its bytes come when they would.
    void setMaxBodyBytesHeld(qint64 bytes);
    void setMaxHeadBytes(qsizetype bytes);
    void setTimeouts(int requestMs, int idleMs); // both positive
    // Connections open at once, at most (positive); by default defaultMaxConnections(). At the bound a new connection
    // is closed as soon as it is accepted, without a byte.
    void setMaxConnections(int connections);
    // 4096, or fewer where the process may open fewer files: its soft RLIMIT_NOFILE less 256 for database
    // connections and files, and at least 16.
    static int defaultMaxConnections();

    // Returns the port listened on (useful with port 0).
    Result<quint16> listen(const QHostAddress &address, quint16 port);
    // Closes the port and drains: idle connections close now, and every other one closes once its request is answered
    // (with "Connection: close"), so that a stopping process answers what it was sent and takes nothing more.
    void stopListening();
    // Connections still open: after stopListening(), 0 once every request it was sent is answered.
    int openConnections() const { return int(m_connections.size()); }

    // Thread-safe.
    int connectionsAccepted() const { return m_accepted.load(std::memory_order_relaxed); }

private:
    friend class HttpConnection;
    void acceptConnections();
    void closeLateRequests();

    QTcpServer *const m_listener; // a child of this, so that it moves with the server between threads
    Handler m_handler;
    HeadHandler m_headHandler;
    AbandonedHandler m_abandonedHandler;
    RefusedHandler m_refusedHandler;
    RefusalFormatter m_refusalFormatter;
    qint64 m_maxBodyBytes = DefaultMaxBodyBytes;
    qint64 m_maxBodyBytesHeld = DefaultMaxBodyBytesHeld;
    qint64 m_bodyBytesHeld = 0; // received of the bodies of the requests between their head and their answer
    qsizetype m_maxHeadBytes = DefaultMaxHeadBytes;
    int m_requestTimeoutMs = DefaultRequestTimeoutMs;
    int m_idleTimeoutMs = DefaultIdleTimeoutMs;
    int m_maxConnections = defaultMaxConnections();
    bool m_draining = false;              // since stopListening(): answers close their connections
    QElapsedTimer m_clock;                // what connections note the start of their wait for a request by
    QTimer *const m_lateCheck;            // a child of this: looks for late requests and idle connections
    QSet<HttpConnection *> m_connections; // open ones, children of this
    std::atomic<int> m_accepted{0};
};

} // namespace hookyard::core
