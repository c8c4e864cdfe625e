#include "db/ManagedCluster.h"

#include "db/Database.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QThread>

#include <cstring>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

constexpr int kPort = 5432; // only names the socket file: the server listens on no TCP port
constexpr auto kServerUser = "postgres";

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

// The newest PostgreSQL server installed the Debian way (/usr/lib/postgresql/N/bin), or HOOKYARD_PG_BINDIR.
QString serverBinDir()
{
    if (const QString dir = qEnvironmentVariable("HOOKYARD_PG_BINDIR"); !dir.isEmpty())
        return dir;
    QDir root(u"/usr/lib/postgresql"_s);
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(),
              [](const QString &a, const QString &b) { return a.toDouble() > b.toDouble(); });
    for (const QString &version : versions) {
        const QString bin = root.filePath(version + u"/bin"_s);
        if (QFileInfo(bin + u"/pg_ctl"_s).isExecutable())
            return bin;
    }
    return {};
}

} // namespace

ManagedCluster::ManagedCluster(Options options)
    : m_options(std::move(options))
{
    m_options.dataDir = QDir(m_options.dataDir).absolutePath();
}

QString ManagedCluster::defaultDataDir()
{
    if (runningAsRoot())
        return u"/var/lib/hookyard/sandbox"_s;
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + u"/hookyard/sandbox"_s;
}

QString ManagedCluster::privilegeNotice()
{
    if (!runningAsRoot())
        return {};
    return u"running as root: the managed PostgreSQL runs as the '%1' system user (initdb refuses root)"_s.arg(
        QLatin1StringView(kServerUser));
}

QString ManagedCluster::socketDir() const
{
    // A unix socket path must fit in sun_path (108 bytes); fall back to a short private directory under /tmp.
    const QString inDataDir = m_options.dataDir;
    if (inDataDir.toUtf8().size() + 20 < 100)
        return inDataDir;
    const QByteArray hash = QCryptographicHash::hash(inDataDir.toUtf8(), QCryptographicHash::Sha256).toHex().left(12);
    return QDir::tempPath() + u"/hookyard-"_s + QString::fromLatin1(hash);
}

QString ManagedCluster::logFile() const
{
    return m_options.dataDir + u"/server.log"_s;
}

ConnectionSettings ManagedCluster::settings(const QString &database) const
{
    ConnectionSettings settings;
    settings.host = socketDir();
    settings.port = kPort;
    settings.user = u"hookyard"_s;
    settings.database = database;
    settings.source = ConnectionSettings::Source::ManagedCluster;
    return settings;
}

ManagedCluster::CommandOutput ManagedCluster::runServerCommand(const QString &tool, const QStringList &arguments,
                                                               int timeoutMs) const
{
    const QString binDir = serverBinDir();
    if (binDir.isEmpty())
        return {-1, u"no PostgreSQL server found under /usr/lib/postgresql: install the postgresql package"_s};
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setWorkingDirectory(QDir::rootPath()); // the server user may not be allowed into our cwd
    const QString program = binDir + u'/' + tool;
    if (runningAsRoot())
        process.start(u"runuser"_s,
                      QStringList{u"-u"_s, QString::fromLatin1(kServerUser), u"--"_s, program} + arguments);
    else
        process.start(program, arguments);
    if (!process.waitForStarted())
        return {-1, u"cannot run %1: %2"_s.arg(program, process.errorString())};
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {-1, u"%1 did not finish within %2 s"_s.arg(tool).arg(timeoutMs / 1000)};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromLocal8Bit(process.readAll()).trimmed()};
}

Status ManagedCluster::prepareDirectory(const QString &path) const
{
    if (!QDir().mkpath(path))
        return Error{u"cannot create %1"_s.arg(path)};
    if (::chmod(QFile::encodeName(path).constData(), 0700) != 0)
        return Error{u"cannot restrict %1 to its owner: %2"_s.arg(path, QString::fromLocal8Bit(strerror(errno)))};
    if (runningAsRoot()) {
        const passwd *user = ::getpwnam(kServerUser);
        if (!user)
            return Error{u"running as root, but there is no 'postgres' system user to run the server: install the "
                         u"postgresql package or run Hookyard as a normal user"_s};
        if (::chown(QFile::encodeName(path).constData(), user->pw_uid, user->pw_gid) != 0)
            return Error{
                u"cannot give %1 to the postgres user: %2"_s.arg(path, QString::fromLocal8Bit(strerror(errno)))};
    }
    return success();
}

Status ManagedCluster::initialise()
{
    // Found by an adversarial helper: a mistyped --data-dir (a home directory, the current one) was given to the
    // postgres user before initdb refused it.
    if (const QDir existing(m_options.dataDir);
        existing.exists() && !existing.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System))
        return Error{
            u"%1 holds files but no PostgreSQL cluster: give a new or empty directory"_s.arg(m_options.dataDir)};
    if (auto prepared = prepareDirectory(m_options.dataDir); !prepared)
        return prepared;
    QStringList arguments{u"-D"_s,           m_options.dataDir,    u"-U"_s,        u"hookyard"_s,
                          u"--auth=trust"_s, u"--encoding=UTF8"_s, u"--locale=C"_s};
    if (!m_options.durable)
        arguments << u"--no-sync"_s;
    const auto result = runServerCommand(u"initdb"_s, arguments);
    if (result.exitCode != 0)
        return Error{u"initdb failed in %1: %2"_s.arg(m_options.dataDir, result.output.section(u'\n', -3))};

    // The "hookyard" superuser is trusted on the socket, which sits in a directory only the server's owner can
    // enter; any other role (an auditor's read-only login, say) must give its password.
    QFile hba(m_options.dataDir + u"/pg_hba.conf"_s);
    if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return Error{u"cannot write %1"_s.arg(hba.fileName())};
    hba.write("# Written by Hookyard: unix socket only.\n"
              "local all hookyard trust\n"
              "local all all scram-sha-256\n");
    hba.close();

    QFile conf(m_options.dataDir + u"/postgresql.conf"_s);
    if (!conf.open(QIODevice::Append))
        return Error{u"cannot extend %1"_s.arg(conf.fileName())};
    conf.write("\n# Settings Hookyard rewrites at every start.\ninclude_if_exists = 'hookyard.conf'\n");
    return success();
}

Status ManagedCluster::writeServerConfiguration() const
{
    QByteArray conf = "listen_addresses = ''\n"
                      "unix_socket_directories = '" +
                      socketDir().toUtf8() + "'\nport = " + QByteArray::number(kPort) + "\nmax_connections = 200\n";
    if (!m_options.durable)
        conf += "fsync = off\nfull_page_writes = off\n";
    QFile file(m_options.dataDir + u"/hookyard.conf"_s);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(conf) != conf.size())
        return Error{u"cannot write %1"_s.arg(file.fileName())};
    return success();
}

qint64 ManagedCluster::postmasterPid() const
{
    QFile pidFile(m_options.dataDir + u"/postmaster.pid"_s);
    if (!pidFile.open(QIODevice::ReadOnly))
        return 0;
    return pidFile.readLine().trimmed().toLongLong();
}

bool ManagedCluster::postmasterAlive() const
{
    // The pid in postmaster.pid counts only if it is a live postgres process. After a crash the file stays behind,
    // and the pid may be reused by an unrelated process or (in containers whose init does not reap) linger as a
    // zombie; both would make pg_ctl believe the server still runs.
    const qint64 pid = postmasterPid();
    if (pid <= 0)
        return false;
    QFile stat(u"/proc/%1/stat"_s.arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    // "pid (comm) state ...": the command name is in parentheses, the state letter follows it.
    const QByteArray line = stat.readAll();
    const qsizetype open = line.indexOf('('), close = line.lastIndexOf(')');
    if (open < 0 || close < open || close + 2 >= line.size())
        return false;
    return line.mid(open + 1, close - open - 1) == "postgres" && line.at(close + 2) != 'Z';
}

void ManagedCluster::removeStalePidFile() const
{
    if (!postmasterAlive())
        QFile::remove(m_options.dataDir + u"/postmaster.pid"_s);
}

bool ManagedCluster::isRunning() const
{
    return postmasterAlive();
}

QString ManagedCluster::logTail() const
{
    QFile log(logFile());
    if (!log.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = log.readAll().trimmed().split('\n');
    return QString::fromLocal8Bit(lines.last());
}

Status ManagedCluster::start()
{
    m_startedHere = false;
    if (!QFileInfo::exists(m_options.dataDir + u"/PG_VERSION"_s)) {
        if (auto created = initialise(); !created)
            return created;
    }
    if (isRunning())
        return createHookyardDatabase();

    removeStalePidFile();
    if (auto configured = writeServerConfiguration(); !configured)
        return configured;
    if (socketDir() != m_options.dataDir) {
        if (auto prepared = prepareDirectory(socketDir()); !prepared)
            return prepared;
    }

    // Right after a SIGKILLed postmaster its children may still hold the shared memory for a moment; PostgreSQL
    // then refuses to start, so try a few times.
    CommandOutput result;
    for (int attempt = 0; attempt < 5; ++attempt) {
        result = runServerCommand(
            u"pg_ctl"_s, {u"start"_s, u"-D"_s, m_options.dataDir, u"-l"_s, logFile(), u"-w"_s, u"-t"_s, u"60"_s});
        if (result.exitCode == 0)
            break;
        QThread::msleep(1000);
        removeStalePidFile();
    }
    if (result.exitCode != 0)
        return Error{u"cannot start the managed PostgreSQL in %1: %2"_s.arg(m_options.dataDir, logTail())};
    m_startedHere = true;
    return createHookyardDatabase();
}

Status ManagedCluster::createHookyardDatabase() const
{
    auto connection = DatabaseConnection::open(settings(u"postgres"_s), u"cluster-setup"_s);
    if (!connection)
        return Error{connection.error()};
    auto exists = connection.value()->exec(u"SELECT 1 FROM pg_database WHERE datname = 'hookyard'"_s);
    if (!exists)
        return Error{exists.error()};
    if (exists.value().next())
        return success();
    auto created = connection.value()->execScript(u"CREATE DATABASE hookyard"_s);
    // Two processes starting the sandbox at once may race here; the loser sees "already exists", which is fine.
    if (!created && !created.error().contains(u"already exists"_s))
        return created;
    return success();
}

Status ManagedCluster::stop()
{
    if (!isRunning())
        return success();
    const auto result =
        runServerCommand(u"pg_ctl"_s, {u"stop"_s, u"-D"_s, m_options.dataDir, u"-m"_s, u"fast"_s, u"-w"_s});
    if (result.exitCode != 0)
        return Error{u"cannot stop the managed PostgreSQL in %1: %2"_s.arg(m_options.dataDir, result.output)};
    m_startedHere = false;
    return success();
}

} // namespace hookyard::core
