// The least-privilege group roles of migration 17 (docs/security.md): each login made a member of one can do what
// its processes do, and nothing more.

#include "HttpSink.h"
#include "RunHookyard.h"
#include "TestDatabase.h"

#include "console/ConsoleActions.h"
#include "console/DetailQueries.h"
#include "console/ViewQueries.h"
#include "db/Migrator.h"
#include "receiver/Receiver.h"
#include "relay/Relay.h"
#include "signing/Signatures.h"
#include "stats/Stats.h"
#include "worker/InboxWorker.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using hookyard::core::ConnectionSettings;
using hookyard::core::DatabaseConnection;
using hookyard::core::RowRef;
using hookyard::test::HttpSink;
using hookyard::test::TestDatabase;

namespace {

const QString kSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;
const QString kPassword = u"role-test-password"_s;
const QStringList kGroupRoles{u"hookyard_relay"_s, u"hookyard_receiver"_s, u"hookyard_console_readonly"_s,
                              u"hookyard_operator"_s};

// The settings of a login that is a member of `groupRole` only. Roles are the cluster's, so the login is made once
// and shared by every database of the test run; the test cluster asks every role but its superuser for a password.
ConnectionSettings loginIn(TestDatabase &db, const QString &groupRole)
{
    const QString login = u"login_"_s + groupRole;
    db.execOrDie(u"DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '%1') THEN "
                 "CREATE ROLE %1 LOGIN PASSWORD '%2' IN ROLE %3; END IF; END $$"_s.arg(login, kPassword, groupRole));
    ConnectionSettings settings = db.settings();
    settings.user = login;
    settings.password = kPassword;
    return settings;
}

std::unique_ptr<DatabaseConnection> connectAs(TestDatabase &db, const QString &groupRole)
{
    auto connection = DatabaseConnection::open(loginIn(db, groupRole), u"roles-test"_s);
    if (!connection)
        qFatal("cannot log in as a member of %s: %s", qPrintable(groupRole), qPrintable(connection.error()));
    return std::move(connection.value());
}

QString errorOf(const auto &result)
{
    return result ? QString() : result.error();
}

void addEndpoint(TestDatabase &db, const QString &name, const QUrl &url)
{
    db.execOrDie(u"INSERT INTO endpoints (name, url, timeout_ms, allow_private_network) VALUES (?, ?, 2000, true)"_s,
                 {name, url.toString()});
    db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, ? FROM endpoints WHERE name = ?"_s,
                 {kSecret, name});
}

void insertEvent(TestDatabase &db, const QString &eventType)
{
    db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                 "VALUES (gen_random_uuid(), 'Order', gen_random_uuid(), ?, '{\"n\": 1}')"_s,
                 {eventType});
}

} // namespace

class TestRoles final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theMigrationMadeGroupRolesWithoutLogin()
    {
        TestDatabase db(u"roles_made"_s);
        for (const QString &role : kGroupRoles)
            QCOMPARE(db.scalar(u"SELECT rolcanlogin FROM pg_roles WHERE rolname = ?"_s, {role}).toString(), u"false"_s);
    }

    // The roles exist in the cluster already (the test run's template database made them): migrating another
    // database of it, from nothing, runs the roles migration again, which reuses them.
    void aSecondDatabaseOfTheClusterMigrates()
    {
        TestDatabase db(u"roles_second"_s, TestDatabase::Content::Empty);
        auto applied = hookyard::core::Migrator::migrate(db.connection());
        QVERIFY2(applied, qPrintable(errorOf(applied)));
        QCOMPARE(applied.value().last(), hookyard::core::Migrator::latestVersion());
        QCOMPARE(db.scalar(u"SELECT has_table_privilege('hookyard_relay', 'delivery_attempts', 'INSERT')"_s).toBool(),
                 true);
    }

    void theRelayRoleDeliversAndHoldsOnGone()
    {
        TestDatabase db(u"roles_relay"_s);
        HttpSink sink;
        sink.setHandler([](const HttpSink::Request &request, int) {
            return request.path == "/gone"_ba ? HttpSink::Reply{.status = 410} : HttpSink::Reply{};
        });
        addEndpoint(db, u"shop"_s, sink.url(u"/hooks"_s));
        addEndpoint(db, u"departed"_s, sink.url(u"/gone"_s));
        insertEvent(db, u"order.paid"_s);

        hookyard::core::RelayOptions options;
        options.pollIntervalMs = 100;
        hookyard::core::Relay relay(loginIn(db, u"hookyard_relay"_s), options);
        relay.start();
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(u"SELECT count(*) FROM deliveries WHERE state IN ('delivered', 'held')"_s).toInt(), 2, 10000);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM outbox_events WHERE processed_at IS NULL"_s).toInt(), 1);
        QCOMPARE(db.scalar(u"SELECT d.state FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id "
                           "WHERE ep.name = 'shop'"_s)
                     .toString(),
                 u"delivered"_s);
        // The 410 disabled its endpoint, with the audit row naming the relay's login.
        QTRY_COMPARE_WITH_TIMEOUT(db.scalar(u"SELECT state FROM endpoints WHERE name = 'departed'"_s).toString(),
                                  u"disabled"_s, 10000);
        QCOMPARE(db.scalar(u"SELECT db_role FROM audit_log WHERE action = 'endpoint.disable'"_s).toString(),
                 u"login_hookyard_relay"_s);
    }

    void theRelayRoleCannotReadTheAuditLogNorChangeEndpoints()
    {
        TestDatabase db(u"roles_relay_limits"_s);
        addEndpoint(db, u"shop"_s, QUrl(u"https://93.184.216.34/"_s));
        auto relay = connectAs(db, u"hookyard_relay"_s);
        QVERIFY(relay->exec(u"SELECT url FROM endpoints"_s));
        QVERIFY(errorOf(relay->exec(u"SELECT count(*) FROM audit_log"_s)).contains(u"permission denied"_s));
        QVERIFY(errorOf(relay->exec(u"UPDATE endpoints SET url = 'http://169.254.169.254/'"_s))
                    .contains(u"permission denied"_s));
        QVERIFY(errorOf(relay->exec(u"UPDATE endpoints SET allow_private_network = true"_s))
                    .contains(u"permission denied"_s));
        QVERIFY(errorOf(relay->exec(u"INSERT INTO endpoints (name, url) VALUES ('evil', 'http://10.0.0.1/')"_s))
                    .contains(u"permission denied"_s));
        QVERIFY(errorOf(relay->exec(u"SELECT secret FROM partner_secrets"_s)).contains(u"permission denied"_s));
        QCOMPARE(db.scalar(u"SELECT url FROM endpoints"_s).toString(), u"https://93.184.216.34/"_s);
    }

    // Receive, verify, store, and the inbox worker in the same process calling the handler: all as the receiver.
    void theReceiverRoleIngestsAndProcesses()
    {
        TestDatabase db(u"roles_receiver"_s);
        HttpSink handler;
        db.execOrDie(u"INSERT INTO partners (name, scheme, config) VALUES ('acme', 'standard', ?::jsonb)"_s,
                     {u"{\"mode\": \"store_only\", \"handler_url\": \"%1\"}"_s.arg(handler.url().toString())});
        db.execOrDie(u"INSERT INTO partner_secrets (partner_id, secret) SELECT id, ? FROM partners"_s, {kSecret});
        const ConnectionSettings receiverLogin = loginIn(db, u"hookyard_receiver"_s);

        hookyard::core::ReceiverOptions receiverOptions;
        receiverOptions.port = 0;
        hookyard::core::Receiver receiver(receiverLogin, receiverOptions);
        auto port = receiver.listen();
        QVERIFY2(port, qPrintable(errorOf(port)));
        hookyard::core::InboxWorkerOptions workerOptions;
        workerOptions.pollIntervalMs = 100;
        hookyard::core::InboxWorker worker(receiverLogin, workerOptions);
        worker.start();

        const QByteArray body = R"({"type": "order.paid", "data": {"id": "A-1"}})";
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/webhooks/acme"_s.arg(port.value())));
        request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
        request.setRawHeader("webhook-id", "msg_role");
        request.setRawHeader("webhook-timestamp", QByteArray::number(now));
        request.setRawHeader("webhook-signature",
                             hookyard::core::signing::standardSignatureHeader(
                                 {hookyard::core::signing::standardSecretKey(kSecret).value()}, "msg_role", now, body));
        QNetworkAccessManager network;
        std::unique_ptr<QNetworkReply> reply(network.post(request, body));
        QSignalSpy finished(reply.get(), &QNetworkReply::finished);
        QVERIFY(finished.wait(10000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);

        // A bad signature is turned away and recorded too.
        request.setRawHeader("webhook-signature", "v1,AAAA");
        std::unique_ptr<QNetworkReply> rejected(network.post(request, body));
        QSignalSpy rejectedFinished(rejected.get(), &QNetworkReply::finished);
        QVERIFY(rejectedFinished.wait(10000));
        QCOMPARE(rejected->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 401);

        QVERIFY(handler.waitForRequests(1, 10000));
        QTRY_COMPARE_WITH_TIMEOUT(db.scalar(u"SELECT status FROM webhook_inbox"_s).toString(), u"PROCESSED"_s, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(db.scalar(u"SELECT count(*) FROM rejected_requests"_s).toInt(), 1, 10000);
    }

    // `hookyard stats` as an engine's own login (a health probe): the counts its role may read, and the tables it
    // may not, named.
    void theEngineRolesCountWhatTheyMayRead()
    {
        TestDatabase db(u"roles_stats"_s);
        addEndpoint(db, u"shop"_s, QUrl(u"https://93.184.216.34/"_s));
        insertEvent(db, u"order.paid"_s);

        const auto relayStats = hookyard::core::collectStats(*connectAs(db, u"hookyard_relay"_s));
        QVERIFY2(relayStats, qPrintable(errorOf(relayStats)));
        QCOMPARE(relayStats.value()[u"not_readable"_s].toVariant().toStringList(),
                 (QStringList{u"reconcile_mismatches"_s, u"rejected_requests"_s, u"webhook_inbox"_s}));
        QCOMPARE(relayStats.value()[u"deliveries"_s][u"pending"_s].toInt(), 1);
        QCOMPARE(relayStats.value()[u"outbox"_s][u"pending"_s].toInt(), 1);
        QVERIFY(relayStats.value()[u"inbox"_s].toObject().isEmpty());

        const auto receiverStats = hookyard::core::collectStats(*connectAs(db, u"hookyard_receiver"_s));
        QVERIFY2(receiverStats, qPrintable(errorOf(receiverStats)));
        QCOMPARE(receiverStats.value()[u"not_readable"_s].toVariant().toStringList(),
                 (QStringList{u"deliveries"_s, u"outbox_events"_s, u"reconcile_mismatches"_s}));
        QCOMPARE(receiverStats.value()[u"inbox"_s][u"pending"_s].toInt(), 0);

        const auto consoleStats = hookyard::core::collectStats(*connectAs(db, u"hookyard_console_readonly"_s));
        QVERIFY2(consoleStats, qPrintable(errorOf(consoleStats)));
        QVERIFY(!consoleStats.value().contains(u"not_readable"_s));

        qputenv("PGPASSWORD", kPassword.toUtf8()); // the URL carries no password
        const auto run =
            hookyard::test::runHookyard({u"--database"_s, loginIn(db, u"hookyard_relay"_s).toUrl(), u"stats"_s});
        qunsetenv("PGPASSWORD");
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("in_flight 0  pending 1"), run.out.constData());
        QVERIFY2(run.out.contains("not counted (this database role may not read them): reconcile_mismatches, "
                                  "rejected_requests, webhook_inbox"),
                 run.out.constData());
    }

    // Migration 18's masked views and maskSecret() show the same parts of a secret.
    void theMaskedSecretViewsShowWhatMaskSecretShows()
    {
        TestDatabase db(u"roles_masked"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('shop', 'https://93.184.216.34/')"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme) VALUES ('acme', 'hmac')"_s);
        const QStringList endpointSecrets{kSecret, u"whsec_c2hvcnQ="_s, u"whsec_0123456789abcdef"_s,
                                          u"whsec_0123456789abcde"_s};
        const QStringList partnerSecrets{u"sk_live_0123456789abcdefXYZ"_s, u"short"_s, u"0123456789abcdef"_s,
                                         u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s};
        for (const QString &secret : endpointSecrets)
            db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, ? FROM endpoints"_s, {secret});
        for (const QString &secret : partnerSecrets)
            db.execOrDie(u"INSERT INTO partner_secrets (partner_id, secret) SELECT id, ? FROM partners"_s, {secret});

        auto console = connectAs(db, u"hookyard_console_readonly"_s);
        for (const auto &[table, secrets] :
             {std::pair{u"endpoint_secrets"_s, endpointSecrets}, std::pair{u"partner_secrets"_s, partnerSecrets}}) {
            auto shown =
                console->exec(u"SELECT shown_prefix || '…' || shown_suffix FROM %1_masked ORDER BY id"_s.arg(table));
            QVERIFY2(shown, qPrintable(errorOf(shown)));
            for (const QString &secret : secrets) {
                QVERIFY(shown.value().next());
                QCOMPARE(shown.value().value(0).toString(), hookyard::core::maskSecret(secret));
            }
        }
    }

    void theReadOnlyRoleReadsEveryViewButCannotReplay()
    {
        TestDatabase db(u"roles_readonly"_s);
        addEndpoint(db, u"shop"_s, QUrl(u"https://93.184.216.34/"_s));
        insertEvent(db, u"order.paid"_s);
        db.execOrDie(u"UPDATE deliveries SET state = 'dead', attempt_count = 3, dead_reason = 'HTTP 500 three times', "
                     "next_attempt_at = '2030-01-01'"_s);
        const QString before = db.scalar(u"SELECT row_to_json(d)::text FROM deliveries d"_s).toString();
        const QString deliveryId = db.scalar(u"SELECT id::text FROM deliveries"_s).toString();

        auto console = connectAs(db, u"hookyard_console_readonly"_s);
        for (hookyard::core::View view : hookyard::core::allViews()) {
            const auto page = hookyard::core::fetchPage(*console, view, {}, std::nullopt, 50);
            QVERIFY2(page, qPrintable(errorOf(page)));
            const auto count = hookyard::core::countMatching(*console, view, {});
            QVERIFY2(count, qPrintable(errorOf(count)));
        }
        const auto stats = hookyard::core::collectStats(*console);
        QVERIFY2(stats, qPrintable(errorOf(stats)));
        const auto detail = hookyard::core::loadDetail(*console, RowRef{RowRef::Kind::Delivery, deliveryId});
        QVERIFY2(detail, qPrintable(errorOf(detail)));

        const auto canAct = hookyard::core::roleCanAct(*console);
        QVERIFY(canAct);
        QCOMPARE(canAct.value(), false);
        const auto replayed =
            hookyard::core::replayRows(*console, {RowRef{RowRef::Kind::Delivery, deliveryId}}, u"try it"_s);
        QVERIFY(!replayed);
        QVERIFY2(replayed.error().contains(u"permission denied for table deliveries"_s), qPrintable(replayed.error()));
        QCOMPARE(db.scalar(u"SELECT row_to_json(d)::text FROM deliveries d"_s).toString(), before);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log"_s).toInt(), 0);
        QVERIFY(errorOf(console->exec(u"SELECT count(*) FROM api_tokens"_s)).contains(u"permission denied"_s));

        // Secrets: shown masked, never readable whole, and so no signed curl command.
        QCOMPARE(detail.value().signature->activeSecrets.size(), 1);
        QCOMPARE(detail.value().signature->activeSecrets.first().masked, hookyard::core::maskSecret(kSecret));
        for (const QString &table : {u"endpoint_secrets"_s, u"partner_secrets"_s}) {
            QVERIFY(errorOf(console->exec(u"SELECT secret FROM %1"_s.arg(table))).contains(u"permission denied"_s));
        }
        const auto curl = hookyard::core::curlCommandFor(*console, RowRef{RowRef::Kind::Delivery, deliveryId});
        QVERIFY(!curl);
        QVERIFY2(curl.error().contains(u"hookyard_operator"_s), qPrintable(curl.error()));

        // The operator's role may.
        auto operatorConnection = connectAs(db, u"hookyard_operator"_s);
        QVERIFY(hookyard::core::roleCanAct(*operatorConnection).value());
        const auto curlByOperator =
            hookyard::core::curlCommandFor(*operatorConnection, RowRef{RowRef::Kind::Delivery, deliveryId});
        QVERIFY2(curlByOperator, qPrintable(errorOf(curlByOperator)));
        QVERIFY(curlByOperator.value().contains(u"webhook-signature: v1,"_s));
        const auto replayedByOperator =
            hookyard::core::replayRows(*operatorConnection, {RowRef{RowRef::Kind::Delivery, deliveryId}}, u"fixed"_s);
        QVERIFY2(replayedByOperator, qPrintable(errorOf(replayedByOperator)));
        QCOMPARE(db.scalar(u"SELECT state FROM deliveries"_s).toString(), u"pending"_s);
        QCOMPARE(db.scalar(u"SELECT db_role FROM audit_log"_s).toString(), u"login_hookyard_operator"_s);
    }
};

QTEST_GUILESS_MAIN(TestRoles)
#include "tst_roles.moc"
