// bench_ingest: the receiver's signed-webhook ingest rate and latency, measured in one invocation against pgbench
// running a single-row INSERT … ON CONFLICT DO NOTHING into webhook_inbox at the same client count (PRODUCT.md §7),
// for each of several client counts in turn. Everything runs on a throwaway durable cluster (fsync and
// synchronous_commit on), which the program stops again.
// bench/ingest/run.sh builds and runs it; docs/benchmarks.md holds the results.

#include "common/BenchSupport.h"
#include "db/Database.h"
#include "db/Migrator.h"
#include "inbox/PartnerStore.h"
#include "ingest/RawHttpLoad.h"
#include "receiver/Receiver.h"
#include "relay/HttpTransfers.h"
#include "signing/Signatures.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QUrl>
#include <QUuid>

#include <algorithm>
#include <chrono>
#include <functional>
#include <initializer_list>
#include <map>
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
    QList<int> clients{8, 16, 32, 64}; // each one a pgbench run and a receiver run, in this order
    int requests = 50000;
    int pgbenchSeconds = 15;
    int prefillRows = 0; // old rows in the inbox at the start of each run
    int maxBatch = ReceiverOptions{}.maxBatch;
    int ingestConnections = ReceiverOptions{}.ingestConnections;
    bool libcurlLoad = false; // send through HttpTransfers (libcurl) instead of sendRawRequests
    bool markdown = false;
};

const QString kPartner = u"bench"_s;
const QString kOldPartner = u"archive"_s; // the partner of the rows --prefill-rows puts in the inbox
const QByteArray kReceiverThread = "receiver";
const QByteArray kIngestThread = "ingest";              // the name IngestQueue gives each of its batch threads
const QByteArray kIngestNotifyThread = "ingest-notify"; // and its thread that wakes the inbox workers

// ~300 bytes of JSON like a typical order webhook, numbered n. Every colon is followed by a space: in pgbench's
// script, where the baseline's copy of a body stands, ":name" would be read as a variable.
QByteArray orderBody(qint64 n)
{
    const QByteArray number = QByteArray::number(n);
    return QByteArray(R"({"type": "order.paid", "order_id": ")") +
           QUuid::createUuid().toByteArray(QUuid::WithoutBraces) + R"(", "n": )" + number + R"(, "amount_cents": )" +
           QByteArray::number(1000 + n % 9000) + R"(, "currency": "EUR", "customer": {"id": "cus_)" +
           QCryptographicHash::hash(number, QCryptographicHash::Md5).toHex() + R"(", "email": "buyer)" + number +
           R"(@example.com"}, "items": [{"sku": "SKU-)" + QByteArray::number(n % 1000) + R"(", "qty": )" +
           QByteArray::number(1 + n % 3) + R"(, "price_cents": 1000}], "created_at": )" +
           QByteArray::number(QDateTime::currentSecsSinceEpoch()) + "}";
}

// The baseline's statement: what the receiver's group commit does per request, one row per transaction. Its id is
// time-ordered like the receiver's (util/TimeOrderedUuid: the Unix milliseconds, then version 7 and random bits),
// built in SQL since PostgreSQL 15 has no such generator, so that both take new ids at the right edge of the key.
QString pgbenchScript(const QByteArray &body)
{
    return u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, status)\n"
           "SELECT (substr(ms, 1, 8) || '-' || substr(ms, 9, 4) || '-7' || substr(gen_random_uuid()::text, "
           "16))::uuid,\n"
           "       '%1', gen_random_uuid()::text, '%2'::jsonb, true, 'PENDING'\n"
           "FROM (SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') AS ms) AS "
           "now_ms\n"
           "ON CONFLICT DO NOTHING;\n"_s.arg(kPartner, QString::fromUtf8(body));
}

// The receiver under test on a thread of its own, where `hookyard receive` runs it on its main thread; its
// IngestQueue adds its ingest threads.
class ReceiverThread final
{
public:
    ReceiverThread(const ConnectionSettings &settings, const ReceiverOptions &options)
    {
        m_thread.setObjectName(QString::fromLatin1(kReceiverThread));
        m_context.moveToThread(&m_thread);
        m_thread.start();
        QMetaObject::invokeMethod(
            &m_context,
            [&] {
                m_receiver = std::make_unique<Receiver>(settings, options);
                m_port = m_receiver->listen();
            },
            Qt::BlockingQueuedConnection);
    }

    ~ReceiverThread()
    {
        QMetaObject::invokeMethod(
            &m_context, [this] { m_receiver.reset(); }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }

    Q_DISABLE_COPY_MOVE(ReceiverThread)

    const Result<quint16> &port() const { return m_port; }

private:
    QThread m_thread;
    QObject m_context; // lives on m_thread: what the receiver is created and destroyed through
    std::unique_ptr<Receiver> m_receiver;
    Result<quint16> m_port{Error{u"the receiver did not start"_s}};
};

// The receiver's counters from GET /metrics, by series name ("name" or "name{labels}").
Result<QHash<QByteArray, qint64>> receiverMetrics(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return Error{u"GET /metrics: "_s + socket.errorString()};
    socket.write("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QByteArray answer;
    while (socket.waitForReadyRead(5000))
        answer += socket.readAll();
    answer += socket.readAll();
    const qsizetype bodyStart = answer.indexOf("\r\n\r\n");
    if (!answer.startsWith("HTTP/1.1 200") || bodyStart < 0)
        return Error{u"GET /metrics answered: "_s + QString::fromLatin1(answer.left(200)).simplified()};
    QHash<QByteArray, qint64> metrics;
    for (const QByteArray &line : answer.mid(bodyStart + 4).split('\n')) {
        const qsizetype space = line.lastIndexOf(' ');
        if (line.startsWith('#') || space < 0)
            continue;
        metrics.insert(line.left(space), line.mid(space + 1).toLongLong());
    }
    return metrics;
}

// ---- results ----

struct CpuSample
{
    double machine = 0;        // every process on every core
    double postgres = 0;       // the postmaster and its children
    double ingestSessions = 0; // the receiver's ingest connections' server processes
    double pgbench = 0;        // this process's children that were waited for
    double loadGenerator = 0;  // the main thread, which sends the requests
    double receiver = 0;       // the receiver's HTTP thread
    double ingest = 0;         // its group-commit threads and its notifier

    CpuSample operator-(const CpuSample &earlier) const
    {
        return {
            machine - earlier.machine, postgres - earlier.postgres,           ingestSessions - earlier.ingestSessions,
            pgbench - earlier.pgbench, loadGenerator - earlier.loadGenerator, receiver - earlier.receiver,
            ingest - earlier.ingest};
    }
};

// Sampled on the main thread. No sessionPids: no receiver runs.
CpuSample sampleCpu(qint64 postmasterPid, const QList<qint64> &sessionPids)
{
    CpuSample sample;
    sample.machine = machineBusySeconds();
    sample.postgres = processTreeSeconds(postmasterPid, allProcesses());
    for (qint64 pid : sessionPids) {
        if (auto session = readProcessTimes(u"/proc/%1/stat"_s.arg(pid)))
            sample.ingestSessions += session->own;
    }
    sample.pgbench = waitedChildrenSeconds();
    sample.loadGenerator = currentThreadSeconds();
    sample.receiver = threadSeconds(kReceiverThread);
    sample.ingest = threadSeconds(kIngestThread) + threadSeconds(kIngestNotifyThread);
    return sample;
}

// pg_stat_wal's WAL syncs to disk (wal_sync, made with wal_sync_method, one at a time) and the time they took
// (wal_sync_time, in milliseconds; track_wal_io_timing is on).
struct WalFlushes
{
    qint64 count = 0;
    double milliseconds = 0;
    WalFlushes operator-(const WalFlushes &earlier) const
    {
        return {count - earlier.count, milliseconds - earlier.milliseconds};
    }
    double meanMicroseconds() const { return count > 0 ? milliseconds * 1000.0 / double(count) : 0; }
    // Syncs take turns, so this is the share of the run in which the disk was syncing.
    double percentOf(double wallSeconds) const { return 100.0 * (milliseconds / 1000.0) / wallSeconds; }
};

// The median of a non-empty list: the middle value, or the mean of the two middle ones.
double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

struct Phase
{
    double seconds = 0; // wall
    qint64 rows = 0;
    double perSecond = 0;
    CpuSample cpu;
    double walBytes = 0;
    WalFlushes walFlushes;
    QString detail;
};

struct ReceiverPhase : Phase
{
    Latency latency;
    qint64 commits = 0;
    double signingSeconds = 0;
    double bodyBytes = 0; // on average
    quint16 port = 0;
};

// pgbench and the receiver at one client count.
struct Round
{
    int clients = 0;
    Phase baseline;
    ReceiverPhase receiver;

    double ratio() const { return receiver.perSecond / baseline.perSecond; }
};

class IngestBench final
{
public:
    explicit IngestBench(Config config)
        : m_config(config)
    {}

    Q_DISABLE_COPY_MOVE(IngestBench)

    Status run()
    {
        m_loadAtStart = loadAverage();
        if (auto started = startCluster(); !started)
            return started;
        if (auto added = addPartner(); !added)
            return added;
        std::vector<Round> rounds;
        for (int clients : m_config.clients) {
            auto baseline = runBaseline(clients);
            if (!baseline)
                return Error{baseline.error()};
            auto receiver = runReceiver(clients);
            if (!receiver)
                return Error{receiver.error()};
            rounds.push_back({clients, baseline.value(), receiver.value()});
        }

        report(rounds, false);
        if (m_config.markdown)
            report(rounds, true);
        return success();
    }

private:
    Result<QVariant> scalar(const QString &sql, std::initializer_list<QVariant> values = {}) const
    {
        return hookyard::bench::scalar(*m_admin, sql, values);
    }

    Result<qint64> count(const QString &sql) const
    {
        auto value = scalar(sql);
        if (!value)
            return Error{value.error()};
        return value.value().toLongLong();
    }

    Status startCluster()
    {
        if (auto started = m_cluster.start(); !started)
            return started;
        auto opened = openMigrated(m_cluster);
        if (!opened)
            return Error{opened.error()};
        m_admin = std::move(opened.value().admin);
        m_settings = opened.value().settings;
        // Times every WAL sync for the results' flush columns: two clock reads each, nothing next to a sync's
        // 200 µs or more.
        if (auto timed = m_admin->execScript(u"ALTER SYSTEM SET track_wal_io_timing = on"_s); !timed)
            return timed;
        if (auto reloaded = scalar(u"SELECT pg_reload_conf()"_s); !reloaded)
            return Error{reloaded.error()};
        auto timing = awaitCount(
            u"SELECT count(*) FROM pg_settings WHERE name = 'track_wal_io_timing' AND setting = 'on'"_s,
            [](qint64 on) { return on == 1; }, u"track_wal_io_timing off"_s);
        if (!timing)
            return Error{timing.error()};
        return success();
    }

    Status addPartner()
    {
        PartnerSettings partner;
        partner.name = kPartner;
        partner.scheme = PartnerScheme::StandardWebhooks;
        partner.config = QJsonObject{{u"mode"_s, u"store_only"_s}};
        auto secrets = PartnerStore(*m_admin).add(partner, {signing::generateStandardSecret()}, u"bench_ingest"_s);
        if (!secrets)
            return Error{secrets.error()};
        auto key = signing::standardSecretKey(secrets.value().value(0));
        if (!key)
            return Error{key.error()};
        m_signingKey = key.value();
        return success();
    }

    // Both runs start right after a checkpoint from an inbox that is empty, or holds --prefill-rows processed rows of
    // another partner (with random ids, as producers' gen_random_uuid() makes them), with statistics that say so, as
    // a deployment meets it after autovacuum has analysed it. (Until migration 21 an empty inbox was the worst case for
    // the receiver: the foreign-key check of every row of its side table, inbox_messages then, was planned as a
    // sequential scan of webhook_inbox, kept for the session; docs/benchmarks.md.) Autovacuum is off for the table so
    // that the statistics stay the same through both runs.
    Status resetInbox() const
    {
        QStringList script{u"ALTER TABLE webhook_inbox SET (autovacuum_enabled = false)"_s,
                           // reconcile_mismatches refers to webhook_inbox; it stays empty here but must be named.
                           u"TRUNCATE webhook_inbox, rejected_requests, reconcile_mismatches"_s};
        if (m_config.prefillRows > 0) {
            note(u"filling the inbox with %1 old rows"_s.arg(grouped(m_config.prefillRows)));
            script << u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status, processed_at, "
                      "raw_body) "
                      "SELECT gen_random_uuid(), '%1', 'evt_' || n, jsonb_build_object('n', n), 'PROCESSED', now(), "
                      "convert_to(jsonb_build_object('n', n)::text, 'UTF8') FROM generate_series(1, %2) n"_s
                          .arg(kOldPartner)
                          .arg(m_config.prefillRows);
        }
        script << u"VACUUM ANALYZE webhook_inbox"_s << u"CHECKPOINT"_s;
        for (const QString &sql : std::as_const(script)) {
            if (auto done = m_admin->execScript(sql); !done)
                return done;
        }
        return success();
    }

    // Rows of this benchmark's partner: what a run added to the inbox.
    Result<qint64> newInboxRows() const
    {
        return count(u"SELECT count(*) FROM webhook_inbox WHERE partner_name = '%1'"_s.arg(kPartner));
    }

    CpuSample cpu(const QList<qint64> &sessionPids = {}) const
    {
        return sampleCpu(m_cluster->postmasterPid(), sessionPids);
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

    // Re-reads the number `sql` gives until `done` accepts it; an error naming `what` after 10 s.
    Result<qint64> awaitCount(const QString &sql, const std::function<bool(qint64)> &done, const QString &what) const
    {
        QElapsedTimer waited;
        waited.start();
        while (true) {
            auto value = count(sql);
            if (!value || done(value.value()))
                return value;
            if (waited.elapsed() > 10000)
                return Error{u"still %1 after 10 s"_s.arg(what)};
            QThread::msleep(20);
        }
    }

    // WAL flushes to disk so far, and their time, as pg_stat_wal says now. A session adds its own to pg_stat_wal when
    // it ends at the latest: at the end of a run, use walFlushesOnceAlone().
    Result<WalFlushes> walFlushesNow() const
    {
        auto row = m_admin->exec(u"SELECT wal_sync, wal_sync_time FROM pg_stat_wal"_s);
        if (!row)
            return Error{row.error()};
        if (!row.value().next())
            return Error{u"pg_stat_wal has no row"_s};
        return WalFlushes{row.value().value(0).toLongLong(), row.value().value(1).toDouble()};
    }

    // The same once every other session is gone, so that what they flushed is counted.
    Result<WalFlushes> walFlushesOnceAlone() const
    {
        auto others = awaitCount(
            u"SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
            "AND pid <> pg_backend_pid()"_s,
            [](qint64 sessions) { return sessions == 0; }, u"other sessions open"_s);
        if (!others)
            return Error{others.error()};
        return walFlushesNow();
    }

    // The server processes of the receiver's ingest connections (DatabaseConnection names them hookyard-<purpose>),
    // once all of them are open.
    Result<QList<qint64>> ingestSessionPids() const
    {
        const QString sessions = u"FROM pg_stat_activity WHERE application_name ~ '^hookyard-receiver(-[0-9]+)?$'"_s;
        auto open = awaitCount(
            u"SELECT count(*) "_s + sessions, [&](qint64 n) { return n == m_config.ingestConnections; },
            u"not %1 database sessions of the receiver"_s.arg(m_config.ingestConnections));
        if (!open)
            return Error{open.error()};
        auto pids = scalar(u"SELECT string_agg(pid::text, ',') "_s + sessions);
        if (!pids)
            return Error{pids.error()};
        QList<qint64> list;
        for (const QString &pid : pids.value().toString().split(u','))
            list.append(pid.toLongLong());
        return list;
    }

    Result<Phase> runBaseline(int clientCount)
    {
        if (auto reset = resetInbox(); !reset)
            return Error{reset.error()};
        const QString scriptPath = m_scratch.filePath(u"inbox_insert.sql"_s);
        if (auto written = writeTextFile(scriptPath, pgbenchScript(orderBody(0))); !written)
            return Error{written.error()};
        const QString clients = QString::number(clientCount);
        QStringList arguments{u"-n"_s, u"-M"_s, u"prepared"_s, u"-c"_s, clients, u"-j"_s, clients};
        arguments << u"-T"_s << QString::number(m_config.pgbenchSeconds) << u"-f"_s << scriptPath;
        arguments << pgbenchConnectionArguments(m_cluster->settings());
        note(u"baseline: pgbench %1"_s.arg(arguments.join(u' ')));

        auto wal = walPosition();
        auto flushesBefore = walFlushesOnceAlone();
        if (!wal || !flushesBefore)
            return Error{!wal ? wal.error() : flushesBefore.error()};
        const CpuSample before = cpu();
        auto run = runPgbench(arguments, m_cluster->postmasterPid());
        if (!run)
            return Error{run.error()};
        Phase phase;
        phase.seconds = run->seconds;
        phase.cpu = cpu() - before;
        auto walBytes = walBytesSince(wal.value());
        auto flushesAfter = walFlushesOnceAlone();
        if (!walBytes || !flushesAfter)
            return Error{!walBytes ? walBytes.error() : flushesAfter.error()};
        phase.walBytes = walBytes.value();
        phase.walFlushes = flushesAfter.value() - flushesBefore.value();

        auto stored = newInboxRows();
        if (!stored)
            return Error{stored.error()};
        if (run->failed != 0 || stored.value() != run->transactions)
            return Error{u"pgbench reported %1 transactions (%2 failed) but webhook_inbox holds %3 new rows"_s
                             .arg(run->transactions)
                             .arg(run->failed)
                             .arg(stored.value())};
        phase.rows = run->transactions;
        phase.perSecond = run->tps;
        phase.detail = u"%1 one-row transactions in %2 s, none failed, every row stored; latency average %3 ms"_s.arg(
            grouped(double(phase.rows)), fixed(phase.seconds, 1), fixed(run->latencyAverageMs, 2));
        note(u"baseline: %1 rows/s"_s.arg(grouped(phase.perSecond)));
        return phase;
    }

    // A request as the raw load generator writes it: what libcurl sends for `request` but its Accept header.
    static QByteArray rawHttpRequest(const OutgoingRequest &request, quint16 port)
    {
        QByteArray bytes = "POST " + QUrl(QString::fromUtf8(request.url)).path(QUrl::FullyEncoded).toUtf8() +
                           " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) + "\r\n";
        for (const QByteArray &line : request.headerLines)
            bytes += line + "\r\n";
        bytes += "Content-Length: " + QByteArray::number(request.body.size()) + "\r\n\r\n" + request.body;
        return bytes;
    }

    // N distinct Standard Webhooks requests, each with a fresh webhook-id and the current timestamp.
    std::vector<OutgoingRequest> signedRequests(const QByteArray &url) const
    {
        std::vector<OutgoingRequest> requests;
        requests.reserve(size_t(m_config.requests));
        for (int i = 0; i < m_config.requests; ++i) {
            const QByteArray id = "msg_" + QUuid::createUuid().toByteArray(QUuid::Id128);
            const qint64 timestamp = QDateTime::currentSecsSinceEpoch();
            OutgoingRequest request;
            request.deliveryId = i;
            request.url = url;
            request.body = orderBody(i);
            request.allowPrivateNetwork = true; // the receiver on loopback, which the SSRF guard refuses otherwise
            request.headerLines = {
                "Content-Type: application/json",
                "webhook-id: " + id,
                "webhook-timestamp: " + QByteArray::number(timestamp),
                "webhook-signature: " + signing::standardSignatureHeader({m_signingKey}, id, timestamp, request.body),
            };
            requests.push_back(std::move(request));
        }
        return requests;
    }

    Result<ReceiverPhase> runReceiver(int clients)
    {
        if (auto reset = resetInbox(); !reset)
            return Error{reset.error()};
        ReceiverOptions options;
        options.port = 0;
        options.maxBatch = m_config.maxBatch;
        options.ingestConnections = m_config.ingestConnections;
        std::optional<ReceiverThread> receiver(std::in_place, m_cluster->settings(), options);
        if (!receiver->port())
            return Error{u"the receiver cannot listen: "_s + receiver->port().error()};
        ReceiverPhase phase;
        phase.port = receiver->port().value();
        auto sessionPids = ingestSessionPids();
        if (!sessionPids)
            return Error{sessionPids.error()};

        // Signing happens before the clock starts, so that the load generator's time is HTTP alone.
        QElapsedTimer signing;
        signing.start();
        std::vector<OutgoingRequest> requests =
            signedRequests(u"http://127.0.0.1:%1/webhooks/%2"_s.arg(phase.port).arg(kPartner).toUtf8());
        phase.signingSeconds = double(signing.nsecsElapsed()) / 1e9;
        for (const OutgoingRequest &request : requests)
            phase.bodyBytes += double(request.body.size()) / double(requests.size());
        note(u"receiver on 127.0.0.1:%1: %2 signed requests over %3 connections"_s.arg(phase.port)
                 .arg(grouped(m_config.requests), QString::number(clients)));

        auto metricsBefore = receiverMetrics(phase.port);
        auto wal = walPosition();
        // The receiver's sessions are open already; what they have not reported yet is part of the coming run.
        auto flushesBefore = walFlushesNow();
        if (!metricsBefore || !wal || !flushesBefore)
            return Error{!metricsBefore ? metricsBefore.error() : !wal ? wal.error() : flushesBefore.error()};

        // The raw load generator sends each request as bytes, built here so that the clock does not count it either.
        std::vector<QByteArray> rawRequests;
        if (!m_config.libcurlLoad) {
            rawRequests.reserve(requests.size());
            for (const OutgoingRequest &request : requests)
                rawRequests.push_back(rawHttpRequest(request, phase.port));
        }

        std::vector<SteadyClock::time_point> startedAt(requests.size());
        std::map<int, qint64> byStatus;
        QString firstProblem;
        phase.latency.sortedMs.reserve(m_config.requests);
        const auto answered = [&](qsizetype index, int status, const QString &problem) {
            const SteadyClock::duration took = SteadyClock::now() - startedAt[size_t(index)];
            phase.latency.sortedMs.append(std::chrono::duration<double, std::milli>(took).count());
            ++byStatus[status];
            if (status != 200 && firstProblem.isEmpty())
                firstProblem = u"%1 %2"_s.arg(QString::number(status), problem);
        };
        const CpuSample before = cpu(sessionPids.value());
        QElapsedTimer wall;
        wall.start();
        if (m_config.libcurlLoad) {
            sendRequests(
                clients, qsizetype(requests.size()),
                [&](qsizetype index) {
                    startedAt[size_t(index)] = SteadyClock::now();
                    return std::move(requests[size_t(index)]);
                },
                [&](const TransferOutcome &outcome) {
                    answered(outcome.deliveryId, outcome.statusCode,
                             outcome.errorClass + u' ' + outcome.responseSnippet.left(200));
                });
        } else {
            const Status sent = sendRawRequests(
                phase.port, clients, rawRequests,
                [&](qsizetype index) { startedAt[size_t(index)] = SteadyClock::now(); },
                [&](const RawAnswer &answer) {
                    answered(answer.index, answer.status, QString::fromUtf8(answer.detail));
                });
            if (!sent)
                return Error{u"load generator: "_s + sent.error()};
        }
        phase.seconds = double(wall.nsecsElapsed()) / 1e9;
        phase.cpu = cpu(sessionPids.value()) - before;
        if (auto stop = checkInterrupted(); !stop)
            return Error{stop.error()};

        auto metricsAfter = receiverMetrics(phase.port);
        if (!metricsAfter)
            return Error{metricsAfter.error()};
        receiver.reset();
        auto walBytes = walBytesSince(wal.value());
        auto flushesAfter = walFlushesOnceAlone();
        if (!walBytes || !flushesAfter)
            return Error{!walBytes ? walBytes.error() : flushesAfter.error()};
        phase.walBytes = walBytes.value();
        phase.walFlushes = flushesAfter.value() - flushesBefore.value();

        const auto delta = [&](const QByteArray &series) {
            return metricsAfter.value().value(series) - metricsBefore.value().value(series);
        };
        phase.commits = delta("hookyard_receiver_commits_total");
        const qint64 rowsCommitted = delta("hookyard_receiver_rows_total");
        auto stored = newInboxRows();
        auto messages = count(
            u"SELECT count(*) FROM webhook_inbox WHERE partner_name = '%1' AND raw_body IS NOT NULL"_s.arg(kPartner));
        if (!stored || !messages)
            return Error{!stored ? stored.error() : messages.error()};
        const qint64 requested = m_config.requests;
        if (byStatus[200] != requested) {
            QStringList statuses;
            for (const auto &[status, times] : byStatus)
                statuses << u"%1 × %2"_s.arg(times).arg(status);
            return Error{u"of %1 requests: %2 (status 0: no answer); first: %3"_s.arg(requested).arg(
                statuses.join(u", "_s), firstProblem)};
        }
        if (stored.value() != requested || messages.value() != requested || rowsCommitted != requested)
            return Error{u"every request was answered 200, but webhook_inbox holds %1 new rows, %2 of them with their "
                         "raw body, and the receiver counted %3 new rows, of %4 requests"_s.arg(stored.value())
                             .arg(messages.value())
                             .arg(rowsCommitted)
                             .arg(requested)};

        std::sort(phase.latency.sortedMs.begin(), phase.latency.sortedMs.end());
        phase.rows = requested;
        phase.perSecond = double(requested) / phase.seconds;
        phase.detail =
            u"%1 requests in %2 s, every one answered 200; %1 new rows in webhook_inbox, each with its raw body"_s.arg(
                grouped(double(requested)), fixed(phase.seconds, 1));
        note(u"receiver: %1 requests/s, %2 rows per commit"_s.arg(grouped(phase.perSecond),
                                                                  fixed(double(requested) / double(phase.commits), 1)));
        return phase;
    }

    void report(const std::vector<Round> &rounds, bool markdown) const
    {
        QTextStream &stream = out();
        const auto heading = [&](const QString &title) {
            stream << (markdown ? u"#### "_s : QString()) << title << "\n\n";
        };
        QStringList counts;
        for (const Round &round : rounds)
            counts << QString::number(round.clients);
        const ReceiverPhase &first = rounds.front().receiver;

        heading(u"Setup"_s);
        Table setup{{u"what"_s, u"value"_s}};
        setup.rows = {
            {u"machine"_s, describeMachine(m_loadAtStart)},
            {u"PostgreSQL"_s, describeSettings(m_settings)},
            {u"partner"_s,
             u"'%1': scheme standard, one whsec_ secret, config {\"mode\": \"store_only\"}"_s.arg(kPartner)},
            {u"rounds"_s, u"at %1 clients in turn, each a pgbench run and then a receiver run, each right after a "
                          "checkpoint from %2"_s.arg(counts.join(u", "_s),
                                                     m_config.prefillRows > 0
                                                         ? u"an inbox of %1 processed rows of another partner (random "
                                                           "ids)"_s.arg(grouped(m_config.prefillRows))
                                                         : u"an empty inbox"_s)},
            {u"baseline"_s, u"pgbench -M prepared, N clients (-j N), %1 s: one INSERT … ON CONFLICT DO NOTHING of a "
                            "webhook_inbox row per transaction, a time-ordered id (version 7, made in SQL) and a fresh "
                            "partner_event_id each, the %2-byte JSON body as a literal"_s.arg(
                                QString::number(m_config.pgbenchSeconds), QString::number(orderBody(0).size()))},
            {u"receiver"_s,
             u"core::Receiver in this process on a thread of its own, listening on 127.0.0.1 (a new port each "
             "round), with its IngestQueue: %1 ingest connection(s), each on a thread of its own (group commit, at "
             "most %2 requests per commit), and the thread that wakes inbox workers; no inbox worker"_s.arg(
                 QString::number(m_config.ingestConnections), QString::number(m_config.maxBatch))},
            {u"load"_s,
             u"%1 Standard Webhooks requests per round (fresh webhook-id, current timestamp, %2-byte JSON bodies on "
             "average), signed before the clock starts (%3 s in the first round); sent by %4 on the main thread over N "
             "keep-alive connections, one request in flight on each"_s.arg(
                 grouped(m_config.requests), fixed(first.bodyBytes, 0), fixed(first.signingSeconds, 2),
                 m_config.libcurlLoad ? u"HttpTransfers (libcurl multi, --libcurl-load)"_s
                                      : u"the raw load generator (plain sockets and epoll)"_s)},
        };
        setup.print(stream, markdown);

        heading(u"Results"_s);
        Table results{{u"clients"_s, u"pgbench baseline"_s, u"receiver"_s, u"receiver ÷ pgbench"_s,
                       u"receiver p50 / p90 / p99 / max"_s, u"rows per commit"_s,
                       u"rows per WAL flush, pgbench / receiver"_s, u"WAL flush mean, pgbench / receiver"_s,
                       u"share of the run in WAL flushes, pgbench / receiver"_s}};
        for (const Round &round : rounds) {
            const Latency &latency = round.receiver.latency;
            results.rows.append({
                QString::number(round.clients),
                u"%1 rows/s"_s.arg(grouped(round.baseline.perSecond)),
                u"%1 requests/s"_s.arg(grouped(round.receiver.perSecond)),
                u"%1×"_s.arg(fixed(round.ratio(), 2)),
                u"%1 / %2 / %3 / %4 ms"_s.arg(fixed(latency.percentile(50), 2), fixed(latency.percentile(90), 2),
                                              fixed(latency.percentile(99), 2), fixed(latency.percentile(100), 2)),
                fixed(double(round.receiver.rows) / double(round.receiver.commits), 2),
                u"%1 / %2"_s.arg(fixed(double(round.baseline.rows) / double(round.baseline.walFlushes.count), 2),
                                 fixed(double(round.receiver.rows) / double(round.receiver.walFlushes.count), 2)),
                u"%1 / %2 µs"_s.arg(grouped(round.baseline.walFlushes.meanMicroseconds()),
                                    grouped(round.receiver.walFlushes.meanMicroseconds())),
                u"%1% / %2%"_s.arg(fixed(round.baseline.walFlushes.percentOf(round.baseline.seconds), 0),
                                   fixed(round.receiver.walFlushes.percentOf(round.receiver.seconds), 0)),
            });
        }
        results.print(stream, markdown);
        stream << "Receiver latency runs from the moment the load generator starts sending a request to its answer, "
                  "which is sent after the commit. Rows per commit: hookyard_receiver_rows_total ÷ "
                  "hookyard_receiver_commits_total; WAL "
                  "flushes: pg_stat_wal.wal_sync, and their time wal_sync_time (track_wal_io_timing on): WAL syncs "
                  "(wal_sync_method) by any process, made one at a time, so their share of the run is the share of "
                  "the time in which the disk was flushing.\n\n";

        heading(u"What each run checked"_s);
        Table checks{{u"clients"_s, u"pgbench"_s, u"receiver"_s}};
        for (const Round &round : rounds)
            checks.rows.append({QString::number(round.clients), round.baseline.detail, round.receiver.detail});
        checks.print(stream, markdown);

        heading(u"Target (PRODUCT.md §7)"_s);
        Table targets{{u"target"_s, u"measured"_s, u"verdict"_s}};
        // One row per client count, in the order first measured; a count given more than once (--clients 8,16,8,16)
        // is judged by the median of its rounds, since this machine's speed varies from one run to the next.
        QList<int> distinctCounts;
        for (const Round &round : rounds) {
            if (!distinctCounts.contains(round.clients))
                distinctCounts.append(round.clients);
        }
        for (int clients : distinctCounts) {
            QList<double> ratios;
            for (const Round &round : rounds) {
                if (round.clients == clients)
                    ratios.append(round.ratio());
            }
            QStringList shown;
            for (double ratio : ratios)
                shown.append(u"%1×"_s.arg(fixed(ratio, 2)));
            const double judged = median(ratios);
            QString measured = shown.join(u", "_s);
            if (ratios.size() > 1)
                measured += u" (median %1×)"_s.arg(fixed(judged, 2));
            targets.rows.append({u"ingest ≥ 1.0 × pgbench's single-row INSERT … ON CONFLICT DO NOTHING at %1 "
                                 "clients"_s.arg(clients),
                                 measured, judged >= 1.0 ? u"met"_s : u"NOT met"_s});
        }
        targets.rows.append({u"p99 latency reported"_s, u"in Results"_s, u"reported"_s});
        targets.print(stream, markdown);

        heading(u"Where the CPU went (CPU seconds, and share of all cores over the run)"_s);
        Table cpuTable{{u"clients"_s, u"run"_s, u"wall"_s, u"whole machine"_s, u"PostgreSQL"_s,
                        u"of which the ingest sessions"_s, u"client"_s, u"receiver HTTP thread"_s,
                        u"receiver ingest threads"_s, u"everything else"_s}};
        const auto rest = [](const Phase &phase, double client) {
            const CpuSample &cpu = phase.cpu;
            return std::max(0.0, cpu.machine - cpu.postgres - client - cpu.receiver - cpu.ingest);
        };
        for (const Round &round : rounds) {
            const Phase &baseline = round.baseline;
            const ReceiverPhase &receiver = round.receiver;
            cpuTable.rows.append({QString::number(round.clients), u"pgbench (client: pgbench)"_s,
                                  u"%1 s"_s.arg(fixed(baseline.seconds, 2)),
                                  cpuShare(baseline.cpu.machine, baseline.seconds),
                                  cpuShare(baseline.cpu.postgres, baseline.seconds), u"-"_s,
                                  cpuShare(baseline.cpu.pgbench, baseline.seconds), u"-"_s, u"-"_s,
                                  cpuShare(rest(baseline, baseline.cpu.pgbench), baseline.seconds)});
            cpuTable.rows.append(
                {QString::number(round.clients), u"receiver (client: load generator)"_s,
                 u"%1 s"_s.arg(fixed(receiver.seconds, 2)), cpuShare(receiver.cpu.machine, receiver.seconds),
                 cpuShare(receiver.cpu.postgres, receiver.seconds),
                 cpuShare(receiver.cpu.ingestSessions, receiver.seconds),
                 cpuShare(receiver.cpu.loadGenerator, receiver.seconds),
                 cpuShare(receiver.cpu.receiver, receiver.seconds), cpuShare(receiver.cpu.ingest, receiver.seconds),
                 cpuShare(rest(receiver, receiver.cpu.loadGenerator), receiver.seconds)});
        }
        cpuTable.print(stream, markdown);

        heading(u"Cost per stored row"_s);
        Table perRow{{u"clients"_s, u"run"_s, u"PostgreSQL CPU µs"_s, u"of which the ingest sessions µs"_s,
                      u"client CPU µs"_s, u"receiver HTTP CPU µs"_s, u"receiver ingest CPU µs"_s, u"WAL bytes"_s}};
        for (const Round &round : rounds) {
            const Phase &baseline = round.baseline;
            const ReceiverPhase &receiver = round.receiver;
            perRow.rows.append({QString::number(round.clients), u"pgbench"_s,
                                microsEach(baseline.cpu.postgres, baseline.rows), u"-"_s,
                                microsEach(baseline.cpu.pgbench, baseline.rows), u"-"_s, u"-"_s,
                                grouped(baseline.walBytes / double(baseline.rows))});
            perRow.rows.append(
                {QString::number(round.clients), u"receiver"_s, microsEach(receiver.cpu.postgres, receiver.rows),
                 microsEach(receiver.cpu.ingestSessions, receiver.rows),
                 microsEach(receiver.cpu.loadGenerator, receiver.rows),
                 microsEach(receiver.cpu.receiver, receiver.rows), microsEach(receiver.cpu.ingest, receiver.rows),
                 grouped(receiver.walBytes / double(receiver.rows))});
        }
        perRow.print(stream, markdown);

        heading(u"The CPU ceiling"_s);
        Table ceiling{{u"clients"_s, u"CPU per row, pgbench / receiver"_s,
                       u"the receiver at pgbench's rate would need"_s, u"the receiver's rate with every core busy"_s,
                       u"that ÷ pgbench"_s}};
        const double cores = QThread::idealThreadCount();
        for (const Round &round : rounds) {
            const Phase &baseline = round.baseline;
            const ReceiverPhase &receiver = round.receiver;
            const double baselineEach = (baseline.cpu.postgres + baseline.cpu.pgbench) / double(baseline.rows);
            const double receiverEach =
                (receiver.cpu.postgres + receiver.cpu.loadGenerator + receiver.cpu.receiver + receiver.cpu.ingest) /
                double(receiver.rows);
            const double fullRate = cores / receiverEach;
            ceiling.rows.append(
                {QString::number(round.clients),
                 u"%1 / %2 µs"_s.arg(fixed(baselineEach * 1e6, 0), fixed(receiverEach * 1e6, 0)),
                 u"%1% of the %2 cores"_s.arg(fixed(100.0 * baseline.perSecond * receiverEach / cores, 0),
                                              QString::number(cores)),
                 u"%1 requests/s"_s.arg(grouped(fullRate)), u"%1×"_s.arg(fixed(fullRate / baseline.perSecond, 2))});
        }
        ceiling.print(stream, markdown);
        stream << "CPU per row counts each side's whole chain: pgbench's PostgreSQL and its client; the receiver's "
                  "PostgreSQL, its HTTP thread, its ingest threads and the load generator (its client). Where the "
                  "receiver would need more than every core to keep pgbench's rate, no scheduling of its work can "
                  "reach the target at the cost per row it had in this round; only a lower cost can. The cost was "
                  "measured at the rate the receiver reached, and on the benchmark's 2-core guest it fell when the "
                  "machine was busier (docs/benchmarks.md), so the ceiling is an estimate, not a bound.\n\n";
        stream.flush();
    }

    Config m_config;
    QString m_loadAtStart;
    QHash<QString, QString> m_settings;
    QByteArray m_signingKey;
    QTemporaryDir m_scratch{u"/tmp/hookyard-bench-scratch-XXXXXX"_s};
    ScratchCluster m_cluster;
    std::unique_ptr<DatabaseConnection> m_admin;
};

std::optional<Config> parseArguments(const QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Measures the receiver's signed-webhook ingest (requests/s, latency, rows per commit) against pgbench's "
        "single-row INSERT … ON CONFLICT DO NOTHING into webhook_inbox at the same client count, in one invocation, "
        "on a throwaway durable PostgreSQL cluster. See docs/benchmarks.md; bench/ingest/run.sh builds and runs it."_s);
    parser.addHelpOption();
    parser.addOptions({
        {u"clients"_s,
         u"Client counts, comma-separated: at each, pgbench's clients and the receiver's HTTP connections "
         "(default 8,16,32,64). A count given again is measured again (8,16,8,16), and its target is judged by "
         "the median of its rounds."_s,
         u"n[,n…]"_s},
        {u"requests"_s, u"Signed requests sent to the receiver (default 50000)."_s, u"n"_s},
        {u"pgbench-seconds"_s, u"How long pgbench runs (default 15)."_s, u"s"_s},
        {u"prefill-rows"_s,
         u"Fill the inbox with n processed rows of another partner before each run (default: start each run from "
         "an empty inbox)."_s,
         u"n"_s},
        {u"batch"_s, u"Requests sharing one commit at most, as `hookyard receive --batch` (default 256)."_s, u"n"_s},
        {u"ingest-connections"_s,
         u"Commits in flight at once, as `hookyard receive --ingest-connections` (default 1)."_s, u"n"_s},
        {u"libcurl-load"_s,
         u"Send the requests through HttpTransfers (libcurl multi, the relay's HTTP client) instead of the raw "
         "load generator (plain sockets and epoll)."_s},
        {u"markdown"_s, u"Also print the tables as Markdown for docs/benchmarks.md."_s},
    });
    parser.process(app);

    Config config;
    QString error;
    if (parser.isSet(u"clients"_s)) {
        config.clients.clear();
        for (const QString &part : parser.value(u"clients"_s).split(u',')) {
            bool ok = false;
            const int clients = part.trimmed().toInt(&ok);
            if (!ok || clients <= 0) {
                error = u"--clients takes positive integers separated by commas, got '%1'"_s.arg(
                    parser.value(u"clients"_s));
                break;
            }
            config.clients.append(clients);
        }
    }
    readPositive(parser, u"requests"_s, config.requests, error);
    readPositive(parser, u"pgbench-seconds"_s, config.pgbenchSeconds, error);
    readPositive(parser, u"prefill-rows"_s, config.prefillRows, error);
    readPositive(parser, u"batch"_s, config.maxBatch, error);
    readPositive(parser, u"ingest-connections"_s, config.ingestConnections, error);
    config.libcurlLoad = parser.isSet(u"libcurl-load"_s);
    config.markdown = parser.isSet(u"markdown"_s);
    if (!parser.positionalArguments().isEmpty())
        error = u"unexpected argument '%1'"_s.arg(parser.positionalArguments().constFirst());
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
    QCoreApplication::setApplicationName(u"bench_ingest"_s);
    const auto config = parseArguments(app);
    if (!config)
        return 2;

    stopOnTerminationSignals();
    const Status done = IngestBench(*config).run();
    if (!done) {
        note(done.error());
        return 1;
    }
    return 0;
}
