// The headless command line: exit codes, one-line errors without passwords, stats --json.

#include "RunHookyard.h"
#include "TestDatabase.h"
#include "stats/Stats.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpServer>
#include <QtTest>

#include <unistd.h>

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

    // What can be checked without the database is checked before connecting: with the database away, a mistyped
    // name, URL or secret is reported as itself, not as "cannot connect".
    void addChecksItsValuesBeforeConnecting_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::addRow("endpoint name") << QStringList{u"endpoint"_s, u"add"_s, u"bad name!"_s, u"--url"_s,
                                                      u"http://e.example/"_s}
                                       << u"endpoint name 'bad name!' is invalid"_s;
        QTest::addRow("endpoint url") << QStringList{u"endpoint"_s, u"add"_s, u"shop"_s, u"--url"_s, u"ftp://e/"_s}
                                      << u"url must be absolute http(s)"_s;
        QTest::addRow("endpoint secret") << QStringList{u"endpoint"_s,  u"add"_s,      u"shop"_s, u"--url"_s,
                                                        u"http://e/"_s, u"--secret"_s, u"nope"_s}
                                         << u"secret must be 'whsec_'"_s;
        QTest::addRow("partner name") << QStringList{u"partner"_s, u"add"_s, u"bad name!"_s, u"--scheme"_s,
                                                     u"standard"_s}
                                      << u"partner name 'bad name!' is invalid"_s;
        QTest::addRow("partner secret missing")
            << QStringList{u"partner"_s, u"add"_s, u"shop"_s, u"--scheme"_s, u"stripe"_s}
            << u"partner 'shop' needs a secret"_s;
        QTest::addRow("partner config") << QStringList{u"partner"_s,
                                                       u"add"_s,
                                                       u"shop"_s,
                                                       u"--scheme"_s,
                                                       u"standard"_s,
                                                       u"--config"_s,
                                                       u"{\"event-id\": \"/id\"}"_s}
                                        << u"unknown config key 'event-id'"_s;
        QTest::addRow("partner fixed text") << QStringList{u"partner"_s,
                                                           u"add"_s,
                                                           u"shop"_s,
                                                           u"--scheme"_s,
                                                           u"standard"_s,
                                                           u"--config"_s,
                                                           u"{\"entity_type\": \"=  \"}"_s}
                                            << u"config key 'entity_type': the fixed text is blank"_s;
    }

    void addChecksItsValuesBeforeConnecting()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        const hookyard::test::HookyardRun run =
            runHookyard(QStringList{u"--database"_s, u"postgresql://console@127.0.0.1:1/app"_s} + arguments);
        QCOMPARE(run.exitCode, 1);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.startsWith(u"hookyard: "_s + expected), qPrintable(err));
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
        // A delivery id is a positive number (found by an exploring helper: `--delivery -1` exited 1, `abc` 2).
        for (const QString &id : {u"abc"_s, u"-1"_s, u"0"_s}) {
            const hookyard::test::HookyardRun badId = runHookyard({u"replay"_s, u"--delivery"_s, id});
            QCOMPARE(badId.exitCode, 2);
            QVERIFY2(badId.err.contains("--delivery must be a delivery id (a positive whole number)"),
                     badId.err.constData());
        }
        // A '*' that is not alone or a prefix's ".*" matches nothing (found by an exploring helper: 'order*' and
        // '.*' replayed nothing, without a word).
        for (const QString &type : {u"order*"_s, u".*"_s, u"*.paid"_s}) {
            const hookyard::test::HookyardRun badType =
                runHookyard({u"replay"_s, u"--quarantined"_s, u"--event-type"_s, type});
            QCOMPARE(badType.exitCode, 2);
            QVERIFY2(badType.err.contains("cannot match: '*' stands alone"), badType.err.constData());
        }
        // '*' alone is every type, which a replay says by leaving the filter out (found by an adversarial helper: the
        // refusal of '*' read as if it contradicted the line above).
        const hookyard::test::HookyardRun star =
            runHookyard({u"replay"_s, u"--quarantined"_s, u"--event-type"_s, u"*"_s});
        QCOMPARE(star.exitCode, 2);
        QVERIFY2(star.err.contains("to replay every type, leave --event-type out"), star.err.constData());
    }

    // Found by trying bad input: a word beside the options was left out without a word, so `replay --inbox A B`
    // replayed A alone and said nothing of B.
    void wordsBesideTheOptionsAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("word");
        QTest::newRow("stats") << QStringList{u"stats"_s, u"--json"_s, u"extra"_s} << u"extra"_s;
        QTest::newRow("replay") << QStringList{u"replay"_s, u"--inbox"_s, u"018f0000-0000-7000-8000-000000000001"_s,
                                               u"018f0000-0000-7000-8000-000000000002"_s}
                                << u"018f0000-0000-7000-8000-000000000002"_s;
        QTest::newRow("relay") << QStringList{u"relay"_s, u"--endpoint"_s, u"a"_s, u"b"_s} << u"b"_s;
        QTest::newRow("endpoint list") << QStringList{u"endpoint"_s, u"list"_s, u"billing"_s} << u"billing"_s;
        QTest::newRow("reconcile list") << QStringList{u"reconcile"_s, u"list"_s, u"7"_s} << u"7"_s;
    }

    void wordsBesideTheOptionsAreRefused()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, word);
        // No database is given: the usage error comes before any connection is tried.
        const hookyard::test::HookyardRun run = runHookyard(arguments);
        QCOMPARE(run.exitCode, 2);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.contains(u"takes options only; '%1' is not one of them"_s.arg(word)), qPrintable(err));
    }

    void aSandboxTakesOneActionAtMost()
    {
        const hookyard::test::HookyardRun run = runHookyard({u"sandbox"_s, u"status"_s, u"stop"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("one action at most, not 'status stop'"), run.err.constData());
    }

    // Found in use: `sandbox url`, which scripts run to read the URL, said "running as root: ..." on stderr each time,
    // though it started nothing.
    void theUrlOfARunningSandboxComesAlone()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        // As root the server runs as "postgres", which must be able to reach the data directory.
        QVERIFY(QFile::setPermissions(home.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                       QFile::ExeGroup | QFile::ExeOther));
        const QStringList dataDir{u"--data-dir"_s, home.path() + u"/sandbox"_s};
        const hookyard::test::HookyardRun started = runHookyard(QStringList{u"sandbox"_s, u"start"_s} + dataDir);
        const hookyard::test::HookyardRun url = runHookyard(QStringList{u"sandbox"_s, u"url"_s} + dataDir);
        const hookyard::test::HookyardRun stopped = runHookyard(QStringList{u"sandbox"_s, u"stop"_s} + dataDir);
        QVERIFY2(started.exitCode == 0, started.err.constData());
        QCOMPARE(started.err.contains("running as root"), ::geteuid() == 0);
        QCOMPARE(url.exitCode, 0);
        QCOMPARE(url.out, started.out);
        QCOMPARE(url.err, QByteArray());
        QVERIFY2(stopped.exitCode == 0, stopped.err.constData());
    }

    // Found by an adversarial helper: the API's options were neither read nor refused without --api-listen, and a port
    // clash of --api-listen was told after "receiving on ...", naming no option.
    void receiveTakesTheApiOptionsWithTheApiOnly()
    {
        const hookyard::test::HookyardRun stray = runHookyard({u"receive"_s, u"--key-lock-timeout"_s, u"abc"_s});
        QCOMPARE(stray.exitCode, 2);
        QCOMPARE(stray.err, QByteArray("hookyard: --key-lock-timeout goes with --api-listen\n"));

        TestDatabase db(u"cli_receive_ports"_s);
        QTcpServer taken;
        QVERIFY(taken.listen(QHostAddress::LocalHost));
        const QString port = QString::number(taken.serverPort());
        const hookyard::test::HookyardRun clash =
            runHookyard({u"--database"_s, db.url(), u"receive"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--api-listen"_s,
                         u"127.0.0.1:"_s + port});
        QCOMPARE(clash.exitCode, 1);
        const QByteArray expected = "hookyard: --api-listen: cannot listen on 127.0.0.1:" + port.toUtf8();
        QVERIFY2(clash.err.startsWith(expected), clash.err.constData());
        QCOMPARE(clash.out, QByteArray());
    }

    void retrySchedulesWithAnEmptyWaitAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("endpoint") << QStringList{
            u"endpoint"_s, u"add"_s,    u"billing"_s, u"--url"_s, u"https://billing.example.com/hooks"_s,
            u"--retry"_s,  u"60,,300"_s};
        QTest::newRow("partner") << QStringList{u"partner"_s,  u"add"_s,     u"acme"_s,   u"--scheme"_s,
                                                u"standard"_s, u"--retry"_s, u"60,300,"_s};
        // Found by trying bad input: these exited 1, from the store, unlike every other bad --retry.
        QTest::newRow("zero") << QStringList{u"partner"_s,  u"add"_s,     u"acme"_s, u"--scheme"_s,
                                             u"standard"_s, u"--retry"_s, u"60,0"_s};
        QTest::newRow("negative") << QStringList{
            u"endpoint"_s, u"add"_s, u"billing"_s, u"--url"_s, u"https://billing.example.com/hooks"_s,
            u"--retry"_s,  u"-5"_s};
        // Found by an adversarial helper: a wait of 2147483647 s put the next attempt in 2105.
        QTest::newRow("over a week") << QStringList{u"partner"_s,  u"add"_s,     u"acme"_s,     u"--scheme"_s,
                                                    u"standard"_s, u"--retry"_s, u"60,604801"_s};
    }

    void retrySchedulesWithAnEmptyWaitAreRefused()
    {
        QFETCH(QStringList, arguments);
        const hookyard::test::HookyardRun run = runHookyard(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("--retry needs whole seconds from 1 to 604800 (a week), separated by commas"),
                 run.err.constData());
    }

    // Found by trying bad input: the last of two --tolerance-s was kept without a word.
    void anOptionGivenTwiceIsRefused()
    {
        const hookyard::test::HookyardRun run =
            runHookyard({u"partner"_s, u"add"_s, u"acme"_s, u"--scheme"_s, u"github"_s, u"--tolerance-s"_s, u"5"_s,
                         u"--tolerance-s"_s, u"10"_s});
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(QString::fromUtf8(run.err.trimmed()),
                 u"hookyard: --tolerance-s is given more than once; give it once (see hookyard partner add --help)"_s);
        const hookyard::test::HookyardRun replay =
            runHookyard({u"replay"_s, u"--inbox"_s, u"a"_s, u"--inbox"_s, u"b"_s});
        QCOMPARE(replay.exitCode, 2);
        QVERIFY2(replay.err.contains("--inbox is given more than once"), replay.err.constData());
        // --secret adds up for partner add only: an endpoint signs with one secret.
        const hookyard::test::HookyardRun endpoint =
            runHookyard({u"endpoint"_s, u"add"_s, u"billing"_s, u"--url"_s, u"https://billing.example.com/hooks"_s,
                         u"--secret"_s, u"whsec_a"_s, u"--secret"_s, u"whsec_b"_s});
        QCOMPARE(endpoint.exitCode, 2);
        QVERIFY2(endpoint.err.contains("--secret is given more than once"), endpoint.err.constData());
    }

    // Found by an adversarial helper: an empty --secret (an unset shell variable) made a random secret that was never
    // printed; every option's empty value is refused the same way.
    void emptyValuesAreRefused_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("endpoint add --secret")
            << QStringList{u"endpoint"_s, u"add"_s, u"billing"_s, u"--url"_s, u"https://billing.example.com/hooks"_s,
                           u"--secret"_s, QString()};
        QTest::newRow("endpoint rotate-secret --secret")
            << QStringList{u"endpoint"_s, u"rotate-secret"_s, u"billing"_s, u"--secret"_s, QString()};
        QTest::newRow("partner rotate-secret --secret")
            << QStringList{u"partner"_s, u"rotate-secret"_s, u"acme"_s, u"--secret="_s};
        QTest::newRow("partner add --retry")
            << QStringList{u"partner"_s, u"add"_s, u"acme"_s, u"--scheme"_s, u"standard"_s, u"--retry"_s, QString()};
    }

    void emptyValuesAreRefused()
    {
        QFETCH(QStringList, arguments);
        const hookyard::test::HookyardRun run = runHookyard(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("is given an empty value; give one or leave the option out"), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
    }

    // Found by an adversarial helper: a mistyped option without a command opened the console (on a server: a crash in
    // the display's plugin), and --database given twice used the first without a word.
    void theConsolesOptionsAreCheckedBeforeItOpens_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown option") << QStringList{u"--bogus"_s} << u"unknown option '--bogus'"_s;
        QTest::newRow("one letter") << QStringList{u"-v"_s} << u"unknown option '-v'"_s;
        QTest::newRow("unknown view") << QStringList{u"--view=dlq"_s} << u"unknown view 'dlq': give one of overview"_s;
        QTest::newRow("--database without a URL") << QStringList{u"--database"_s} << u"--database needs a URL"_s;
        // Found by an exploring helper: these opened the console, with a warning or none.
        QTest::newRow("--view twice") << QStringList{u"--view=inbox"_s, u"--view=outbox"_s}
                                      << u"--view is given more than once"_s;
        QTest::newRow("empty --language") << QStringList{u"--language="_s} << u"unknown language ''"_s;
        QTest::newRow("unknown --language") << QStringList{u"--language=zz"_s} << u"unknown language 'zz'"_s;
        QTest::newRow("--database before a command")
            << QStringList{u"--database"_s, u"stats"_s} << u"--database needs a URL before 'stats'"_s;
        QTest::newRow("--database twice")
            << QStringList{u"--database=postgresql://a/b"_s, u"--database"_s, u"postgresql://c/d"_s}
            << u"--database is given more than once"_s;
        QTest::newRow("--database twice, with a command")
            << QStringList{u"--database"_s, u"postgresql://a/b"_s, u"stats"_s, u"--database"_s, u"postgresql://c/d"_s}
            << u"--database is given more than once"_s;
    }

    void theConsolesOptionsAreCheckedBeforeItOpens()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, error);
        const hookyard::test::HookyardRun run = runHookyard(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.startsWith(QByteArray("hookyard: " + error.toUtf8())), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
    }

    // Found by an exploring helper: without a display Qt aborted (exit 134) with a screenful about plugins.
    void theConsoleWithoutADisplaySaysSoInOneLine()
    {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString &name : {u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s, u"QT_QPA_PLATFORM"_s})
            environment.remove(name);
        process.setProcessEnvironment(environment);
        process.start(qEnvironmentVariable("HOOKYARD_BINARY"), {u"--view=inbox"_s});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 1);
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(err.startsWith("hookyard: no display to open the console on"), err.constData());
        QCOMPARE(err.count('\n'), 1);
    }

    // Found by an adversarial helper: `null` was called "not JSON", and a \u0000 reached PostgreSQL, whose refusal
    // quoted the whole statement.
    void partnerConfigsThatAreNotObjectsOrHoldANulAreRefused()
    {
        const QStringList add{u"partner"_s, u"add"_s, u"acme"_s, u"--scheme"_s, u"standard"_s, u"--config"_s};
        const hookyard::test::HookyardRun null = runHookyard(add + QStringList{u"null"_s});
        QCOMPARE(null.exitCode, 1);
        QVERIFY2(null.err.contains("--config must be a JSON object"), null.err.constData());
        const hookyard::test::HookyardRun nul = runHookyard(add + QStringList{u"{\"event_type\": \"/type\\u0000\"}"_s});
        QCOMPARE(nul.exitCode, 1);
        QVERIFY2(nul.err.contains("--config holds \\u0000, which PostgreSQL cannot store in text"),
                 nul.err.constData());
    }

    // An error quoting what was typed stays one line (found by an adversarial helper: a name with a line break made a
    // second, made-up "hookyard:" line).
    void anErrorIsOneLineWhateverItQuotes()
    {
        const hookyard::test::HookyardRun run = runHookyard({u"frob\nhookyard: all is well"_s});
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains("unknown command 'frob hookyard: all is well'"), run.err.constData());
    }

    // A --header without ':' is refused without showing what may be a secret.
    void aMalformedHeaderIsNotEchoed()
    {
        const hookyard::test::HookyardRun run =
            runHookyard({u"endpoint"_s, u"add"_s, u"billing"_s, u"--url"_s, u"https://billing.example.com/hooks"_s,
                         u"--header"_s, u"Authorization Bearer tok_hunter2"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("the one that starts 'Authorization' has no ':'"), run.err.constData());
        QVERIFY2(!run.err.contains("hunter2"), run.err.constData());
        // A value that is all secret is not quoted at all (found in review).
        const hookyard::test::HookyardRun token =
            runHookyard({u"endpoint"_s, u"add"_s, u"billing"_s, u"--url"_s, u"https://billing.example.com/hooks"_s,
                         u"--header"_s, u"sk_live_hunter2"_s});
        QCOMPARE(token.exitCode, 2);
        QVERIFY2(token.err.contains("one given has no ':'"), token.err.constData());
        QVERIFY2(!token.err.contains("hunter2"), token.err.constData());
    }

    // Found by trying bad input: a grace of 87600000 hours ended past the year 9999, and `show` said "no expiry".
    void graceLongerThanAYearIsRefused_data()
    {
        QTest::addColumn<QString>("noun");
        QTest::newRow("endpoint") << u"endpoint"_s;
        QTest::newRow("partner") << u"partner"_s;
    }

    void graceLongerThanAYearIsRefused()
    {
        QFETCH(QString, noun);
        const hookyard::test::HookyardRun run =
            runHookyard({noun, u"rotate-secret"_s, u"acme"_s, u"--grace-hours"_s, u"87600000"_s});
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(QString::fromUtf8(run.err.trimmed()),
                 u"hookyard: --grace-hours needs a whole number of hours from 0 to 8760 (a year), got '87600000'"_s);
    }

    // Found by an adversarial helper: `worker --concurrency 200000000` ran out of memory, `--lease-margin 2147483647`
    // overflowed the lease so that nothing was processed, and `relay --threads 2147483647` tried to start as many.
    void countsBeyondTheirBoundsAreUsageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("worker --concurrency")
            << QStringList{u"worker"_s, u"--concurrency"_s, u"200000000"_s}
            << u"--concurrency must be a whole number from 1 to 1000, got '200000000'"_s;
        QTest::newRow("worker --lease-margin") << QStringList{u"worker"_s, u"--lease-margin"_s, u"2147483647"_s}
                                               << u"--lease-margin must be a whole number from 1 to 3600"_s;
        QTest::newRow("relay --threads") << QStringList{u"relay"_s, u"--threads"_s, u"2147483647"_s}
                                         << u"--threads must be a whole number from 1 to 64"_s;
        QTest::newRow("relay --poll-ms") << QStringList{u"relay"_s, u"--poll-ms"_s, u"3600001"_s}
                                         << u"--poll-ms must be a whole number from 1 to 3600000"_s;
        QTest::newRow("receive --ingest-connections") << QStringList{u"receive"_s, u"--ingest-connections"_s, u"65"_s}
                                                      << u"--ingest-connections must be a whole number from 1 to 64"_s;
        QTest::newRow("receive --batch") << QStringList{u"receive"_s, u"--batch"_s, u"0"_s}
                                         << u"--batch must be a whole number from 1 to 100000, got '0'"_s;
    }

    void countsBeyondTheirBoundsAreUsageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        // No database is given: the usage error comes before any connection is tried.
        const hookyard::test::HookyardRun run = runHookyard(arguments);
        QCOMPARE(run.exitCode, 2);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.contains(message), qPrintable(err));
    }

    // Found by an exploring helper: a relay scoped to an endpoint that does not exist, or to an event type no event
    // can have, started and delivered nothing, saying nothing.
    void aRelayScopeThatCanMatchNothingIsRefused()
    {
        // The event type is checked before connecting (no database given).
        const hookyard::test::HookyardRun badType = runHookyard({u"relay"_s, u"--event-type"_s, u"bogus type!"_s});
        QCOMPARE(badType.exitCode, 2);
        QVERIFY2(badType.err.contains("--event-type 'bogus type!' is invalid"), badType.err.constData());

        TestDatabase db(u"cli_relay_scope"_s);
        const hookyard::test::HookyardRun unknown =
            runHookyard({u"--database"_s, db.url(), u"relay"_s, u"--endpoint"_s, u"nope"_s});
        QCOMPARE(unknown.exitCode, 1);
        QCOMPARE(QString::fromUtf8(unknown.err.trimmed()), u"hookyard: endpoint 'nope' does not exist"_s);
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

    // Walks `hookyard --help`'s command list and every ACTIONS section below it, so a command or action added without
    // its page in core/cli/HelpPages.cpp fails here.
    void everyCommandAndActionHasAManualPage()
    {
        const hookyard::test::HookyardRun top = runHookyard({u"--help"_s});
        QStringList pending;
        const QString topText = QString::fromUtf8(top.out);
        const QString commandList = topText.section(u"Commands"_s, 1).section(u"\n\n"_s, 0, 0);
        static const QRegularExpression commandLine(u"^  ([a-z-]+)"_s, QRegularExpression::MultilineOption);
        for (auto match = commandLine.globalMatch(commandList); match.hasNext();) {
            const QString command = match.next().captured(1);
            if (!pending.contains(command))
                pending << command;
        }
        QVERIFY2(pending.size() >= 13, qPrintable(pending.join(u' ')));
        // The actions a command's line lists ("add|list|…", perhaps over two lines), which must be all it has: the
        // list lacked two of endpoint's (found by an exploring helper).
        QHash<QString, QStringList> listedActions;
        static const QRegularExpression actionList(u"^  ([a-z-]+) <action> [^\\n]*?([a-z-]+(?:\\|\\n? *[a-z-]+)+)"_s,
                                                   QRegularExpression::MultilineOption);
        for (auto match = actionList.globalMatch(commandList); match.hasNext();) {
            const QRegularExpressionMatch listed = match.next();
            QStringList names = listed.captured(2).remove(u'\n').remove(u' ').split(u'|');
            names.sort();
            listedActions.insert(listed.captured(1), names);
        }
        for (const char *command : {"endpoint", "partner", "api-token", "idempotency"})
            QVERIFY2(listedActions.contains(QLatin1StringView(command)), command);

        static const QRegularExpression actionLine(u"^    ([a-z-]+) "_s, QRegularExpression::MultilineOption);
        QStringList checked;
        while (!pending.isEmpty()) {
            const QString command = pending.takeFirst();
            const hookyard::test::HookyardRun run = runHookyard(command.split(u' ') << u"--help"_s);
            const QString text = QString::fromUtf8(run.out);
            QVERIFY2(run.exitCode == 0, qPrintable(command + u": "_s + QString::fromUtf8(run.err)));
            // NAME carries the page's one-line summary: without a page it would stop after the command.
            QVERIFY2(text.startsWith(u"NAME\n    hookyard %1 - "_s.arg(command)), qPrintable(command + u"\n"_s + text));
            for (const char *heading : {"\nSYNOPSIS\n", "\nDESCRIPTION\n", "\nEXIT STATUS\n", "\nEXAMPLES\n"})
                QVERIFY2(text.contains(QLatin1StringView(heading)),
                         qPrintable(command + u": no "_s + QLatin1StringView(heading)));
            // Examples are commands that can be pasted: each starts with the binary's name.
            const QString examples = text.section(u"\nEXAMPLES\n"_s, 1).section(u"\n\n"_s, 0, 0);
            for (const QString &example : examples.split(u'\n'))
                QVERIFY2(example.trimmed().startsWith(u"hookyard "_s) || example.trimmed().startsWith(u"psql "_s),
                         qPrintable(command + u": "_s + example));
            const QString actions = text.section(u"\nACTIONS\n"_s, 1).section(u"\n\n"_s, 0, 0);
            QStringList actionNames;
            for (auto match = actionLine.globalMatch(actions); match.hasNext();)
                actionNames << match.next().captured(1);
            for (const QString &action : std::as_const(actionNames))
                pending << command + u' ' + action;
            if (listedActions.contains(command)) {
                actionNames.sort();
                QCOMPARE(listedActions.value(command), actionNames);
            }
            checked << command;
        }
        for (const char *expected : {"endpoint add", "reconcile source set", "idempotency resolve", "api-token revoke"})
            QVERIFY2(checked.contains(QLatin1StringView(expected)), expected);
    }

    void statsJsonCountsEachState()
    {
        TestDatabase db(u"cli_stats"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('sink', 'http://127.0.0.1:1/')"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload, processed_at) VALUES "
                     "(gen_random_uuid(), 'order.paid', '{}', NULL), (gen_random_uuid(), 'order.paid', '{}', NULL), "
                     "(gen_random_uuid(), 'order.paid', '{}', now())"_s);
        // The processed event's delivery is delivered, as the relay leaves them; the two others wait.
        db.execOrDie(u"UPDATE deliveries d SET state = 'delivered' FROM outbox_events e "
                     "WHERE e.id = d.event_id AND e.processed_at IS NOT NULL"_s);
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
        QCOMPARE(stats[u"deliveries"_s][u"pending"_s].toInt(), 2); // the fan-out trigger made one per event
        QCOMPARE(stats[u"deliveries"_s][u"delivered"_s].toInt(), 1);
        for (const char *state : {"pending", "in_flight", "delivered", "dead", "held", "unknown"})
            QVERIFY2(stats[u"deliveries"_s].toObject().contains(QLatin1StringView(state)), state);
    }

    void statsCountWhatNeedsAttentionAndTheTotalsApart()
    {
        TestDatabase db(u"cli_stats_depth"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('sink', 'http://127.0.0.1:1/')"_s);
        db.execOrDie(
            u"INSERT INTO outbox_events (id, event_type, payload) SELECT gen_random_uuid(), 'order.paid', '{}' "
            "FROM generate_series(1, 7)"_s);
        // Of the 7 deliveries: 2 dead (one resolved by hand), 1 unknown, 1 held, 2 delivered, 1 pending and leased.
        db.execOrDie(u"WITH numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM deliveries) "
                     "UPDATE deliveries d SET state = CASE n WHEN 1 THEN 'dead' WHEN 2 THEN 'dead' WHEN 3 THEN "
                     "'unknown' WHEN 4 THEN 'held' WHEN 5 THEN 'delivered' WHEN 6 THEN 'delivered' ELSE 'pending' END, "
                     "resolved_at = CASE WHEN n = 2 THEN now() END, "
                     "lease_expires_at = CASE WHEN n = 7 THEN now() + interval '1 minute' END "
                     "FROM numbered WHERE numbered.id = d.id"_s);
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) VALUES "
                     "(gen_random_uuid(), 'p', 'e1', '{}', 'PROCESSED'), (gen_random_uuid(), 'p', 'e2', '{}', "
                     "'QUARANTINED'), (gen_random_uuid(), 'p', 'e3', '{}', 'QUARANTINED')"_s);
        // e3 was resolved by hand: still QUARANTINED, out of the dead letters.
        db.execOrDie(u"UPDATE webhook_inbox SET raw_body = '\\x7b7d', resolved_at = now(), resolution_note = 'settled' "
                     "WHERE partner_event_id = 'e3'"_s);

        auto everything = hookyard::core::collectStats(db.connection(), hookyard::core::StatsDepth::Everything);
        auto attention = hookyard::core::collectStats(db.connection(), hookyard::core::StatsDepth::NeedsAttention);
        QVERIFY2(everything, qPrintable(everything ? QString() : everything.error()));
        QVERIFY2(attention, qPrintable(attention ? QString() : attention.error()));
        const QJsonObject deliveries = everything.value()[u"deliveries"_s].toObject();
        QCOMPARE(deliveries[u"dead"_s].toInt(), 1); // the resolved one left the dead letters
        QCOMPARE(deliveries[u"unknown"_s].toInt(), 1);
        QCOMPARE(deliveries[u"held"_s].toInt(), 1);
        QCOMPARE(deliveries[u"delivered"_s].toInt(), 2);
        QCOMPARE(deliveries[u"pending"_s].toInt(), 0);
        QCOMPARE(deliveries[u"in_flight"_s].toInt(), 1);
        QCOMPARE(everything.value()[u"inbox"_s][u"processed"_s].toInt(), 1);
        QCOMPARE(everything.value()[u"inbox"_s][u"quarantined"_s].toInt(), 2);
        QCOMPARE(everything.value()[u"inbox"_s][u"quarantined_unresolved"_s].toInt(), 1);
        // An event waits while one of its deliveries is not delivered; one with a dead delivery (resolved by hand or
        // not) is dead, as the Outbox view shows it, and the others pending (the dead ones were counted as pending).
        QCOMPARE(everything.value()[u"outbox"_s][u"dead"_s].toInt(), 2);
        QCOMPARE(everything.value()[u"outbox"_s][u"pending"_s].toInt(), 3);

        // The console's frequent read has every count that needs attention, the same, and none of the totals.
        for (const char *section : {"outbox", "deliveries", "inbox"}) {
            const QJsonObject full = everything.value()[QLatin1StringView(section)].toObject();
            const QJsonObject quick = attention.value()[QLatin1StringView(section)].toObject();
            for (auto it = full.constBegin(); it != full.constEnd(); ++it) {
                const bool total = it.key() == u"delivered"_s || it.key() == u"processed"_s;
                QVERIFY2(quick.contains(it.key()) != total,
                         qPrintable(u"%1.%2"_s.arg(QLatin1StringView(section), it.key())));
                if (!total)
                    QCOMPARE(quick.value(it.key()), it.value());
            }
        }
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
