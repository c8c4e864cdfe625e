#include "http/HttpServer.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>
#include <charconv>
#include <optional>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

constexpr QByteArrayView HeadEnd("\r\n\r\n");
constexpr QByteArrayView LineEnd("\r\n");
// How long a connection closed with input left unread drains it for the client to read the answer.
constexpr int LingerMs = 1000;
// How soon the server tries to accept again after accept() failed (out of file descriptors).
constexpr int AcceptRetryMs = 100;
// How far Qt reads ahead of the server on one connection. Nothing is read while a request waits for its answer, so a
// client that sends meanwhile fills its own TCP window rather than the server's memory.
constexpr qint64 ReadAheadBytes = 256 * 1024;
// Empty lines skipped before a request line, at most (RFC 9112 §2.2 asks a server to skip at least one).
constexpr int MaxEmptyLinesBeforeRequest = 8;
// How soon a sender turned away because the server holds too many bodies is asked to try again.
constexpr int BodyMemoryRetryAfterSeconds = 5;
// How much of its answers a connection may leave unsent before the server stops reading its next requests: a client
// that pipelines requests and never reads the answers (small ones, given at once, like /health) would otherwise grow
// the server's memory without bound. Found by an adversarial helper: 1.5 GB in 15 s from one connection.
constexpr qint64 MaxUnsentBytes = 256 * 1024;

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
                                                          {405, "Method Not Allowed"},
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

// RFC 9110 §5.6.3: optional white space is SP and HTAB only (QByteArrayView::trimmed() takes \v and \f as well).
QByteArrayView withoutOptionalWhiteSpace(QByteArrayView text)
{
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (!text.isEmpty() && blank(text.front()))
        text = text.sliced(1);
    while (!text.isEmpty() && blank(text.back()))
        text.chop(1);
    return text;
}

// A field name is a token: whitespace or control characters in it mean a malformed or folded header line.
bool isFieldName(QByteArrayView name)
{
    return !name.isEmpty() &&
           std::none_of(name.begin(), name.end(), [](char c) { return uchar(c) <= ' ' || c == 0x7f; });
}

// RFC 9110 §5.5: CR, LF and NUL in a field value are invalid and dangerous, and a recipient rejects them. Lines end
// only at CRLF here, so a bare CR or LF would otherwise stay inside a value (and a NUL would reach the database, whose
// text and jsonb refuse it).
bool isFieldValue(QByteArrayView value)
{
    return std::none_of(value.begin(), value.end(), [](char c) { return c == '\0' || c == '\r' || c == '\n'; });
}

bool isConnectionClose(const std::pair<QByteArray, QByteArray> &header)
{
    return header.first.compare("connection", Qt::CaseInsensitive) == 0 && header.second.toLower().contains("close");
}

// Reads "METHOD TARGET VERSION" into parsed.method and parsed.target and the version into `version`; false when the
// line is not a request line of HTTP/1.1 or 1.0.
bool parseRequestLine(QByteArrayView line, RequestHead &parsed, QByteArrayView &version)
{
    const qsizetype methodEnd = line.indexOf(' ');
    const qsizetype targetEnd = methodEnd > 0 ? line.indexOf(' ', methodEnd + 1) : -1;
    version = targetEnd > methodEnd + 1 ? line.sliced(targetEnd + 1) : QByteArrayView();
    // The request line is held to what a field value may hold, too: a bare CR or LF or a NUL there is no target.
    if ((version != "HTTP/1.1" && version != "HTTP/1.0") || !isFieldValue(line))
        return false;
    parsed.method = line.first(methodEnd).toByteArray();
    parsed.target = line.sliced(methodEnd + 1, targetEnd - methodEnd - 1).toByteArray();
    return true;
}

// Where the request line starts in `input`: RFC 9112 §2.2 has a server skip empty lines before it, which some clients
// send after a body.
qsizetype requestStart(QByteArrayView input)
{
    qsizetype start = 0;
    while (input.sliced(start).startsWith(LineEnd))
        start += LineEnd.size();
    return start;
}

// RFC 9112 §3.2.2: "http://host:port/path?query" is served as "/path?query" (a server must accept the absolute form,
// which proxies send). Another target is returned as it is. Nothing for an http(s) target without a host (RFC 9110
// §4.2.1 has a recipient reject it) or with a user name or password before it (§4.2.4: an error).
std::optional<QByteArray> originForm(const QByteArray &target)
{
    const qsizetype schemeEnd = target.indexOf("://");
    const QByteArrayView scheme = QByteArrayView(target).first(std::max<qsizetype>(schemeEnd, 0));
    if (scheme.compare("http", Qt::CaseInsensitive) != 0 && scheme.compare("https", Qt::CaseInsensitive) != 0)
        return target;
    const qsizetype authorityStart = schemeEnd + 3;
    qsizetype pathStart = target.size();
    for (const char stop : {'/', '?'}) {
        const qsizetype at = target.indexOf(stop, authorityStart);
        if (at >= 0)
            pathStart = std::min(pathStart, at);
    }
    const QByteArrayView authority = QByteArrayView(target).sliced(authorityStart, pathStart - authorityStart);
    if (authority.isEmpty() || authority.startsWith(':') || authority.contains('@'))
        return std::nullopt;
    const QByteArray rest = target.sliced(pathStart);
    return rest.startsWith('/') ? rest : '/' + rest;
}

// RFC 9112 §3.2: a Host value is a host (a name, an IPv4 address or a bracketed IPv6 one) and maybe ":port", or empty;
// anything else is a 400. Checked by the characters RFC 3986 §3.2.2 allows there: "a, b" (two hosts folded into one
// line, found by an adversarial helper) holds a space.
bool isHostValue(QByteArrayView value)
{
    static constexpr QByteArrayView kAllowed = "-._~%!$&'()*+,;=:[]";
    return std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || kAllowed.contains(c);
    });
}

// "30 s", "0.3 s": a timeout as the refusal of a late request names it.
QString seconds(int milliseconds)
{
    return QString::number(milliseconds / 1000.0) + u" s"_s;
}

} // namespace

// One accepted connection, on the server's thread. Serves one request at a time: bytes that arrive before the current
// request is answered wait in the socket.
class HttpConnection final : public QObject
{
public:
    HttpConnection(QTcpSocket *socket, int id, HttpServer &server);
    ~HttpConnection() override;
    Q_DISABLE_COPY_MOVE(HttpConnection)

    void respond(quint64 sequence, int status, const HttpHeaders &headers, const QByteArray &body);
    void close(quint64 sequence);
    // Answers 408 and closes once a request has taken longer than `requestMs` from its first byte to arrive whole, or
    // just closes once the connection has idled for `idleMs` without one.
    void closeIfLate(qint64 now, int requestMs, int idleMs);
    bool isOpen(quint64 sequence) const
    {
        return sequence == m_sequence && (m_phase == Phase::Checking || m_phase == Phase::Awaiting);
    }
    // Closes the connection when it waits for a request of which nothing has arrived (HttpServer::stopListening).
    void closeIfIdle();
    // Drops the connection LingerMs from now, whatever is still unsent.
    void abortAfterLinger();

private:
    enum class Phase
    {
        Head,     // m_in starts with a request head that is not complete yet
        Checking, // the head handler has m_request; its body, if any, is not read
        Body,     // m_request has its head; its body of m_bodyLength bytes starts at m_bodyStart in m_in
        Awaiting, // the handler has m_request; its answer is pending
        Closing,  // the connection closes; nothing more is parsed or answered
    };

    void waitForRequest() { m_waitingSince = m_server.m_clock.elapsed(); }
    bool outputBacklogged() const { return m_socket->bytesToWrite() > MaxUnsentBytes; }
    void readInput();
    void processInput();
    bool receive();
    bool takeHead();
    void dispatch();
    void writeResponse(int status, const HttpHeaders &headers, const QByteArray &body, bool keepAlive,
                       bool inputPending);
    void takeRequestLine();
    void takeHeadEndingInLineFeeds(qsizetype end);
    void adoptHead(RequestHead &parsed);
    QString headTooLarge() const { return u"the request head is over %1 bytes"_s.arg(m_server.m_maxHeadBytes); }
    void reject(int status, const QString &reason, const HttpHeaders &headers = {});
    bool holdBodyBytes();
    void refuseOverBodyBudget();
    void releaseBodyBytes();
    void lingerClose();
    void shutdownOutput();
    void onDisconnected();
    void reportIncompleteRequest(Phase phase);

    HttpServer &m_server;
    QTcpSocket *const m_socket; // a child of this
    Phase m_phase = Phase::Head;
    // Received and not yet consumed. A request leaves it whole, head and body at once: without pipelining that empties
    // it, which keeps its allocation for the next request instead of moving the array's start forward.
    QByteArray m_in;
    qsizetype m_scanned = 0;     // in Head: no end of head starts before this offset, so the search resumes there
    int m_emptyLinesSkipped = 0; // before the request being read
    qsizetype m_bodyStart = 0;
    qint64 m_bodyLength = 0;
    qint64 m_bodyBytesHeld =
        0;                   // of the server's body budget: the current request's body bytes received, until its answer
    bool m_keepAlive = true; // as the current request asks
    bool m_processing = false; // inside processInput(): an answer given now must not start it again
    bool m_disconnected = false;
    // On the server's clock: since the current request's first byte, or since the connection began to idle without one;
    // -1 while the handler has the request.
    qint64 m_waitingSince = -1;
    quint64 m_sequence = 0; // of the current request, counted from 1
    HttpRequest m_request;  // the current request; its remote address and connection id are the connection's
    QByteArray m_out;       // the response being composed; reused, so its capacity outlives a response
};

HttpConnection::HttpConnection(QTcpSocket *socket, int id, HttpServer &server)
    : QObject(&server)
    , m_server(server)
    , m_socket(socket)
{
    m_request.remoteAddress = socket->peerAddress();
    m_request.connectionId = id;
    m_socket->setParent(this);
    // A response is written whole; there is nothing for Nagle's algorithm to coalesce, only latency to add.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_socket->setReadBufferSize(ReadAheadBytes);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpConnection::readInput);
    // Requests left waiting while the answers were backlogged go on as the client reads them.
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_phase == Phase::Head && !m_processing && !outputBacklogged())
            processInput();
    });
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpConnection::onDisconnected);
    m_server.m_connections.insert(this);
    waitForRequest();
}

HttpConnection::~HttpConnection()
{
    releaseBodyBytes();
    m_server.m_connections.remove(this);
    // ~QObject deletes the socket after this object's members are gone; its last signals must find no receiver.
    m_socket->disconnect(this);
}

void HttpConnection::readInput()
{
    if (m_phase == Phase::Closing)
        m_socket->skip(m_socket->bytesAvailable());
    else if (!m_processing)
        processInput();
}

void HttpConnection::processInput()
{
    m_processing = true;
    for (;;) {
        if (m_phase == Phase::Head && outputBacklogged())
            break;
        if (m_phase == Phase::Head && takeHead())
            continue;
        if (m_phase == Phase::Body && !holdBodyBytes())
            break;
        if (m_phase == Phase::Body && m_in.size() - m_bodyStart >= m_bodyLength) {
            m_request.body = m_in.sliced(m_bodyStart, m_bodyLength);
            m_in.remove(0, m_bodyStart + m_bodyLength);
            dispatch();
            continue;
        }
        // Out of complete input: more is taken from the socket, unless the request in hand waits for its answer.
        if ((m_phase == Phase::Head || m_phase == Phase::Body) && receive())
            continue;
        break;
    }
    m_processing = false;
}

// Moves what the socket holds to the end of m_in; false if it held nothing.
bool HttpConnection::receive()
{
    const qint64 available = m_socket->bytesAvailable();
    if (available <= 0)
        return false;
    const bool betweenRequests = m_phase == Phase::Head && m_in.isEmpty();
    const qsizetype had = m_in.size();
    m_in.resize(had + available);
    const qint64 got = m_socket->read(m_in.data() + had, available);
    m_in.resize(had + std::max<qint64>(got, 0));
    // A request's first bytes: its time runs from here, not from when the connection began to idle. Empty lines before
    // it are no request: the connection's idle time goes on (found by an adversarial helper: a CR LF every few
    // seconds held a connection for good).
    if (betweenRequests && requestStart(m_in) < m_in.size())
        waitForRequest();
    return got > 0;
}

// Parses the head at the front of m_in into m_request and lets the head handler see it; false while the head is
// incomplete.
bool HttpConnection::takeHead()
{
    // Empty lines before a request are dropped as they come: scanning them again at every read would cost time that
    // grows with their square, and a connection holding only them is idle (both found in review).
    if (const qsizetype start = requestStart(m_in); start > 0) {
        m_in.remove(0, start);
        m_scanned = std::max<qsizetype>(0, m_scanned - start);
        // A few are a client's habit; a stream of them is not a request (found by an adversarial helper: gigabytes
        // of CR LF were taken, at a core's worth of CPU).
        m_emptyLinesSkipped += start / LineEnd.size();
        if (m_emptyLinesSkipped > MaxEmptyLinesBeforeRequest) {
            takeRequestLine();
            reject(400, u"more than %1 empty lines before the request line"_s.arg(MaxEmptyLinesBeforeRequest));
            return true;
        }
    }
    const qsizetype end = m_in.indexOf(HeadEnd, m_scanned);
    // RFC 9112 §2.2 lets a server take a lone LF for the end of a line; this one does not, and says so at once. Found
    // by trying bad input: such a request waited for a CR LF CR LF that never came, and got a 408. Its head ends at
    // the first LF LF, which can come before a CR LF CR LF in a body or a next request sent with it.
    const qsizetype lineFeedsEnd =
        QByteArrayView(m_in).first(end < 0 ? m_in.size() : end).indexOf("\n\n", std::max<qsizetype>(0, m_scanned - 1));
    if (lineFeedsEnd >= 0) {
        m_scanned = 0;
        takeHeadEndingInLineFeeds(lineFeedsEnd);
        reject(400, u"the request's lines end in LF alone: HTTP/1.1 ends them in CR LF"_s);
        return true;
    }
    if (end < 0) {
        if (m_in.size() > m_server.m_maxHeadBytes) {
            takeRequestLine();
            reject(431, headTooLarge());
        } else
            m_scanned = std::max<qsizetype>(0, m_in.size() - (HeadEnd.size() - 1));
        return m_phase != Phase::Head;
    }
    m_scanned = 0;
    m_emptyLinesSkipped = 0;
    ++m_sequence;
    if (end > m_server.m_maxHeadBytes) {
        takeRequestLine();
        reject(431, headTooLarge());
        return true;
    }

    RequestHead parsed = parseRequestHead(QByteArrayView(m_in).first(end));
    const bool expectsContinue = parsed.expectsContinue;
    adoptHead(parsed);
    if (parsed.rejectStatus != 0) {
        reject(parsed.rejectStatus, QString::fromLatin1(parsed.rejectReason));
        return true;
    }
    m_keepAlive = parsed.keepAlive;
    m_bodyLength = parsed.bodyLength;
    m_bodyStart = end + HeadEnd.size();

    m_phase = Phase::Checking;
    if (m_server.m_headHandler) {
        m_server.m_headHandler(m_request, m_bodyLength, HttpResponder(this, m_sequence));
        if (m_phase != Phase::Checking)
            return true;
    }
    if (m_bodyLength > m_server.m_maxBodyBytes) {
        reject(413, u"body of %1 bytes is over the limit of %2"_s.arg(m_bodyLength).arg(m_server.m_maxBodyBytes));
        return true;
    }
    // Each body is within its limit, and the bodies held at once within the server's budget: found by an adversarial
    // helper, thousands of connections each sending a body at the limit could otherwise take gigabytes. A body counts
    // by its bytes received (holdBodyBytes), so that heads whose bodies never come hold none of the budget (found by
    // an adversarial helper: a few hundred of them, announcing bodies at the limit, had every sender refused for the
    // 30 s of their request timeout); one whose announced length alone would go beyond is refused from its head.
    if (m_server.m_bodyBytesHeld + m_bodyLength > m_server.m_maxBodyBytesHeld) {
        refuseOverBodyBudget();
        return true;
    }
    m_phase = Phase::Body;
    if (m_in.size() - m_bodyStart < m_bodyLength && expectsContinue) {
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        m_socket->flush();
    }
    return true;
}

void HttpConnection::dispatch()
{
    m_phase = Phase::Awaiting;
    m_waitingSince = -1;
    const HttpResponder responder(this, m_sequence);
    if (m_server.m_handler)
        m_server.m_handler(m_request, responder);
    else
        respond(m_sequence, 404, {}, {});
}

void HttpConnection::respond(quint64 sequence, int status, const HttpHeaders &headers, const QByteArray &body)
{
    if (!isOpen(sequence))
        return;
    // An answer from the head handler leaves the body unread, and its bytes would be taken for the next request.
    const bool inputPending = m_phase == Phase::Checking && m_bodyLength > 0;
    const bool keepAlive = m_keepAlive && !m_server.m_draining && !inputPending &&
                           std::none_of(headers.cbegin(), headers.cend(), isConnectionClose);
    if (keepAlive && m_phase == Phase::Checking)
        m_in.remove(0, m_bodyStart);
    writeResponse(status, headers, body, keepAlive, inputPending);
    if (m_phase == Phase::Head && !m_processing)
        processInput();
}

void HttpConnection::closeIfIdle()
{
    if (m_phase != Phase::Head || !m_in.isEmpty() || m_socket->bytesAvailable() > 0)
        return;
    m_phase = Phase::Closing;
    m_socket->disconnectFromHost(); // after the answers still being written
    abortAfterLinger();
}

void HttpConnection::abortAfterLinger()
{
    // A client that does not read would hold the socket, and a draining server, for as long as it does not read.
    QTimer::singleShot(LingerMs, this, [this] {
        m_socket->abort();
        onDisconnected();
    });
}

void HttpConnection::closeIfLate(qint64 now, int requestMs, int idleMs)
{
    if (m_waitingSince < 0 || (m_phase != Phase::Head && m_phase != Phase::Body))
        return;
    // A client that does not read its answers is idle, whatever requests it sent meanwhile: it is closed without a 408
    // (its requests arrived whole).
    const bool backlogged = m_phase == Phase::Head && outputBacklogged();
    const bool idle = backlogged || (m_phase == Phase::Head && m_in.isEmpty());
    if (now - m_waitingSince < (idle ? idleMs : requestMs))
        return;
    // Bytes not read yet are a request that has just begun (reading them restarts its time), not idleness.
    if (idle && !backlogged && m_socket->bytesAvailable() > 0)
        return;
    m_waitingSince = -1;
    if (!idle) {
        if (m_phase == Phase::Head)
            takeRequestLine();
        reject(408, u"the request did not arrive whole within %1 of its first byte"_s.arg(seconds(requestMs)));
        return;
    }
    m_phase = Phase::Closing;
    m_socket->disconnectFromHost();
    // An answer the client never read would hold the socket for as long as the client does not read.
    abortAfterLinger();
}

void HttpConnection::close(quint64 sequence)
{
    if (!isOpen(sequence))
        return;
    m_phase = Phase::Closing;
    releaseBodyBytes();
    m_socket->disconnectFromHost();
}

// Counts the current request's body bytes received so far against the server's budget; false, with the request
// refused, when they would take the bodies held beyond it.
bool HttpConnection::holdBodyBytes()
{
    const qint64 received = std::min<qint64>(m_in.size() - m_bodyStart, m_bodyLength);
    const qint64 more = received - m_bodyBytesHeld;
    if (m_server.m_bodyBytesHeld + more > m_server.m_maxBodyBytesHeld) {
        refuseOverBodyBudget();
        return false;
    }
    m_bodyBytesHeld = received;
    m_server.m_bodyBytesHeld += more;
    return true;
}

void HttpConnection::refuseOverBodyBudget()
{
    releaseBodyBytes(); // so that the reason counts only what the others hold
    reject(503,
           u"the server holds %1 bytes of request bodies, its most at once; try again in a few seconds"_s.arg(
               m_server.m_bodyBytesHeld),
           {{"Retry-After"_ba, QByteArray::number(BodyMemoryRetryAfterSeconds)}});
}

// The current request no longer counts against the server's body budget: answered, closed or gone.
void HttpConnection::releaseBodyBytes()
{
    m_server.m_bodyBytesHeld -= m_bodyBytesHeld;
    m_bodyBytesHeld = 0;
}

void HttpConnection::writeResponse(int status, const HttpHeaders &headers, const QByteArray &body, bool keepAlive,
                                   bool inputPending)
{
    // Writing may fail and disconnect at once; the phase is settled first so that the disconnect has the last word.
    m_phase = keepAlive ? Phase::Head : Phase::Closing;
    releaseBodyBytes(); // the request is answered
    if (keepAlive)
        waitForRequest();

    // RFC 9110: no content, and so no Content-Length, in 1xx, 204 and 304 responses; none sent in answer to HEAD.
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
    if (!keepAlive)
        m_out.append("Connection: close\r\n");
    for (const auto &[name, value] : headers) {
        if (name.compare("connection", Qt::CaseInsensitive) != 0)
            m_out.append(name).append(": ").append(value).append(LineEnd);
    }
    m_out.append(LineEnd);
    if (hasContent && m_request.method != "HEAD")
        m_out.append(body);

    m_socket->write(m_out);
    // Sends now rather than on the next pass of the event loop: one pass less per request.
    m_socket->flush();
    if (keepAlive || m_disconnected)
        return;
    if (inputPending) {
        lingerClose();
    } else {
        m_socket->disconnectFromHost();
        if (m_server.m_draining)
            abortAfterLinger();
    }
}

// For a refusal of a head that cannot be parsed whole: m_request gets the method and target of its request line, when
// that arrived and can be read, and no headers.
void HttpConnection::takeRequestLine()
{
    RequestHead partial;
    QByteArrayView version;
    const qsizetype start = requestStart(m_in);
    const qsizetype lineEnd = m_in.indexOf(LineEnd, start);
    if (lineEnd >= 0 && lineEnd <= m_server.m_maxHeadBytes)
        parseRequestLine(QByteArrayView(m_in).sliced(start, lineEnd - start), partial, version);
    // As parseRequestHead serves it: the refusal is kept under its route.
    partial.target = originForm(partial.target).value_or(partial.target);
    adoptHead(partial);
}

// For the refusal of a head whose lines end in LF alone, at `end`: m_request gets what it would have held had the lines
// ended in CR LF, so that the refusal is kept with its partner and headers like any other (found by trying bad
// input: it had no rejected_requests row).
void HttpConnection::takeHeadEndingInLineFeeds(qsizetype end)
{
    if (end > m_server.m_maxHeadBytes) {
        takeRequestLine();
        return;
    }
    QByteArray head = m_in.first(end);
    head.replace("\r\n", "\n").replace("\n", LineEnd.toByteArray());
    RequestHead parsed = parseRequestHead(head);
    adoptHead(parsed);
}

// m_request becomes the request `parsed` read (what of it could be read, for a refusal), without a body yet.
void HttpConnection::adoptHead(RequestHead &parsed)
{
    m_request.method = std::move(parsed.method);
    m_request.target = std::move(parsed.target);
    m_request.headers = std::move(parsed.headers);
    m_request.body.clear();
}

// Answers a request the server cannot read, with the reason, and closes: where its input ends is unknown.
void HttpConnection::reject(int status, const QString &reason, const HttpHeaders &headers)
{
    const HttpServer::RefusalBody body =
        m_server.m_refusalFormatter ? m_server.m_refusalFormatter(status, reason)
                                    : HttpServer::RefusalBody{"text/plain; charset=utf-8"_ba, reason.toUtf8() + '\n'};
    writeResponse(status, HttpHeaders{{"Content-Type"_ba, body.contentType}} + headers, body.bytes, false, true);
    if (m_server.m_refusedHandler)
        m_server.m_refusedHandler(m_request, status, reason);
}

// RFC 9112 §9.6: closing while input is unread makes the kernel reset the connection, and the reset can destroy the
// answer before the client read it. So only the sending side closes once the answer is out, input is drained until
// the client closes too, and after LingerMs the connection is dropped regardless.
void HttpConnection::lingerClose()
{
    if (m_socket->bytesToWrite() == 0)
        shutdownOutput();
    else
        connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
            if (m_socket->bytesToWrite() == 0)
                shutdownOutput();
        });
    abortAfterLinger();
}

void HttpConnection::shutdownOutput()
{
    ::shutdown(int(m_socket->socketDescriptor()), SHUT_WR);
}

void HttpConnection::onDisconnected()
{
    if (m_disconnected)
        return;
    m_disconnected = true;
    const Phase phase = m_phase;
    m_phase = Phase::Closing;
    deleteLater();
    if (phase == Phase::Awaiting && m_server.m_abandonedHandler)
        m_server.m_abandonedHandler(m_request.connectionId);
    else if (phase == Phase::Head || phase == Phase::Body)
        reportIncompleteRequest(phase);
}

// The client closed the connection in the middle of a request: the refused handler hears of it with status 0, so that
// a sender whose requests never arrive whole leaves a trace (found by an adversarial helper: a body cut short left
// no row). A connection closed between requests, or one holding only the empty lines before a request, is not one.
void HttpConnection::reportIncompleteRequest(Phase phase)
{
    if (!m_server.m_refusedHandler)
        return;
    // The client's last bytes may still wait in the socket.
    m_in.append(m_socket->readAll());
    QString reason;
    if (phase == Phase::Head) {
        const qsizetype start = requestStart(m_in);
        // A whole head left unread behind answers the client did not read is not a request cut short.
        if (start == m_in.size() || m_in.indexOf(HeadEnd, start) >= 0)
            return;
        takeRequestLine();
        reason = u"the client closed the connection before the end of the request head; nothing was answered"_s;
    } else {
        const qint64 received = std::min<qint64>(m_in.size() - m_bodyStart, m_bodyLength);
        reason =
            u"the client closed the connection after %1 of the %2 body bytes; nothing was answered"_s.arg(received).arg(
                m_bodyLength);
    }
    m_server.m_refusedHandler(m_request, 0, reason);
}

std::optional<qint64> parseContentLength(QByteArrayView text)
{
    // Digits only: from_chars alone takes a minus sign ("-0" was a length of 0, found by an adversarial helper).
    if (text.isEmpty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    qint64 value = 0;
    const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || stop != text.data() + text.size())
        return std::nullopt; // beyond 64 bits
    return value;
}

RequestHead parseRequestHead(QByteArrayView head)
{
    RequestHead parsed;
    // A rejection keeps what was read before it (the method and target, the headers), for the refused handler.
    const auto rejected = [&parsed](int status, const char *reason) {
        parsed.rejectStatus = status;
        parsed.rejectReason = reason;
        return std::move(parsed);
    };
    QList<HeaderMap::Entry> headerLines;
    // A rejection amid the header lines keeps those before the line refused (found by trying bad input: a request
    // with two Content-Lengths was kept without its webhook-id).
    const auto rejectedAtHeaderLine = [&](int status, const char *reason) {
        parsed.headers = HeaderMap(std::move(headerLines));
        return rejected(status, reason);
    };
    qsizetype lineEnd = head.indexOf(LineEnd);
    if (lineEnd < 0)
        lineEnd = head.size();
    QByteArrayView version;
    if (!parseRequestLine(head.first(lineEnd), parsed, version))
        return rejected(400, "the request line is not METHOD TARGET HTTP/1.1 (or HTTP/1.0)");
    if (std::optional<QByteArray> served = originForm(parsed.target))
        parsed.target = std::move(*served);
    else
        return rejected(400, "an absolute-form target needs a host, and no user name or password");
    std::optional<QByteArrayView> contentLength; // the first Content-Length line's value
    for (qsizetype start = lineEnd + LineEnd.size(); start < head.size();) {
        qsizetype stop = head.indexOf(LineEnd, start);
        if (stop < 0)
            stop = head.size();
        const QByteArrayView line = head.sliced(start, stop - start);
        start = stop + LineEnd.size();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isFieldName(line.first(colon)))
            return rejectedAtHeaderLine(400, "a header line is not NAME: VALUE (a folded line is not accepted)");
        const QByteArrayView value = withoutOptionalWhiteSpace(line.sliced(colon + 1));
        if (!isFieldValue(value))
            return rejectedAtHeaderLine(400, "a header value holds a NUL, a CR or a LF");
        QByteArray name = line.first(colon).toByteArray().toLower();
        // RFC 9112 §3.2: two Host lines are a 400; which host was meant is unknown.
        if (name == "host" && std::any_of(headerLines.cbegin(), headerLines.cend(),
                                          [](const HeaderMap::Entry &entry) { return entry.first == "host"; }))
            return rejectedAtHeaderLine(400, "two Host headers");
        if (name == "host" && !isHostValue(value))
            return rejectedAtHeaderLine(400, "the Host header is not a host name or address with an optional port");
        if (name == "content-length") {
            // Two different lengths would let whoever reads the request pick where its body ends, and one request
            // hide another behind it (RFC 9112 §6.3); a length repeated with the same value is one length.
            if (contentLength && *contentLength != value)
                return rejectedAtHeaderLine(400, "two different Content-Length headers");
            contentLength = value;
        }
        headerLines.emplaceBack(std::move(name), value.toByteArray());
    }
    parsed.headers = HeaderMap(std::move(headerLines));

    // HTTP/1.0 keep-alive is an extension webhook senders do not need; such connections close after one answer.
    parsed.keepAlive = version == "HTTP/1.1" && !parsed.headers.value("connection").toLower().contains("close");
    parsed.expectsContinue =
        version == "HTTP/1.1" && parsed.headers.value("expect").compare("100-continue", Qt::CaseInsensitive) == 0;
    if (parsed.headers.contains("transfer-encoding"))
        return rejected(411, "Transfer-Encoding is not accepted: send the body with Content-Length");
    if (const QByteArray *length = parsed.headers.find("content-length")) {
        const std::optional<qint64> bodyLength = parseContentLength(*length);
        if (!bodyLength)
            return rejected(400, "Content-Length is not a number of bytes");
        parsed.bodyLength = *bodyLength;
    } else if (parsed.method == "POST" || parsed.method == "PUT" || parsed.method == "PATCH") {
        return rejected(411, "a POST, PUT or PATCH needs Content-Length");
    }
    // RFC 9112 §3.2: a server answers 400 to an HTTP/1.1 request without Host.
    if (version == "HTTP/1.1" && !parsed.headers.contains("host"))
        return rejected(400, "an HTTP/1.1 request needs a Host header");
    return parsed;
}

Result<ListenAddress> parseListenAddress(const QString &text)
{
    ListenAddress listen;
    const qsizetype colon = text.lastIndexOf(u':');
    bool portOk = false;
    const uint port = colon > 0 ? text.mid(colon + 1).toUInt(&portOk) : 0;
    if (colon <= 0 || !portOk || port > 65535 || !listen.address.setAddress(text.left(colon)))
        return Error{
            QStringLiteral("expected HOST:PORT with a numeric address, such as 127.0.0.1:8080; got '%1'").arg(text)};
    listen.port = quint16(port);
    return listen;
}

QByteArrayView HttpRequest::path() const
{
    const qsizetype query = target.indexOf('?');
    return QByteArrayView(target).first(query < 0 ? target.size() : query);
}

HttpResponder::HttpResponder(HttpConnection *connection, quint64 sequence)
    : m_connection(connection)
    , m_sequence(sequence)
{}

void HttpResponder::respond(int status, const HttpHeaders &headers, const QByteArray &body) const
{
    if (HttpConnection *connection = m_connection.data())
        connection->respond(m_sequence, status, headers, body);
}

void HttpResponder::close() const
{
    if (HttpConnection *connection = m_connection.data())
        connection->close(m_sequence);
}

bool HttpResponder::isOpen() const
{
    const HttpConnection *connection = m_connection.data();
    return connection && connection->isOpen(m_sequence);
}

HttpServer::HttpServer(QObject *parent)
    : QObject(parent)
    , m_listener(new QTcpServer(this))
    , m_lateCheck(new QTimer(this))
{
    m_clock.start();
    // A connection only notes when its wait began, which costs a request nothing; this timer finds the late ones.
    connect(m_lateCheck, &QTimer::timeout, this, &HttpServer::closeLateRequests);
    // Many clients connect at once under load; the default backlog of 50 would drop SYNs and stall them for a second.
    m_listener->setListenBacklogSize(1024);
    connect(m_listener, &QTcpServer::newConnection, this, &HttpServer::acceptConnections);
    // Out of file descriptors (the process's other files count too), Qt stops accepting: try again shortly rather than
    // never, or at once in a loop.
    connect(m_listener, &QTcpServer::acceptError, this, [this] {
        m_listener->pauseAccepting();
        QTimer::singleShot(AcceptRetryMs, m_listener, &QTcpServer::resumeAccepting);
    });
}

HttpServer::~HttpServer()
{
    // Now, not among this QObject's children later: a connection leaves m_connections as it goes, and the set is gone
    // by then.
    const QSet<HttpConnection *> connections = m_connections;
    qDeleteAll(connections);
}

void HttpServer::setHandler(Handler handler)
{
    m_handler = std::move(handler);
}

void HttpServer::setHeadHandler(HeadHandler handler)
{
    m_headHandler = std::move(handler);
}

void HttpServer::setAbandonedHandler(AbandonedHandler handler)
{
    m_abandonedHandler = std::move(handler);
}

void HttpServer::setRefusedHandler(RefusedHandler handler)
{
    m_refusedHandler = std::move(handler);
}

void HttpServer::setRefusalFormatter(RefusalFormatter formatter)
{
    m_refusalFormatter = std::move(formatter);
}

void HttpServer::setMaxBodyBytes(qint64 bytes)
{
    m_maxBodyBytes = bytes;
}

void HttpServer::setMaxBodyBytesHeld(qint64 bytes)
{
    m_maxBodyBytesHeld = bytes;
}

void HttpServer::setMaxHeadBytes(qsizetype bytes)
{
    m_maxHeadBytes = bytes;
}

void HttpServer::setTimeouts(int requestMs, int idleMs)
{
    m_requestTimeoutMs = std::max(1, requestMs);
    m_idleTimeoutMs = std::max(1, idleMs);
}

Result<quint16> HttpServer::listen(const QHostAddress &address, quint16 port)
{
    if (!m_listener->listen(address, port))
        return Error{u"cannot listen on %1:%2: %3"_s.arg(address.toString()).arg(port).arg(m_listener->errorString())};
    // A late request or an idle connection is closed within a quarter of its timeout after it ran out.
    m_lateCheck->start(std::max(1, std::min(m_requestTimeoutMs, m_idleTimeoutMs) / 4));
    return m_listener->serverPort();
}

void HttpServer::stopListening()
{
    m_listener->close();
    m_draining = true;
    // Closing only schedules a connection's deletion (deleteLater): the set does not change while it is walked.
    for (HttpConnection *connection : std::as_const(m_connections))
        connection->closeIfIdle();
}

void HttpServer::closeLateRequests()
{
    const qint64 now = m_clock.elapsed();
    // Closing only schedules a connection's deletion (deleteLater): the set does not change while it is walked.
    for (HttpConnection *connection : std::as_const(m_connections))
        connection->closeIfLate(now, m_requestTimeoutMs, m_idleTimeoutMs);
}

int HttpServer::defaultMaxConnections()
{
    constexpr int kMost = 4096;
    constexpr int kReserved = 256;
    rlimit files{};
    if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY)
        return kMost;
    return int(std::clamp<rlim_t>(files.rlim_cur > kReserved ? files.rlim_cur - kReserved : 0, 16, kMost));
}

void HttpServer::setMaxConnections(int connections)
{
    m_maxConnections = std::max(1, connections);
}

void HttpServer::acceptConnections()
{
    while (QTcpSocket *socket = m_listener->nextPendingConnection()) {
        // Beyond the bound a connection is closed at once: its sender sees it reset and tries again. (Leaving it in
        // the listen backlog instead, through QTcpServer::pauseAccepting(), left the server not accepting at all
        // once the connections that had filled it closed.)
        if (m_connections.size() >= m_maxConnections) {
            socket->abort();
            delete socket;
            continue;
        }
        new HttpConnection(socket, m_accepted.fetch_add(1, std::memory_order_relaxed), *this);
    }
}

} // namespace hookyard::core
