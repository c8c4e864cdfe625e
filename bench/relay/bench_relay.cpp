// bench_relay: the outbox relay's delivery rate and idle latency, measured in one invocation against two baselines
// (PRODUCT.md §7): pgbench running the relay's SQL per batch, and HttpTransfers alone sending the same signed POSTs.
// Everything runs on a throwaway durable cluster (fsync and synchronous_commit on), which the program stops again.
// bench/relay/run.sh starts the nginx sink and passes its URL; docs/benchmarks.md holds the results.

#include "common/BenchSupport.h"
#include "db/Database.h"
#include "db/Migrator.h"
#include "endpoints/EndpointStore.h"
#include "relay/DeliveryStore.h"
#include "relay/HttpTransfers.h"
#include "relay/Relay.h"
#include "signing/Signatures.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QMutex>
#include <QSqlQuery>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QUrl>
#include <QUuid>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;
using namespace hookyard::core;
using namespace hookyard::bench;
using SteadyClock = std::chrono::steady_clock;

namespace {

struct Config
{
    QByteArray sinkUrl;
    int events = 100000;
    int threads = 4;
    int concurrency = 128;
    int batch = 128;
    int latencyEvents = 200;
    int latencyGapMs = 20;
    QString pgbenchMode = u"prepared"_s;
    qint64 sinkPid = 0;
    int timeoutSeconds = 900;
    bool markdown = false;
    bool statements = false;
};

struct CpuSample
{
    double machine = 0;      // every process on every core
    double self = 0;         // this process, exited threads included
    double relayThreads = 0; // the threads Relay names "relay"
    double postgres = 0;
    double sink = 0;
    double children = 0; // this process's children that were waited for: pgbench

    CpuSample operator-(const CpuSample &earlier) const
    {
        return {machine - earlier.machine,   self - earlier.self, relayThreads - earlier.relayThreads,
                postgres - earlier.postgres, sink - earlier.sink, children - earlier.children};
    }
};

CpuSample sampleCpu(qint64 postmasterPid, qint64 sinkPid)
{
    CpuSample sample;
    sample.machine = machineBusySeconds();
    sample.self = ownSeconds();
    sample.relayThreads = threadSeconds("relay");
    const QList<ProcessTimes> processes = allProcesses();
    sample.postgres = processTreeSeconds(postmasterPid, processes);
    if (sinkPid > 0)
        sample.sink = processTreeSeconds(sinkPid, processes);
    sample.children = waitedChildrenSeconds();
    return sample;
}

// ---- the latency sink ----

// The receiver of the latency part: a minimal HTTP/1.1 keep-alive server on a thread of its own, noting when each
// request's body was complete, by webhook-id, on the same monotonic clock the committing thread reads.
class ArrivalSink final
{
public:
    ArrivalSink()
    {
        m_thread.setObjectName(u"arrival-sink"_s);
        m_server.moveToThread(&m_thread);
        m_thread.start();
        QMetaObject::invokeMethod(
            &m_server, [this] { listen(); }, Qt::BlockingQueuedConnection);
    }

    ~ArrivalSink()
    {
        QMetaObject::invokeMethod(
            &m_server,
            [this] {
                m_server.close();
                qDeleteAll(m_server.findChildren<QTcpSocket *>());
            },
            Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }

    Q_DISABLE_COPY_MOVE(ArrivalSink)

    bool isListening() const { return m_port != 0; }
    QString url() const { return u"http://127.0.0.1:%1/latency"_s.arg(m_port); }

    std::optional<SteadyClock::time_point> arrival(const QByteArray &webhookId) const
    {
        QMutexLocker locker(&m_mutex);
        const auto found = m_arrivals.constFind(webhookId);
        return found == m_arrivals.cend() ? std::nullopt : std::optional(*found);
    }

    qsizetype arrivals() const
    {
        QMutexLocker locker(&m_mutex);
        return m_arrivals.size();
    }

private:
    void listen()
    {
        if (!m_server.listen(QHostAddress::LocalHost, 0))
            return;
        m_port = m_server.serverPort();
        QObject::connect(&m_server, &QTcpServer::newConnection, &m_server, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { serve(socket); });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, [this, socket] {
                    m_buffers.remove(socket);
                    socket->deleteLater();
                });
            }
        });
    }

    void serve(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        while (true) {
            const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            qsizetype bodyLength = 0;
            QByteArray webhookId;
            for (const QByteArray &line : buffer.left(headerEnd).split('\n')) {
                const qsizetype colon = line.indexOf(':');
                if (colon < 0)
                    continue;
                const QByteArray name = line.left(colon).trimmed().toLower();
                if (name == "content-length")
                    bodyLength = line.mid(colon + 1).trimmed().toLongLong();
                else if (name == "webhook-id")
                    webhookId = line.mid(colon + 1).trimmed();
            }
            const qsizetype requestLength = headerEnd + 4 + bodyLength;
            if (buffer.size() < requestLength)
                return;
            const SteadyClock::time_point now = SteadyClock::now();
            buffer.remove(0, requestLength);
            {
                QMutexLocker locker(&m_mutex);
                m_arrivals.insert(webhookId, now);
            }
            socket->write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
        }
    }

    QThread m_thread;
    QTcpServer m_server;
    std::atomic<quint16> m_port{0};
    QHash<QTcpSocket *, QByteArray> m_buffers; // the sink thread's only
    mutable QMutex m_mutex;
    QHash<QByteArray, SteadyClock::time_point> m_arrivals;
};

// ---- the SQL ----

// ~300 bytes of JSON per event, like a typical order webhook; `n` numbers the event.
const QString kPayloadSql =
    uR"(jsonb_build_object('type', 'order.paid', 'order_id', gen_random_uuid(), 'n', n, 'amount_cents', 1000 + n % 9000,
  'currency', 'EUR', 'customer', jsonb_build_object('id', 'cus_' || md5(n::text), 'email', 'buyer' || n || '@example.com'),
  'items', jsonb_build_array(jsonb_build_object('sku', 'SKU-' || n % 1000, 'qty', 1 + n % 3, 'price_cents', 1000)),
  'created_at', now()))"_s;

// The relay's two statements per batch as pgbench runs them: DeliveryStore's own claim and record statements with
// the values the relay binds written in — no endpoint or event-type scope, no excluded endpoints, a 30 s lease
// margin, and `now` read by the server instead of sent by the client. In place of the claimed rows and payloads the
// relay reads, the claim hands pgbench one row: the attempt records as the relay would build them (every payload is
// still converted to text).
QString pgbenchScript(int batch)
{
    const QString relayInstance = u"('pgbench-' || :client_id)"_s;
    // Highest parameter number first, so that $1 never eats the start of a $1x.
    auto bind = [](QString sql, const QStringList &values) {
        for (qsizetype n = values.size(); n >= 1; --n)
            sql.replace(u'$' + QString::number(n), values.at(n - 1));
        return sql;
    };
    const QString claim = bind(DeliveryStore::claimCtesSql(), {u"now()"_s, u"''"_s, u"''"_s, u"'{}'"_s,
                                                               QString::number(batch), relayInstance, u"30"_s});
    const QString record = bind(DeliveryStore::recordSql(), {u":attempts"_s, relayInstance});
    return claim.trimmed() + uR"(
SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'started_at', clock_timestamp(), 'duration_ms', 0,
         'status_code', 200, 'error_class', 'ok', 'error_detail', NULL, 'snippet', NULL, 'outcome', 'delivered',
         'next_attempt_at', NULL, 'dead_reason', NULL)), '[]') AS attempts,
       sum(length(e.payload::text)) AS payload_bytes
FROM claimed c JOIN outbox_events e ON e.id = c.event_id \gset
)"_s + record.trimmed() +
           u";\n"_s;
}

const QString kLoadEventType = u"bench.load"_s;
const QString kLatencyEventType = u"bench.latency"_s;

// ---- results ----

struct Phase
{
    double seconds = 0;
    qint64 items = 0; // deliveries, or requests for the HTTP ceiling
    double perSecond = 0;
    CpuSample cpu;
    double walBytes = 0;
    QString detail;
    Table statements; // with --statements
};

class RelayBench final
{
public:
    explicit RelayBench(Config config)
        : m_config(std::move(config))
    {}

    ~RelayBench() { stopRelays(); }

    Q_DISABLE_COPY_MOVE(RelayBench)

    Status run()
    {
        m_loadAtStart = loadAverage();
        if (auto started = startCluster(); !started)
            return started;
        if (auto prepared = addEndpoints(); !prepared)
            return prepared;

        auto pgbench = runPgbench();
        if (!pgbench)
            return Error{pgbench.error()};
        auto http = runHttpCeiling();
        if (!http)
            return Error{http.error()};
        auto relay = runRelay();
        if (!relay)
            return Error{relay.error()};
        auto latency = measureIdleLatency();
        if (!latency)
            return Error{latency.error()};
        stopRelays();

        report(pgbench.value(), http.value(), relay.value(), latency.value(), false);
        if (m_config.markdown)
            report(pgbench.value(), http.value(), relay.value(), latency.value(), true);
        return success();
    }

private:
    Result<QVariant> scalar(const QString &sql, std::initializer_list<QVariant> values = {}) const
    {
        return hookyard::bench::scalar(*m_admin, sql, values);
    }

    Status exec(const QString &sql) const { return m_admin->execScript(sql); }

    Status startCluster()
    {
        if (auto started = m_cluster.start(); !started)
            return started;
        if (m_config.statements) {
            if (auto preloaded = preloadStatementStatistics(); !preloaded)
                return preloaded;
        }
        auto admin = DatabaseConnection::open(m_cluster->settings(), u"bench"_s);
        if (!admin)
            return Error{admin.error()};
        m_admin = std::move(admin.value());
        if (auto migrated = Migrator::migrate(*m_admin); !migrated)
            return Error{migrated.error()};
        if (m_config.statements) {
            if (auto created = exec(u"CREATE EXTENSION pg_stat_statements"_s); !created)
                return created;
        }
        auto settings = durableSettings(*m_admin);
        if (!settings)
            return Error{settings.error()};
        m_settings = settings.value();
        return success();
    }

    // pg_stat_statements must be loaded at server start, and its settings are known only once it is. Planning is
    // tracked too, since the relay's driver plans every statement anew.
    Status preloadStatementStatistics()
    {
        const auto onPostgres = [this](const QStringList &statements) -> Status {
            auto postgres = DatabaseConnection::open(m_cluster->settings(u"postgres"_s), u"bench-setup"_s);
            if (!postgres)
                return Error{postgres.error()};
            for (const QString &sql : statements) {
                if (auto done = postgres.value()->execScript(sql); !done)
                    return done;
            }
            return success();
        };
        if (auto preloaded = onPostgres({u"ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'"_s});
            !preloaded)
            return preloaded;
        if (auto stopped = m_cluster->stop(); !stopped)
            return stopped;
        if (auto started = m_cluster->start(); !started)
            return started;
        return onPostgres({u"ALTER SYSTEM SET pg_stat_statements.track_utility = off"_s,
                           u"ALTER SYSTEM SET pg_stat_statements.track_planning = on"_s, u"SELECT pg_reload_conf()"_s});
    }

    Status addEndpoints()
    {
        if (!m_sink.isListening())
            return Error{u"the latency sink cannot listen on 127.0.0.1"_s};
        const EndpointStore endpoints(*m_admin);
        EndpointSettings load;
        load.name = u"bench-sink"_s;
        load.url = QString::fromUtf8(m_config.sinkUrl);
        load.eventTypes = {kLoadEventType};
        load.allowPrivateNetwork = true; // the sink is the benchmark's own, on loopback as a rule
        auto secret = endpoints.add(load, u"bench_relay"_s);
        if (!secret)
            return Error{secret.error()};
        auto key = signing::standardSecretKey(secret.value());
        if (!key)
            return Error{key.error()};
        m_signingKey = key.value();

        EndpointSettings latency;
        latency.name = u"bench-latency"_s;
        latency.url = m_sink.url();
        latency.eventTypes = {kLatencyEventType};
        latency.allowPrivateNetwork = true; // on loopback
        if (auto added = endpoints.add(latency, u"bench_relay"_s); !added)
            return Error{added.error()};
        return success();
    }

    // Empty tables, then `events` fanned out by the trigger into as many pending deliveries, then statistics and a
    // checkpoint, so that every phase starts from the same state.
    Status seed()
    {
        note(u"seeding %1 events"_s.arg(grouped(m_config.events)));
        // reconcile_mismatches refers to deliveries; it stays empty here but must be named.
        if (auto truncated = exec(u"TRUNCATE outbox_events, deliveries, delivery_attempts, outbox_event_notes, "
                                  "reconcile_mismatches"_s);
            !truncated)
            return truncated;
        auto inserted = m_admin->exec(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, "
                                      "payload) SELECT gen_random_uuid(), 'Order', gen_random_uuid(), ?, "_s +
                                          kPayloadSql + u" FROM generate_series(1, ?) AS n"_s,
                                      {kLoadEventType, m_config.events});
        if (!inserted)
            return Error{inserted.error()};
        auto pending = scalar(u"SELECT count(*) FROM deliveries WHERE state = 'pending'"_s);
        if (!pending)
            return Error{pending.error()};
        if (pending.value().toLongLong() != m_config.events)
            return Error{u"the fan-out made %1 pending deliveries of %2 events"_s.arg(pending.value().toLongLong())
                             .arg(m_config.events)};
        if (m_sampleBody.isEmpty()) {
            auto body = scalar(u"SELECT payload::text FROM outbox_events LIMIT 1"_s);
            if (!body)
                return Error{body.error()};
            m_sampleBody = body.value().toString().toUtf8();
        }
        if (auto analysed = exec(u"VACUUM ANALYZE outbox_events, deliveries, delivery_attempts"_s); !analysed)
            return analysed;
        return exec(u"CHECKPOINT"_s);
    }

    Result<QString> walPosition() const
    {
        auto lsn = scalar(u"SELECT pg_current_wal_lsn()::text"_s);
        if (!lsn)
            return Error{lsn.error()};
        return lsn.value().toString();
    }

    Result<double> walBytesSince(const QString &lsn) const
    {
        auto bytes = scalar(u"SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), ?::pg_lsn)::float8"_s, {lsn});
        if (!bytes)
            return Error{bytes.error()};
        return bytes.value().toDouble();
    }

    CpuSample cpu() const { return sampleCpu(m_cluster->postmasterPid(), m_config.sinkPid); }

    Status resetStatements() const
    {
        if (!m_config.statements)
            return success();
        auto reset = m_admin->exec(u"SELECT pg_stat_statements_reset()"_s);
        return reset ? success() : Status(Error{reset.error()});
    }

    Result<Table> statementTable() const
    {
        Table table{
            {u"statement"_s, u"calls"_s, u"rows/call"_s, u"plan ms/call"_s, u"exec ms/call"_s, u"exec+plan s"_s}};
        if (!m_config.statements)
            return table;
        auto rows = m_admin->exec(uR"(SELECT CASE WHEN query LIKE '%candidates AS%' THEN 'claim'
                        WHEN query LIKE '%jsonb_to_recordset%' THEN 'record'
                        ELSE left(regexp_replace(query, '\s+', ' ', 'g'), 50) END,
                   calls, rows::float8 / greatest(calls, 1), mean_plan_time, mean_exec_time,
                   (total_plan_time + total_exec_time) / 1000
            FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            ORDER BY total_plan_time + total_exec_time DESC LIMIT 6)"_s);
        if (!rows)
            return Error{rows.error()};
        while (rows.value().next()) {
            const QSqlQuery &row = rows.value();
            table.rows.append({row.value(0).toString(), grouped(row.value(1).toDouble()),
                               fixed(row.value(2).toDouble(), 1), fixed(row.value(3).toDouble(), 3),
                               fixed(row.value(4).toDouble(), 3), fixed(row.value(5).toDouble(), 2)});
        }
        return table;
    }

    Result<qint64> count(const QString &sql) const
    {
        auto value = scalar(sql);
        if (!value)
            return Error{value.error()};
        return value.value().toLongLong();
    }

    // Every event delivered exactly once with one recorded attempt, and every event processed.
    Status verifyAllDelivered(const QString &who) const
    {
        auto attempts = count(u"SELECT count(*) FROM delivery_attempts"_s);
        auto distinct = count(u"SELECT count(DISTINCT delivery_id) FROM delivery_attempts WHERE status_code = 200"_s);
        auto delivered = count(u"SELECT count(*) FROM deliveries WHERE state = 'delivered'"_s);
        auto processed = count(u"SELECT count(*) FROM outbox_events WHERE processed_at IS NOT NULL"_s);
        for (const auto *counted : {&attempts, &distinct, &delivered, &processed}) {
            if (!*counted)
                return Error{counted->error()};
        }
        const qint64 events = m_config.events;
        if (attempts.value() != events || distinct.value() != events || delivered.value() != events ||
            processed.value() != events)
            return Error{u"%1 left %2 attempts (%3 distinct deliveries answered 200), %4 deliveries delivered and %5 "
                         "events processed, of %6 events"_s.arg(who)
                             .arg(attempts.value())
                             .arg(distinct.value())
                             .arg(delivered.value())
                             .arg(processed.value())
                             .arg(events)};
        return success();
    }

    Result<Phase> runPgbench()
    {
        if (auto seeded = seed(); !seeded)
            return Error{seeded.error()};
        const QString scriptPath = m_scratch.filePath(u"relay_batch.sql"_s);
        if (auto written = writeTextFile(scriptPath, pgbenchScript(m_config.batch)); !written)
            return Error{written.error()};

        const int perBatch = m_config.batch * m_config.threads;
        const int transactionsPerClient = (m_config.events + perBatch - 1) / perBatch;
        const QString clients = QString::number(m_config.threads);
        QStringList arguments{u"-n"_s, u"-M"_s, m_config.pgbenchMode, u"-c"_s, clients, u"-j"_s, clients};
        arguments << u"-t"_s << QString::number(transactionsPerClient) << u"-f"_s << scriptPath;
        arguments << pgbenchConnectionArguments(m_cluster->settings());
        note(u"baseline 1: pgbench %1"_s.arg(arguments.join(u' ')));
        if (auto reset = resetStatements(); !reset)
            return Error{reset.error()};
        auto wal = walPosition();
        if (!wal)
            return Error{wal.error()};

        // The relay plans its prepared statements once (plan_cache_mode = force_generic_plan on its connection);
        // pgbench's sessions get the same setting, so both sides run the same plans.
        qputenv("PGOPTIONS", "-c plan_cache_mode=force_generic_plan");
        const CpuSample before = cpu();
        auto run = hookyard::bench::runPgbench(arguments, m_cluster->postmasterPid());
        qunsetenv("PGOPTIONS");
        if (!run)
            return Error{run.error()};
        Phase phase;
        phase.seconds = run->seconds;
        phase.cpu = cpu() - before;
        auto walBytes = walBytesSince(wal.value());
        if (!walBytes)
            return Error{walBytes.error()};
        phase.walBytes = walBytes.value();
        if (auto verified = verifyAllDelivered(u"pgbench"_s); !verified)
            return Error{verified.error()};
        auto statements = statementTable();
        if (!statements)
            return Error{statements.error()};
        phase.statements = statements.value();

        // Clients that found nothing left to claim still count as transactions: rate by the rows each one moved.
        const double transactions = double(run->transactions);
        phase.items = m_config.events;
        phase.perSecond = run->tps * double(m_config.events) / transactions;
        phase.detail = u"%1 tps × %2 deliveries per transaction; %3 clients, -M %4, generic plans"_s.arg(
            fixed(run->tps, 0), fixed(double(m_config.events) / transactions, 1), QString::number(m_config.threads),
            m_config.pgbenchMode);
        note(u"baseline 1: %1 deliveries/s"_s.arg(grouped(phase.perSecond)));
        return phase;
    }

    // One thread's share of the HTTP ceiling: signed POSTs built as Relay builds them, `connections` at most in
    // flight.
    static void sendSigned(const QByteArray &url, const QByteArray &body, const QByteArray &key, int requests,
                           int connections, std::atomic<qint64> &answered200)
    {
        const QByteArray userAgent = "User-Agent: Hookyard/" + QCoreApplication::applicationVersion().toLatin1();
        sendRequests(
            connections, requests,
            [&](qsizetype index) {
                const QByteArray id = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
                const qint64 timestamp = QDateTime::currentSecsSinceEpoch();
                OutgoingRequest request;
                request.deliveryId = index;
                request.url = url;
                request.body = body;
                request.allowPrivateNetwork = true; // nginx on loopback, which the SSRF guard refuses otherwise
                request.headerLines = {
                    "Content-Type: application/json",
                    userAgent,
                    "webhook-id: " + id,
                    "webhook-timestamp: " + QByteArray::number(timestamp),
                    "Idempotency-Key: " + id,
                    "webhook-signature: " + signing::standardSignatureHeader({key}, id, timestamp, body),
                };
                return request;
            },
            [&](const TransferOutcome &outcome) {
                if (outcome.statusCode == 200)
                    ++answered200;
            });
    }

    Result<Phase> runHttpCeiling()
    {
        note(u"baseline 2: %1 signed POSTs from %2 threads × %3 connections, no database"_s.arg(
            grouped(m_config.events), QString::number(m_config.threads), QString::number(m_config.concurrency)));
        std::atomic<qint64> answered200{0};
        std::vector<std::unique_ptr<QThread>> senders;
        const CpuSample before = cpu();
        QElapsedTimer wall;
        wall.start();
        for (int i = 0; i < m_config.threads; ++i) {
            const int share = m_config.events / m_config.threads + (i < m_config.events % m_config.threads ? 1 : 0);
            senders.emplace_back(QThread::create(sendSigned, m_config.sinkUrl, m_sampleBody, m_signingKey, share,
                                                 m_config.concurrency, std::ref(answered200)));
            senders.back()->setObjectName(u"http-ceiling"_s);
            senders.back()->start();
        }
        for (auto &sender : senders)
            sender->wait();
        Phase phase;
        phase.seconds = double(wall.nsecsElapsed()) / 1e9;
        phase.cpu = cpu() - before;
        if (auto stop = checkInterrupted(); !stop)
            return Error{stop.error()};
        if (answered200 != m_config.events)
            return Error{u"the sink answered 200 to %1 of %2 requests"_s.arg(answered200.load()).arg(m_config.events)};
        phase.items = m_config.events;
        phase.perSecond = double(phase.items) / phase.seconds;
        phase.detail = u"%1 threads × %2 connections, %3-byte bodies, all answered 200"_s.arg(
            QString::number(m_config.threads), QString::number(m_config.concurrency),
            QString::number(m_sampleBody.size()));
        note(u"baseline 2: %1 requests/s"_s.arg(grouped(phase.perSecond)));
        return phase;
    }

    Result<Phase> runRelay()
    {
        if (auto seeded = seed(); !seeded)
            return Error{seeded.error()};
        if (auto reset = resetStatements(); !reset)
            return Error{reset.error()};
        auto wal = walPosition();
        if (!wal)
            return Error{wal.error()};
        note(u"relay: %1 threads × concurrency %2, batch %3"_s.arg(
            QString::number(m_config.threads), QString::number(m_config.concurrency), QString::number(m_config.batch)));

        RelayOptions options;
        options.batchSize = m_config.batch;
        options.concurrency = m_config.concurrency;
        const CpuSample before = cpu();
        QElapsedTimer wall;
        wall.start();
        for (int i = 0; i < m_config.threads; ++i) {
            m_relays.push_back(std::make_unique<Relay>(m_cluster->settings(), options));
            m_relays.back()->start();
        }

        qint64 lastLook = -1000;
        while (true) {
            if (auto stop = checkInterrupted(); !stop)
                return Error{stop.error()};
            if (wall.elapsed() > qint64(m_config.timeoutSeconds) * 1000)
                return Error{u"the relay did not process %1 events within %2 s"_s.arg(m_config.events)
                                 .arg(m_config.timeoutSeconds)};
            qint64 attempts = 0;
            for (const auto &relay : m_relays)
                attempts += relay->attemptsMade();
            // Once every request was answered only the last records remain: look at the table closely then.
            const bool allAnswered = attempts >= m_config.events;
            if (allAnswered || wall.elapsed() - lastLook >= 1000) {
                lastLook = wall.elapsed();
                // Counted through deliveries_by_state: outbox_events has no index on processed_at (migration 19),
                // and the record statement sets an event's processed_at with its last delivery's state, so no
                // undelivered delivery means every event processed (verifyAllDelivered checks it afterwards).
                auto left = count(u"SELECT count(*) FROM deliveries WHERE state <> 'delivered'"_s);
                if (!left)
                    return Error{left.error()};
                if (left.value() == 0)
                    break;
                if (!allAnswered)
                    note(u"relay: %1 events left after %2 s"_s.arg(grouped(double(left.value())),
                                                                   fixed(double(wall.elapsed()) / 1000, 0)));
            }
            QThread::msleep(allAnswered ? 2 : 10);
        }
        Phase phase;
        phase.seconds = double(wall.nsecsElapsed()) / 1e9;
        phase.cpu = cpu() - before;
        auto walBytes = walBytesSince(wal.value());
        if (!walBytes)
            return Error{walBytes.error()};
        phase.walBytes = walBytes.value();
        auto statements = statementTable();
        if (!statements)
            return Error{statements.error()};
        phase.statements = statements.value();
        if (auto verified = verifyAllDelivered(u"the relay"_s); !verified)
            return Error{verified.error()};
        phase.items = m_config.events;
        phase.perSecond = double(phase.items) / phase.seconds;
        phase.detail = u"%1 events in %2 s; %3 attempts recorded, one per delivery"_s.arg(
            grouped(m_config.events), fixed(phase.seconds, 2), grouped(m_config.events));
        note(u"relay: %1 deliveries/s"_s.arg(grouped(phase.perSecond)));
        return phase;
    }

    // With the relays idle and caught up: single events committed one at a time, each timed from the moment its
    // INSERT's commit returned to the moment the sink had the whole request.
    Result<Latency> measureIdleLatency()
    {
        QThread::msleep(1000);
        note(u"idle latency: %1 single-event commits, %2 ms apart"_s.arg(m_config.latencyEvents)
                 .arg(m_config.latencyGapMs));
        const QString insert = u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                               "SELECT ?::uuid, 'Order', gen_random_uuid(), ?, "_s +
                               kPayloadSql + u" FROM (SELECT ?::int AS n) AS one"_s;
        QList<std::pair<QByteArray, SteadyClock::time_point>> commits;
        for (int i = 0; i < m_config.latencyEvents; ++i) {
            if (auto stop = checkInterrupted(); !stop)
                return Error{stop.error()};
            const QByteArray id = QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
            auto inserted = m_admin->exec(insert, {QString::fromLatin1(id), kLatencyEventType, i});
            const SteadyClock::time_point committed = SteadyClock::now();
            if (!inserted)
                return Error{inserted.error()};
            commits.append({id, committed});
            QThread::msleep(m_config.latencyGapMs);
        }
        QElapsedTimer waiting;
        waiting.start();
        while (m_sink.arrivals() < commits.size() && waiting.elapsed() < 10000)
            QThread::msleep(10);

        Latency latency;
        for (const auto &[id, committed] : commits) {
            const auto arrived = m_sink.arrival(id);
            if (!arrived)
                return Error{u"event %1 did not reach the sink within 10 s"_s.arg(QString::fromLatin1(id))};
            latency.sortedMs.append(std::chrono::duration<double, std::milli>(*arrived - committed).count());
        }
        std::sort(latency.sortedMs.begin(), latency.sortedMs.end());
        note(u"idle latency: p50 %1 ms"_s.arg(fixed(latency.percentile(50), 2)));
        return latency;
    }

    void stopRelays()
    {
        for (auto &relay : m_relays)
            relay->requestStop();
        for (auto &relay : m_relays)
            relay->waitUntilStopped(30000);
        m_relays.clear();
    }

    void report(const Phase &pgbench, const Phase &http, const Phase &relay, const Latency &latency,
                bool markdown) const
    {
        QTextStream &stream = out();
        const auto heading = [&](const QString &title) {
            stream << (markdown ? u"#### "_s : QString()) << title << "\n\n";
        };
        const double ratio = relay.perSecond / pgbench.perSecond;
        const double p50 = latency.percentile(50);

        heading(u"Setup"_s);
        Table setup{{u"what"_s, u"value"_s}};
        setup.rows = {
            {u"machine"_s, describeMachine(m_loadAtStart)},
            {u"PostgreSQL"_s, describeSettings(m_settings)},
            {u"work"_s, u"%1 events × 1 endpoint (%2-byte payloads), seeded before each run"_s.arg(
                            grouped(m_config.events), QString::number(m_sampleBody.size()))},
            {u"relay"_s, u"%1 Relay threads in-process, concurrency %2 each, batch %3"_s.arg(
                             QString::number(m_config.threads), QString::number(m_config.concurrency),
                             QString::number(m_config.batch))},
            {u"sink"_s, u"%1 (nginx return 200) for the rates; an in-process HTTP sink for the latency"_s.arg(
                            QString::fromUtf8(m_config.sinkUrl))},
        };
        setup.print(stream, markdown);

        heading(u"Results"_s);
        Table results{{u"measurement"_s, u"result"_s, u"detail"_s}};
        results.rows = {
            {u"baseline 1: pgbench, the relay's SQL per batch of %1"_s.arg(m_config.batch),
             u"%1 deliveries/s"_s.arg(grouped(pgbench.perSecond)), pgbench.detail},
            {u"baseline 2: HttpTransfers alone, signed POSTs, no database"_s,
             u"%1 requests/s"_s.arg(grouped(http.perSecond)), http.detail},
            {u"relay: signed deliveries to the sink, every attempt recorded"_s,
             u"%1 deliveries/s"_s.arg(grouped(relay.perSecond)), relay.detail},
            {u"relay ÷ pgbench baseline"_s, u"%1×"_s.arg(fixed(ratio, 2)), QString()},
            {u"relay ÷ HTTP ceiling"_s, u"%1×"_s.arg(fixed(relay.perSecond / http.perSecond, 2)), QString()},
            {u"idle commit → delivery latency"_s,
             u"p50 %1 ms, p90 %2 ms, p99 %3 ms, max %4 ms"_s.arg(fixed(p50, 2), fixed(latency.percentile(90), 2),
                                                                 fixed(latency.percentile(99), 2),
                                                                 fixed(latency.percentile(100), 2)),
             u"%1 single-event commits %2 ms apart; from the INSERT's commit returning to the request arriving "
             "whole at the sink"_s.arg(QString::number(latency.sortedMs.size()),
                                       QString::number(m_config.latencyGapMs))},
        };
        results.print(stream, markdown);

        heading(u"Targets (PRODUCT.md §7)"_s);
        const auto met = [](bool yes) { return yes ? u"met"_s : u"NOT met"_s; };
        Table targets{{u"target"_s, u"measured"_s, u"verdict"_s}};
        targets.rows = {
            {u"≥ 10,000 signed deliveries/s"_s, grouped(relay.perSecond), met(relay.perSecond >= 10000)},
            {u"≥ 0.5 × the pgbench baseline"_s, u"%1×"_s.arg(fixed(ratio, 2)), met(ratio >= 0.5)},
            {u"idle commit → delivery p50 ≤ 5 ms"_s, u"%1 ms"_s.arg(fixed(p50, 2)), met(p50 <= 5.0)},
        };
        targets.print(stream, markdown);

        heading(u"Where the CPU went (CPU seconds, and share of all cores over the phase)"_s);
        Table cpuTable{{u"phase"_s, u"wall"_s, u"whole machine"_s, u"PostgreSQL"_s, u"client"_s, u"nginx"_s,
                        u"everything else"_s}};
        const auto cpuRow = [&](const QString &name, const Phase &phase, double client) {
            const double known = phase.cpu.postgres + phase.cpu.self + phase.cpu.children + phase.cpu.sink;
            return QStringList{name,
                               u"%1 s"_s.arg(fixed(phase.seconds, 2)),
                               cpuShare(phase.cpu.machine, phase.seconds),
                               cpuShare(phase.cpu.postgres, phase.seconds),
                               cpuShare(client, phase.seconds),
                               m_config.sinkPid > 0 ? cpuShare(phase.cpu.sink, phase.seconds) : u"not measured"_s,
                               cpuShare(std::max(0.0, phase.cpu.machine - known), phase.seconds)};
        };
        cpuTable.rows = {cpuRow(u"baseline 1 (client: pgbench)"_s, pgbench, pgbench.cpu.children),
                         cpuRow(u"baseline 2 (client: HTTP threads)"_s, http, http.cpu.self),
                         cpuRow(u"relay (client: relay threads)"_s, relay, relay.cpu.relayThreads)};
        cpuTable.print(stream, markdown);

        heading(u"Cost per delivery"_s);
        Table perItem{{u"phase"_s, u"PostgreSQL CPU µs"_s, u"client CPU µs"_s, u"nginx CPU µs"_s, u"WAL bytes"_s}};
        perItem.rows = {
            {u"baseline 1"_s, microsEach(pgbench.cpu.postgres, pgbench.items),
             microsEach(pgbench.cpu.children, pgbench.items), u"-"_s, grouped(pgbench.walBytes / pgbench.items)},
            {u"baseline 2"_s, u"-"_s, microsEach(http.cpu.self, http.items),
             m_config.sinkPid > 0 ? microsEach(http.cpu.sink, http.items) : u"-"_s, u"-"_s},
            {u"relay"_s, microsEach(relay.cpu.postgres, relay.items), microsEach(relay.cpu.relayThreads, relay.items),
             m_config.sinkPid > 0 ? microsEach(relay.cpu.sink, relay.items) : u"-"_s,
             grouped(relay.walBytes / relay.items)},
        };
        perItem.print(stream, markdown);

        if (m_config.statements) {
            heading(u"Statements during baseline 1 (pg_stat_statements)"_s);
            pgbench.statements.print(stream, markdown);
            heading(u"Statements during the relay run (pg_stat_statements)"_s);
            relay.statements.print(stream, markdown);
        }
        stream.flush();
    }

    Config m_config;
    QString m_loadAtStart;
    QHash<QString, QString> m_settings;
    QByteArray m_signingKey;
    QByteArray m_sampleBody;
    QTemporaryDir m_scratch{u"/tmp/hookyard-bench-scratch-XXXXXX"_s};
    ScratchCluster m_cluster;
    std::unique_ptr<DatabaseConnection> m_admin;
    ArrivalSink m_sink;
    std::vector<std::unique_ptr<Relay>> m_relays;
};

std::optional<Config> parseArguments(const QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Measures the outbox relay's signed deliveries per second and idle commit-to-delivery latency against a "
        "pgbench baseline doing the same SQL and an HTTP-only baseline, in one invocation, on a throwaway durable "
        "PostgreSQL cluster. See docs/benchmarks.md; bench/relay/run.sh starts the sink."_s);
    parser.addHelpOption();
    parser.addPositionalArgument(u"sink-url"_s, u"Loopback HTTP sink answering 200 to POST (nginx)."_s);
    parser.addOptions({
        {u"events"_s, u"Events (= deliveries) per run (default 100000)."_s, u"n"_s},
        {u"threads"_s, u"Relay threads, HTTP-baseline threads and pgbench clients (default 4)."_s, u"n"_s},
        {u"concurrency"_s, u"HTTP requests in flight per relay thread (default 128)."_s, u"n"_s},
        {u"batch"_s, u"Deliveries claimed per statement (default 128)."_s, u"n"_s},
        {u"latency-events"_s, u"Single-event commits for the idle latency (default 200)."_s, u"n"_s},
        {u"latency-gap-ms"_s, u"Pause between those commits (default 20)."_s, u"ms"_s},
        {u"pgbench-mode"_s, u"pgbench query protocol: prepared or extended (default prepared)."_s, u"mode"_s},
        {u"sink-pid"_s, u"Process id of the sink's master process, to account its CPU time."_s, u"pid"_s},
        {u"timeout"_s, u"Give up a relay run after this many seconds (default 900)."_s, u"s"_s},
        {u"markdown"_s, u"Also print the tables as Markdown for docs/benchmarks.md."_s},
        {u"statements"_s, u"Load pg_stat_statements and show each phase's statements (adds overhead)."_s},
    });
    parser.process(app);

    Config config;
    QString error;
    readPositive(parser, u"events"_s, config.events, error);
    readPositive(parser, u"threads"_s, config.threads, error);
    readPositive(parser, u"concurrency"_s, config.concurrency, error);
    readPositive(parser, u"batch"_s, config.batch, error);
    readPositive(parser, u"latency-events"_s, config.latencyEvents, error);
    readPositive(parser, u"latency-gap-ms"_s, config.latencyGapMs, error);
    readPositive(parser, u"timeout"_s, config.timeoutSeconds, error);
    if (parser.isSet(u"sink-pid"_s))
        config.sinkPid = parser.value(u"sink-pid"_s).toLongLong();
    if (parser.isSet(u"pgbench-mode"_s))
        config.pgbenchMode = parser.value(u"pgbench-mode"_s);
    if (config.pgbenchMode != u"prepared"_s && config.pgbenchMode != u"extended"_s)
        error = u"--pgbench-mode must be prepared or extended, got '%1'"_s.arg(config.pgbenchMode);
    config.markdown = parser.isSet(u"markdown"_s);
    config.statements = parser.isSet(u"statements"_s);

    const QStringList positional = parser.positionalArguments();
    const QUrl sink(positional.value(0));
    if (positional.size() != 1 || !sink.isValid() || sink.scheme() != u"http"_s || sink.host().isEmpty())
        error = u"give the sink's URL, such as http://127.0.0.1:8080/hook"_s;
    config.sinkUrl = positional.value(0).toUtf8();

    if (!error.isEmpty()) {
        note(error);
        return std::nullopt;
    }
    return config;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(u"bench_relay"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOOKYARD_VERSION));
    const auto config = parseArguments(app);
    if (!config)
        return 2;

    stopOnTerminationSignals();
    const Status done = RelayBench(*config).run();
    if (!done) {
        note(done.error());
        return 1;
    }
    return 0;
}
