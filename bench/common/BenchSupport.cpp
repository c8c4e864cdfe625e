#include "common/BenchSupport.h"

#include "db/Migrator.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QThread>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>

using namespace Qt::StringLiterals;

namespace hookyard::bench {

namespace {

void onTerminationSignal(int)
{
    interrupted = true;
}

const QLocale kNumbers(QLocale::English, QLocale::UnitedStates);

double clockTick()
{
    static const double tick = double(::sysconf(_SC_CLK_TCK));
    return tick;
}

} // namespace

void stopOnTerminationSignals()
{
    std::signal(SIGINT, onTerminationSignal);
    std::signal(SIGTERM, onTerminationSignal);
}

Status checkInterrupted()
{
    if (interrupted)
        return Error{u"interrupted"_s};
    return core::success();
}

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

void note(const QString &message)
{
    static QTextStream stream(stderr);
    stream << QCoreApplication::applicationName() << ": " << message << Qt::endl;
}

QString grouped(double value)
{
    return kNumbers.toString(qint64(std::llround(value)));
}

QString fixed(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString loadAverage()
{
    QFile file(u"/proc/loadavg"_s);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(file.readAll()).section(u' ', 0, 2);
}

void Table::print(QTextStream &stream, bool markdown) const
{
    if (markdown) {
        stream << "| " << header.join(u" | "_s) << " |\n|";
        for (qsizetype i = 0; i < header.size(); ++i)
            stream << "---|";
        stream << '\n';
        for (const QStringList &row : rows)
            stream << "| " << row.join(u" | "_s) << " |\n";
        stream << Qt::endl;
        return;
    }
    QList<qsizetype> widths;
    for (const QString &title : header)
        widths.append(title.size());
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], row[i].size());
    }
    const auto line = [&](const QStringList &cells) {
        QStringList padded;
        for (qsizetype i = 0; i < cells.size(); ++i)
            padded << cells[i].leftJustified(widths[i]);
        stream << "  " << padded.join(u"  "_s).trimmed() << '\n';
    };
    line(header);
    QStringList rules;
    for (qsizetype width : widths)
        rules << QString(width, u'-');
    line(rules);
    for (const QStringList &row : rows)
        line(row);
    stream << Qt::endl;
}

double Latency::percentile(double p) const
{
    if (sortedMs.isEmpty())
        return 0;
    const auto rank = qsizetype(std::ceil(p / 100.0 * double(sortedMs.size())));
    return sortedMs[std::clamp<qsizetype>(rank - 1, 0, sortedMs.size() - 1)];
}

std::optional<ProcessTimes> readProcessTimes(const QString &statPath)
{
    QFile file(statPath);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray line = file.readAll();
    // "pid (name) state ppid ...": the name may hold spaces, so fields are counted after its closing parenthesis.
    const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
    if (open < 0 || close < open)
        return std::nullopt;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    if (fields.size() < 15)
        return std::nullopt;
    ProcessTimes times;
    times.pid = line.left(open).trimmed().toLongLong();
    times.name = line.mid(open + 1, close - open - 1);
    times.parent = fields[1].toLongLong();
    times.own = (fields[11].toDouble() + fields[12].toDouble()) / clockTick();
    times.reaped = (fields[13].toDouble() + fields[14].toDouble()) / clockTick();
    return times;
}

QList<ProcessTimes> allProcesses()
{
    QList<ProcessTimes> processes;
    const QDir proc(u"/proc"_s);
    for (const QString &entry : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool numeric = false;
        entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        if (auto times = readProcessTimes(proc.filePath(entry + u"/stat"_s)))
            processes.append(*times);
    }
    return processes;
}

double processTreeSeconds(qint64 root, const QList<ProcessTimes> &processes)
{
    double seconds = 0;
    for (const ProcessTimes &process : processes) {
        if (process.pid == root)
            seconds += process.own + process.reaped;
        else if (process.parent == root)
            seconds += process.own;
    }
    return seconds;
}

qsizetype childProcessCount(qint64 root)
{
    const QList<ProcessTimes> processes = allProcesses();
    return std::count_if(processes.cbegin(), processes.cend(),
                         [root](const ProcessTimes &process) { return process.parent == root; });
}

bool waitForChildProcesses(qint64 root, qsizetype count, int limitMs)
{
    QElapsedTimer waited;
    waited.start();
    while (childProcessCount(root) > count) {
        if (waited.elapsed() >= limitMs)
            return false;
        QThread::msleep(5);
    }
    return true;
}

double machineBusySeconds()
{
    QFile file(u"/proc/stat"_s);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    // cpu user nice system idle iowait irq softirq steal ...
    const QList<QByteArray> fields = file.readLine().simplified().split(' ');
    if (fields.size() < 9)
        return 0;
    double ticks = 0;
    for (int i : {1, 2, 3, 6, 7, 8})
        ticks += fields[i].toDouble();
    return ticks / clockTick();
}

double ownSeconds()
{
    const auto self = readProcessTimes(u"/proc/self/stat"_s);
    return self ? self->own : 0;
}

double threadSeconds(const QByteArray &name)
{
    double seconds = 0;
    const QDir tasks(u"/proc/self/task"_s);
    for (const QString &task : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        auto times = readProcessTimes(tasks.filePath(task + u"/stat"_s));
        if (times && times->name == name)
            seconds += times->own;
    }
    return seconds;
}

double currentThreadSeconds()
{
    const auto self = readProcessTimes(u"/proc/thread-self/stat"_s);
    return self ? self->own : 0;
}

double waitedChildrenSeconds()
{
    rusage children{};
    ::getrusage(RUSAGE_CHILDREN, &children);
    return double(children.ru_utime.tv_sec + children.ru_stime.tv_sec) +
           double(children.ru_utime.tv_usec + children.ru_stime.tv_usec) / 1e6;
}

QString describeMachine(const QString &loadAtStart)
{
    return u"%1 cores (nproc); load average at start %2"_s.arg(QThread::idealThreadCount()).arg(loadAtStart);
}

QString cpuShare(double cpuSeconds, double wallSeconds)
{
    const double available = wallSeconds * double(QThread::idealThreadCount());
    return u"%1 s (%2%)"_s.arg(fixed(cpuSeconds, 1), fixed(100.0 * cpuSeconds / available, 0));
}

QString microsEach(double cpuSeconds, qint64 items)
{
    return fixed(cpuSeconds / double(items) * 1e6, 0);
}

void readPositive(const QCommandLineParser &parser, const QString &name, int &target, QString &error)
{
    if (!parser.isSet(name))
        return;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value <= 0)
        error = u"--%1 must be a positive integer, got '%2'"_s.arg(name, parser.value(name));
    else
        target = value;
}

Result<QVariant> scalar(const core::DatabaseConnection &connection, const QString &sql,
                        std::initializer_list<QVariant> values)
{
    auto query = connection.exec(sql, values);
    if (!query)
        return Error{query.error()};
    if (!query.value().next())
        return Error{u"no row from: "_s + sql.simplified().left(60)};
    return query.value().value(0);
}

ScratchCluster::~ScratchCluster()
{
    if (m_cluster && m_cluster->startedHere()) {
        note(u"stopping PostgreSQL"_s);
        if (auto stopped = m_cluster->stop(); !stopped)
            note(stopped.error());
    }
}

Result<MigratedDatabase> openMigrated(const ScratchCluster &cluster)
{
    auto admin = core::DatabaseConnection::open(cluster->settings(), u"bench"_s);
    if (!admin)
        return Error{admin.error()};
    if (auto migrated = core::Migrator::migrate(*admin.value()); !migrated)
        return Error{migrated.error()};
    auto settings = durableSettings(*admin.value());
    if (!settings)
        return Error{settings.error()};
    return MigratedDatabase{std::move(admin.value()), settings.value()};
}

Status ScratchCluster::start()
{
    m_dataDir.emplace(u"/tmp/hookyard-bench-XXXXXX"_s);
    if (!m_dataDir->isValid())
        return Error{u"cannot create a directory under /tmp: "_s + m_dataDir->errorString()};
    m_cluster = std::make_unique<core::ManagedCluster>(core::ManagedCluster::Options{m_dataDir->path(), true});
    note(u"starting a durable PostgreSQL cluster in %1"_s.arg(m_dataDir->path()));
    return m_cluster->start();
}

Result<QHash<QString, QString>> durableSettings(const core::DatabaseConnection &connection)
{
    QHash<QString, QString> settings;
    for (const QString &setting : {u"server_version"_s, u"fsync"_s, u"synchronous_commit"_s, u"wal_sync_method"_s,
                                   u"shared_buffers"_s, u"max_wal_size"_s}) {
        auto value = scalar(connection, u"SELECT current_setting('%1')"_s.arg(setting));
        if (!value)
            return Error{value.error()};
        settings.insert(setting, value.value().toString());
    }
    if (settings.value(u"fsync"_s) != u"on"_s || settings.value(u"synchronous_commit"_s) != u"on"_s)
        return Error{u"the cluster is not durable (fsync %1, synchronous_commit %2)"_s.arg(
            settings.value(u"fsync"_s), settings.value(u"synchronous_commit"_s))};
    note(u"PostgreSQL %1: fsync on, synchronous_commit on"_s.arg(settings.value(u"server_version"_s)));
    return settings;
}

QString describeSettings(const QHash<QString, QString> &settings)
{
    return u"%1 on the same machine; fsync %2, synchronous_commit %3, wal_sync_method %4, shared_buffers %5, "
           "max_wal_size %6"_s.arg(settings.value(u"server_version"_s), settings.value(u"fsync"_s),
                                   settings.value(u"synchronous_commit"_s), settings.value(u"wal_sync_method"_s),
                                   settings.value(u"shared_buffers"_s), settings.value(u"max_wal_size"_s));
}

Status writeTextFile(const QString &path, const QString &text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0)
        return Error{u"cannot write %1"_s.arg(path)};
    return core::success();
}

QStringList pgbenchConnectionArguments(const core::ConnectionSettings &settings)
{
    return {u"-h"_s, settings.host, u"-p"_s, QString::number(settings.port), u"-U"_s, settings.user, settings.database};
}

Result<PgbenchRun> runPgbench(const QStringList &arguments, qint64 postmasterPid)
{
    const qsizetype serverProcesses = childProcessCount(postmasterPid);
    QProcess pgbench;
    pgbench.setProcessChannelMode(QProcess::MergedChannels);
    QElapsedTimer wall;
    wall.start();
    pgbench.start(u"pgbench"_s, arguments);
    if (!pgbench.waitForStarted())
        return Error{u"cannot run pgbench (%1): install postgresql-contrib"_s.arg(pgbench.errorString())};
    while (!pgbench.waitForFinished(200)) {
        if (interrupted) {
            pgbench.kill();
            pgbench.waitForFinished();
            return Error{u"interrupted"_s};
        }
    }
    PgbenchRun run;
    run.seconds = double(wall.nsecsElapsed()) / 1e9;
    // pgbench ends once its connections are closed; their server processes may still be exiting.
    if (!waitForChildProcesses(postmasterPid, serverProcesses, 5000))
        note(u"pgbench's server processes were still there after 5 s; PostgreSQL's CPU may be short"_s);
    const QString output = QString::fromLocal8Bit(pgbench.readAll());
    if (pgbench.exitStatus() != QProcess::NormalExit || pgbench.exitCode() != 0)
        return Error{u"pgbench failed: "_s + output.trimmed().section(u'\n', -5).simplified()};

    const auto tps = QRegularExpression(u"tps = ([0-9.]+)"_s).match(output);
    const auto processed = QRegularExpression(u"actually processed: ([0-9]+)"_s).match(output);
    if (!tps.hasMatch() || !processed.hasMatch())
        return Error{u"cannot read pgbench's result: "_s + output.simplified().right(200)};
    run.tps = tps.captured(1).toDouble();
    run.transactions = processed.captured(1).toLongLong();
    run.failed = QRegularExpression(u"failed transactions: ([0-9]+)"_s).match(output).captured(1).toLongLong();
    run.latencyAverageMs = QRegularExpression(u"latency average = ([0-9.]+) ms"_s).match(output).captured(1).toDouble();
    return run;
}

void sendRequests(int connections, qsizetype total, const std::function<core::OutgoingRequest(qsizetype)> &next,
                  const std::function<void(const core::TransferOutcome &)> &finished)
{
    core::HttpTransfers transfers(connections);
    qsizetype started = 0, answered = 0;
    while (answered < total && !interrupted) {
        while (started < total && transfers.inFlight() < connections)
            transfers.start(next(started++));
        const QList<core::TransferOutcome> outcomes = transfers.drive();
        for (const core::TransferOutcome &outcome : outcomes) {
            ++answered;
            finished(outcome);
        }
        // On loopback one drive() often finishes every transfer: refill at once instead of sleeping idle.
        if (outcomes.isEmpty() && answered < total)
            transfers.wait(100, -1);
    }
}

} // namespace hookyard::bench
