#pragma once

// What the benchmark programs share: output, CPU accounting from /proc, a throwaway durable cluster, pgbench, and
// a loop sending POSTs through the relay's HTTP client.

#include "db/Database.h"
#include "db/ManagedCluster.h"
#include "relay/HttpTransfers.h"
#include "util/Result.h"

#include <QByteArray>
#include <QCommandLineParser>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTextStream>
#include <QVariant>

#include <atomic>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>

namespace hookyard::bench {

using core::Error;
using core::Result;
using core::Status;

// ---- stopping ----

// Set by SIGINT and SIGTERM once stopOnTerminationSignals() ran: every phase gives up and the cluster is stopped.
inline std::atomic<bool> interrupted{false};
void stopOnTerminationSignals();
Status checkInterrupted();

// ---- output ----

QTextStream &out();
// A progress line on stderr, prefixed with the application name.
void note(const QString &message);
QString grouped(double value); // 12,345
QString fixed(double value, int decimals);
// The 1, 5 and 15 minute load averages.
QString loadAverage();
// The core count and the load average at the start, for a results table.
QString describeMachine(const QString &loadAtStart);
// "1.2 s (30%)": CPU seconds, and their share of every core over wallSeconds.
QString cpuShare(double cpuSeconds, double wallSeconds);
// CPU microseconds per item.
QString microsEach(double cpuSeconds, qint64 items);

struct Table
{
    explicit Table(QStringList columns = {})
        : header(std::move(columns))
    {}

    QStringList header;
    QList<QStringList> rows;

    void print(QTextStream &stream, bool markdown) const;
};

struct Latency
{
    QList<double> sortedMs;

    double percentile(double p) const;
};

// ---- CPU accounting, from /proc, so that processes of other users (PostgreSQL runs as postgres) count too ----

struct ProcessTimes
{
    qint64 pid = 0;
    qint64 parent = 0;
    QByteArray name;
    double own = 0;    // seconds of CPU, user and system
    double reaped = 0; // seconds of CPU of children that exited and were waited for
};

std::optional<ProcessTimes> readProcessTimes(const QString &statPath);
QList<ProcessTimes> allProcesses();
// A server and its worker processes; those that already exited are in the server's reaped time.
double processTreeSeconds(qint64 root, const QList<ProcessTimes> &processes);
// The processes whose parent is `root`.
qsizetype childProcessCount(qint64 root);
// Waits, at most `limitMs`, until `root` has no more than `count` children; false if it still has more. A child that
// exits is in neither place for a moment: gone from /proc, or about to be, while the server has not waited for it
// yet. Sampling processTreeSeconds then can miss its CPU (the likely reason one pgbench round lost half of
// PostgreSQL's CPU, docs/benchmarks.md, ingest), so a phase whose clients just disconnected waits first.
bool waitForChildProcesses(qint64 root, qsizetype count, int limitMs);
// Every process on every core.
double machineBusySeconds();
// This process, exited threads included.
double ownSeconds();
// This process's threads with that name (a QThread's object name).
double threadSeconds(const QByteArray &name);
// The calling thread.
double currentThreadSeconds();
// This process's children that exited and were waited for.
double waitedChildrenSeconds();

// Reads the option `name` into target when it is given; sets error when it is not a positive integer.
void readPositive(const QCommandLineParser &parser, const QString &name, int &target, QString &error);

// ---- the database ----

Result<QVariant> scalar(const core::DatabaseConnection &connection, const QString &sql,
                        std::initializer_list<QVariant> values = {});

// A private cluster in a fresh directory under /tmp with PostgreSQL's durable defaults (fsync and synchronous_commit
// on); stopped and removed again when this is destroyed. -> reaches the cluster once start() succeeded.
class ScratchCluster final
{
public:
    ScratchCluster() = default;
    ~ScratchCluster();
    Q_DISABLE_COPY_MOVE(ScratchCluster)

    Status start();
    core::ManagedCluster *operator->() const { return m_cluster.get(); }

private:
    std::optional<QTemporaryDir> m_dataDir;
    std::unique_ptr<core::ManagedCluster> m_cluster;
};

// The server's settings that a result depends on, by name; an error unless fsync and synchronous_commit are on.
Result<QHash<QString, QString>> durableSettings(const core::DatabaseConnection &connection);
// A started cluster's admin connection, migrated, and its durable settings (an error unless durable): what every
// benchmark needs before it seeds anything.
struct MigratedDatabase
{
    std::unique_ptr<core::DatabaseConnection> admin;
    QHash<QString, QString> settings;
};
Result<MigratedDatabase> openMigrated(const ScratchCluster &cluster);
// Those settings as one line for a results table.
QString describeSettings(const QHash<QString, QString> &settings);

// ---- pgbench ----

Status writeTextFile(const QString &path, const QString &text);
// -h, -p, -U and the database of `settings`, for pgbench's command line.
QStringList pgbenchConnectionArguments(const core::ConnectionSettings &settings);

struct PgbenchRun
{
    double seconds = 0; // wall time of the whole run, connections included
    double tps = 0;     // pgbench's own figure, without the initial connection time
    qint64 transactions = 0;
    qint64 failed = 0;
    double latencyAverageMs = 0;
};

// Runs pgbench to the end (or kills it when interrupted) and reads its summary. It returns once the server processes
// of pgbench's sessions have left `postmasterPid` (5 s at most, noted if longer), so that a CPU sample taken next
// counts them (waitForChildProcesses).
Result<PgbenchRun> runPgbench(const QStringList &arguments, qint64 postmasterPid);

// ---- HTTP ----

// Sends `total` POSTs through one HttpTransfers with at most `connections` in flight, starting the next as soon as a
// slot is free, until every one is answered or the run is interrupted. next(i) makes the i-th request (its
// deliveryId is i); finished hears each outcome as it arrives.
void sendRequests(int connections, qsizetype total, const std::function<core::OutgoingRequest(qsizetype)> &next,
                  const std::function<void(const core::TransferOutcome &)> &finished);

} // namespace hookyard::bench
