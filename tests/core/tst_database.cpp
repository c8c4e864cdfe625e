// DatabaseConnection against the test run's PostgreSQL: what a URL's query passes on, and failures inside a
// transaction.

#include "TestDatabase.h"
#include "db/ConnectionSettings.h"
#include "db/Database.h"

#include <QRegularExpression>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::ConnectionSettings;
using hookyard::core::DatabaseConnection;
using hookyard::core::Error;
using hookyard::core::Status;
using hookyard::test::TestDatabase;

class TestDatabaseConnection final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Found by an adversarial helper: a value with a space reached libpq unquoted, and the connection failed.
    void keywordsOfTheUrlReachTheServerWhole()
    {
        TestDatabase db(u"keywords"_s);
        auto settings = ConnectionSettings::fromUrl(db.url() + u"&application_name=it%27s%20a%20%5C%20test"
                                                               "&options=-c%20statement_timeout%3D4321"_s);
        QVERIFY2(settings, qPrintable(settings ? QString() : settings.error()));
        auto connection = DatabaseConnection::open(settings.value(), u"keywords"_s);
        QVERIFY2(connection, qPrintable(connection ? QString() : connection.error()));
        auto shown = connection.value()->exec(u"SELECT current_setting('application_name'), "
                                              "current_setting('statement_timeout')"_s);
        QVERIFY(shown && shown.value().next());
        QCOMPARE(shown.value().value(0).toString(), u"it's a \\ test-keywords"_s); // the purpose after it
        QCOMPARE(shown.value().value(1).toString(), u"4321ms"_s);
    }

    // TIMESTAMP columns are read in the database's own zone: a session whose client chose another one would shift
    // every received time and every --since filter (found by an adversarial helper), so it is refused, saying why.
    void aTimeZoneChosenByTheClientIsRefused()
    {
        TestDatabase db(u"client_zone"_s);
        auto settings = ConnectionSettings::fromUrl(db.url() + u"&options=-c%20TimeZone%3DAsia/Tokyo"_s);
        QVERIFY2(settings, qPrintable(settings ? QString() : settings.error()));
        auto connection = DatabaseConnection::open(settings.value(), u"zone"_s);
        QVERIFY(!connection);
        QVERIFY2(connection.error().contains(u"sets its own time zone, 'Asia/Tokyo'"_s),
                 qPrintable(connection.error()));

        qputenv("PGTZ", "America/New_York");
        auto fromEnvironment = DatabaseConnection::open(db.settings(), u"zone"_s);
        qunsetenv("PGTZ");
        QVERIFY(!fromEnvironment);
        QVERIFY2(fromEnvironment.error().contains(u"'America/New_York'"_s), qPrintable(fromEnvironment.error()));
        QVERIFY(DatabaseConnection::open(db.settings(), u"zone"_s));
    }

    // Sessions are named "<application_name or hookyard>-<purpose>", purpose whole: the console counts the engines
    // running by these names. PostgreSQL keeps 63 bytes of printable ASCII.
    void sessionsAreNamedForTheirPurpose()
    {
        TestDatabase db(u"session_names"_s);
        const auto nameOf = [&](const QString &query) -> QString {
            auto settings = ConnectionSettings::fromUrl(db.url() + query);
            if (!settings)
                return settings.error();
            auto connection = DatabaseConnection::open(settings.value(), u"relay-listen"_s);
            if (!connection)
                return connection.error();
            auto shown = connection.value()->exec(u"SELECT current_setting('application_name')"_s);
            return shown && shown.value().next() ? shown.value().value(0).toString() : u"no answer"_s;
        };
        QCOMPARE(nameOf(QString()), u"hookyard-relay-listen"_s);
        QCOMPARE(nameOf(u"&application_name=prod-eu"_s), u"prod-eu-relay-listen"_s);
        const QString longName(70, u'x');
        QCOMPARE(nameOf(u"&application_name="_s + longName), longName.left(50) + u"-relay-listen"_s);
        QCOMPARE(nameOf(u"&application_name=r%C3%A9gion"_s), u"r?gion-relay-listen"_s);
    }

    // A statement that fails inside a transaction says why, once, and nothing lands on stderr (found by an
    // adversarial helper: the driver printed "Unable to free statement" for the failed statement and the ones before
    // it); the connection works on afterwards.
    void aFailureInATransactionIsOneErrorAndNoWarning()
    {
        QTest::failOnWarning(QRegularExpression(u".*"_s));
        TestDatabase db(u"failure"_s);
        DatabaseConnection &connection = db.connection();
        const Status outcome = hookyard::core::inTransaction(connection, [&]() -> Status {
            auto before = connection.exec(u"SELECT ?::int"_s, {1});
            if (!before)
                return Error{before.error()};
            auto failed = connection.exec(u"SELECT 1 / ?::int"_s, {0});
            if (!failed)
                return Error{failed.error()};
            return hookyard::core::success();
        });
        QVERIFY(!outcome);
        QVERIFY2(outcome.error().contains(u"division by zero"_s), qPrintable(outcome.error()));
        auto after = connection.exec(u"SELECT ?::int"_s, {2});
        QVERIFY(after && after.value().next());
        QCOMPARE(after.value().value(0).toInt(), 2);
    }

    // A statement on a connection that is closed fails with a reason of Hookyard's own, and QtSql prints nothing
    // (found by an adversarial helper: "QSqlQuery::exec: database not open" among a receiver's lines).
    void aClosedConnectionFailsWithoutAWarning()
    {
        TestDatabase db(u"closed"_s);
        auto opened = DatabaseConnection::open(db.settings(), u"closed"_s);
        QVERIFY(opened);
        opened.value()->database().close();
        QTest::failOnWarning(QRegularExpression(u".*"_s));
        for (const QVariantList &values : {QVariantList(), QVariantList{1}}) {
            auto result = opened.value()->exec(values.isEmpty() ? u"SELECT 1"_s : u"SELECT ?::int"_s, values);
            QVERIFY(!result);
            QCOMPARE(result.error(), u"the connection to the database is closed"_s);
        }
    }
};

QTEST_GUILESS_MAIN(TestDatabaseConnection)
#include "tst_database.moc"
