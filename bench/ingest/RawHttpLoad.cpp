#include "ingest/RawHttpLoad.h"

#include "common/BenchSupport.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

using namespace Qt::StringLiterals;

namespace hookyard::bench {

namespace {

struct Connection
{
    int fd = -1;
    qsizetype inFlight = -1; // the index of the request awaiting its answer, -1 when none
    std::string input;       // bytes read and not yet taken as an answer
};

struct AnswerEnd
{
    int status = 0;
    size_t headLength = 0; // up to and with the blank line that ends the head
    size_t length = 0;     // of the whole answer, head and body
};

// Where the answer at the start of `input` ends, once all of it is there; nullopt while more must be read. An answer
// whose head is complete but has no readable status line or Content-Length gets status 0.
std::optional<AnswerEnd> completeAnswer(std::string_view input)
{
    const size_t headEnd = input.find("\r\n\r\n");
    if (headEnd == std::string_view::npos)
        return std::nullopt;
    const std::string_view head = input.substr(0, headEnd);
    AnswerEnd end;
    end.headLength = headEnd + 4;
    // "HTTP/1.1 200 OK": the code is the second word.
    if (head.size() < 12 || std::from_chars(head.data() + 9, head.data() + 12, end.status).ec != std::errc())
        return AnswerEnd{0, headEnd + 4, headEnd + 4};
    constexpr std::string_view lengthName = "content-length:";
    std::optional<size_t> bodyLength;
    for (size_t line = head.find("\r\n"); line != std::string_view::npos; line = head.find("\r\n", line + 2)) {
        const std::string_view rest = head.substr(line + 2);
        if (rest.size() <= lengthName.size() || strncasecmp(rest.data(), lengthName.data(), lengthName.size()) != 0)
            continue;
        size_t valueStart = lengthName.size();
        while (valueStart < rest.size() && rest[valueStart] == ' ')
            ++valueStart;
        size_t value = 0;
        if (std::from_chars(rest.data() + valueStart, rest.data() + rest.size(), value).ec == std::errc())
            bodyLength = value;
        break;
    }
    if (!bodyLength)
        return AnswerEnd{0, headEnd + 4, headEnd + 4};
    if (input.size() < end.headLength + *bodyLength)
        return std::nullopt;
    end.length = end.headLength + *bodyLength;
    return end;
}

int connectToLoopback(quint16 port, QByteArray &problem)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        problem = QByteArray("socket: ") + std::strerror(errno);
        return -1;
    }
    // Each request is one write and waits for its answer: Nagle's algorithm would only delay the next one.
    const int on = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0) {
        problem = QByteArray("connect: ") + std::strerror(errno);
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

core::Status sendRawRequests(quint16 port, int connections, const std::vector<QByteArray> &requests,
                             const std::function<void(qsizetype index)> &started,
                             const std::function<void(const RawAnswer &)> &answered)
{
    const int poller = ::epoll_create1(EPOLL_CLOEXEC);
    if (poller < 0)
        return core::Error{u"epoll_create1: "_s + QString::fromLocal8Bit(std::strerror(errno))};
    std::vector<Connection> pool(static_cast<size_t>(connections));
    qsizetype next = 0;
    int openCount = 0;

    const auto closeConnection = [&](Connection &connection, const QByteArray &problem) {
        if (connection.inFlight >= 0)
            answered(RawAnswer{connection.inFlight, 0, problem});
        ::close(connection.fd); // also leaves the epoll set
        connection = Connection{};
        --openCount;
    };
    const auto closeAll = [&](const QByteArray &problem) {
        for (Connection &connection : pool) {
            if (connection.fd >= 0)
                closeConnection(connection, problem);
        }
    };
    // Writes the next request on `connection`, or closes it when none is left. The sockets block: a request of a few
    // hundred bytes always fits the loopback's send buffer, and a connection is read only when epoll says it can be.
    const auto sendNext = [&](Connection &connection) {
        if (next >= qsizetype(requests.size())) {
            closeConnection(connection, {});
            return;
        }
        connection.inFlight = next++;
        started(connection.inFlight);
        const QByteArray &bytes = requests[size_t(connection.inFlight)];
        for (qsizetype written = 0; written < bytes.size();) {
            const ssize_t sent =
                ::send(connection.fd, bytes.constData() + written, size_t(bytes.size() - written), MSG_NOSIGNAL);
            if (sent < 0 && errno == EINTR)
                continue;
            if (sent < 0) {
                closeConnection(connection, QByteArray("send: ") + std::strerror(errno));
                return;
            }
            written += sent;
        }
    };

    // Every connection is open before the first request goes out: a round with fewer would measure fewer clients
    // than it reports.
    for (size_t i = 0; i < pool.size(); ++i) {
        QByteArray problem;
        pool[i].fd = connectToLoopback(port, problem);
        if (pool[i].fd >= 0) {
            ++openCount;
            epoll_event interest{};
            interest.events = EPOLLIN;
            interest.data.u64 = i;
            if (::epoll_ctl(poller, EPOLL_CTL_ADD, pool[i].fd, &interest) != 0)
                problem = QByteArray("epoll_ctl: ") + std::strerror(errno);
        }
        if (!problem.isEmpty()) {
            closeAll({});
            ::close(poller);
            return core::Error{u"connection %1 of %2 to 127.0.0.1:%3: %4"_s.arg(i + 1)
                                   .arg(connections)
                                   .arg(port)
                                   .arg(QString::fromLocal8Bit(problem))};
        }
    }
    for (Connection &connection : pool)
        sendNext(connection);

    char buffer[64 * 1024];
    epoll_event ready[64];
    while (openCount > 0 && !interrupted) {
        const int count = ::epoll_wait(poller, ready, int(std::size(ready)), 100);
        if (count < 0 && errno != EINTR)
            closeAll(QByteArray("epoll_wait: ") + std::strerror(errno));
        for (int r = 0; r < count; ++r) {
            Connection &connection = pool[size_t(ready[r].data.u64)];
            if (connection.fd < 0)
                continue;
            const ssize_t got = ::read(connection.fd, buffer, sizeof buffer);
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0) {
                closeConnection(connection, got == 0 ? QByteArray("the server closed the connection")
                                                     : QByteArray("read: ") + std::strerror(errno));
                continue;
            }
            connection.input.append(buffer, size_t(got));
            const std::optional<AnswerEnd> end = completeAnswer(connection.input);
            if (!end)
                continue;
            if (connection.inFlight < 0 || end->status == 0) {
                closeConnection(connection, "an answer without a request, or without a readable status line or "
                                            "Content-Length: " +
                                                QByteArray::fromStdString(connection.input.substr(0, 200)));
                continue;
            }
            RawAnswer answer{connection.inFlight, end->status, {}};
            if (answer.status != 200)
                answer.detail = QByteArray::fromStdString(
                    connection.input.substr(end->headLength, std::min<size_t>(end->length - end->headLength, 200)));
            answered(answer);
            connection.inFlight = -1;
            connection.input.erase(0, end->length);
            sendNext(connection);
        }
    }
    closeAll("interrupted");
    // Connections are not reopened: once the server closed every one, what is left was never sent.
    for (; next < qsizetype(requests.size()); ++next)
        answered(RawAnswer{next, 0,
                           interrupted ? "never sent: interrupted" : "never sent: the server closed every connection"});
    ::close(poller);
    return core::success();
}

} // namespace hookyard::bench
