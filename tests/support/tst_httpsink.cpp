// The loopback HTTP sink that relay tests trust: it must speak HTTP/1.1 correctly, fail exactly as scripted and count
// overlapping deliveries truthfully. QNetworkAccessManager is the client where the exchange is ordinary; a raw
// QTcpSocket where connection reuse, closing or silence is the point. Raw exchanges block the test's thread, which
// also shows that the sink serves without it.

#include "HttpSink.h"

#include <QtNetwork>
#include <QtTest>

#include <memory>
#include <optional>
#include <vector>

using namespace Qt::StringLiterals;
using hookyard::test::HttpSink;

namespace {

using Headers = QList<std::pair<QByteArray, QByteArray>>;

struct RawResponse
{
    int status = 0;
    QHash<QByteArray, QByteArray> headers; // names lowercased
    QByteArray body;
};

// One client connection that writes raw requests and reads responses framed by Content-Length (none: no body).
class RawClient final
{
public:
    explicit RawClient(quint16 port) { m_socket.connectToHost(QHostAddress::LocalHost, port); }

    QTcpSocket &socket() { return m_socket; }
    bool waitConnected() { return m_socket.waitForConnected(5000); }

    void send(const QByteArray &bytes)
    {
        if (m_socket.state() != QAbstractSocket::ConnectedState)
            m_socket.waitForConnected(5000);
        m_socket.write(bytes);
        m_socket.flush();
    }

    // The next complete response, or none if the connection closed or timeoutMs passed first.
    std::optional<RawResponse> response(int timeoutMs = 5000)
    {
        const QDeadlineTimer deadline(timeoutMs);
        for (;;) {
            m_received += m_socket.readAll();
            if (auto response = takeResponse())
                return response;
            if (deadline.hasExpired() || m_socket.state() != QAbstractSocket::ConnectedState)
                return std::nullopt;
            m_socket.waitForReadyRead(int(deadline.remainingTime()));
        }
    }

private:
    std::optional<RawResponse> takeResponse()
    {
        const qsizetype headEnd = m_received.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return std::nullopt;
        const QList<QByteArray> lines = m_received.first(headEnd).split('\n');
        RawResponse response;
        response.status = lines.first().split(' ').value(1).toInt();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            response.headers.insert(lines[i].first(colon).toLower(), lines[i].sliced(colon + 1).trimmed());
        }
        const qsizetype bodyStart = headEnd + 4;
        const qsizetype length = response.headers.value("content-length"_ba).toLongLong();
        if (m_received.size() - bodyStart < length)
            return std::nullopt;
        response.body = m_received.sliced(bodyStart, length);
        m_received.remove(0, bodyStart + length);
        return response;
    }

    QTcpSocket m_socket;
    QByteArray m_received;
};

QByteArray postRequest(const QByteArray &path, const QByteArray &body, const Headers &headers = {})
{
    QByteArray request = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (const auto &[name, value] : headers)
        request += name + ": " + value + "\r\n";
    return request + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

} // namespace

class TestHttpSink final : public QObject
{
    Q_OBJECT

private:
    QNetworkReply *post(const QUrl &url, const QByteArray &body, const Headers &headers = {})
    {
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
        for (const auto &[name, value] : headers)
            request.setRawHeader(name, value);
        return m_network.post(request, body); // owned by m_network
    }

    static bool finished(QNetworkReply *reply, int timeoutMs = 5000)
    {
        QSignalSpy spy(reply, &QNetworkReply::finished);
        return reply->isFinished() || spy.wait(timeoutMs);
    }

    static int status(QNetworkReply *reply)
    {
        return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    }

    QNetworkAccessManager m_network;

private Q_SLOTS:
    void initTestCase()
    {
        // A proxy from the environment would turn loopback exchanges into something else.
        QNetworkProxy::setApplicationProxy(QNetworkProxy::NoProxy);
    }

    void answers200AndRecordsTheRequestByDefault()
    {
        HttpSink sink;
        QNetworkReply *reply =
            post(sink.url(u"/hooks/orders?tenant=7"_s), R"({"id":1})"_ba, {{"Webhook-Id"_ba, "msg_1"_ba}});
        QVERIFY(finished(reply));
        QCOMPARE(reply->error(), QNetworkReply::NoError);
        QCOMPARE(status(reply), 200);
        QCOMPARE(reply->readAll(), QByteArray());

        QCOMPARE(sink.requestCount(), 1);
        const HttpSink::Request request = sink.requests().constFirst();
        QCOMPARE(request.method, "POST"_ba);
        QCOMPARE(request.path, "/hooks/orders?tenant=7"_ba);
        QCOMPARE(request.header("webhook-id"_ba), "msg_1"_ba);
        QCOMPARE(request.header("content-type"_ba), "application/json"_ba);
        QCOMPARE(request.header("content-length"_ba), "8"_ba);
        QCOMPARE(request.header("host"_ba), "127.0.0.1:"_ba + QByteArray::number(sink.port()));
        QCOMPARE(request.body, R"({"id":1})"_ba);
        QCOMPARE(request.connectionId, 0);
        QVERIFY(request.receivedMs >= 0);
        QVERIFY(qAbs(request.receivedAt.msecsTo(QDateTime::currentDateTimeUtc())) < 60000);
        QCOMPARE(sink.connectionsAccepted(), 1);
        QCOMPARE(sink.maxConcurrentSameId(), 1);
        QCOMPARE(sink.maxConcurrentRequests(), 1);
    }

    void headerNamesAreLowercasedAndTheLastRepeatWins()
    {
        HttpSink sink;
        RawClient client(sink.port());
        client.send(postRequest("/", "x", {{"X-Twice", "first"}, {"x-TWICE", "second"}, {"Webhook-ID", "  msg_2 "}}));
        QVERIFY(client.response());
        const HttpSink::Request request = sink.requests().constFirst();
        QCOMPARE(request.header("x-twice"_ba), "second"_ba);
        QCOMPARE(request.header("webhook-id"_ba), "msg_2"_ba);
        QVERIFY(!request.headers.contains("X-Twice"_ba));
    }

    void scriptsRepliesByRequestIndex()
    {
        HttpSink sink;
        sink.setHandler([](const HttpSink::Request &, int requestIndex) {
            return HttpSink::Reply{.status = requestIndex < 2 ? 500 : 200, .body = QByteArray::number(requestIndex)};
        });
        QList<std::pair<int, QByteArray>> answers;
        for (int i = 0; i < 3; ++i) {
            QNetworkReply *reply = post(sink.url(u"/hook"_s), "{}"_ba);
            QVERIFY(finished(reply));
            answers.append({status(reply), reply->readAll()});
        }
        QCOMPARE(answers, (QList<std::pair<int, QByteArray>>{{500, "0"_ba}, {500, "1"_ba}, {200, "2"_ba}}));

        sink.clear();
        QCOMPARE(sink.requestCount(), 0);
        QNetworkReply *reply = post(sink.url(u"/hook"_s), "{}"_ba);
        QVERIFY(finished(reply));
        QCOMPARE(status(reply), 500);
        QCOMPARE(reply->readAll(), "0"_ba);
    }

    void sendsTheRepliesHeadersAndBody()
    {
        HttpSink sink;
        sink.setHandler([](const HttpSink::Request &, int) {
            return HttpSink::Reply{.status = 429, .body = "slow down"_ba, .headers = {{"Retry-After"_ba, "7"_ba}}};
        });
        QNetworkReply *reply = post(sink.url(), "{}"_ba);
        QVERIFY(finished(reply));
        QCOMPARE(status(reply), 429);
        QCOMPARE(reply->rawHeader("Retry-After"), "7"_ba);
        QCOMPARE(reply->readAll(), "slow down"_ba);
    }

    void dropAfterBodyClosesWithoutAByteOfAnswer()
    {
        HttpSink sink;
        sink.setHandler(
            [](const HttpSink::Request &, int) { return HttpSink::Reply{.action = HttpSink::Reply::DropAfterBody}; });
        RawClient client(sink.port());
        QVERIFY(client.waitConnected());
        QSignalSpy readyRead(&client.socket(), &QTcpSocket::readyRead);
        QSignalSpy disconnected(&client.socket(), &QTcpSocket::disconnected);
        client.send(postRequest("/", "payload", {{"webhook-id", "msg_drop"}}));
        QVERIFY(disconnected.wait(5000));
        QCOMPARE(readyRead.count(), 0);
        QCOMPARE(client.socket().readAll(), QByteArray());
        QCOMPARE(sink.requestCount(), 1);
        QCOMPARE(sink.requests().constFirst().body, "payload"_ba);
    }

    void hangKeepsSilentUntilTheClientGivesUp()
    {
        HttpSink sink;
        sink.setHandler([](const HttpSink::Request &, int requestIndex) {
            return HttpSink::Reply{.action = requestIndex == 0 ? HttpSink::Reply::Hang : HttpSink::Reply::Respond};
        });
        {
            RawClient client(sink.port());
            client.send(postRequest("/", "{}", {{"webhook-id", "msg_retry"}}));
            QVERIFY(sink.waitForRequests(1, 5000));
            QVERIFY(!client.response(500));
            QCOMPARE(client.socket().state(), QAbstractSocket::ConnectedState);
        } // the client times out and closes: the hung request is no longer open

        // A retry of the same delivery after the client gave up does not overlap the hung attempt.
        RawClient retry(sink.port());
        retry.send(postRequest("/", "{}", {{"webhook-id", "msg_retry"}}));
        const auto response = retry.response();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        QCOMPARE(sink.maxConcurrentSameId(), 1);
    }

    void delayedReplyDoesNotHoldUpOtherConnections()
    {
        constexpr int DelayMs = 1000;
        HttpSink sink;
        sink.setHandler([](const HttpSink::Request &request, int) {
            return HttpSink::Reply{.delayMs = request.path == "/slow" ? DelayMs : 0};
        });
        QElapsedTimer sinceSlowSent;
        RawClient slow(sink.port());
        QVERIFY(slow.waitConnected());
        sinceSlowSent.start();
        slow.send(postRequest("/slow", "{}"));
        QVERIFY(sink.waitForRequests(1, 5000));

        RawClient fast(sink.port());
        fast.send(postRequest("/fast", "{}"));
        const auto fastResponse = fast.response();
        QVERIFY(fastResponse);
        QCOMPARE(fastResponse->status, 200);
        QVERIFY2(sinceSlowSent.elapsed() < DelayMs, qPrintable(QString::number(sinceSlowSent.elapsed())));
        QVERIFY(!slow.response(0));

        const auto slowResponse = slow.response();
        QVERIFY(slowResponse);
        QCOMPARE(slowResponse->status, 200);
        QVERIFY2(sinceSlowSent.elapsed() >= DelayMs, qPrintable(QString::number(sinceSlowSent.elapsed())));
        QCOMPARE(sink.maxConcurrentRequests(), 2);
    }

    void keepAliveServesSeveralRequestsOnOneConnection()
    {
        HttpSink sink;
        RawClient client(sink.port());
        for (const QByteArray &body : {"first"_ba, "second"_ba, ""_ba}) {
            client.send(postRequest("/", body));
            const auto response = client.response();
            QVERIFY(response);
            QCOMPARE(response->status, 200);
            QVERIFY(!response->headers.contains("connection"_ba));
        }
        QCOMPARE(client.socket().state(), QAbstractSocket::ConnectedState);
        QCOMPARE(sink.connectionsAccepted(), 1);
        const QList<HttpSink::Request> requests = sink.requests();
        QCOMPARE(requests.size(), 3);
        QCOMPARE(requests[1].body, "second"_ba);
        QCOMPARE(requests[2].body, QByteArray());
        QCOMPARE(requests[2].connectionId, requests[0].connectionId);
    }

    void connectionCloseIsHonoured()
    {
        HttpSink sink;
        RawClient client(sink.port());
        QSignalSpy disconnected(&client.socket(), &QTcpSocket::disconnected);
        client.send("GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"_ba);
        const auto response = client.response();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        QCOMPARE(response->headers.value("connection"_ba), "close"_ba);
        QVERIFY(disconnected.count() == 1 || disconnected.wait(5000));
        QCOMPARE(sink.requests().constFirst().method, "GET"_ba);
    }

    void assemblesARequestThatArrivesInPieces()
    {
        HttpSink sink;
        RawClient client(sink.port());
        QVERIFY(client.waitConnected());
        // Split inside the head, inside the blank line that ends it, and inside the body.
        const QList<QByteArray> pieces = {"POST /pieces HTTP/1.1\r\nHost: x\r\nContent-Le"_ba, "ngth: 11\r\n\r"_ba,
                                          "\nhello"_ba, " world"_ba};
        for (const QByteArray &piece : pieces) {
            QVERIFY(!sink.waitForRequests(1, 100));
            client.send(piece);
        }
        const auto response = client.response();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        QCOMPARE(sink.requests().constFirst().body, "hello world"_ba);
    }

    void answersExpectContinueBeforeTheBody()
    {
        HttpSink sink;
        RawClient client(sink.port());
        client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"_ba);
        const auto interim = client.response();
        QVERIFY(interim);
        QCOMPARE(interim->status, 100);
        client.send("hello"_ba);
        const auto response = client.response();
        QVERIFY(response);
        QCOMPARE(response->status, 200);
        QCOMPARE(sink.requests().constFirst().body, "hello"_ba);
    }

    void postWithoutContentLengthGets411()
    {
        HttpSink sink;
        RawClient client(sink.port());
        QSignalSpy disconnected(&client.socket(), &QTcpSocket::disconnected);
        client.send("POST /hook HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"_ba);
        const auto response = client.response();
        QVERIFY(response);
        QCOMPARE(response->status, 411);
        QCOMPARE(response->headers.value("connection"_ba), "close"_ba);
        QVERIFY(disconnected.count() == 1 || disconnected.wait(5000));
        QCOMPARE(sink.requestCount(), 0);
    }

    void countsOverlapPerWebhookId_data()
    {
        QTest::addColumn<QByteArray>("secondId"); // the first request's is msg_a
        QTest::addColumn<bool>("together");
        QTest::addColumn<int>("sameId");
        QTest::addColumn<int>("overall");
        QTest::addRow("same id at once") << "msg_a"_ba << true << 2 << 2;
        QTest::addRow("different ids at once") << "msg_b"_ba << true << 1 << 2;
        QTest::addRow("same id in turn") << "msg_a"_ba << false << 1 << 1;
    }

    void countsOverlapPerWebhookId()
    {
        QFETCH(QByteArray, secondId);
        QFETCH(bool, together);
        HttpSink sink;
        // Long enough that two requests sent back to back are both open before either is answered.
        sink.setHandler([](const HttpSink::Request &, int) { return HttpSink::Reply{.delayMs = 300}; });
        RawClient first(sink.port());
        RawClient second(sink.port());
        first.send(postRequest("/", "{}", {{"webhook-id", "msg_a"}}));
        if (!together)
            QVERIFY(first.response());
        second.send(postRequest("/", "{}", {{"webhook-id", secondId}}));
        QVERIFY(second.response());
        if (together)
            QVERIFY(first.response());
        QTEST(sink.maxConcurrentSameId(), "sameId");
        QTEST(sink.maxConcurrentRequests(), "overall");

        sink.clear();
        QCOMPARE(sink.maxConcurrentSameId(), 0);
        QCOMPARE(sink.maxConcurrentRequests(), 0);
    }

    // Many keep-alive connections, each sending its next request as soon as the previous one is answered, as the relay
    // does. The client shares the machine with the sink, so the rate is a floor of what the sink sustains.
    void sustainsManyKeepAliveConnections()
    {
        constexpr int Connections = 32;
        constexpr int RequestsPerConnection = 500;
        constexpr int Total = Connections * RequestsPerConnection;
        HttpSink sink;
        const QByteArray body = R"({"type":"order.created","data":{"id":12345,"total":"99.90"}})"_ba;
        int answered = 0;
        int malformed = 0;
        // A real event loop: QTRY_* would sleep 10 ms between its passes, and the client would be what is measured.
        QEventLoop loop;
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        QElapsedTimer elapsed;
        elapsed.start();
        for (int c = 0; c < Connections; ++c) {
            auto *socket = sockets.emplace_back(std::make_unique<QTcpSocket>()).get();
            auto sent = std::make_shared<int>(0);
            auto received = std::make_shared<QByteArray>();
            const auto sendNext = [socket, sent, c, &body] {
                const QByteArray id = "msg_" + QByteArray::number(c) + '_' + QByteArray::number((*sent)++);
                socket->write(postRequest("/load", body, {{"webhook-id", id}}));
            };
            connect(socket, &QTcpSocket::connected, socket, sendNext);
            // Every answer is "200, Content-Length: 0": one blank line ends each.
            connect(socket, &QTcpSocket::readyRead, socket,
                    [socket, sent, received, sendNext, &answered, &malformed, &loop] {
                        *received += socket->readAll();
                        qsizetype end;
                        while ((end = received->indexOf("\r\n\r\n")) >= 0) {
                            if (!received->startsWith("HTTP/1.1 200 "))
                                ++malformed;
                            received->remove(0, end + 4);
                            if (++answered == Total)
                                loop.quit();
                            if (*sent < RequestsPerConnection)
                                sendNext();
                        }
                    });
            socket->connectToHost(QHostAddress::LocalHost, sink.port());
        }
        QTimer::singleShot(60000, &loop, &QEventLoop::quit);
        loop.exec();
        QCOMPARE(answered, Total);
        const qint64 ms = std::max<qint64>(1, elapsed.elapsed());
        qInfo("%d requests on %d connections in %lld ms: %lld requests/s", Total, Connections, ms, Total * 1000 / ms);

        QCOMPARE(malformed, 0);
        QCOMPARE(sink.requestCount(), Total);
        QCOMPARE(sink.connectionsAccepted(), Connections);
        QCOMPARE(sink.maxConcurrentSameId(), 1);
        QVERIFY(sink.maxConcurrentRequests() <= Connections);
    }
};

QTEST_GUILESS_MAIN(TestHttpSink)
#include "tst_httpsink.moc"
