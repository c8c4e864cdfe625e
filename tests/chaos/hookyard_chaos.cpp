// The chaos run (issue 8, docs/reliability.md): the real `hookyard` relay, receiver and worker processes under steady
// load while a loop SIGKILLs them, restarts PostgreSQL and makes the outbound sink hang, drop connections and answer
// 500; then the faults stop, everything drains, and the run verifies that nothing was lost and every inbound event
// had its side effect exactly once. It prints one summary and exits non-zero on any violation.
//
//   hookyard_chaos --short                      CI: about a minute of faults (ctest entry "chaos_short")
//   hookyard_chaos --long [--seed N]            by hand: ≥ 100 kills and ≥ 5 PostgreSQL restarts
//   --duration S  --kills N  --pg-restarts N    the minimums; the run stops once all three are reached
//
// HOOKYARD_BINARY names the binary under test. Everything runs on a PostgreSQL cluster of the run's own, in
// /tmp/hookyard-chaos-<pid> (kept when the run fails, with every process's log; removed when it passes).
//
// The seed fixes the run's choices (which fault, when, how long, the shape of the load); the timing of the processes
// themselves is the machine's, so two runs with one seed are alike, not identical.

#include "HttpSink.h"
#include "RunHookyard.h"

#include "db/Database.h"
#include "db/ManagedCluster.h"
#include "signing/Signatures.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QQueue>
#include <QRandomGenerator>
#include <QSet>
#include <QTcpServer>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace hookyard::chaos {

using core::ConnectionSettings;
using core::DatabaseConnection;
using test::HttpSink;

const QString kEndpointName = u"chaos-sink"_s;
const QString kPartnerName = u"chaos"_s;
// The endpoint's per-attempt timeout: a request the sink lets hang fails after this long.
constexpr int kEndpointTimeoutMs = 1000;
// Short leases (endpoint or handler timeout + this) so that rows of a killed process return within seconds.
const QString kLeaseMarginS = u"2"_s;
// Every inbound order goes created → paid → shipped; each step is one webhook.
const QStringList kOrderSteps{u"order.created"_s, u"order.paid"_s, u"order.shipped"_s};

struct Options
{
    int durationS = 60;
    int minKills = 10;
    int minPgRestarts = 2;
    quint32 seed = 1;
    QString mode = u"short"_s;
    int eventsPerSecond = 100; // outbox events inserted by the producer
    int ordersPerSecond = 10;  // inbound orders, 3 webhooks each
    int drainTimeoutS = 120;   // after the faults stop: the receiver's own worker keeps its default 30 s lease margin
};

// Runs the event loop until done() holds (checked every 100 ms) or timeoutMs passed; returns done().
bool runEventsUntil(const std::function<bool()> &done, qint64 timeoutMs)
{
    if (done())
        return true;
    const QDeadlineTimer deadline(timeoutMs);
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done() || deadline.hasExpired())
            loop.quit();
    });
    poll.start(100);
    loop.exec();
    return done();
}

void say(const QString &line)
{
    std::fprintf(stderr, "chaos: %s\n", qPrintable(line));
    std::fflush(stderr);
}

// ---- The outbound sink: the endpoint the relays deliver to ----

// What the sink did with one request. The chaos loop switches the mode; every request is answered per the mode at
// the moment its body arrived.
enum class SinkMode
{
    Ok,      // 200
    Fail500, // 500
    Drop,    // close the connection after reading the body, without a byte of answer
    Hang,    // never answer: the relay's timeout ends the request
};
constexpr int kSinkModeCount = 4;

QString sinkModeName(SinkMode mode)
{
    switch (mode) {
    case SinkMode::Ok:
        return u"ok"_s;
    case SinkMode::Fail500:
        return u"500"_s;
    case SinkMode::Drop:
        return u"drop"_s;
    case SinkMode::Hang:
        return u"hang"_s;
    }
    return {};
}

class FaultySink final
{
public:
    FaultySink()
    {
        m_sink.setHandler([this](const HttpSink::Request &request, int) { return answer(request); });
    }

    QUrl url() const { return m_sink.url(u"/hooks"_s); }
    void setMode(SinkMode mode)
    {
        QMutexLocker lock(&m_mutex);
        m_mode = mode;
    }

    // Per webhook-id, what the sink did with each request carrying it, in arrival order.
    QHash<QByteArray, QList<SinkMode>> actionsById() const
    {
        QMutexLocker lock(&m_mutex);
        return m_actions;
    }
    // Requests whose body's "event" (the outbox event id the producer wrote into its payload) is not their webhook-id.
    int mismatchedIds() const
    {
        QMutexLocker lock(&m_mutex);
        return m_mismatchedIds;
    }
    int requestCount() const { return m_sink.requestCount(); }

private:
    HttpSink::Reply answer(const HttpSink::Request &request)
    {
        const QByteArray webhookId = request.header("webhook-id"_ba);
        const QByteArray eventId = QJsonDocument::fromJson(request.body)[u"event"_s].toString().toLatin1();
        QMutexLocker lock(&m_mutex);
        m_actions[webhookId].append(m_mode);
        if (webhookId.isEmpty() || webhookId != eventId)
            ++m_mismatchedIds;
        switch (m_mode) {
        case SinkMode::Ok:
            return {};
        case SinkMode::Fail500:
            return {.status = 500};
        case SinkMode::Drop:
            return {.action = HttpSink::Reply::DropAfterBody};
        case SinkMode::Hang:
            return {.action = HttpSink::Reply::Hang};
        }
        return {};
    }

    mutable QMutex m_mutex;
    SinkMode m_mode = SinkMode::Ok;
    QHash<QByteArray, QList<SinkMode>> m_actions;
    int m_mismatchedIds = 0;
    HttpSink m_sink; // last: destroyed first, so its thread never runs answer() on a dead FaultySink
};

// ---- The partner's handler: where the worker forwards each applied inbound event ----

// It stands for the business system behind the inbox and, as Hookyard's contract asks of it, deduplicates by
// Idempotency-Key (the inbox id): the first call with a key is the side effect, a later call with the same key is a
// repeat it absorbs (a worker killed after the call, before its commit, calls again).
//
// A DOUBLE SIDE EFFECT is a second side effect for one partner event: the same webhook-id (the sender's event id)
// arriving under a second, different Idempotency-Key — even a deduplicating handler would apply it twice. An
// OUT-OF-ORDER side effect is one that does not follow its order's state machine (created, then paid, then shipped),
// which would mean a transition was applied from the wrong state.
class HandlerSink final
{
public:
    HandlerSink()
    {
        m_sink.setHandler([this](const HttpSink::Request &request, int) {
            record(request);
            return HttpSink::Reply{};
        });
    }

    QUrl url() const { return m_sink.url(u"/handle"_s); }

    struct Effects
    {
        qint64 calls = 0;
        QHash<QByteArray, QByteArray> eventByKey; // Idempotency-Key -> webhook-id of its first call
        QHash<QByteArray, int> keysByEvent;       // webhook-id -> distinct Idempotency-Keys it arrived under
        QHash<QString, QStringList> stepsByOrder; // order id -> event types of its side effects, in order
        int outOfOrder = 0;
    };
    Effects effects() const
    {
        QMutexLocker lock(&m_mutex);
        return m_effects;
    }

private:
    void record(const HttpSink::Request &request)
    {
        const QByteArray key = request.header("idempotency-key"_ba);
        const QJsonDocument body = QJsonDocument::fromJson(request.body);
        const QByteArray eventId = body[u"id"_s].toString().toLatin1();
        const QString type = body[u"type"_s].toString();
        const QString order = body[u"data"_s][u"id"_s].toString();
        QMutexLocker lock(&m_mutex);
        ++m_effects.calls;
        if (m_effects.eventByKey.contains(key))
            return; // a repeat of a side effect already made
        m_effects.eventByKey.insert(key, eventId);
        ++m_effects.keysByEvent[eventId];
        QStringList &steps = m_effects.stepsByOrder[order];
        if (kOrderSteps.indexOf(type) != steps.size())
            ++m_effects.outOfOrder;
        steps.append(type);
    }

    mutable QMutex m_mutex;
    Effects m_effects;
    HttpSink m_sink; // last: destroyed first (see FaultySink)
};

// ---- The engine processes ----

enum class ProcessKind
{
    Relay,
    Receiver, // `hookyard receive` with its worker in the same process
    Worker,   // `hookyard worker`, beside the receiver's
};
constexpr int kProcessKindCount = 3;

QString processKindName(ProcessKind kind)
{
    switch (kind) {
    case ProcessKind::Relay:
        return u"relay"_s;
    case ProcessKind::Receiver:
        return u"receiver"_s;
    case ProcessKind::Worker:
        return u"worker"_s;
    }
    return {};
}

// One `hookyard` process kept running: restarted after the chaos loop kills it, and after it exits on its own. An
// engine command that cannot reach the database when it starts exits with that one-line reason, as a service manager
// expects (it is restarted like here): such a refusal while PostgreSQL restarts is fine. Any other exit of its own —
// a crash, or a running process giving up — is a finding. Output goes to <name>.log in the run's directory.
class EngineProcess final : public QObject
{
public:
    EngineProcess(ProcessKind kind, QString name, QStringList arguments, const QString &logDir,
                  const QString &databaseUrl)
        : m_kind(kind)
        , m_name(std::move(name))
        , m_arguments(std::move(arguments))
        , m_logFile(logDir + u'/' + m_name + u".log"_s)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(u"HOOKYARD_DATABASE_URL"_s, databaseUrl);
        m_process.setProcessEnvironment(environment);
        m_process.setStandardOutputFile(m_logFile, QIODevice::Append);
        m_process.setStandardErrorFile(m_logFile, QIODevice::Append);
        connect(&m_process, &QProcess::finished, this, [this](int, QProcess::ExitStatus status) {
            if (m_ending)
                return;
            if (status == QProcess::NormalExit && lastLogLine().startsWith("hookyard: cannot connect to PostgreSQL"))
                ++m_startRefusals;
            else
                m_unexpectedExits << m_name + u": "_s + QString::fromUtf8(lastLogLine());
            restartAfter(1000);
        });
    }
    ~EngineProcess() override { stop(); }
    Q_DISABLE_COPY_MOVE(EngineProcess)

    ProcessKind kind() const { return m_kind; }
    bool isRunning() const { return m_process.state() == QProcess::Running; }
    // Exits at start because the database could not be reached; every other exit of its own, with its last words.
    int startRefusals() const { return m_startRefusals; }
    const QStringList &unexpectedExits() const { return m_unexpectedExits; }

    void start() { m_process.start(qEnvironmentVariable("HOOKYARD_BINARY"), m_arguments); }

    // SIGKILL: no drain, no clean-up; whatever it held must come back through lease expiry.
    void kill(int restartDelayMs)
    {
        m_ending = true;
        ::kill(pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(10000);
        m_ending = false;
        restartAfter(restartDelayMs);
    }

    // SIGTERM: drain and exit, as at a deployment; not restarted.
    bool stop()
    {
        m_ending = true;
        m_stopped = true;
        if (m_process.state() == QProcess::NotRunning)
            return true;
        m_process.terminate();
        return m_process.waitForFinished(60000) && m_process.exitCode() == 0;
    }

private:
    QByteArray lastLogLine() const
    {
        QFile log(m_logFile);
        if (!log.open(QIODevice::ReadOnly))
            return {};
        return log.readAll().trimmed().split('\n').constLast();
    }

    void restartAfter(int delayMs)
    {
        QTimer::singleShot(delayMs, this, [this] {
            if (!m_stopped && m_process.state() == QProcess::NotRunning)
                start();
        });
    }

    const ProcessKind m_kind;
    const QString m_name;
    const QStringList m_arguments;
    const QString m_logFile;
    QProcess m_process;
    bool m_ending = false;  // an exit we caused: not counted as its own
    bool m_stopped = false; // stopped for good
    int m_startRefusals = 0;
    QStringList m_unexpectedExits;
};

// ---- The producer: outbox events inserted in transactions, as an application would ----

class OutboxLoad final
{
public:
    explicit OutboxLoad(ConnectionSettings settings)
        : m_settings(std::move(settings))
    {}

    // One transaction with `count` events. Each payload names its own event id, so the sink can tell that a delivery
    // carries the id of the event it delivers. A failure drops the connection; the next call connects again.
    void insert(int count)
    {
        if (!m_connection) {
            auto opened = DatabaseConnection::open(m_settings, u"chaos-producer"_s);
            if (!opened) {
                ++m_failedTransactions;
                return;
            }
            m_connection = std::move(opened.value());
        }
        if (!insertAndCommit(count)) {
            ++m_failedTransactions;
            m_connection.reset(); // after insertAndCommit's handles on it are gone
        }
    }

    const QSet<QString> &confirmedIds() const { return m_confirmed; }
    int failedTransactions() const { return m_failedTransactions; }
    int uncertainCommits() const { return m_uncertainCommits; }

private:
    bool insertAndCommit(int count)
    {
        QSqlDatabase db = m_connection->database();
        if (!db.transaction())
            return false;
        auto inserted = m_connection->exec(
            u"WITH ids AS (SELECT gen_random_uuid() AS id FROM generate_series(1, ?)) "
            "INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
            "SELECT id, 'Order', gen_random_uuid(), 'order.updated', jsonb_build_object('event', id) FROM ids "
            "RETURNING id"_s,
            {count});
        if (!inserted) {
            db.rollback();
            return false;
        }
        QStringList ids;
        while (inserted.value().next())
            ids.append(inserted.value().value(0).toString());
        if (!db.commit()) {
            // The commit may or may not have happened: the verification counts what the table holds.
            ++m_uncertainCommits;
            return false;
        }
        for (const QString &id : std::as_const(ids))
            m_confirmed.insert(id);
        return true;
    }

    ConnectionSettings m_settings;
    std::unique_ptr<DatabaseConnection> m_connection;
    QSet<QString> m_confirmed; // ids whose transaction committed
    int m_failedTransactions = 0;
    int m_uncertainCommits = 0;
};

// ---- The partner: signed webhooks to the receiver, each retried until it is answered 200 ----

class PartnerSender final : public QObject
{
public:
    PartnerSender(QUrl receiverUrl, QByteArray signingKey, QRandomGenerator &random)
        : m_receiverUrl(std::move(receiverUrl))
        , m_signingKey(std::move(signingKey))
        , m_random(random)
    {}
    Q_DISABLE_COPY_MOVE(PartnerSender)

    // A new order with its three events. A quarter of the orders send them in reverse, so the worker defers and heals;
    // the rest are sent in order, but in flight side by side they may still arrive in any order.
    void addOrder()
    {
        const QString order = u"O-%1"_s.arg(++m_orders);
        QList<int> added;
        for (const QString &type : kOrderSteps) {
            const QByteArray id = "evt_" + order.toLatin1() + '_' + type.toLatin1();
            const QJsonObject body{
                {u"id"_s, QString::fromLatin1(id)}, {u"type"_s, type}, {u"data"_s, QJsonObject{{u"id"_s, order}}}};
            m_events.push_back({id, QJsonDocument(body).toJson(QJsonDocument::Compact)});
            added.append(int(m_events.size()) - 1);
        }
        if (m_random.bounded(4) == 0)
            std::reverse(added.begin(), added.end());
        for (int index : std::as_const(added))
            m_queue.enqueue(index);
        pump();
    }

    int orders() const { return m_orders; }
    qint64 sends() const { return m_sends; }
    int duplicatesSent() const { return m_duplicatesSent; }
    // Events not yet answered 200, and repeats queued or in flight.
    bool idle() const { return m_queue.isEmpty() && m_inFlight == 0 && m_waitingToRetry == 0; }
    // Webhook-ids answered 200 at least once.
    QSet<QByteArray> acknowledged() const
    {
        QSet<QByteArray> ids;
        for (const Event &event : m_events) {
            if (event.acknowledged)
                ids.insert(event.webhookId);
        }
        return ids;
    }

private:
    struct Event
    {
        QByteArray webhookId;
        QByteArray body;
        bool acknowledged = false;
    };
    static constexpr int kMaxInFlight = 16;
    static constexpr int kRetryDelayMs = 250;

    void pump()
    {
        while (m_inFlight < kMaxInFlight && !m_queue.isEmpty())
            send(m_queue.dequeue());
    }

    // Signed anew at each try, as a partner does, so a retry is never too old for the receiver's tolerance.
    void send(int index)
    {
        const Event &event = m_events.at(size_t(index));
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QNetworkRequest request(m_receiverUrl);
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
        request.setRawHeader("webhook-id"_ba, event.webhookId);
        request.setRawHeader("webhook-timestamp"_ba, QByteArray::number(now));
        request.setRawHeader("webhook-signature"_ba,
                             core::signing::standardSignatureHeader({m_signingKey}, event.webhookId, now, event.body));
        request.setTransferTimeout(5000);
        QNetworkReply *reply = m_network.post(request, event.body);
        ++m_inFlight;
        ++m_sends;
        connect(reply, &QNetworkReply::finished, this, [this, reply, index] {
            reply->deleteLater();
            --m_inFlight;
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (reply->error() != QNetworkReply::NoError || status != 200) {
                ++m_waitingToRetry;
                QTimer::singleShot(kRetryDelayMs, this, [this, index] {
                    --m_waitingToRetry;
                    m_queue.enqueue(index);
                    pump();
                });
            } else {
                Event &answered = m_events.at(size_t(index));
                // One in 20 acknowledged events is sent once more, as partners do: 200 again, no second effect.
                if (!answered.acknowledged && m_random.bounded(20) == 0) {
                    ++m_duplicatesSent;
                    m_queue.enqueue(index);
                }
                answered.acknowledged = true;
            }
            pump();
        });
    }

    const QUrl m_receiverUrl;
    const QByteArray m_signingKey;
    QRandomGenerator &m_random;
    QNetworkAccessManager m_network;
    std::vector<Event> m_events;
    QQueue<int> m_queue; // indexes into m_events, to send
    int m_inFlight = 0;
    int m_waitingToRetry = 0;
    int m_orders = 0;
    qint64 m_sends = 0;
    int m_duplicatesSent = 0;
};

// ---- The run ----

// What the faults and the load amounted to, for the summary.
struct Tally
{
    int kills[kProcessKindCount] = {};
    int pgRestarts = 0;
    qint64 sinkModeMs[kSinkModeCount] = {};
    int sinkSwitches = 0;
    double chaosSeconds = 0;

    int totalKills() const { return kills[0] + kills[1] + kills[2]; }
};

class ChaosRun final
{
public:
    explicit ChaosRun(Options options)
        : m_options(std::move(options))
        , m_random(m_options.seed)
        , m_runDir(u"/tmp/hookyard-chaos-%1"_s.arg(QCoreApplication::applicationPid()))
        , m_cluster({.dataDir = m_runDir + u"/cluster"_s, .durable = false})
    {}

    int run()
    {
        if (qEnvironmentVariableIsEmpty("HOOKYARD_BINARY")) {
            say(u"HOOKYARD_BINARY must name the hookyard binary under test"_s);
            return 2;
        }
        QDir().mkpath(m_runDir + u"/logs"_s);
        say(u"run directory %1, seed %2"_s.arg(m_runDir).arg(m_options.seed));
        if (auto started = m_cluster.start(); !started) {
            say(u"cannot start PostgreSQL: "_s + started.error());
            return 2;
        }
        m_databaseUrl = m_cluster.settings().toUrl();
        if (const QString error = setUp(); !error.isEmpty()) {
            say(u"set-up failed: %1 (kept %2)"_s.arg(error, m_runDir));
            stopCluster();
            return 2;
        }
        startProcesses();
        runFaults();
        drain();
        stopProcesses();
        const bool passed = verify();
        stopCluster();
        if (passed)
            QDir(m_runDir).removeRecursively();
        else
            say(u"kept %1 (cluster, process logs in logs/)"_s.arg(m_runDir));
        return passed ? 0 : 1;
    }

private:
    void stopCluster()
    {
        if (const core::Status stopped = m_cluster.stop(); !stopped)
            say(stopped.error());
    }

    QString hookyard(const QStringList &arguments) const
    {
        const test::HookyardRun result = test::runHookyard(QStringList{u"--database"_s, m_databaseUrl} + arguments);
        if (result.exitCode == 0)
            return {};
        return u"hookyard %1: %2"_s.arg(arguments.join(u' '), QString::fromUtf8(result.err).trimmed());
    }

    // The run's one endpoint: the loopback sink, which the SSRF guard refuses unless the endpoint allows it.
    QString addSinkEndpoint()
    {
        return hookyard({u"endpoint"_s, u"add"_s, kEndpointName, u"--url"_s, m_sink.url().toString(), u"--retry"_s,
                         u"1,1"_s, u"--timeout-ms"_s, QString::number(kEndpointTimeoutMs), u"--allow-private-network"_s,
                         u"--reason"_s, u"chaos run"_s});
    }

    QString setUp()
    {
        if (QString error = hookyard({u"migrate"_s}); !error.isEmpty())
            return error;
        if (QString error = addSinkEndpoint(); !error.isEmpty())
            return error;

        const QString secret = core::signing::generateStandardSecret();
        const QJsonObject config{{u"event_type"_s, u"/type"_s},
                                 {u"entity_type"_s, u"=order"_s},
                                 {u"entity_id"_s, u"/data/id"_s},
                                 {u"mode"_s, u"state_machine"_s},
                                 {u"handler_url"_s, m_handler.url().toString()},
                                 {u"handler_timeout_ms"_s, 2000},
                                 {u"defer_max_age_s"_s, 3600},
                                 {u"defer_max_count"_s, 1000}};
        // Handler attempts fail only while the database is away (the handler itself always answers 200): many
        // short retries, so no event is quarantined for an outage the run caused on purpose.
        if (QString error =
                hookyard({u"partner"_s, u"add"_s, kPartnerName, u"--scheme"_s, u"standard"_s, u"--secret"_s, secret,
                          u"--retry"_s, u"1,1,1,2,2,2,3,3,3,5,5,5"_s, u"--config"_s,
                          QString::fromUtf8(QJsonDocument(config).toJson()), u"--reason"_s, u"chaos run"_s});
            !error.isEmpty())
            return error;

        auto connection = DatabaseConnection::open(m_cluster.settings(), u"chaos-setup"_s);
        if (!connection)
            return connection.error();
        auto transitions = connection.value()->exec(
            u"INSERT INTO state_transitions (partner_name, entity_type, event_type, from_states, to_state) VALUES "
            "(?, 'order', 'order.created', '{}', 'created'), (?, 'order', 'order.paid', '{created}', 'paid'), "
            "(?, 'order', 'order.shipped', '{paid}', 'shipped')"_s,
            {kPartnerName, kPartnerName, kPartnerName});
        if (!transitions)
            return transitions.error();

        QTcpServer probe; // a free port for the receiver, kept across its restarts so the partner can find it
        if (!probe.listen(QHostAddress::LocalHost, 0))
            return u"no free port for the receiver"_s;
        m_receiverPort = probe.serverPort();
        const auto key = core::signing::standardSecretKey(secret);
        m_sender = std::make_unique<PartnerSender>(
            QUrl(u"http://127.0.0.1:%1/webhooks/%2"_s.arg(m_receiverPort).arg(kPartnerName)), key.value(), m_random);
        m_producer = std::make_unique<OutboxLoad>(m_cluster.settings());
        return {};
    }

    void startProcesses()
    {
        const QString logs = m_runDir + u"/logs"_s;
        const QStringList relay{u"relay"_s, u"--poll-ms"_s, u"500"_s, u"--lease-margin"_s, kLeaseMarginS};
        m_processes.push_back(
            std::make_unique<EngineProcess>(ProcessKind::Relay, u"relay-1"_s, relay, logs, m_databaseUrl));
        m_processes.push_back(
            std::make_unique<EngineProcess>(ProcessKind::Relay, u"relay-2"_s, relay, logs, m_databaseUrl));
        m_processes.push_back(std::make_unique<EngineProcess>(
            ProcessKind::Receiver, u"receiver"_s,
            QStringList{u"receive"_s, u"--listen"_s, u"127.0.0.1:%1"_s.arg(m_receiverPort)}, logs, m_databaseUrl));
        m_processes.push_back(std::make_unique<EngineProcess>(
            ProcessKind::Worker, u"worker"_s,
            QStringList{u"worker"_s, u"--poll-ms"_s, u"500"_s, u"--lease-margin"_s, kLeaseMarginS}, logs,
            m_databaseUrl));
        for (auto &process : m_processes)
            process->start();
    }

    // Load and faults until the duration passed and both minimums are reached (bounded at four times the duration).
    void runFaults()
    {
        QElapsedTimer clock;
        clock.start();
        const qint64 durationMs = qint64(m_options.durationS) * 1000;

        constexpr int kLoadTickMs = 50;
        QTimer load;
        double ordersDue = 0;
        QObject::connect(&load, &QTimer::timeout, [&] {
            m_producer->insert(std::max(1, m_options.eventsPerSecond * kLoadTickMs / 1000));
            ordersDue += m_options.ordersPerSecond * kLoadTickMs / 1000.0;
            for (; ordersDue >= 1; ordersDue -= 1)
                m_sender->addOrder();
        });
        load.start(kLoadTickMs);

        // PostgreSQL restarts are spread over the duration so the minimum is met in time; kills come at random
        // intervals in between.
        const qint64 restartSpacingMs = durationMs / (m_options.minPgRestarts + 1);
        qint64 nextRestartMs = restartSpacingMs;
        std::unique_ptr<QThread> restart;
        QTimer faults;
        faults.setSingleShot(true);
        QObject::connect(&faults, &QTimer::timeout, [&] {
            if ((!restart || restart->isFinished()) && clock.elapsed() >= nextRestartMs) {
                restart = restartPostgres();
                nextRestartMs = clock.elapsed() + restartSpacingMs * m_random.bounded(70, 130) / 100;
            } else {
                killOne();
            }
            faults.start(m_random.bounded(500, 3000));
        });
        faults.start(1000);

        // The sink is healthy half of the time; each fault mode holds for 1-8 s, long enough to exhaust a delivery's
        // retries (3 attempts: now, after 1 s and after 1 more) and dead-letter it.
        QElapsedTimer sinkModeSince;
        sinkModeSince.start();
        SinkMode sinkMode = SinkMode::Ok;
        auto switchSink = [&](SinkMode next) {
            m_tally.sinkModeMs[int(sinkMode)] += sinkModeSince.restart();
            sinkMode = next;
            m_sink.setMode(next);
        };
        QTimer sinkFaults;
        sinkFaults.setSingleShot(true);
        QObject::connect(&sinkFaults, &QTimer::timeout, [&] {
            const int pick = m_random.bounded(6);
            switchSink(pick < 3 ? SinkMode::Ok : SinkMode(pick - 2));
            ++m_tally.sinkSwitches;
            sinkFaults.start(m_random.bounded(1000, 8000));
        });
        sinkFaults.start(2000);

        QTimer progress;
        QObject::connect(&progress, &QTimer::timeout, [&] {
            say(u"%1 s: %2 kills, %3 PostgreSQL restarts, %4 events confirmed, %5 orders, sink %6"_s
                    .arg(clock.elapsed() / 1000)
                    .arg(m_tally.totalKills())
                    .arg(m_tally.pgRestarts)
                    .arg(m_producer->confirmedIds().size())
                    .arg(m_sender->orders())
                    .arg(sinkModeName(sinkMode)));
        });
        progress.start(10000);

        const bool reached = runEventsUntil(
            [&] {
                return clock.elapsed() >= durationMs && m_tally.totalKills() >= m_options.minKills &&
                       m_tally.pgRestarts >= m_options.minPgRestarts;
            },
            durationMs * 4);
        if (!reached)
            m_violations << u"the minimum kills and PostgreSQL restarts were not reached in 4x the duration"_s;
        faults.stop();
        sinkFaults.stop();
        load.stop();
        progress.stop();
        if (restart)
            runEventsUntil([&] { return restart->isFinished(); }, 180000);
        switchSink(SinkMode::Ok);
        m_tally.chaosSeconds = clock.elapsed() / 1000.0;
    }

    void killOne()
    {
        std::vector<EngineProcess *> running;
        for (auto &process : m_processes) {
            if (process->isRunning())
                running.push_back(process.get());
        }
        if (running.empty())
            return;
        EngineProcess *victim = running.at(m_random.bounded(quint32(running.size())));
        victim->kill(m_random.bounded(0, 1500));
        ++m_tally.kills[int(victim->kind())];
    }

    // Stops PostgreSQL (fast shutdown: every session is cut), leaves it down for 0.5-3 s, starts it again, on a thread
    // of its own so the load and the sinks carry on meanwhile. The processes must reconnect by themselves.
    std::unique_ptr<QThread> restartPostgres()
    {
        const int downMs = m_random.bounded(500, 3000);
        std::unique_ptr<QThread> thread(QThread::create([this, downMs] {
            const core::Status stopped = m_cluster.stop();
            QThread::msleep(ulong(downMs));
            const core::Status started = m_cluster.start();
            QMetaObject::invokeMethod(qApp, [this, stopped, started] {
                if (!stopped || !started)
                    m_violations << u"PostgreSQL restart failed: "_s + (stopped ? started.error() : stopped.error());
                ++m_tally.pgRestarts;
            });
        }));
        thread->start();
        return thread;
    }

    // Faults are over: the sender finishes what it has not had acknowledged, and the engine finishes every delivery
    // and inbox row (leases of killed processes run out first).
    void drain()
    {
        auto connection = DatabaseConnection::open(m_cluster.settings(), u"chaos-drain"_s);
        if (!connection) {
            m_violations << u"drain: "_s + connection.error();
            return;
        }
        const bool drained = runEventsUntil(
            [&] {
                if (!m_sender->idle())
                    return false;
                auto open = connection.value()->exec(
                    u"SELECT (SELECT count(*) FROM deliveries WHERE state NOT IN ('delivered', 'dead')) + "
                    "(SELECT count(*) FROM webhook_inbox WHERE status NOT IN ('PROCESSED', 'QUARANTINED'))"_s);
                return open && open.value().next() && open.value().value(0).toLongLong() == 0;
            },
            qint64(m_options.drainTimeoutS) * 1000);
        if (!drained)
            m_violations << u"not drained within %1 s"_s.arg(m_options.drainTimeoutS);
    }

    void stopProcesses()
    {
        for (auto &process : m_processes) {
            if (!process->stop())
                m_violations << u"a process did not stop cleanly on SIGTERM"_s;
        }
    }

    struct DeliveryRow
    {
        QString state;
        int attempts = 0;
        QString deadReason;
        int lastStatus = 0;
        QString lastErrorClass;
        QString lastErrorDetail;
        int lastDurationMs = 0;
    };

    // Whether a dead delivery's last attempt, as recorded, is what the sink did with the last request for its id.
    static bool attemptMatchesSink(const DeliveryRow &row, SinkMode lastAction)
    {
        const bool timedOut = row.lastDurationMs >= kEndpointTimeoutMs * 9 / 10;
        switch (lastAction) {
        case SinkMode::Ok:
            return false; // answered 200, yet dead
        case SinkMode::Fail500:
            return row.lastErrorClass == u"http_status"_s && row.lastStatus == 500;
        case SinkMode::Drop:
            return (row.lastErrorClass == u"unknown"_s || row.lastErrorClass == u"reset"_s) && !timedOut;
        case SinkMode::Hang:
            return (row.lastErrorClass == u"unknown"_s || row.lastErrorClass == u"timeout"_s) && timedOut;
        }
        return false;
    }

    bool verify()
    {
        auto opened = DatabaseConnection::open(m_cluster.settings(), u"chaos-verification"_s);
        if (!opened) {
            say(u"verification cannot connect: "_s + opened.error());
            return false;
        }
        const DatabaseConnection &db = *opened.value();
        auto rows = [&](const QString &sql) {
            auto result = db.exec(sql);
            if (!result)
                qFatal("verification query failed: %s", qPrintable(result.error()));
            return std::move(result.value());
        };

        // Outbound. The last attempt is the latest started: a relay whose lease ran out while the database was away
        // records its attempt after reconnecting, with a higher attempt number, but that record changed nothing (the
        // lease, and so the delivery, was no longer its own).
        std::map<QString, DeliveryRow> deliveries; // by event id; one endpoint, so one delivery per event
        QSqlQuery query = rows(u"SELECT d.event_id, d.state, d.attempt_count, coalesce(d.dead_reason, ''), "
                               "coalesce(a.status_code, 0), coalesce(a.error_class, ''), coalesce(a.error_detail, ''), "
                               "coalesce(a.duration_ms, 0) FROM deliveries d LEFT JOIN LATERAL ("
                               "  SELECT * FROM delivery_attempts WHERE delivery_id = d.id "
                               "  ORDER BY started_at DESC, id DESC LIMIT 1) a ON true"_s);
        while (query.next()) {
            deliveries[query.value(0).toString()] = {
                query.value(1).toString(), query.value(2).toInt(),    query.value(3).toString(), query.value(4).toInt(),
                query.value(5).toString(), query.value(6).toString(), query.value(7).toInt()};
        }
        QSet<QString> eventIds;
        query = rows(u"SELECT id FROM outbox_events"_s);
        while (query.next())
            eventIds.insert(query.value(0).toString());

        const QHash<QByteArray, QList<SinkMode>> sinkActions = m_sink.actionsById();
        qint64 delivered = 0, dead = 0, lost = 0, deadReasonsWrong = 0, attemptsUnseen = 0;
        for (const QString &eventId : std::as_const(eventIds)) {
            const auto found = deliveries.find(eventId);
            const QList<SinkMode> actions = sinkActions.value(eventId.toLatin1());
            if (found == deliveries.end()) {
                ++lost; // the fan-out trigger made no delivery
                continue;
            }
            const DeliveryRow &row = found->second;
            // Every recorded attempt is a request the sink received (a killed relay's unrecorded ones come on top).
            if (row.attempts > actions.size())
                ++attemptsUnseen;
            if (row.state == u"delivered"_s) {
                ++delivered;
                if (!actions.contains(SinkMode::Ok))
                    ++lost; // recorded delivered, but the sink never answered 200 for it
            } else if (row.state == u"dead"_s) {
                ++dead;
                if (actions.isEmpty() || !attemptMatchesSink(row, actions.last()) ||
                    !row.deadReason.startsWith(row.lastErrorDetail)) {
                    // The first few are shown, so that a failing run says which way they differ.
                    if (++deadReasonsWrong <= 5) {
                        QStringList sinkDid;
                        for (SinkMode action : actions)
                            sinkDid << sinkModeName(action);
                        say(u"dead letter %1: sink did [%2]; last attempt recorded: %3 %4 after %5 ms, \"%6\""_s.arg(
                            eventId, sinkDid.join(u", "_s), row.lastErrorClass, QString::number(row.lastStatus),
                            QString::number(row.lastDurationMs), row.lastErrorDetail));
                    }
                }
            } else {
                ++lost;
            }
        }
        qint64 foreignIds = m_sink.mismatchedIds(), redeliveredIds = 0, redeliveredAfter200 = 0;
        for (auto it = sinkActions.cbegin(); it != sinkActions.cend(); ++it) {
            if (!eventIds.contains(QString::fromLatin1(it.key())))
                ++foreignIds;
            if (it.value().size() > 1)
                ++redeliveredIds;
            if (it.value().count(SinkMode::Ok) > 1)
                ++redeliveredAfter200;
        }
        qint64 confirmedMissing = 0;
        for (const QString &id : m_producer->confirmedIds()) {
            if (!eventIds.contains(id))
                ++confirmedMissing;
        }
        query = rows(u"SELECT count(*) FROM outbox_events e JOIN deliveries d ON d.event_id = e.id "
                     "WHERE (d.state = 'delivered') <> (e.processed_at IS NOT NULL)"_s);
        query.next();
        const qint64 processedAtWrong = query.value(0).toLongLong();

        // Inbound.
        QHash<QByteArray, QString> inboxStatus; // webhook-id -> status
        QHash<QByteArray, QByteArray> inboxIdByEvent;
        query = rows(u"SELECT partner_event_id, status, id FROM webhook_inbox"_s);
        while (query.next()) {
            inboxStatus.insert(query.value(0).toByteArray(), query.value(1).toString());
            inboxIdByEvent.insert(query.value(0).toByteArray(), query.value(2).toByteArray());
        }
        const QSet<QByteArray> acknowledged = m_sender->acknowledged();
        qint64 acknowledgedNotStored = 0, processed = 0, quarantined = 0;
        for (const QByteArray &id : acknowledged) {
            if (!inboxStatus.contains(id))
                ++acknowledgedNotStored;
        }
        const HandlerSink::Effects effects = m_handler.effects();
        qint64 missingEffects = 0, doubleEffects = 0, effectsUnderAnotherKey = 0;
        for (auto it = inboxStatus.cbegin(); it != inboxStatus.cend(); ++it) {
            if (it.value() == u"PROCESSED"_s)
                ++processed;
            else if (it.value() == u"QUARANTINED"_s)
                ++quarantined;
            if (it.value() == u"PROCESSED"_s && !effects.keysByEvent.contains(it.key()))
                ++missingEffects;
        }
        for (const int keys : effects.keysByEvent)
            doubleEffects += keys - 1;
        for (auto it = effects.eventByKey.cbegin(); it != effects.eventByKey.cend(); ++it) {
            if (inboxIdByEvent.value(it.value()) != it.key())
                ++effectsUnderAnotherKey; // the handler's Idempotency-Key must be the event's inbox id
        }
        query = rows(u"SELECT count(*) FROM entity_states WHERE partner_name = 'chaos' AND state = 'shipped'"_s);
        query.next();
        const qint64 ordersShipped = query.value(0).toLongLong();

        query = rows(u"SELECT (SELECT count(*) FROM deliveries WHERE leased_by IS NOT NULL OR lease_expires_at IS NOT "
                     "NULL) + (SELECT count(*) FROM webhook_inbox WHERE leased_by IS NOT NULL OR lease_expires_at "
                     "IS NOT NULL)"_s);
        query.next();
        const qint64 leasesHeld = query.value(0).toLongLong();

        int startRefusals[kProcessKindCount] = {};
        QStringList unexpectedExits;
        for (const auto &process : m_processes) {
            startRefusals[int(process->kind())] += process->startRefusals();
            unexpectedExits += process->unexpectedExits();
        }

        auto require = [&](bool holds, const QString &what) {
            if (!holds)
                m_violations << what;
        };
        require(lost == 0, u"%1 events lost"_s.arg(lost));
        require(confirmedMissing == 0, u"%1 committed events missing from outbox_events"_s.arg(confirmedMissing));
        require(foreignIds == 0, u"%1 deliveries under an id that is not their event's"_s.arg(foreignIds));
        require(deadReasonsWrong == 0,
                u"%1 dead letters whose last attempt or reason is not what the sink did"_s.arg(deadReasonsWrong));
        require(attemptsUnseen == 0, u"%1 deliveries with more recorded attempts than requests"_s.arg(attemptsUnseen));
        require(processedAtWrong == 0,
                u"%1 events whose processed_at disagrees with their delivery"_s.arg(processedAtWrong));
        require(acknowledgedNotStored == 0, u"%1 acknowledged webhooks not stored"_s.arg(acknowledgedNotStored));
        require(processed == inboxStatus.size(),
                u"%1 stored webhooks not processed"_s.arg(inboxStatus.size() - processed));
        require(missingEffects == 0, u"%1 processed webhooks without their side effect"_s.arg(missingEffects));
        require(doubleEffects == 0, u"%1 double side effects"_s.arg(doubleEffects));
        require(effectsUnderAnotherKey == 0,
                u"%1 side effects under a key that is not their inbox id"_s.arg(effectsUnderAnotherKey));
        require(effects.outOfOrder == 0, u"%1 side effects out of state-machine order"_s.arg(effects.outOfOrder));
        require(
            ordersShipped == m_sender->orders(),
            u"%1 of %2 orders not in state shipped"_s.arg(m_sender->orders() - ordersShipped).arg(m_sender->orders()));
        require(leasesHeld == 0, u"%1 leases left held"_s.arg(leasesHeld));
        require(unexpectedExits.isEmpty(), u"processes exited on their own: "_s + unexpectedExits.join(u" | "_s));

        const Tally &t = m_tally;
        const double seconds = std::max(1.0, t.chaosSeconds);
        QStringList sinkModes;
        for (int mode = 0; mode < kSinkModeCount; ++mode)
            sinkModes << u"%1 %2 s"_s.arg(sinkModeName(SinkMode(mode))).arg(t.sinkModeMs[mode] / 1000);
        const QString summary =
            u"chaos summary (%1, seed %2, %3 s of faults)\n"
            "  load        %4 events produced (%5/s), %6 webhooks acknowledged (%7/s), %8 orders\n"
            "  faults      kills: relay %9, receiver %10, worker %11 (total %12); PostgreSQL restarts %13; "
            "sink %14 (%15 switches)\n"
            "  outbound    produced %16, delivered %17, dead %18, LOST %19; re-delivered ids %20 (answered 200 more "
            "than "
            "once %21), under another id %22; dead-letter reasons wrong %23; sink requests %24\n"
            "  inbound     sends %25 (duplicates %26), acknowledged %27, stored %28, processed %29, quarantined %30; "
            "handler calls %31 (repeats of a key %32), DOUBLE SIDE EFFECTS %33, out of order %34, missing %35\n"
            "  leases      left held %36\n"
            "  processes   refused to start while PostgreSQL was down (restarted): relay %37, receiver %38, worker "
            "%39; "
            "other exits of their own %40; producer transactions failed %41 (commit outcome unknown %42)\n"
            "  result      %43"_s.arg(m_options.mode)
                .arg(m_options.seed)
                .arg(qRound(t.chaosSeconds))
                .arg(eventIds.size())
                .arg(eventIds.size() / seconds, 0, 'f', 1)
                .arg(acknowledged.size())
                .arg(acknowledged.size() / seconds, 0, 'f', 1)
                .arg(m_sender->orders())
                .arg(t.kills[int(ProcessKind::Relay)])
                .arg(t.kills[int(ProcessKind::Receiver)])
                .arg(t.kills[int(ProcessKind::Worker)])
                .arg(t.totalKills())
                .arg(t.pgRestarts)
                .arg(sinkModes.join(u", "_s))
                .arg(t.sinkSwitches)
                .arg(eventIds.size())
                .arg(delivered)
                .arg(dead)
                .arg(lost)
                .arg(redeliveredIds)
                .arg(redeliveredAfter200)
                .arg(foreignIds)
                .arg(deadReasonsWrong)
                .arg(m_sink.requestCount())
                .arg(m_sender->sends())
                .arg(m_sender->duplicatesSent())
                .arg(acknowledged.size())
                .arg(inboxStatus.size())
                .arg(processed)
                .arg(quarantined)
                .arg(effects.calls)
                .arg(effects.calls - effects.eventByKey.size())
                .arg(doubleEffects)
                .arg(effects.outOfOrder)
                .arg(missingEffects)
                .arg(leasesHeld)
                .arg(startRefusals[int(ProcessKind::Relay)])
                .arg(startRefusals[int(ProcessKind::Receiver)])
                .arg(startRefusals[int(ProcessKind::Worker)])
                .arg(unexpectedExits.size())
                .arg(m_producer->failedTransactions())
                .arg(m_producer->uncertainCommits())
                .arg(m_violations.isEmpty() ? u"PASS"_s : u"FAIL: "_s + m_violations.join(u"; "_s));
        std::printf("%s\n", qPrintable(summary));
        std::fflush(stdout);
        return m_violations.isEmpty();
    }

    const Options m_options;
    QRandomGenerator m_random;
    const QString m_runDir;
    core::ManagedCluster m_cluster;
    QString m_databaseUrl;
    quint16 m_receiverPort = 0;
    FaultySink m_sink;
    HandlerSink m_handler;
    std::unique_ptr<OutboxLoad> m_producer;
    std::unique_ptr<PartnerSender> m_sender;
    std::vector<std::unique_ptr<EngineProcess>> m_processes;
    Tally m_tally;
    QStringList m_violations;
};

} // namespace hookyard::chaos

int main(int argc, char **argv)
{
    using hookyard::chaos::Options;
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Hookyard's chaos run: faults under load, then the proof that nothing was lost."_s);
    parser.addHelpOption();
    parser.addOptions({
        {u"short"_s, u"CI mode: 60 s, at least 10 kills and 2 PostgreSQL restarts (the default)."_s},
        {u"long"_s, u"By hand: 300 s, at least 100 kills and 5 PostgreSQL restarts."_s},
        {u"duration"_s, u"Minimum seconds of faults."_s, u"s"_s},
        {u"kills"_s, u"Minimum process kills."_s, u"n"_s},
        {u"pg-restarts"_s, u"Minimum PostgreSQL restarts."_s, u"n"_s},
        {u"seed"_s, u"Seed of the run's random choices (default: from the clock, printed)."_s, u"n"_s},
    });
    parser.process(app);

    Options options;
    if (parser.isSet(u"long"_s))
        options = {.durationS = 300, .minKills = 100, .minPgRestarts = 5, .mode = u"long"_s};
    options.seed = parser.isSet(u"seed"_s) ? parser.value(u"seed"_s).toUInt()
                                           : quint32(QDateTime::currentMSecsSinceEpoch() % 1000000);
    auto readCount = [&](const QString &name, int &into) {
        if (!parser.isSet(name))
            return true;
        bool ok = false;
        const int value = parser.value(name).toInt(&ok);
        if (!ok || value < 0)
            return false;
        into = value;
        return true;
    };
    if (!readCount(u"duration"_s, options.durationS) || !readCount(u"kills"_s, options.minKills) ||
        !readCount(u"pg-restarts"_s, options.minPgRestarts) || options.durationS == 0) {
        std::fprintf(stderr,
                     "hookyard_chaos: --duration, --kills and --pg-restarts take whole numbers (duration > 0)\n");
        return 2;
    }
    return hookyard::chaos::ChaosRun(options).run();
}
