#include "HttpSink.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QMutex>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <QWaitCondition>

#include <algorithm>
#include <charconv>
#include <utility>

using namespace Qt::StringLiterals;

namespace hookyard::test {

using Request = HttpSink::Request;
using Reply = HttpSink::Reply;

// What the test's thread and the sink's thread share; every member but clock is guarded by mutex.
struct HttpSinkState
{
    mutable QMutex mutex;
    QWaitCondition requestRecorded;
    // Replaced whole, never changed in place, so the sink's thread runs the handler it took without holding the mutex.
    std::shared_ptr<const HttpSink::Handler> handler = std::make_shared<const HttpSink::Handler>();
    QList<Request> requests;
    // Open requests per webhook-id. An id leaves the hash with its last open request, so the hash stays as small as
    // the number of open requests.
    QHash<QByteArray, int> openById;
    int open = 0;
    int maxOpen = 0;
    int maxOpenSameId = 0;
    int connections = 0;
    QElapsedTimer clock; // started before the server listens, only read afterwards
};

namespace {

constexpr QByteArrayView HeadEnd("\r\n\r\n");
constexpr QByteArrayView LineEnd("\r\n");
// A head this long without its end is not a webhook but a broken or hostile client.
constexpr qsizetype MaxHeadBytes = 64 * 1024;

// Clients act on the code; the phrase is for a person reading a capture.
constexpr std::pair<int, const char *> ReasonPhrases[] = {{100, "Continue"},
                                                          {200, "OK"},
                                                          {201, "Created"},
                                                          {202, "Accepted"},
                                                          {204, "No Content"},
                                                          {301, "Moved Permanently"},
                                                          {302, "Found"},
                                                          {304, "Not Modified"},
                                                          {307, "Temporary Redirect"},
                                                          {308, "Permanent Redirect"},
                                                          {400, "Bad Request"},
                                                          {401, "Unauthorized"},
                                                          {403, "Forbidden"},
                                                          {404, "Not Found"},
                                                          {408, "Request Timeout"},
                                                          {409, "Conflict"},
                                                          {410, "Gone"},
                                                          {411, "Length Required"},
                                                          {413, "Content Too Large"},
                                                          {422, "Unprocessable Content"},
                                                          {429, "Too Many Requests"},
                                                          {431, "Request Header Fields Too Large"},
                                                          {500, "Internal Server Error"},
                                                          {502, "Bad Gateway"},
                                                          {503, "Service Unavailable"},
                                                          {504, "Gateway Timeout"}};

const char *reasonPhrase(int status)
{
    for (const auto &[code, phrase] : ReasonPhrases) {
        if (code == status)
            return phrase;
    }
    return "Status";
}

void appendNumber(QByteArray &out, qint64 number)
{
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
    out.append(digits, end - digits);
}

// One accepted connection, on the sink's thread. Serves one request at a time: a request's reply is carried out
// before the next request is parsed, so bytes that arrive meanwhile wait in m_in.
class Connection final : public QObject
{
public:
    Connection(QTcpSocket *socket, int id, HttpSinkState &state, QObject *parent);
    ~Connection() override;

private:
    enum class Phase
    {
        Head,     // m_in starts with a request head that is not complete yet
        Body,     // m_request has its head; its body of m_bodyLength bytes starts at m_bodyStart in m_in
        Replying, // the handler's reply waits in m_reply for m_delay
        Hanging,  // the reply is silence until the client closes
        Closing,  // the connection closes; nothing more is parsed or answered
    };

    void readInput();
    void processInput();
    bool takeHead();
    void completeRequest();
    void carryOut(const Reply &reply);
    void writeResponse(int status, const QList<std::pair<QByteArray, QByteArray>> &headers, const QByteArray &body);
    void reject(int status);
    void closeRequest();
    void onDisconnected();

    HttpSinkState &m_state;
    QTcpSocket *const m_socket; // a child of this
    const int m_id;
    QTimer m_delay;
    Phase m_phase = Phase::Head;
    // Received and not yet consumed. A request leaves it whole, head and body at once: without pipelining that empties
    // it, which keeps its allocation for the next request instead of moving the array's start forward.
    QByteArray m_in;
    qsizetype m_scanned = 0; // in Head: no end of head starts before this offset, so the search resumes there
    qsizetype m_bodyStart = 0;
    qsizetype m_bodyLength = 0;
    bool m_keepAlive = true; // of the current request
    bool m_open = false;     // the current request counts in m_state.open
    QByteArray m_openId;     // its webhook-id (empty: none), counted in m_state.openById while m_open
    Request m_request;       // the current request
    Reply m_reply;           // in Replying: what m_delay is waiting to do
    QByteArray m_out;        // the response being composed; reused, so its capacity outlives a response
};

Connection::Connection(QTcpSocket *socket, int id, HttpSinkState &state, QObject *parent)
    : QObject(parent)
    , m_state(state)
    , m_socket(socket)
    , m_id(id)
{
    m_socket->setParent(this);
    // A response is written whole; there is nothing for Nagle's algorithm to coalesce, only latency to add.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_delay.setSingleShot(true);
    // A coarse timer may fire up to 5% early, and tests check that a delay was at least as long as asked.
    m_delay.setTimerType(Qt::PreciseTimer);
    connect(&m_delay, &QTimer::timeout, this, [this] {
        carryOut(std::exchange(m_reply, Reply()));
        processInput();
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &Connection::readInput);
    connect(m_socket, &QTcpSocket::disconnected, this, &Connection::onDisconnected);
}

Connection::~Connection()
{
    // ~QObject deletes the socket after this object's members are gone; its last signals must find no receiver.
    m_socket->disconnect(this);
}

void Connection::readInput()
{
    const qint64 available = m_socket->bytesAvailable();
    if (available <= 0)
        return;
    const qsizetype had = m_in.size();
    m_in.resize(had + available);
    const qint64 got = m_socket->read(m_in.data() + had, available);
    m_in.resize(had + std::max<qint64>(got, 0));
    processInput();
}

void Connection::processInput()
{
    for (;;) {
        if (m_phase == Phase::Head && !takeHead())
            return;
        if (m_phase != Phase::Body || m_in.size() - m_bodyStart < m_bodyLength)
            return;
        m_request.body = m_in.sliced(m_bodyStart, m_bodyLength);
        m_in.remove(0, m_bodyStart + m_bodyLength);
        completeRequest();
    }
}

// Parses the head at the front of m_in into m_request and moves to Body; false while the head is incomplete, or when
// it was rejected (then Closing).
bool Connection::takeHead()
{
    const qsizetype end = m_in.indexOf(HeadEnd, m_scanned);
    if (end < 0) {
        if (m_in.size() > MaxHeadBytes)
            reject(431);
        else
            m_scanned = std::max<qsizetype>(0, m_in.size() - (HeadEnd.size() - 1));
        return false;
    }

    m_request = Request();
    m_request.connectionId = m_id;
    const QByteArrayView head = QByteArrayView(m_in).first(end);
    qsizetype lineEnd = head.indexOf(LineEnd);
    if (lineEnd < 0)
        lineEnd = head.size();
    const QByteArrayView requestLine = head.first(lineEnd);
    const qsizetype methodEnd = requestLine.indexOf(' ');
    const qsizetype targetEnd = methodEnd > 0 ? requestLine.indexOf(' ', methodEnd + 1) : -1;
    const QByteArrayView version = targetEnd > methodEnd + 1 ? requestLine.sliced(targetEnd + 1) : QByteArrayView();
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        reject(400);
        return false;
    }
    m_request.method = requestLine.first(methodEnd).toByteArray();
    m_request.path = requestLine.sliced(methodEnd + 1, targetEnd - methodEnd - 1).toByteArray();
    for (qsizetype start = lineEnd + LineEnd.size(); start < head.size();) {
        qsizetype stop = head.indexOf(LineEnd, start);
        if (stop < 0)
            stop = head.size();
        const QByteArrayView line = head.sliced(start, stop - start);
        start = stop + LineEnd.size();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0) {
            reject(400);
            return false;
        }
        m_request.headers.insert(line.first(colon).toByteArray().toLower(),
                                 line.sliced(colon + 1).trimmed().toByteArray());
    }

    // HTTP/1.0 keep-alive is an extension the sink's clients do not need; such connections close after one answer.
    m_keepAlive = version == "HTTP/1.1" && !m_request.header("connection"_ba).toLower().contains("close");
    // Only Content-Length frames a body here: without it the end of a body that may follow is unknown.
    if (m_request.headers.contains("transfer-encoding"_ba)) {
        reject(411);
        return false;
    }
    const auto length = m_request.headers.constFind("content-length"_ba);
    if (length != m_request.headers.cend()) {
        bool ok = false;
        m_bodyLength = length->toLongLong(&ok);
        if (!ok || m_bodyLength < 0) {
            reject(400);
            return false;
        }
    } else if (m_request.method == "POST" || m_request.method == "PUT" || m_request.method == "PATCH") {
        reject(411);
        return false;
    } else {
        m_bodyLength = 0;
    }

    m_scanned = 0;
    m_bodyStart = end + HeadEnd.size();
    m_phase = Phase::Body;
    if (m_in.size() - m_bodyStart < m_bodyLength &&
        m_request.header("expect"_ba).compare("100-continue", Qt::CaseInsensitive) == 0) {
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        m_socket->flush();
    }
    return true;
}

void Connection::completeRequest()
{
    m_openId = m_request.header("webhook-id"_ba);
    std::shared_ptr<const HttpSink::Handler> handler;
    int index = 0;
    {
        QMutexLocker lock(&m_state.mutex);
        m_request.receivedAt = QDateTime::currentDateTimeUtc();
        m_request.receivedMs = m_state.clock.elapsed();
        index = int(m_state.requests.size());
        m_state.requests.append(m_request);
        m_state.maxOpen = std::max(m_state.maxOpen, ++m_state.open);
        if (!m_openId.isEmpty())
            m_state.maxOpenSameId = std::max(m_state.maxOpenSameId, ++m_state.openById[m_openId]);
        handler = m_state.handler;
    }
    m_open = true;
    m_state.requestRecorded.wakeAll();

    const Reply reply = *handler ? (*handler)(m_request, index) : Reply();
    if (reply.delayMs > 0) {
        m_phase = Phase::Replying;
        m_reply = reply;
        m_delay.start(reply.delayMs);
        return;
    }
    carryOut(reply);
}

void Connection::carryOut(const Reply &reply)
{
    switch (reply.action) {
    case Reply::Respond:
        writeResponse(reply.status, reply.headers, reply.body);
        return;
    case Reply::DropAfterBody:
        closeRequest();
        m_phase = Phase::Closing;
        m_socket->disconnectFromHost();
        return;
    case Reply::Hang:
        m_phase = Phase::Hanging;
        return;
    }
}

void Connection::writeResponse(int status, const QList<std::pair<QByteArray, QByteArray>> &headers,
                               const QByteArray &body)
{
    closeRequest();
    // Writing may fail and disconnect at once; the phase is settled first so that the disconnect has the last word.
    m_phase = m_keepAlive ? Phase::Head : Phase::Closing;

    // RFC 9110: no content, and so no Content-Length, in 1xx, 204 and 304 responses.
    const bool hasContent = status >= 200 && status != 204 && status != 304;
    m_out.resize(0);
    m_out.append("HTTP/1.1 ");
    appendNumber(m_out, status);
    m_out.append(' ').append(reasonPhrase(status)).append(LineEnd);
    if (hasContent) {
        m_out.append("Content-Length: ");
        appendNumber(m_out, body.size());
        m_out.append(LineEnd);
    }
    if (!m_keepAlive)
        m_out.append("Connection: close\r\n");
    for (const auto &[name, value] : headers)
        m_out.append(name).append(": ").append(value).append(LineEnd);
    m_out.append(LineEnd);
    if (hasContent)
        m_out.append(body);

    m_socket->write(m_out);
    // Sends now rather than on the next pass of the event loop: one pass less per request.
    m_socket->flush();
    if (!m_keepAlive)
        m_socket->disconnectFromHost();
}

// Answers a request the sink cannot read, which is not recorded, and closes: where its body ends is unknown.
void Connection::reject(int status)
{
    m_keepAlive = false;
    writeResponse(status, {}, {});
}

void Connection::closeRequest()
{
    if (!m_open)
        return;
    m_open = false;
    QMutexLocker lock(&m_state.mutex);
    --m_state.open;
    if (!m_openId.isEmpty()) {
        const auto it = m_state.openById.find(m_openId);
        if (--*it == 0)
            m_state.openById.erase(it);
    }
}

void Connection::onDisconnected()
{
    m_delay.stop();
    closeRequest();
    m_phase = Phase::Closing;
    deleteLater();
}

// Runs on the sink's thread; returns the port, or 0 if the server could not listen.
quint16 startListening(QTcpServer *server, HttpSinkState &state)
{
    // Up to 64 clients connect at once; the default backlog of 50 would drop SYNs and stall them for a second.
    server->setListenBacklogSize(1024);
    QObject::connect(server, &QTcpServer::newConnection, server, [server, &state] {
        while (QTcpSocket *socket = server->nextPendingConnection()) {
            int id = 0;
            {
                QMutexLocker lock(&state.mutex);
                id = state.connections++;
            }
            new Connection(socket, id, state, server);
        }
    });
    if (!server->listen(QHostAddress::LocalHost, 0)) {
        qWarning("HttpSink: cannot listen on 127.0.0.1: %s", qPrintable(server->errorString()));
        return 0;
    }
    return server->serverPort();
}

} // namespace

HttpSink::HttpSink()
    : m_state(std::make_unique<HttpSinkState>())
    , m_thread(std::make_unique<QThread>())
{
    m_state->clock.start();
    m_thread->setObjectName(u"HttpSink"_s);
    auto *server = new QTcpServer;
    server->moveToThread(m_thread.get());
    // QThread sends deferred deletes after finished(): the server and its connections die on their own thread.
    QObject::connect(m_thread.get(), &QThread::finished, server, &QObject::deleteLater);
    m_thread->start();
    QMetaObject::invokeMethod(
        server, [this, server] { m_port = startListening(server, *m_state); }, Qt::BlockingQueuedConnection);
    if (m_port == 0)
        qFatal("HttpSink: no loopback port to listen on");
}

HttpSink::~HttpSink()
{
    m_thread->quit();
    m_thread->wait();
}

void HttpSink::setHandler(Handler handler)
{
    auto next = std::make_shared<const Handler>(std::move(handler));
    QMutexLocker lock(&m_state->mutex);
    // The previous handler is released after the unlock (next is destroyed after lock), outside the sink's mutex.
    m_state->handler.swap(next);
}

QUrl HttpSink::url(const QString &path) const
{
    return QUrl(u"http://127.0.0.1:"_s + QString::number(m_port) + path);
}

QList<Request> HttpSink::requests() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->requests;
}

int HttpSink::requestCount() const
{
    QMutexLocker lock(&m_state->mutex);
    return int(m_state->requests.size());
}

bool HttpSink::waitForRequests(int count, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    QMutexLocker lock(&m_state->mutex);
    while (m_state->requests.size() < count) {
        if (!m_state->requestRecorded.wait(&m_state->mutex, deadline))
            return m_state->requests.size() >= count;
    }
    return true;
}

void HttpSink::clear()
{
    QMutexLocker lock(&m_state->mutex);
    m_state->requests.clear();
    m_state->maxOpen = m_state->open;
    m_state->maxOpenSameId = 0;
    for (const int open : std::as_const(m_state->openById))
        m_state->maxOpenSameId = std::max(m_state->maxOpenSameId, open);
}

int HttpSink::maxConcurrentSameId() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->maxOpenSameId;
}

int HttpSink::maxConcurrentRequests() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->maxOpen;
}

int HttpSink::connectionsAccepted() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->connections;
}

} // namespace hookyard::test
