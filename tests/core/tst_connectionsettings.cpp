// Where the database comes from, and that a password never shows.

#include "db/ConnectionSettings.h"
#include "db/Database.h"

#include <QSqlError>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::ConnectionSettings;

class TestConnectionSettings final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesUrls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("database");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        QTest::addColumn<QString>("driverOptions");
        QTest::addRow("full") << u"postgresql://console:s3cret@db-eu:6432/app"_s << u"db-eu"_s << 6432 << u"app"_s
                              << u"console"_s << u"s3cret"_s << QString();
        QTest::addRow("short scheme") << u"postgres://db/app"_s << u"db"_s << -1 << u"app"_s << QString() << QString()
                                      << QString();
        QTest::addRow("socket directory") << u"postgresql://hookyard@:5432/hookyard?host=/tmp/x"_s << u"/tmp/x"_s
                                          << 5432 << u"hookyard"_s << u"hookyard"_s << QString() << QString();
        QTest::addRow("encoded password")
            << u"postgresql://u:p%40ss%3Aword@h/d"_s << u"h"_s << -1 << u"d"_s << u"u"_s << u"p@ss:word"_s << QString();
        QTest::addRow("libpq options") << u"postgresql://h/d?sslmode=require&application_name=x"_s << u"h"_s << -1
                                       << u"d"_s << QString() << QString()
                                       << u"sslmode='require';application_name='x'"_s;
        // Found by an adversarial helper: a value with a space ended there, and the rest became libpq keywords.
        QTest::addRow("values with spaces, quotes and backslashes")
            << u"postgresql://h/d?application_name=my%20app&options=-c%20statement_timeout%3D5000&x_y=it%27s%5Cz"_s
            << u"h"_s << -1 << u"d"_s << QString() << QString()
            << u"application_name='my app';options='-c statement_timeout=5000';x_y='it\\'s\\\\z'"_s;
        QTest::addRow("all defaults") << u"postgresql://"_s << QString() << -1 << QString() << QString() << QString()
                                      << QString();
    }

    void parsesUrls()
    {
        QFETCH(QString, url);
        auto parsed = ConnectionSettings::fromUrl(url);
        QVERIFY2(parsed, qPrintable(parsed.ok() ? QString() : parsed.error()));
        QTEST(parsed->host, "host");
        QTEST(parsed->port, "port");
        QTEST(parsed->database, "database");
        QTEST(parsed->user, "user");
        QTEST(parsed->password, "password");
        QTEST(parsed->driverOptions(), "driverOptions");
    }

    void rejectsMalformedUrlsWithoutEchoingThem_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("reason");
        QTest::addRow("wrong scheme") << u"mysql://u:hunter2@h/d"_s << u"scheme 'mysql'"_s;
        QTest::addRow("bad port") << u"postgresql://u:hunter2@h:99999999/d"_s << u"port"_s;
        QTest::addRow("space") << u"postgresql://u:hunter2@h/my db/x"_s << u"malformed"_s;
        QTest::addRow("no scheme") << u"hunter2"_s << u"scheme"_s;
        QTest::addRow("empty") << u" "_s << u"no database URL given"_s;
        QTest::addRow("not a keyword") << u"postgresql://u:hunter2@h/d?a%3Db%20c=1"_s
                                       << u"'a=b c' is not a libpq connection keyword"_s;
        QTest::addRow("a value with ';'")
            << u"postgresql://u:hunter2@h/d?application_name=a%3Bb"_s << u"the value of application_name holds ';'"_s;
    }

    void rejectsMalformedUrlsWithoutEchoingThem()
    {
        QFETCH(QString, url);
        QFETCH(QString, reason);
        auto parsed = ConnectionSettings::fromUrl(url);
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().contains(reason), qPrintable(parsed.error()));
        QVERIFY2(!parsed.error().contains(u"hunter2"_s), qPrintable(parsed.error()));
        QVERIFY(!parsed.error().contains(u'\n'));
    }

    void describeAndUrlNeverShowThePassword()
    {
        auto parsed = ConnectionSettings::fromUrl(u"postgresql://console:hunter2@db-eu:6432/app?sslmode=require"_s);
        QVERIFY(parsed);
        QCOMPARE(parsed->describe(), u"host db-eu, port 6432, database app, user console"_s);
        QCOMPARE(parsed->toUrl(), u"postgresql://console@db-eu:6432/app?sslmode=require"_s);
    }

    void followsTheDocumentedOrder()
    {
        qputenv("HOOKYARD_DATABASE_URL", "postgresql://from-env/envdb");
        auto fromFlag = ConnectionSettings::configured(u"postgresql://from-flag/flagdb"_s);
        QVERIFY(fromFlag && fromFlag.value());
        QCOMPARE(fromFlag.value()->host, u"from-flag"_s);
        QCOMPARE(fromFlag.value()->source, ConnectionSettings::Source::CommandLine);

        auto fromEnv = ConnectionSettings::configured({});
        QVERIFY(fromEnv && fromEnv.value());
        QCOMPARE(fromEnv.value()->host, u"from-env"_s);
        QCOMPARE(fromEnv.value()->source, ConnectionSettings::Source::EnvironmentUrl);

        qunsetenv("HOOKYARD_DATABASE_URL");
        qputenv("PGSERVICE", "prod-eu");
        auto fromLibpq = ConnectionSettings::configured({});
        QVERIFY(fromLibpq && fromLibpq.value());
        QCOMPARE(fromLibpq.value()->source, ConnectionSettings::Source::LibpqEnvironment);
        QVERIFY(fromLibpq.value()->host.isEmpty()); // left to libpq
        QVERIFY(fromLibpq.value()->describe().contains(u"service prod-eu"_s));
        qunsetenv("PGSERVICE");
    }

    // Every error line says something, even when the driver gave no text at all.
    void errorLinesAreOneLineAndNeverEmpty()
    {
        using hookyard::core::oneLine;
        QCOMPARE(oneLine(QSqlError(u"driver"_s, u"ERROR:  relation \"x\"\n  does not exist"_s)),
                 u"ERROR: relation \"x\" does not exist"_s);
        QCOMPARE(oneLine(QSqlError(u"could not begin"_s, QString())), u"could not begin"_s);
        // libpq's refusal is two sentences on two lines (it read "Connection refused Is the server running").
        QCOMPARE(oneLine(QSqlError(u"driver"_s, u"connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: "
                                                "Connection refused\n\tIs the server running locally and accepting "
                                                "connections on that socket?\n"_s)),
                 u"connection to server on socket \"/tmp/.s.PGSQL.5432\" failed: Connection refused. Is the server "
                 "running locally and accepting connections on that socket?"_s);
        QVERIFY(oneLine(QSqlError()).contains(u"connection to PostgreSQL was probably lost"_s));
    }

    void nothingConfiguredMeansTheSandbox()
    {
        const QByteArray home = qgetenv("HOME");
        QTemporaryDir emptyHome; // no ~/.pgpass, no ~/.pg_service.conf
        qputenv("HOME", emptyHome.path().toLocal8Bit());
        for (const char *name : {"HOOKYARD_DATABASE_URL", "PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER",
                                 "PGSERVICE", "PGSERVICEFILE", "PGPASSFILE"})
            qunsetenv(name);
        auto nothing = ConnectionSettings::configured({});
        qputenv("HOME", home);
        QVERIFY(nothing);
        QVERIFY(!nothing.value().has_value());
    }
};

QTEST_GUILESS_MAIN(TestConnectionSettings)
#include "tst_connectionsettings.moc"
