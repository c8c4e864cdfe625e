// The headless command line: exit codes, one-line errors without passwords, stats --json.

#include "RunHookyard.h"
#include "TestDatabase.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

class TestCli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void badDatabasesGiveOneClearLine_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected");
        QTest::addRow("unreachable") << u"postgresql://console:hunter2@127.0.0.1:1/app"_s
                                     << u"cannot connect to PostgreSQL (host 127.0.0.1, port 1, database app"_s;
        QTest::addRow("malformed") << u"postgresql://console:hunter2@db:notaport/app"_s << u"malformed database URL"_s;
        QTest::addRow("not a URL") << u"console:hunter2 at db"_s << u"malformed database URL"_s;
    }

    void badDatabasesGiveOneClearLine()
    {
        QFETCH(QString, url);
        QFETCH(QString, expected);
        const hookyard::test::HookyardRun run = runHookyard({u"--database"_s, url, u"stats"_s});
        QCOMPARE(run.exitCode, 1);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.startsWith(u"hookyard: "_s + expected), qPrintable(err));
        QCOMPARE(err.count(u'\n'), 1);
        QVERIFY2(!err.contains(u"hunter2"_s), qPrintable(err));
        QVERIFY(run.out.isEmpty());
    }

    void aWrongPasswordIsNamedAndNotShown()
    {
        TestDatabase db(u"cli_password"_s);
        // The managed cluster trusts only the "hookyard" role; other roles authenticate with a password.
        db.execOrDie(u"DO $$ BEGIN CREATE ROLE cli_probe LOGIN PASSWORD 'right-one'; "
                     "EXCEPTION WHEN duplicate_object THEN NULL; END $$"_s);
        auto settings = db.settings();
        settings.user = u"cli_probe"_s;
        settings.password = u"hunter2"_s;
        QString url = settings.toUrl();
        url.replace(u"cli_probe@"_s, u"cli_probe:hunter2@"_s);

        const hookyard::test::HookyardRun run = runHookyard({u"--database"_s, url, u"migrate"_s});
        QCOMPARE(run.exitCode, 1);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.contains(u"password authentication failed for user \"cli_probe\""_s), qPrintable(err));
        QVERIFY2(err.contains(u"database %1"_s.arg(db.name())), qPrintable(err));
        QVERIFY2(!err.contains(u"hunter2"_s), qPrintable(err));
        QCOMPARE(err.count(u'\n'), 1);
    }

    void usageErrorsExitWithTwo()
    {
        const hookyard::test::HookyardRun unknown = runHookyard({u"frobnicate"_s});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("unknown command 'frobnicate'"));
        const hookyard::test::HookyardRun badOption = runHookyard({u"stats"_s, u"--no-such-flag"_s});
        QCOMPARE(badOption.exitCode, 2);
    }

    void nothingConfiguredIsAnErrorForHeadlessCommands()
    {
        QProcess process;
        QProcessEnvironment environment;
        environment.insert(u"HOME"_s, u"/nonexistent"_s);
        environment.insert(u"PATH"_s, qEnvironmentVariable("PATH"));
        process.setProcessEnvironment(environment);
        process.start(qEnvironmentVariable("HOOKYARD_BINARY"), {u"stats"_s});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().contains("no database configured"));
    }

    void helpListsTheCommands()
    {
        const hookyard::test::HookyardRun run = runHookyard({u"--help"_s});
        QCOMPARE(run.exitCode, 0);
        for (const char *command : {"migrate", "stats", "sandbox"})
            QVERIFY2(run.out.contains(command), command);
    }

    void statsJsonCountsEachState()
    {
        TestDatabase db(u"cli_stats"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('sink', 'http://127.0.0.1:1/')"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload, processed_at) VALUES "
                     "(gen_random_uuid(), 'order.paid', '{}', NULL), (gen_random_uuid(), 'order.paid', '{}', NULL), "
                     "(gen_random_uuid(), 'order.paid', '{}', now())"_s);
        db.execOrDie(
            u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) VALUES "
            "(gen_random_uuid(), 'p', 'e1', '{}', 'PENDING'), (gen_random_uuid(), 'p', 'e2', '{}', 'DEFERRED'), "
            "(gen_random_uuid(), 'p', 'e3', '{}', 'QUARANTINED'), "
            "(gen_random_uuid(), 'p', 'e4', '{}', 'QUARANTINED')"_s);

        const hookyard::test::HookyardRun run = runHookyard({u"--database"_s, db.url(), u"stats"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error;
        const QJsonObject stats = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(stats.value(u"format"_s).toInt(), 1);
        QCOMPARE(stats[u"outbox"_s][u"pending"_s].toInt(), 2);
        QCOMPARE(stats[u"outbox"_s][u"delivered"_s].toInt(), 1);
        QCOMPARE(stats[u"inbox"_s][u"pending"_s].toInt(), 1);
        QCOMPARE(stats[u"inbox"_s][u"deferred"_s].toInt(), 1);
        QCOMPARE(stats[u"inbox"_s][u"quarantined"_s].toInt(), 2);
        QCOMPARE(stats[u"inbox"_s][u"processed"_s].toInt(), 0);
        QCOMPARE(stats[u"deliveries"_s][u"pending"_s].toInt(), 3); // the fan-out trigger made one per event
        for (const char *state : {"pending", "in_flight", "delivered", "dead", "held", "unknown"})
            QVERIFY2(stats[u"deliveries"_s].toObject().contains(QLatin1StringView(state)), state);
    }

    void migrateReportsACurrentSchema()
    {
        TestDatabase db(u"cli_migrate"_s);
        const hookyard::test::HookyardRun run = runHookyard({u"--database"_s, db.url(), u"migrate"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith("schema is current"), run.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
