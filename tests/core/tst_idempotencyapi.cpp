// The HTTP API and its Idempotency-Key contract (PROTOCOLS.md section 4) over real HTTP on loopback against a real
// database: every point of the contract's test checklist, 100 concurrent requests under one key, byte-for-byte
// replays, a 5xx that unlocks its key, tenants apart, the database down, bad input, stuck records settled by an
// operator, the console's Idempotency view and the command line.

#include "ClusterOfItsOwn.h"
#include "RunHookyard.h"
#include "TestDatabase.h"
#include "console/DetailQueries.h"
#include "console/ViewQueries.h"
#include "idempotency/ApiServer.h"
#include "idempotency/ApiTokens.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::ApiServer;
using hookyard::core::ApiServerOptions;
using hookyard::core::ApiTokens;
using hookyard::core::DatabaseConnection;
using hookyard::core::RowRef;
using hookyard::core::View;
using hookyard::core::ViewFilter;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

namespace {

constexpr int kAnswerTimeoutMs = 30000;

// One answer as it came over the wire.
struct Answer
{
    int status = 0;
    QList<std::pair<QByteArray, QByteArray>> headers; // names lowercased, in order
    QByteArray body;

    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers) {
            if (key == name)
                return value;
        }
        return {};
    }
    bool hasHeader(const QByteArray &name) const
    {
        return std::any_of(headers.cbegin(), headers.cend(), [&](const auto &pair) { return pair.first == name; });
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString code() const { return json().value(u"code"_s).toString(); }
    QString type() const { return json().value(u"type"_s).toString(); }
    // The headers the operation itself sent: not the framing, not the replay marker.
    QList<std::pair<QByteArray, QByteArray>> operationHeaders() const
    {
        QList<std::pair<QByteArray, QByteArray>> kept;
        for (const auto &pair : headers) {
            if (pair.first != "content-length" && pair.first != "connection" && pair.first != "idempotency-replay")
                kept.append(pair);
        }
        return kept;
    }
};

// One request on a connection of its own, driven by the event loop (the in-process server answers on this thread).
class Exchange final : public QObject
{
public:
    Exchange(quint16 port, QByteArray request)
        : m_request(std::move(request))
        , m_headOnly(m_request.startsWith("HEAD "))
    {
        connect(&m_socket, &QTcpSocket::connected, this, [this] { m_socket.write(m_request); });
        connect(&m_socket, &QTcpSocket::readyRead, this, [this] {
            m_received += m_socket.readAll();
            parse();
        });
        m_socket.connectToHost(QHostAddress::LocalHost, port);
    }

    bool isDone() const { return m_done; }
    const Answer &answer() const { return m_answer; }
    void abort() { m_socket.abort(); }

private:
    void parse()
    {
        const qsizetype headEnd = m_received.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return;
        const QList<QByteArray> lines = m_received.left(headEnd).split('\n');
        Answer answer;
        answer.status = lines.first().split(' ').value(1).toInt();
        qsizetype length = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            answer.headers.append({line.left(colon).toLower(), line.mid(colon + 1).trimmed()});
            if (answer.headers.last().first == "content-length")
                length = answer.headers.last().second.toLongLong();
        }
        if (m_headOnly) // the answer to HEAD announces a body it does not send
            length = 0;
        if (m_received.size() < headEnd + 4 + length)
            return;
        answer.body = m_received.mid(headEnd + 4, length);
        m_answer = answer;
        m_done = true;
    }

    QByteArray m_request;
    bool m_headOnly;
    QTcpSocket m_socket;
    QByteArray m_received;
    Answer m_answer;
    bool m_done = false;
};

// Every member has an initializer, so a designated initializer names only what differs.
struct Request
{
    QByteArray method = "POST";
    QByteArray target = "/v1/events";
    QByteArray token{};
    QByteArray key{}; // no Idempotency-Key header when null
    QByteArray body{};
    QByteArray contentType = "application/json"; // no Content-Type header when empty
};

QByteArray rawRequest(const Request &request)
{
    QByteArray raw = request.method + ' ' + request.target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    if (!request.token.isNull())
        raw += "Authorization: Bearer " + request.token + "\r\n";
    if (!request.key.isNull())
        raw += "Idempotency-Key: " + request.key + "\r\n";
    if (!request.body.isNull() || request.method == "POST") {
        if (!request.contentType.isEmpty())
            raw += "Content-Type: " + request.contentType + "\r\n";
        raw += "Content-Length: " + QByteArray::number(request.body.size()) + "\r\n";
    }
    return raw + "\r\n" + request.body;
}

// Sends every request at once, each on its own connection, and waits for all the answers.
QList<Answer> sendAll(quint16 port, const QList<Request> &requests)
{
    std::vector<std::unique_ptr<Exchange>> exchanges;
    for (const Request &request : requests)
        exchanges.push_back(std::make_unique<Exchange>(port, rawRequest(request)));
    const bool done = QTest::qWaitFor(
        [&] { return std::all_of(exchanges.cbegin(), exchanges.cend(), [](const auto &e) { return e->isDone(); }); },
        kAnswerTimeoutMs);
    if (!done)
        qWarning("not every request was answered");
    QList<Answer> answers;
    for (const auto &exchange : exchanges)
        answers.append(exchange->answer());
    return answers;
}

Answer send(quint16 port, const Request &request)
{
    return sendAll(port, {request}).first();
}

QByteArray eventBody(const QByteArray &amount = "100", const QByteArray &recipient = "ana")
{
    return R"({"event_type":"order.paid","aggregate_type":"Order","payload":{"order":"A-1048","amount":)" + amount +
           R"(,"recipient":")" + recipient + R"("}})";
}

// A second connection that holds outbox_events so that INSERTs into it wait: an operation that runs "long".
class OutboxLock final
{
public:
    explicit OutboxLock(TestDatabase &db)
    {
        auto opened = DatabaseConnection::open(db.settings(), u"test-lock"_s);
        if (!opened)
            qFatal("%s", qPrintable(opened.error()));
        m_connection = std::move(opened.value());
        m_connection->database().transaction();
        if (!m_connection->exec(u"LOCK TABLE outbox_events IN SHARE MODE"_s))
            qFatal("cannot lock outbox_events");
    }
    void release() { m_connection->database().commit(); }

private:
    std::unique_ptr<DatabaseConnection> m_connection;
};

// `hookyard <arguments>` running in the background, with the port it printed on a line matching `portLine`.
struct Background
{
    std::unique_ptr<QProcess> process;
    quint16 port = 0;
};

Background startHookyard(const QStringList &arguments, const QRegularExpression &portLine)
{
    Background started;
    started.process = std::make_unique<QProcess>();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"HOOKYARD_DATABASE_URL"_s);
    started.process->setProcessEnvironment(environment);
    started.process->start(qEnvironmentVariable("HOOKYARD_BINARY"), arguments);
    QByteArray printed;
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 30000) {
        started.process->waitForReadyRead(200);
        printed += started.process->readAllStandardOutput();
        if (const auto match = portLine.match(QString::fromUtf8(printed)); match.hasMatch()) {
            started.port = quint16(match.captured(1).toUInt());
            return started;
        }
        if (started.process->state() == QProcess::NotRunning)
            break;
    }
    qWarning("hookyard did not start: %s %s", printed.constData(), started.process->readAllStandardError().constData());
    return started;
}

const QRegularExpression kApiLine(u"API on http://127\\.0\\.0\\.1:(\\d+)/v1"_s);

QByteArray addToken(TestDatabase &db, const QString &tenant)
{
    auto token = ApiTokens(db.connection()).add(tenant, u"test"_s);
    if (!token)
        qFatal("%s", qPrintable(token.error()));
    return token.value().toLatin1();
}

} // namespace

class TestIdempotencyApi final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_db = std::make_unique<TestDatabase>(u"api"_s);
        m_db->execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('billing', 'http://127.0.0.1:9/b')"_s);
        m_acme = addToken(*m_db, u"acme"_s);
        m_globex = addToken(*m_db, u"globex"_s);
        startServer({});
    }
    void cleanup()
    {
        m_server.reset();
        m_db.reset();
    }

    // Checklist: one request sent several times in a row with one key → one object created.
    void aRetryGetsTheStoredAnswerByteForByte()
    {
        const Request request{.token = m_acme, .key = "order-A-1048-paid", .body = eventBody()};
        const Answer first = send(m_port, request);
        QCOMPARE(first.status, 201);
        QVERIFY(!first.hasHeader("idempotency-replay"));
        QCOMPARE(first.header("content-type"), "application/json");
        const QString id = first.json().value(u"id"_s).toString();
        QCOMPARE(first.header("location"), "/v1/events/" + id.toLatin1());
        QCOMPARE(first.json().value(u"deliveries"_s).toInt(), 1);
        for (int retry = 0; retry < 3; ++retry) {
            const Answer again = send(m_port, request);
            QCOMPARE(again.status, 201);
            QCOMPARE(again.header("idempotency-replay"), "true");
            QCOMPARE(again.body, first.body);
            QCOMPARE(again.operationHeaders(), first.operationHeaders());
        }
        QCOMPARE(outboxRows(), 1);
        QCOMPARE(m_db->scalar(u"SELECT payload->>'amount' FROM outbox_events"_s).toString(), u"100"_s);
        QCOMPARE(m_db->scalar(u"SELECT status || ' ' || resource_id FROM idempotency_keys"_s).toString(),
                 u"succeeded "_s + id);
    }

    // Checklist: several concurrent requests with one key → the unique constraint lets one execute. The first is
    // held inside its INSERT so that the others meet it while it runs.
    void hundredConcurrentRequestsExecuteOnce()
    {
        const Request request{.token = m_acme, .key = "burst", .body = eventBody()};
        auto lock = std::make_unique<OutboxLock>(*m_db);
        std::vector<std::unique_ptr<Exchange>> exchanges;
        for (int i = 0; i < 100; ++i)
            exchanges.push_back(std::make_unique<Exchange>(m_port, rawRequest(request)));
        const auto answered = [&] {
            return int(std::count_if(exchanges.cbegin(), exchanges.cend(), [](const auto &e) { return e->isDone(); }));
        };
        QTRY_COMPARE_WITH_TIMEOUT(answered(), 99, kAnswerTimeoutMs);
        lock->release();
        QTRY_COMPARE_WITH_TIMEOUT(answered(), 100, kAnswerTimeoutMs);

        int executed = 0;
        int inProgress = 0;
        for (const auto &exchange : exchanges) {
            const Answer &answer = exchange->answer();
            if (answer.status == 201 && !answer.hasHeader("idempotency-replay")) {
                ++executed;
            } else {
                QCOMPARE(answer.status, 409);
                QCOMPARE(answer.code(), u"E01004"_s);
                QCOMPARE(answer.header("retry-after"), "1");
                ++inProgress;
            }
        }
        QCOMPARE(executed, 1);
        QCOMPARE(inProgress, 99);
        QCOMPARE(outboxRows(), 1);

        // Once it finished, the same burst gets the stored answer, every time.
        const QList<Answer> replays = sendAll(m_port, QList<Request>(100, request));
        for (const Answer &answer : replays) {
            QCOMPARE(answer.status, 201);
            QCOMPARE(answer.header("idempotency-replay"), "true");
        }
        QCOMPARE(outboxRows(), 1);
    }

    // Checklist: the key reused with a changed amount or recipient → a clear conflict. So is any other byte of the
    // method, path, query or body: JSON that differs only in whitespace is another request.
    void keyReuseWithAnotherRequestIsAConflict()
    {
        QCOMPARE(send(m_port, {.token = m_acme, .key = "pay-1", .body = eventBody()}).status, 201);
        const QList<Request> others{
            {.token = m_acme, .key = "pay-1", .body = eventBody("200")},
            {.token = m_acme, .key = "pay-1", .body = eventBody("100", "bo")},
            {.token = m_acme, .key = "pay-1", .body = eventBody().replace(",", ", ")},
            {.target = "/v1/events?priority=high", .token = m_acme, .key = "pay-1", .body = eventBody()},
        };
        for (const Request &other : others) {
            const Answer conflict = send(m_port, other);
            QCOMPARE(conflict.status, 409);
            QCOMPARE(conflict.header("content-type"), "application/problem+json");
            QCOMPARE(conflict.code(), u"E01005"_s);
            QCOMPARE(conflict.type(), u"urn:hookyard:problem:idempotency-key-reused"_s);
            QVERIFY(!conflict.json().value(u"detail"_s).toString().isEmpty());
        }
        QCOMPARE(outboxRows(), 1);
        // The original request still gets its answer.
        QCOMPARE(send(m_port, {.token = m_acme, .key = "pay-1", .body = eventBody()}).header("idempotency-replay"),
                 "true");
    }

    // Checklist: the connection cut after the server executed but before the client read the answer, then a retry →
    // the stored answer.
    void aCutConnectionIsAnsweredOnRetry()
    {
        const Request request{.token = m_acme, .key = "cut", .body = eventBody()};
        auto cut = std::make_unique<Exchange>(m_port, rawRequest(request));
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("cut"), u"succeeded"_s, kAnswerTimeoutMs);
        cut->abort();
        cut.reset();
        const Answer retry = send(m_port, request);
        QCOMPARE(retry.status, 201);
        QCOMPARE(retry.header("idempotency-replay"), "true");
        QCOMPARE(retry.body, m_db->scalar(u"SELECT response_body FROM idempotency_keys"_s).toByteArray());
        QCOMPARE(retry.json().value(u"id"_s).toString(),
                 m_db->scalar(u"SELECT id::text FROM outbox_events"_s).toString());
        QCOMPARE(outboxRows(), 1);
    }

    // Checklist: a timeout → the client first asks for the status of its previous attempt instead of running it
    // again. A retry while the first attempt still runs is 409 E01004, never a second execution; the event's status
    // shows once it committed; then the retry gets the stored answer.
    void aRetryWhileTheFirstRunsIsInProgress()
    {
        const QByteArray eventId = "3a3f0d58-8c1b-4c55-a0a1-7a2e7f6ad001";
        const QByteArray body =
            "{\"id\":\"" + eventId + "\",\"event_type\":\"order.paid\",\"payload\":{\"order\":\"A-7\"}}";
        const Request request{.token = m_acme, .key = "slow", .body = body};
        auto lock = std::make_unique<OutboxLock>(*m_db);
        auto first = std::make_unique<Exchange>(m_port, rawRequest(request));
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("slow"), u"processing"_s, kAnswerTimeoutMs);
        first->abort(); // the client gave up waiting

        const Answer retry = send(m_port, request);
        QCOMPARE(retry.status, 409);
        QCOMPARE(retry.code(), u"E01004"_s);
        QCOMPARE(retry.header("retry-after"), "1");
        QCOMPARE(send(m_port, {.method = "GET", .target = "/v1/events/" + eventId, .token = m_acme}).status, 404);

        lock->release();
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("slow"), u"succeeded"_s, kAnswerTimeoutMs);
        const Answer status = send(m_port, {.method = "GET", .target = "/v1/events/" + eventId, .token = m_acme});
        QCOMPARE(status.status, 200);
        QCOMPARE(status.json().value(u"state"_s).toString(), u"pending"_s);
        const QJsonArray deliveries = status.json().value(u"deliveries"_s).toArray();
        QCOMPARE(deliveries.size(), 1);
        QCOMPARE(deliveries.first()[u"endpoint"_s].toString(), u"billing"_s);
        const Answer stored = send(m_port, request);
        QCOMPARE(stored.status, 201);
        QCOMPARE(stored.header("idempotency-replay"), "true");
        QCOMPARE(stored.json().value(u"id"_s).toString(), QString::fromLatin1(eventId));
        QCOMPARE(outboxRows(), 1);
    }

    // A 5xx is not stored and unlocks its key: here the database refuses the event (a trigger standing for any
    // failure of the business write), and nothing is committed. Once the cause is gone the same key runs again.
    void aServerErrorIsNotStoredAndUnlocksTheKey()
    {
        m_db->execOrDie(u"CREATE FUNCTION refuse_events() RETURNS trigger LANGUAGE plpgsql AS $$"
                        " BEGIN RAISE EXCEPTION 'outbox is read-only for maintenance'; END $$"_s);
        m_db->execOrDie(u"CREATE TRIGGER refuse_events BEFORE INSERT ON outbox_events"
                        " FOR EACH ROW EXECUTE FUNCTION refuse_events()"_s);
        const Request request{.token = m_acme, .key = "during-maintenance", .body = eventBody()};
        for (int attempt = 0; attempt < 2; ++attempt) {
            const Answer failed = send(m_port, request);
            QCOMPARE(failed.status, 500);
            QCOMPARE(failed.header("content-type"), "application/problem+json");
            QCOMPARE(failed.type(), u"urn:hookyard:problem:operation-failed"_s);
            QVERIFY(!failed.hasHeader("idempotency-replay")); // run again, not replayed
            QCOMPARE(m_db->scalar(u"SELECT count(*) FROM idempotency_keys"_s).toInt(), 0);
        }
        QCOMPARE(outboxRows(), 0);

        m_db->execOrDie(u"DROP TRIGGER refuse_events ON outbox_events"_s);
        const Answer succeeded = send(m_port, request);
        QCOMPARE(succeeded.status, 201);
        QVERIFY(!succeeded.hasHeader("idempotency-replay"));
        QCOMPARE(outboxRows(), 1);
    }

    // A connection PostgreSQL cuts while the operation runs: nothing is committed and the answer says to retry with
    // the same key, which then runs (found by an exploring helper: the record could not be released on the dead
    // connection, retries got 409 and the key became stuck, for an operator). The retry also finds the connection
    // gone and opens it again instead of answering 503.
    void aRequestWhoseConnectionIsCutRunsAgainOnRetry()
    {
        const Request request{.token = m_acme, .key = "cut-mid-request", .body = eventBody()};
        cutWhileItRuns(request);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(recordStatus("cut-mid-request"), u"processing"_s); // not released on the dead connection

        const Answer retry = send(m_port, request);
        QCOMPARE(retry.status, 201);
        QVERIFY(!retry.hasHeader("idempotency-replay"));
        QCOMPARE(recordStatus("cut-mid-request"), u"succeeded"_s);
        QCOMPARE(outboxRows(), 1);
    }

    // A key left reserved by a request that lost its connection is released by the server's purge as well, with no
    // keyed request to it: a retry that went to another instance is not refused with 409 for long.
    void aKeyLeftByACutRequestIsReleasedWithoutARequest()
    {
        ApiServerOptions options;
        options.purgeInterval = std::chrono::milliseconds(200);
        startServer(options);
        const Request request{.token = m_acme, .key = "cut-then-purged", .body = eventBody()};
        cutWhileItRuns(request);
        if (QTest::currentTestFailed())
            return;
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("cut-then-purged"), QString(), 10000);
    }

    // The pool's connections cut while idle (a restart, a failover) are opened again by the next request, which is
    // answered as usual (found by an exploring helper: 503 once per pool thread).
    void connectionsCutWhileIdleAreOpenedAgain()
    {
        const Request request{.token = m_acme, .key = "before-the-cut", .body = eventBody()};
        QCOMPARE(send(m_port, request).status, 201);
        const QString sessions = u"FROM pg_stat_activity WHERE datname = current_database() "
                                 "AND application_name = 'hookyard-api'"_s;
        QVERIFY(m_db->scalar(u"SELECT count(*) "_s + sessions).toInt() > 0);
        m_db->execOrDie(u"SELECT pg_terminate_backend(pid) "_s + sessions);
        QTRY_COMPARE_WITH_TIMEOUT(m_db->scalar(u"SELECT count(*) "_s + sessions).toInt(), 0, kAnswerTimeoutMs);
        const Answer replayed = send(m_port, request);
        QCOMPARE(replayed.status, 201);
        QCOMPARE(replayed.header("idempotency-replay"), "true");
    }

    // 4xx answers are stored and replayed like 2xx ones.
    void aClientErrorIsStoredAndReplayed()
    {
        const Request request{.token = m_acme, .key = "broken", .body = R"({"event_type": "order.paid", "payload": )"};
        const Answer first = send(m_port, request);
        QCOMPARE(first.status, 400);
        QCOMPARE(first.type(), u"urn:hookyard:problem:invalid-json"_s);
        const Answer again = send(m_port, request);
        QCOMPARE(again.status, 400);
        QCOMPARE(again.header("idempotency-replay"), "true");
        QCOMPARE(again.body, first.body);
        QCOMPARE(recordStatus("broken"), u"failed"_s);
    }

    void oneTenantNeverBlocksAnother()
    {
        const QByteArray body = eventBody();
        QCOMPARE(send(m_port, {.token = m_acme, .key = "shared-key", .body = body}).status, 201);
        const Answer other = send(m_port, {.token = m_globex, .key = "shared-key", .body = body});
        QCOMPARE(other.status, 201);
        QVERIFY(!other.hasHeader("idempotency-replay"));
        // Nor does another request under the same key: it is globex's key, not acme's.
        QCOMPARE(send(m_port, {.token = m_globex, .key = "other-key", .body = eventBody("5")}).status, 201);
        QCOMPARE(send(m_port, {.token = m_acme, .key = "other-key", .body = eventBody("7")}).status, 201);
        QCOMPARE(outboxRows(), 4);

        // Nor while the other tenant's request is still running.
        auto lock = std::make_unique<OutboxLock>(*m_db);
        auto held = std::make_unique<Exchange>(m_port, rawRequest({.token = m_acme, .key = "held", .body = body}));
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("held"), u"processing"_s, kAnswerTimeoutMs);
        auto globexHeld =
            std::make_unique<Exchange>(m_port, rawRequest({.token = m_globex, .key = "held", .body = body}));
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(u"SELECT count(*) FROM idempotency_keys WHERE idempotency_key = 'held'"_s).toInt(), 2,
            kAnswerTimeoutMs);
        QVERIFY(!globexHeld->isDone());
        lock->release();
        QTRY_VERIFY_WITH_TIMEOUT(held->isDone() && globexHeld->isDone(), kAnswerTimeoutMs);
        QCOMPARE(held->answer().status, 201);
        QCOMPARE(globexHeld->answer().status, 201);
        QCOMPARE(outboxRows(), 6);
    }

    // Checklist: a retry after the retention window expired runs as a new operation; the purge deletes settled
    // records past their retention and keeps those still processing.
    void afterTheRetentionWindowTheKeyIsNew()
    {
        const Request request{.token = m_acme, .key = "old", .body = eventBody()};
        const Answer first = send(m_port, request);
        QCOMPARE(first.status, 201);
        m_db->execOrDie(u"UPDATE idempotency_keys SET expires_at = now() - interval '1 second'"_s);
        const Answer later = send(m_port, request);
        QCOMPARE(later.status, 201);
        QVERIFY(!later.hasHeader("idempotency-replay"));
        QVERIFY(later.json().value(u"id"_s) != first.json().value(u"id"_s));
        QCOMPARE(outboxRows(), 2);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM idempotency_keys"_s).toInt(), 1);

        m_db->execOrDie(u"INSERT INTO idempotency_keys (tenant, operation, idempotency_key, fingerprint, status,"
                        "   locked_until, expires_at, completed_at, response_status)"
                        " VALUES ('acme', 'POST /v1/events', 'gone', '\\x00', 'succeeded', now(), now(), now(), 201),"
                        "  ('acme', 'POST /v1/events', 'kept', '\\x00', 'succeeded', now(), now() + interval '1 hour',"
                        "   now(), 201),"
                        "  ('acme', 'POST /v1/events', 'running', '\\x00', 'processing', now(), now(), NULL, NULL)"_s);
        const auto purged = runHookyard({u"--database"_s, m_db->url(), u"idempotency"_s, u"purge"_s});
        QCOMPARE(purged.exitCode, 0);
        QCOMPARE(purged.out, "purged 1 expired idempotency record\n");
        QCOMPARE(
            m_db->scalar(u"SELECT string_agg(idempotency_key, ',' ORDER BY idempotency_key) FROM idempotency_keys"_s)
                .toString(),
            u"kept,old,running"_s);

        // The server purges by itself as well.
        ApiServerOptions options;
        options.purgeInterval = std::chrono::milliseconds(100);
        startServer(options);
        m_db->execOrDie(u"UPDATE idempotency_keys SET expires_at = now() WHERE idempotency_key = 'kept'"_s);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(u"SELECT string_agg(idempotency_key, ',' ORDER BY idempotency_key) FROM idempotency_keys"_s)
                .toString(),
            u"old,running"_s, 10000);
    }

    // Checklist: the consumer crashing after its transaction committed but before it acknowledged. The API process is
    // killed once the event and its answer are committed; the client never read an answer. Its retry, served by a
    // new process, gets the stored answer.
    void aCrashAfterTheCommitIsAnsweredFromTheRecord()
    {
        Background api = startApi({});
        QVERIFY(api.port);
        const Request request{.token = m_acme, .key = "crash-after", .body = eventBody()};
        auto unread = std::make_unique<Exchange>(api.port, rawRequest(request));
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("crash-after"), u"succeeded"_s, kAnswerTimeoutMs);
        api.process->kill();
        QVERIFY(api.process->waitForFinished(10000));
        unread->abort();

        Background restarted = startApi({});
        QVERIFY(restarted.port);
        const Answer retry = send(restarted.port, request);
        QCOMPARE(retry.status, 201);
        QCOMPARE(retry.header("idempotency-replay"), "true");
        QCOMPARE(retry.body, m_db->scalar(u"SELECT response_body FROM idempotency_keys"_s).toByteArray());
        QCOMPARE(outboxRows(), 1);
        restarted.process->terminate();
        QVERIFY(restarted.process->waitForFinished(10000));
        QCOMPARE(restarted.process->exitCode(), 0);
    }

    // A process that dies while its operation runs leaves the record 'processing'. Past its lock timeout it is listed
    // as stuck (command line and console), retries keep getting 409 E01004 — it is never run again by itself — and an
    // operator settles it with a note, audited; retries then get that answer.
    void aStuckRecordWaitsForAnOperator()
    {
        Background api = startApi({u"--key-lock-timeout"_s, u"1"_s});
        QVERIFY(api.port);
        const Request request{.token = m_acme, .key = "crash-during", .body = eventBody()};
        auto lock = std::make_unique<OutboxLock>(*m_db);
        auto unanswered = std::make_unique<Exchange>(api.port, rawRequest(request));
        QTRY_COMPARE_WITH_TIMEOUT(recordStatus("crash-during"), u"processing"_s, kAnswerTimeoutMs);
        api.process->kill();
        QVERIFY(api.process->waitForFinished(10000));
        unanswered->abort();
        lock->release();
        // The dead process's sessions end and roll back what they had not committed.
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(u"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                         " AND application_name LIKE 'hookyard-api%'"_s)
                .toInt(),
            0, kAnswerTimeoutMs);
        QCOMPARE(outboxRows(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(m_db->scalar(u"SELECT locked_until < now() FROM idempotency_keys"_s).toBool(), 5000);

        Background restarted = startApi({});
        QVERIFY(restarted.port);
        const Answer retry = send(restarted.port, request);
        QCOMPARE(retry.status, 409);
        QCOMPARE(retry.code(), u"E01004"_s);
        QVERIFY2(retry.json().value(u"detail"_s).toString().contains(u"until an operator settles it"_s), retry.body);
        QVERIFY(!retry.hasHeader("retry-after")); // retrying cannot help until a person acts
        QCOMPARE(outboxRows(), 0);

        const auto listed =
            runHookyard({u"--database"_s, m_db->url(), u"idempotency"_s, u"list"_s, u"--stuck"_s, u"--json"_s});
        QCOMPARE(listed.exitCode, 0);
        const QJsonArray records = QJsonDocument::fromJson(listed.out).object().value(u"records"_s).toArray();
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first()[u"key"_s].toString(), u"crash-during"_s);
        QVERIFY(records.first()[u"stuck"_s].toBool());
        const QString recordId = QString::number(records.first()[u"id"_s].toInteger());

        // The console lists it first, as stuck.
        QCOMPARE(send(restarted.port, {.token = m_acme, .key = "later", .body = eventBody()}).status, 201);
        auto rows = hookyard::core::fetchPage(m_db->connection(), View::Idempotency, {}, std::nullopt, 10);
        QVERIFY(rows);
        QCOMPARE(rows->size(), 2);
        QCOMPARE(rows->first().ref, (RowRef{RowRef::Kind::IdempotencyKey, recordId}));
        QCOMPARE(rows->first().state, u"stuck"_s);

        const auto refused = runHookyard(
            {u"--database"_s, m_db->url(), u"idempotency"_s, u"resolve"_s, recordId, u"--as"_s, u"failed"_s});
        QCOMPARE(refused.exitCode, 2); // a resolution needs a note
        const auto resolved =
            runHookyard({u"--database"_s, m_db->url(), u"idempotency"_s, u"resolve"_s, recordId, u"--as"_s, u"failed"_s,
                         u"--note"_s, u"process killed; no event in outbox"_s});
        QCOMPARE(resolved.exitCode, 0);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM audit_log WHERE action = 'idempotency.resolve'"
                              " AND reason = 'process killed; no event in outbox'"_s)
                     .toInt(),
                 1);
        const Answer settled = send(restarted.port, request);
        QCOMPARE(settled.status, 409);
        QCOMPARE(settled.type(), u"urn:hookyard:problem:operation-resolved"_s);
        QCOMPARE(settled.header("idempotency-replay"), "true");
        QCOMPARE(outboxRows(), 1); // the "later" event only: the settled one never ran again
        const auto again = runHookyard({u"--database"_s, m_db->url(), u"idempotency"_s, u"resolve"_s, recordId,
                                        u"--as"_s, u"unknown"_s, u"--note"_s, u"twice"_s});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("already settled"), again.err.constData());
        restarted.process->terminate();
        QVERIFY(restarted.process->waitForFinished(10000));
    }

    // Checklist: a manual fallback path goes through the same uniqueness rules. With the API unreachable, a
    // producer wrote the event with plain SQL (docs/producers.md) under its own id; the API's retry of that event,
    // even under a new key, meets the outbox's primary key and is refused, and that answer is stored like any other.
    void theManualPathMeetsTheSameUniqueness()
    {
        const QByteArray eventId = "5b0e8f43-0d67-4c4c-9d7a-2f1b9a7c0e11";
        m_db->execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (?::uuid, 'order.paid', '{}')"_s,
                        {QString::fromLatin1(eventId)});
        const Request request{.token = m_acme,
                              .key = "after-outage",
                              .body = "{\"id\":\"" + eventId + "\",\"event_type\":\"order.paid\",\"payload\":{}}"};
        const Answer refused = send(m_port, request);
        QCOMPARE(refused.status, 409);
        QCOMPARE(refused.type(), u"urn:hookyard:problem:event-exists"_s);
        QCOMPARE(send(m_port, request).header("idempotency-replay"), "true");
        QCOMPARE(outboxRows(), 1);
    }

    void withoutAKeyNothingIsDeduplicated()
    {
        const Request request{.token = m_acme, .body = eventBody()};
        QCOMPARE(send(m_port, request).status, 201);
        QCOMPARE(send(m_port, request).status, 201);
        QCOMPARE(outboxRows(), 2);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM idempotency_keys"_s).toInt(), 0);
    }

    void getIgnoresTheKey()
    {
        const Answer created = send(m_port, {.token = m_acme, .body = eventBody()});
        const QByteArray target = "/v1/events/" + created.json().value(u"id"_s).toString().toLatin1();
        for (int i = 0; i < 2; ++i) {
            const Answer status = send(m_port, {.method = "GET", .target = target, .token = m_acme, .key = "same"});
            QCOMPARE(status.status, 200);
            QVERIFY(!status.hasHeader("idempotency-replay"));
            QCOMPARE(status.json().value(u"event_type"_s).toString(), u"order.paid"_s);
        }
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM idempotency_keys"_s).toInt(), 0);
        // HEAD: the GET's status and length without its body (it was a 405).
        const Answer full = send(m_port, {.method = "GET", .target = target, .token = m_acme});
        const Answer head = send(m_port, {.method = "HEAD", .target = target, .token = m_acme});
        QCOMPARE(head.status, 200);
        QCOMPARE(head.header("content-length").toLongLong(), full.body.size());
        QVERIFY(head.body.isEmpty());
        const Answer headOfPost = send(m_port, {.method = "HEAD", .target = "/v1/events", .token = m_acme});
        QCOMPARE(headOfPost.status, 405);
        const Answer missing = send(m_port, {.method = "GET", .target = "/v1/events/not-a-uuid", .token = m_acme});
        QCOMPARE(missing.status, 404);
        QCOMPARE(missing.header("content-type"), "application/problem+json");
    }

    void keysOfMoreThan255CharactersAreRefused()
    {
        const Answer tooLong = send(m_port, {.token = m_acme, .key = QByteArray(256, 'k'), .body = eventBody()});
        QCOMPARE(tooLong.status, 422);
        QCOMPARE(tooLong.code(), u"E01001"_s);
        QCOMPARE(outboxRows(), 0);
        QCOMPARE(send(m_port, {.token = m_acme, .key = QByteArray(255, 'k'), .body = eventBody()}).status, 201);
        QCOMPARE(outboxRows(), 1);
        // Characters, not UTF-16 units: 255 emoji are a key (the records' CHECK counts them so too).
        QString emoji;
        for (int i = 0; i < 255; ++i)
            emoji += u"😀"_s;
        QCOMPARE(send(m_port, {.token = m_acme, .key = emoji.toUtf8(), .body = eventBody()}).status, 201);
        QCOMPARE(outboxRows(), 2);
    }

    // Found by trying bad input: keys whose bytes are not UTF-8 became U+FFFD, so "order-\xff" and "order-\xfe" shared
    // one record and the second event was never made (answered 201 from the first); control characters reached the
    // terminal of `hookyard idempotency list`.
    void keysThatAreNotPrintableUtf8AreRefused()
    {
        for (const QByteArray &key :
             {"order-\xff"_ba, "order-\xfe"_ba, "\x1b]0;title\x07"_ba, "tab\tkey"_ba, "c1-\xc2\x9b"_ba}) {
            const Answer refused = send(m_port, {.token = m_acme, .key = key, .body = eventBody()});
            QCOMPARE(refused.status, 422);
            QCOMPARE(refused.code(), u"E01001"_s);
        }
        QCOMPARE(outboxRows(), 0);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM idempotency_keys"_s).toInt(), 0);
    }

    // Found by trying bad input: with two Idempotency-Key headers the last one was the key, while a proxy or a log
    // that reads the first would tell another story.
    void twoIdempotencyKeysAreRefused()
    {
        QByteArray raw = rawRequest({.token = m_acme, .key = "first", .body = eventBody()});
        raw.replace("Idempotency-Key: first\r\n", "Idempotency-Key: first\r\nIdempotency-Key: second\r\n");
        Exchange exchange(m_port, raw);
        QVERIFY(QTest::qWaitFor([&] { return exchange.isDone(); }, kAnswerTimeoutMs));
        QCOMPARE(exchange.answer().status, 422);
        QCOMPARE(exchange.answer().code(), u"E01001"_s);
        QVERIFY(exchange.answer().json().value(u"detail"_s).toString().contains(u"more than one Idempotency-Key"_s));
        QCOMPARE(outboxRows(), 0);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM idempotency_keys"_s).toInt(), 0);
    }

    // Found by an adversarial helper: the last of two tokens was the one that acted.
    void twoAuthorizationHeadersAreRefused()
    {
        QByteArray raw = rawRequest({.token = m_acme, .key = "two-tokens", .body = eventBody()});
        const QByteArray first = "Authorization: Bearer " + m_acme + "\r\n";
        raw.replace(first, QByteArray(first + "Authorization: Bearer " + m_globex + "\r\n"));
        QVERIFY(raw.contains(m_globex));
        Exchange exchange(m_port, raw);
        QVERIFY(QTest::qWaitFor([&] { return exchange.isDone(); }, kAnswerTimeoutMs));
        QCOMPARE(exchange.answer().status, 401);
        QVERIFY(exchange.answer().json().value(u"detail"_s).toString().contains(u"more than one Authorization"_s));
        QCOMPARE(outboxRows(), 0);
    }

    // Found by trying bad input: what the HTTP server answers on its own was plain text, unlike every other error.
    void requestsTheServerCannotReadGetAProblemToo_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        QTest::addRow("no request line") << "hello\r\n\r\n"_ba << 400 << u"malformed-request"_s;
        QTest::addRow("chunked body") << "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
                                         "\r\n2\r\n{}\r\n0\r\n\r\n"_ba
                                      << 411 << u"length-required"_s;
        QTest::addRow("head over the limit") << "GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "_ba +
                                                    QByteArray(70 * 1024, 'p') + "\r\n\r\n"_ba
                                             << 431 << u"header-too-large"_s;
    }

    void requestsTheServerCannotReadGetAProblemToo()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        QFETCH(QString, type);
        Exchange exchange(m_port, raw);
        QVERIFY(QTest::qWaitFor([&] { return exchange.isDone(); }, kAnswerTimeoutMs));
        QCOMPARE(exchange.answer().status, status);
        QCOMPARE(exchange.answer().header("content-type"), "application/problem+json");
        QCOMPARE(exchange.answer().type(), u"urn:hookyard:problem:"_s + type);
        QCOMPARE(exchange.answer().json().value(u"status"_s).toInt(), status);
        QVERIFY(exchange.answer().json().value(u"detail"_s).toString().startsWith(u"The request cannot be read: "_s));
        QCOMPARE(outboxRows(), 0);
    }

    void replaysAreIdempotentAndAudited()
    {
        m_db->execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) SELECT gen_random_uuid(), 'order.paid',"
                        " '{}' FROM generate_series(1, 3)"_s);
        m_db->execOrDie(u"UPDATE deliveries SET state = 'dead', dead_reason = 'HTTP 500 after 4 attempts'"_s);
        const Request request{.target = "/v1/replays",
                              .token = m_acme,
                              .key = "replay-billing",
                              .body = R"({"endpoint": "billing", "reason": "partner fixed their 500s"})"};
        const Answer replayed = send(m_port, request);
        QCOMPARE(replayed.status, 201);
        QCOMPARE(replayed.json().value(u"replayed"_s).toInt(), 3);
        const Answer again = send(m_port, request);
        QCOMPARE(again.body, replayed.body);
        QCOMPARE(again.header("idempotency-replay"), "true");
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM audit_log WHERE action = 'replay'"_s).toInt(), 1);
        QVERIFY(m_db->scalar(u"SELECT reason FROM audit_log WHERE action = 'replay'"_s)
                    .toString()
                    .endsWith(u"for tenant acme: partner fixed their 500s"_s));
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM deliveries WHERE state = 'pending'"_s).toInt(), 3);

        const Answer status = send(m_port, {.method = "GET", .target = replayed.header("location"), .token = m_globex});
        QCOMPARE(status.status, 200);
        QCOMPARE(status.json().value(u"replayed"_s).toInt(), 3);
        QCOMPARE(status.json().value(u"selection"_s).toObject().value(u"endpoint"_s).toString(), u"billing"_s);
        QCOMPARE(status.json().value(u"deliveries"_s).toArray().size(), 3);
        QCOMPARE(status.json().value(u"deliveries"_s).toArray().first()[u"state"_s].toString(), u"pending"_s);

        const qint64 pending = m_db->scalar(u"SELECT min(id) FROM deliveries"_s).toLongLong();
        const Answer queued = send(m_port, {.target = "/v1/replays",
                                            .token = m_acme,
                                            .body = R"({"delivery_ids": [)" + QByteArray::number(pending) + "]}"});
        QCOMPARE(queued.status, 409);
        QCOMPARE(queued.type(), u"urn:hookyard:problem:not-replayable"_s);
        const Answer unknown =
            send(m_port, {.target = "/v1/replays", .token = m_acme, .body = R"({"delivery_ids": [1, 99999]})"});
        QCOMPARE(unknown.status, 422);
        QVERIFY(unknown.json().value(u"detail"_s).toString().contains(u"99999"_s));
        // Many unknown ids: counted, the first twenty named.
        QByteArrayList manyIds;
        for (int id = 1000001; id <= 1000030; ++id)
            manyIds << QByteArray::number(id);
        const Answer many = send(
            m_port,
            {.target = "/v1/replays", .token = m_acme, .body = R"({"delivery_ids": [)" + manyIds.join(',') + "]}"});
        QCOMPARE(many.status, 422);
        const QString manyDetail = many.json().value(u"detail"_s).toString();
        QVERIFY2(manyDetail.startsWith(u"30 of the 30 listed delivery ids"_s), qPrintable(manyDetail));
        QVERIFY2(manyDetail.contains(u"1000020, …"_s) && !manyDetail.contains(u"1000021"_s), qPrintable(manyDetail));
        const Answer noEndpoint =
            send(m_port, {.target = "/v1/replays", .token = m_acme, .body = R"({"endpoint": "nobody"})"});
        QCOMPARE(noEndpoint.status, 422);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM audit_log WHERE action = 'replay'"_s).toInt(), 1);

        // A disabled endpoint's deliveries wait for its resume: 409, not a 500 telling the client to retry (found in
        // review, once the replay itself refused them).
        m_db->execOrDie(u"UPDATE endpoints SET state = 'disabled', state_reason = 'answered 410' "
                        "WHERE name = 'billing'"_s);
        m_db->execOrDie(u"UPDATE deliveries SET state = 'dead' WHERE id = ?"_s, {pending});
        const QByteArray bodies[] = {R"({"endpoint": "billing"})",
                                     QByteArray(R"({"delivery_ids": [)" + QByteArray::number(pending) + "]}")};
        for (const QByteArray &body : bodies) {
            const Answer disabled = send(m_port, {.target = "/v1/replays", .token = m_acme, .body = body});
            QCOMPARE(disabled.status, 409);
            QCOMPARE(disabled.type(), u"urn:hookyard:problem:not-replayable"_s);
            QVERIFY2(disabled.json().value(u"detail"_s).toString().contains(u"disabled"_s), disabled.body.constData());
        }
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM audit_log WHERE action = 'replay'"_s).toInt(), 1);
    }

    void badInputGetsAClearProblem_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("target");
        QTest::addColumn<QByteArray>("token"); // "acme" for a valid one
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        const QByteArray valid = eventBody();
        QTest::addRow("no token") << "POST"_ba
                                  << "/v1/events"_ba << QByteArray() << valid << 401 << u"unauthorized"_s;
        QTest::addRow("wrong token") << "POST"_ba
                                     << "/v1/events"_ba
                                     << "hyk_0123456789ab_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"_ba << valid
                                     << 401 << u"unauthorized"_s;
        QTest::addRow("malformed token") << "POST"_ba
                                         << "/v1/events"_ba
                                         << "secret"_ba << valid << 401 << u"unauthorized"_s;
        QTest::addRow("invalid JSON") << "POST"_ba
                                      << "/v1/events"_ba
                                      << "acme"_ba
                                      << "{\"event_type\": "_ba << 400 << u"invalid-json"_s;
        QTest::addRow("not an object") << "POST"_ba
                                       << "/v1/events"_ba
                                       << "acme"_ba
                                       << "[1, 2]"_ba << 400 << u"invalid-json"_s;
        QTest::addRow("no event type") << "POST"_ba
                                       << "/v1/events"_ba
                                       << "acme"_ba
                                       << R"({"payload": {}})"_ba << 422 << u"invalid-request"_s;
        QTest::addRow("unknown member") << "POST"_ba
                                        << "/v1/events"_ba
                                        << "acme"_ba
                                        << R"({"event_type": "x", "payload": {}, "paylaod": {}})"_ba << 422
                                        << u"invalid-request"_s;
        // Found by an adversarial helper: the last of the two was stored without a word, at any depth.
        QTest::addRow("a member twice") << "POST"_ba
                                        << "/v1/events"_ba
                                        << "acme"_ba
                                        << R"({"event_type": "x", "payload": {"a": 1}, "payload": {"a": 2}})"_ba << 422
                                        << u"invalid-request"_s;
        QTest::addRow("a nested member twice")
            << "POST"_ba
            << "/v1/events"_ba
            << "acme"_ba
            << R"({"event_type": "x", "payload": {"items": [{"n": 1}, {"n": 2, "\u006e": 3}]}})"_ba << 422
            << u"invalid-request"_s;
        // Found by trying bad input: a 500 that asked for a retry with the same key, for ever.
        QTest::addRow("unpaired surrogate")
            << "POST"_ba
            << "/v1/events"_ba
            << "acme"_ba
            << "{\"event_type\": \"x\", \"payload\": {\"s\": \"\\ud800\"}}"_ba << 400 << u"invalid-json"_s;
        QTest::addRow("blank event type")
            << "POST"_ba
            << "/v1/events"_ba
            << "acme"_ba
            << "{\"event_type\": \"   \", \"payload\": {}}"_ba << 422 << u"invalid-request"_s;
        QTest::addRow("scalar payload") << "POST"_ba
                                        << "/v1/events"_ba
                                        << "acme"_ba
                                        << R"({"event_type": "x", "payload": 5})"_ba << 422 << u"invalid-request"_s;
        QTest::addRow("bad aggregate id")
            << "POST"_ba
            << "/v1/events"_ba
            << "acme"_ba
            << R"({"event_type": "x", "aggregate_id": "A-1", "payload": {}})"_ba << 422 << u"invalid-request"_s;
        QTest::addRow("replay of both") << "POST"_ba
                                        << "/v1/replays"_ba
                                        << "acme"_ba
                                        << R"({"endpoint": "billing", "delivery_ids": [1]})"_ba << 422
                                        << u"invalid-request"_s;
        QTest::addRow("unknown path") << "GET"_ba
                                      << "/v2/events"_ba
                                      << "acme"_ba << QByteArray() << 404 << u"not-found"_s;
        QTest::addRow("wrong method") << "GET"_ba
                                      << "/v1/events"_ba
                                      << "acme"_ba << QByteArray() << 405 << u"method-not-allowed"_s;
        QTest::addRow("post to an event") << "POST"_ba
                                          << "/v1/events/0b7e8c8e-2f1c-4c8e-9a51-3f1b2c4d5e6f"_ba
                                          << "acme"_ba << valid << 405 << u"method-not-allowed"_s;
        QTest::addRow("body over the limit")
            << "POST"_ba
            << "/v1/events"_ba
            << "acme"_ba << QByteArray(1024 * 1024 + 1, ' ') << 413 << u"body-too-large"_s;
    }

    void badInputGetsAClearProblem()
    {
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, target);
        QFETCH(QByteArray, token);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, type);
        const Answer answer =
            send(m_port, {.method = method, .target = target, .token = token == "acme" ? m_acme : token, .body = body});
        QCOMPARE(answer.status, status);
        QCOMPARE(answer.header("content-type"), "application/problem+json");
        QCOMPARE(answer.type(), u"urn:hookyard:problem:"_s + type);
        QCOMPARE(answer.json().value(u"status"_s).toInt(), status);
        QVERIFY(!answer.json().value(u"detail"_s).toString().isEmpty());
        if (status == 401)
            QVERIFY(answer.header("www-authenticate").startsWith("Bearer"));
        if (status == 405)
            QCOMPARE(answer.header("allow"), method == "GET" ? "POST"_ba : "GET, HEAD"_ba);
        QCOMPARE(outboxRows(), 0);
    }

    // Found by trying bad input: a body declared a form (curl's -d) was read as JSON.
    void aBodyDeclaredOtherThanJsonIsRefused()
    {
        const Answer form =
            send(m_port, {.token = m_acme, .body = eventBody(), .contentType = "application/x-www-form-urlencoded"});
        QCOMPARE(form.status, 415);
        QCOMPARE(form.type(), u"urn:hookyard:problem:unsupported-media-type"_s);
        QVERIFY2(form.json().value(u"detail"_s).toString().contains(u"Content-Type: application/json"_s),
                 form.body.constData());
        QCOMPARE(form.header("accept-post"), "application/json");
        QCOMPARE(outboxRows(), 0);

        // JSON with parameters, the +json family and an undeclared body are read.
        int stored = 0;
        for (const QByteArray &type : {"application/json; charset=utf-8"_ba, "Application/JSON"_ba,
                                       "application/vnd.api+json"_ba, QByteArray()}) {
            const Answer answer = send(m_port, {.token = m_acme, .body = eventBody(), .contentType = type});
            QVERIFY2(answer.status == 201, type.constData());
            QCOMPARE(outboxRows(), ++stored);
        }
    }

    // The store unavailable: 503 E01033 before anything runs; with the database back, the same key runs.
    void theDatabaseDownIsServiceUnavailable()
    {
        hookyard::test::ClusterOfItsOwn cluster(u"api"_s); // stopping it disturbs no other test
        QVERIFY(cluster.start());
        QByteArray token;
        {
            auto connection = DatabaseConnection::open(cluster.settings(), u"test"_s);
            QVERIFY(connection);
            auto added = ApiTokens(*connection.value()).add(u"acme"_s, {});
            QVERIFY(added);
            token = added.value().toLatin1();
        }
        ApiServerOptions options;
        options.port = 0;
        ApiServer server(cluster.settings(), options);
        auto port = server.listen();
        QVERIFY(port);
        const Request request{.token = token, .key = "while-down", .body = eventBody()};
        QCOMPARE(send(port.value(), {.token = token, .key = "before", .body = eventBody()}).status, 201);

        QVERIFY(cluster.stop());
        for (int attempt = 0; attempt < 2; ++attempt) {
            const Answer down = send(port.value(), request);
            QCOMPARE(down.status, 503);
            QCOMPARE(down.code(), u"E01033"_s);
            QCOMPARE(down.header("content-type"), "application/problem+json");
            QVERIFY(down.hasHeader("retry-after"));
        }
        QCOMPARE(send(port.value(),
                      {.method = "GET", .target = "/v1/events/3a3f0d58-8c1b-4c55-a0a1-7a2e7f6ad001", .token = token})
                     .code(),
                 u"E01033"_s);

        QVERIFY(cluster.start());
        QTRY_COMPARE_WITH_TIMEOUT(send(port.value(), request).status, 201, 15000);
        auto connection = DatabaseConnection::open(cluster.settings(), u"test"_s);
        QVERIFY(connection);
        auto counted = connection.value()->exec(u"SELECT count(*) FROM outbox_events"_s);
        QVERIFY(counted && counted.value().next());
        QCOMPARE(counted.value().value(0).toInt(), 2);
        connection.value().reset();
        QVERIFY(cluster.stop());
    }

    // Tokens from the command line: shown once, listed without their secret, revoked at once; and the API served
    // beside the receiver.
    void tokensAndTheApiBesideTheReceiver()
    {
        const auto added = runHookyard({u"--database"_s, m_db->url(), u"api-token"_s, u"add"_s, u"--tenant"_s,
                                        u"initech"_s, u"--reason"_s, u"onboarding"_s});
        QCOMPARE(added.exitCode, 0);
        const auto match =
            QRegularExpression(u"token: (hyk_([0-9a-f]{12})_\\S+)"_s).match(QString::fromUtf8(added.out));
        QVERIFY2(match.hasMatch(), added.out.constData());
        const QByteArray token = match.captured(1).toLatin1();
        const QString lookup = match.captured(2);
        QVERIFY(!m_db->scalar(u"SELECT count(*) FROM api_tokens WHERE token_sha256::text LIKE ?"_s,
                              {QString(u"%"_s + QString::fromLatin1(token.toHex()) + u"%"_s)})
                     .toBool());
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM audit_log WHERE action = 'api-token.add' AND reason = 'onboarding'"
                              " AND details::text NOT LIKE ?"_s,
                              {QString(u"%"_s + QString::fromLatin1(token) + u"%"_s)})
                     .toInt(),
                 1);
        const auto listed = runHookyard({u"--database"_s, m_db->url(), u"api-token"_s, u"list"_s});
        QCOMPARE(listed.exitCode, 0);
        QVERIFY(listed.out.contains(lookup.toLatin1()));
        QVERIFY(!listed.out.contains(token));

        Background receiver = startHookyard({u"--database"_s, m_db->url(), u"receive"_s, u"--listen"_s,
                                             u"127.0.0.1:0"_s, u"--no-worker"_s, u"--api-listen"_s, u"127.0.0.1:0"_s},
                                            kApiLine);
        QVERIFY(receiver.port);
        QCOMPARE(send(receiver.port, {.token = token, .key = "k", .body = eventBody()}).status, 201);
        // Given the whole token, it says which one went by its lookup, without echoing the secret part.
        const hookyard::test::HookyardRun revoked =
            runHookyard({u"--database"_s, m_db->url(), u"api-token"_s, u"revoke"_s, QString::fromLatin1(token)});
        QCOMPARE(revoked.exitCode, 0);
        QCOMPARE(revoked.out, "revoked API token hyk_" + lookup.toLatin1() + "\n");
        QCOMPARE(send(receiver.port, {.token = token, .key = "k", .body = eventBody()}).status, 401);
        receiver.process->terminate();
        QVERIFY(receiver.process->waitForFinished(10000));
        QCOMPARE(receiver.process->exitCode(), 0);
        const hookyard::test::HookyardRun again =
            runHookyard({u"--database"_s, m_db->url(), u"api-token"_s, u"revoke"_s, lookup});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("was already revoked at"), again.err.constData());
        const hookyard::test::HookyardRun bogus =
            runHookyard({u"--database"_s, m_db->url(), u"idempotency"_s, u"resolve"_s, u"1"_s, u"--as"_s, u"done"_s,
                         u"--note"_s, u"x"_s});
        QCOMPARE(bogus.exitCode, 2);
        QCOMPARE(bogus.err, QByteArray("hookyard: --as takes failed or unknown, not 'done'\n"));
        // A blank note is the command line's mistake, as for `reconcile resolve`.
        const hookyard::test::HookyardRun blank =
            runHookyard({u"--database"_s, m_db->url(), u"idempotency"_s, u"resolve"_s, u"1"_s, u"--as"_s, u"failed"_s,
                         u"--note"_s, u"  "_s});
        QCOMPARE(blank.exitCode, 2);
    }

    // The console's Idempotency view: stuck records first, then the others newest first; its filters and search.
    void theConsoleListsStuckRecordsFirst()
    {
        m_db->execOrDie(
            u"INSERT INTO idempotency_keys (tenant, operation, idempotency_key, fingerprint, status, created_at,"
            "   locked_until, expires_at, completed_at, response_status, response_body, resource_id)"
            " SELECT CASE WHEN n % 2 = 0 THEN 'acme' ELSE 'globex' END, 'POST /v1/events', 'key-' || n, '\\x00',"
            "   (ARRAY['succeeded', 'failed', 'processing'])[n % 3 + 1], now() - n * interval '1 minute',"
            "   CASE WHEN n % 3 = 2 AND n > 6 THEN now() - interval '1 second' ELSE now() + interval '1 hour' END,"
            "   now() + interval '3 hours', CASE WHEN n % 3 <> 2 THEN now() END,"
            "   CASE n % 3 WHEN 0 THEN 201 WHEN 1 THEN 400 END,"
            "   CASE n % 3 WHEN 0 THEN convert_to('{\"id\": \"e-' || n || '\"}', 'UTF8') END,"
            "   CASE WHEN n = 3 THEN '7d1f8a7e-1111-4c4c-9d7a-2f1b9a7c0e11'::uuid END"
            " FROM generate_series(1, 12) n"_s);
        // Stuck: keys 8 and 11 (processing past their lock); processing: 2 and 5.
        const auto keys = [&](const ViewFilter &filter) {
            QStringList listed;
            auto rows = hookyard::core::fetchPage(m_db->connection(), View::Idempotency, filter, std::nullopt, 100);
            if (!rows)
                qWarning("%s", qPrintable(rows.error()));
            for (const auto &row : rows.value())
                listed << row.cells.at(4).toString() + u'/' + row.state;
            return listed;
        };
        QCOMPARE(keys({}).mid(0, 4),
                 (QStringList{u"key-11/stuck"_s, u"key-8/stuck"_s, u"key-1/failed"_s, u"key-2/processing"_s}));
        QCOMPARE(keys({}).size(), 12);
        ViewFilter filter;
        filter.states = {u"stuck"_s, u"processing"_s};
        QCOMPARE(keys(filter),
                 (QStringList{u"key-11/stuck"_s, u"key-8/stuck"_s, u"key-2/processing"_s, u"key-5/processing"_s}));
        filter = {};
        filter.party = u"acme"_s;
        filter.states = {u"stuck"_s};
        QCOMPARE(keys(filter), QStringList{u"key-8/stuck"_s});
        filter = {};
        filter.search = u"key-7"_s;
        QCOMPARE(keys(filter), QStringList{u"key-7/failed"_s});
        filter.search = u"7d1f8a7e-1111-4c4c-9d7a-2f1b9a7c0e11"_s;
        QCOMPARE(keys(filter), QStringList{u"key-3/succeeded"_s});
        filter.search = u"{\"id\": \"e-6\"}"_s;
        QCOMPARE(keys(filter), QStringList{u"key-6/succeeded"_s});
        auto count = hookyard::core::countMatching(m_db->connection(), View::Idempotency, {});
        QVERIFY(count);
        QCOMPARE(count.value(), 12);

        // Paged one row at a time, every record comes once, in the same order.
        QStringList paged;
        std::optional<hookyard::core::KeysetPosition> after;
        while (true) {
            auto rows = hookyard::core::fetchPage(m_db->connection(), View::Idempotency, {}, after, 1);
            QVERIFY(rows);
            if (rows->isEmpty())
                break;
            paged << rows->first().cells.at(4).toString() + u'/' + rows->first().state;
            after = rows->first().position;
        }
        QCOMPARE(paged, keys({}));

        // Its detail: the request's scope and the answer retries get.
        const QString id =
            m_db->scalar(u"SELECT id::text FROM idempotency_keys WHERE idempotency_key = 'key-6'"_s).toString();
        auto detail = hookyard::core::loadDetail(m_db->connection(), {RowRef::Kind::IdempotencyKey, id});
        QVERIFY(detail);
        QCOMPARE(detail->title, u"POST /v1/events"_s);
        QCOMPARE(detail->primaryId, u"key-6"_s);
        QCOMPARE(detail->state, u"succeeded"_s);
        QCOMPARE(detail->payload, u"{\"id\": \"e-6\"}"_s);
    }

private:
    // Sends `request` and cuts its database connection while the operation waits for a lock: the answer is a 500.
    void cutWhileItRuns(const Request &request)
    {
        auto lock = std::make_unique<OutboxLock>(*m_db);
        Exchange first(m_port, rawRequest(request));
        const QString waiting = u"FROM pg_stat_activity WHERE datname = current_database() "
                                "AND application_name = 'hookyard-api' AND wait_event_type = 'Lock'"_s;
        QTRY_COMPARE_WITH_TIMEOUT(m_db->scalar(u"SELECT count(*) "_s + waiting).toInt(), 1, kAnswerTimeoutMs);
        m_db->execOrDie(u"SELECT pg_terminate_backend(pid) "_s + waiting);
        QTRY_VERIFY_WITH_TIMEOUT(first.isDone(), kAnswerTimeoutMs);
        QCOMPARE(first.answer().status, 500);
    }

    void startServer(ApiServerOptions options)
    {
        m_server.reset();
        options.port = 0;
        options.connections = 8;
        m_server = std::make_unique<ApiServer>(m_db->settings(), options);
        auto port = m_server->listen();
        QVERIFY(port);
        m_port = port.value();
    }

    Background startApi(const QStringList &options)
    {
        return startHookyard(
            QStringList{u"--database"_s, m_db->url(), u"api"_s, u"--listen"_s, u"127.0.0.1:0"_s} + options, kApiLine);
    }

    int outboxRows() { return m_db->scalar(u"SELECT count(*) FROM outbox_events"_s).toInt(); }

    QString recordStatus(const QByteArray &key)
    {
        return m_db
            ->scalar(u"SELECT status FROM idempotency_keys WHERE idempotency_key = ?"_s, {QString::fromLatin1(key)})
            .toString();
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<ApiServer> m_server;
    quint16 m_port = 0;
    QByteArray m_acme;
    QByteArray m_globex;
};

QTEST_GUILESS_MAIN(TestIdempotencyApi)
#include "tst_idempotencyapi.moc"
