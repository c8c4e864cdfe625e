// The managed PostgreSQL: created, started, stopped, and started again after its postmaster was SIGKILLed.

#include "db/Database.h"
#include "db/ManagedCluster.h"

#include <QProcess>
#include <QtTest>

#include <signal.h>

using namespace Qt::StringLiterals;
using hookyard::core::DatabaseConnection;
using hookyard::core::ManagedCluster;

namespace {

bool processAlive(qint64 pid)
{
    return pid > 0 && ::kill(static_cast<pid_t>(pid), 0) == 0;
}

// Writes a row and reads it back on a fresh connection: the server answers and keeps data.
QString roundTrip(const ManagedCluster &cluster, const QString &value)
{
    auto connection = DatabaseConnection::open(cluster.settings(), u"test"_s);
    if (!connection)
        return connection.error();
    if (auto created = connection.value()->execScript(u"CREATE TABLE IF NOT EXISTS probe (v TEXT)"_s); !created)
        return created.error();
    if (auto inserted = connection.value()->exec(u"INSERT INTO probe VALUES (?)"_s, {value}); !inserted)
        return inserted.error();
    auto read = connection.value()->exec(u"SELECT string_agg(v, ',' ORDER BY v) FROM probe"_s);
    if (!read)
        return read.error();
    read.value().next();
    return read.value().value(0).toString();
}

} // namespace

class TestManagedCluster final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // As root the server runs as "postgres", which must be able to reach the data directory.
        QVERIFY(QFile::setPermissions(m_home.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                         QFile::ExeGroup | QFile::ExeOther));
    }

    void createsAndStarts()
    {
        ManagedCluster cluster(options());
        auto started = cluster.start();
        QVERIFY2(started, qPrintable(started.ok() ? QString() : started.error()));
        QVERIFY(cluster.startedHere());
        QVERIFY(cluster.isRunning());
        QVERIFY(QFileInfo::exists(cluster.dataDir() + u"/PG_VERSION"_s));
        QCOMPARE(roundTrip(cluster, u"a"_s), u"a"_s);
    }

    void listensOnlyOnAPrivateSocket()
    {
        ManagedCluster cluster(options());
        auto connection = DatabaseConnection::open(cluster.settings(), u"test"_s);
        QVERIFY(connection);
        auto listen = connection.value()->exec(u"SHOW listen_addresses"_s);
        QVERIFY(listen && listen.value().next());
        QCOMPARE(listen.value().value(0).toString(), QString());
        QFileInfo socketDir(cluster.socketDir());
        QCOMPARE(socketDir.permissions() & (QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther),
                 QFile::Permissions());
    }

    void aSecondStartReusesTheRunningServer()
    {
        ManagedCluster cluster(options());
        QVERIFY(cluster.start());
        QVERIFY(!cluster.startedHere());
        QCOMPARE(roundTrip(cluster, u"b"_s), u"a,b"_s);
    }

    void printsAUrlThatPsqlAccepts()
    {
        ManagedCluster cluster(options());
        QProcess psql;
        psql.start(u"psql"_s, {cluster.settings().toUrl(), u"-tAc"_s, u"SELECT current_database()"_s});
        QVERIFY(psql.waitForFinished(30000));
        QCOMPARE(psql.exitCode(), 0);
        QCOMPARE(psql.readAllStandardOutput().trimmed(), QByteArray("hookyard"));
    }

    void restartsAfterThePostmasterWasKilled()
    {
        ManagedCluster cluster(options());
        const qint64 pid = cluster.postmasterPid();
        QVERIFY(processAlive(pid));
        QCOMPARE(::kill(static_cast<pid_t>(pid), SIGKILL), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid) || isZombieOrGone(pid), 10000);
        QVERIFY(QFileInfo::exists(cluster.dataDir() + u"/postmaster.pid"_s)); // left behind by the crash

        auto restarted = cluster.start();
        QVERIFY2(restarted, qPrintable(restarted.ok() ? QString() : restarted.error()));
        QVERIFY(cluster.startedHere());
        QVERIFY(cluster.postmasterPid() != pid);
        QCOMPARE(roundTrip(cluster, u"c"_s), u"a,b,c"_s); // committed rows survived the crash
    }

    void stops()
    {
        ManagedCluster cluster(options());
        const qint64 pid = cluster.postmasterPid();
        QVERIFY(cluster.stop());
        QVERIFY(!cluster.isRunning());
        QVERIFY(!QFileInfo::exists(cluster.dataDir() + u"/postmaster.pid"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid) || isZombieOrGone(pid), 10000);
        QVERIFY(cluster.stop()); // stopping a stopped cluster is fine
    }

    // Found by an adversarial helper: a mistyped --data-dir that held files was given to the postgres user (mode 0700)
    // before initdb refused it.
    void aDirectoryWithFilesIsLeftAlone()
    {
        const QString dir = m_home.path() + u"/project"_s;
        QVERIFY(QDir().mkpath(dir));
        QFile notes(dir + u"/notes.txt"_s);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("mine\n");
        notes.close();
        const QFileInfo before(dir);

        ManagedCluster cluster({dir, false});
        const auto started = cluster.start();
        QVERIFY(!started);
        QCOMPARE(started.error(), dir + u" holds files but no PostgreSQL cluster: give a new or empty directory"_s);
        const QFileInfo after(dir);
        QCOMPARE(after.ownerId(), before.ownerId());
        QCOMPARE(after.permissions(), before.permissions());
        QVERIFY(QFileInfo::exists(dir + u"/notes.txt"_s));
    }

private:
    ManagedCluster::Options options() const { return {m_home.path() + u"/data"_s, false}; }

    static bool isZombieOrGone(qint64 pid)
    {
        QFile stat(u"/proc/%1/stat"_s.arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            return true;
        const QList<QByteArray> fields = stat.readAll().split(' ');
        return fields.size() > 2 && fields.at(2) == "Z";
    }

    QTemporaryDir m_home{u"/tmp/hy-cluster-XXXXXX"_s};
};

QTEST_GUILESS_MAIN(TestManagedCluster)
#include "tst_managedcluster.moc"
