// The console's actions on selected rows: replay, retry now and resolve, each audited in the same transaction, and
// refused to a database role that may only read; "copy as curl" run by a shell against a loopback sink.

#include "HttpSink.h"
#include "TestDatabase.h"
#include "console/ConsoleActions.h"
#include "signing/Signatures.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::RowRef;
using hookyard::test::TestDatabase;

class TestConsoleActions final : public QObject
{
    Q_OBJECT

private:
    // One event fanned out to one endpoint; returns the delivery id, left in `state`.
    static qint64 delivery(TestDatabase &db, const QString &state)
    {
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('partner-x', 'http://127.0.0.1:9/hook') "
                     "ON CONFLICT (name) DO NOTHING"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (gen_random_uuid(), 'order.paid', "
                     "'{}')"_s);
        const qint64 id = db.scalar(u"SELECT max(id) FROM deliveries"_s).toLongLong();
        db.execOrDie(u"UPDATE deliveries SET state = ?, next_attempt_at = now() + interval '1 hour', "
                     "dead_reason = CASE WHEN ? = 'dead' THEN 'HTTP 500 (4 failed attempts)' END WHERE id = ?"_s,
                     {state, state, id});
        return id;
    }

    static QString inboxRow(TestDatabase &db, const QString &status)
    {
        db.execOrDie(
            u"INSERT INTO partners (name, scheme) VALUES ('shop', 'standard') ON CONFLICT (name) DO NOTHING"_s);
        const QString id = db.scalar(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) "
                                     "VALUES (gen_random_uuid(), 'shop', gen_random_uuid()::text, '{}', ?) "
                                     "RETURNING id::text"_s,
                                     {status})
                               .toString();
        db.execOrDie(u"UPDATE webhook_inbox SET raw_body = '\\x7b7d', next_attempt_at = now() + interval '1 hour' "
                     "WHERE id = ?::uuid"_s,
                     {id});
        return id;
    }

    static RowRef deliveryRef(qint64 id) { return {RowRef::Kind::Delivery, QString::number(id)}; }
    static RowRef inboxRef(const QString &id) { return {RowRef::Kind::InboxMessage, id}; }

private Q_SLOTS:
    void replaysDeadDeliveriesAndQuarantinedRowsSkippingTheRest()
    {
        TestDatabase db(u"actions_replay"_s);
        const qint64 dead = delivery(db, u"dead"_s);
        const qint64 pending = delivery(db, u"pending"_s);
        const QString quarantined = inboxRow(db, u"QUARANTINED"_s);
        const QString processed = inboxRow(db, u"PROCESSED"_s);

        auto outcome = hookyard::core::replayRows(db.connection(),
                                                  {deliveryRef(dead),
                                                   deliveryRef(pending),
                                                   inboxRef(quarantined),
                                                   inboxRef(processed),
                                                   {RowRef::Kind::AuditRecord, u"1"_s}},
                                                  u"partner fixed the bug"_s);
        QVERIFY2(outcome, qPrintable(outcome ? QString() : outcome.error()));
        QCOMPARE(outcome.value().changed, 2);
        QCOMPARE(outcome.value().skipped, 3);
        QCOMPARE(db.scalar(u"SELECT state FROM deliveries WHERE id = ?"_s, {dead}).toString(), u"pending"_s);
        QCOMPARE(db.scalar(u"SELECT status FROM webhook_inbox WHERE id = ?::uuid"_s, {quarantined}).toString(),
                 u"PENDING"_s);
        QCOMPARE(db.scalar(u"SELECT status FROM webhook_inbox WHERE id = ?::uuid"_s, {processed}).toString(),
                 u"PROCESSED"_s);
        // One audit record per table touched, each with the reason and the ids it replayed.
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log WHERE reason = 'partner fixed the bug'"_s).toInt(), 2);
        QCOMPARE(db.scalar(u"SELECT details->'delivery_ids' FROM audit_log WHERE action = 'replay'"_s).toString(),
                 u"[%1]"_s.arg(dead));

        // One row alone that cannot be replayed says why.
        auto refused = hookyard::core::replayRows(db.connection(), {deliveryRef(pending)}, {});
        QVERIFY(!refused);
        QVERIFY2(refused.error().contains(u"already queued"_s), qPrintable(refused.error()));
    }

    // An Outbox row (an event) acts through its deliveries (found by a helper trying the console: Replay in an event's
    // detail pane replayed nothing): its dead one is replayed, its delivered one is left alone, and an event without a
    // dead or unknown delivery is skipped.
    void anEventIsReplayedThroughItsDeadDeliveries()
    {
        TestDatabase db(u"actions_event"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('a', 'http://127.0.0.1:9/a'), "
                     "('b', 'http://127.0.0.1:9/b')"_s);
        const QString failed =
            db.scalar(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (gen_random_uuid(), 'order.paid', "
                      "'{}') RETURNING id::text"_s)
                .toString();
        db.execOrDie(u"UPDATE deliveries d SET state = CASE WHEN ep.name = 'a' THEN 'dead' ELSE 'delivered' END, "
                     "dead_reason = CASE WHEN ep.name = 'a' THEN 'HTTP 500' END FROM endpoints ep "
                     "WHERE ep.id = d.endpoint_id AND d.event_id = ?::uuid"_s,
                     {failed});
        const QString waiting =
            db.scalar(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (gen_random_uuid(), 'order.paid', "
                      "'{}') RETURNING id::text"_s)
                .toString();

        auto outcome = hookyard::core::replayRows(
            db.connection(), {{RowRef::Kind::Event, failed}, {RowRef::Kind::Event, waiting}}, u"endpoint a fixed"_s);
        QVERIFY2(outcome, qPrintable(outcome ? QString() : outcome.error()));
        QCOMPARE(outcome.value().changed, 1);
        QCOMPARE(outcome.value().skipped, 1);
        QCOMPARE(db.scalar(u"SELECT string_agg(ep.name || ' ' || d.state, ', ' ORDER BY ep.name) FROM deliveries d "
                           "JOIN endpoints ep ON ep.id = d.endpoint_id WHERE d.event_id = ?::uuid"_s,
                           {failed})
                     .toString(),
                 u"a pending, b delivered"_s);

        // Retry now takes the event's waiting deliveries.
        auto retried = hookyard::core::retryRowsNow(db.connection(), {{RowRef::Kind::Event, waiting}}, u"now"_s);
        QVERIFY2(retried, qPrintable(retried ? QString() : retried.error()));
        QCOMPARE(retried.value().changed, 2);
    }

    // Found in review: inbox rows of a removed partner were replayed when two or more were selected (the worker only
    // quarantines them again), and one such row refused the action after the deliveries beside it were replayed.
    void rowsOfARemovedPartnerAreNotReplayed()
    {
        TestDatabase db(u"actions_removed_partner"_s);
        const qint64 dead = delivery(db, u"dead"_s);
        const QString first = inboxRow(db, u"QUARANTINED"_s);
        const QString second = inboxRow(db, u"QUARANTINED"_s);
        db.execOrDie(u"DELETE FROM partners WHERE name = 'shop'"_s);

        auto refused = hookyard::core::replayRows(db.connection(), {inboxRef(first), deliveryRef(dead)}, u"why"_s);
        QVERIFY(!refused);
        QVERIFY2(refused.error().contains(u"which does not exist"_s), qPrintable(refused.error()));
        QCOMPARE(db.scalar(u"SELECT state FROM deliveries WHERE id = ?"_s, {dead}).toString(), u"dead"_s);

        auto outcome = hookyard::core::replayRows(db.connection(),
                                                  {inboxRef(first), inboxRef(second), deliveryRef(dead)}, u"why"_s);
        QVERIFY2(outcome, qPrintable(outcome ? QString() : outcome.error()));
        QCOMPARE(outcome.value().changed, 1);
        QCOMPARE(outcome.value().skipped, 2);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM webhook_inbox WHERE status = 'QUARANTINED'"_s).toInt(), 2);
    }

    void retryNowMakesWaitingRowsDue()
    {
        TestDatabase db(u"actions_retry"_s);
        const qint64 waiting = delivery(db, u"pending"_s);
        const qint64 dead = delivery(db, u"dead"_s);
        const QString deferred = inboxRow(db, u"DEFERRED"_s);

        auto outcome = hookyard::core::retryRowsNow(
            db.connection(), {deliveryRef(waiting), deliveryRef(dead), inboxRef(deferred)}, u"partner is back"_s);
        QVERIFY2(outcome, qPrintable(outcome ? QString() : outcome.error()));
        QCOMPARE(outcome.value().changed, 2);
        QCOMPARE(outcome.value().skipped, 1);
        QVERIFY(db.scalar(u"SELECT next_attempt_at <= now() FROM deliveries WHERE id = ?"_s, {waiting}).toBool());
        QVERIFY(!db.scalar(u"SELECT next_attempt_at <= now() FROM deliveries WHERE id = ?"_s, {dead}).toBool());
        QVERIFY(
            db.scalar(u"SELECT next_attempt_at <= now() FROM webhook_inbox WHERE id = ?::uuid"_s, {deferred}).toBool());
        QCOMPARE(
            db.scalar(u"SELECT action || ' ' || (details->>'count') || ' ' || subject FROM audit_log"_s).toString(),
            u"retry_now 2 3 selected rows"_s);

        // Found by a helper trying the console: Retry now on a dead row wrote an audit record of 0 rows.
        auto nothing = hookyard::core::retryRowsNow(db.connection(), {deliveryRef(dead)}, u"try again"_s);
        QVERIFY(nothing);
        QCOMPARE(nothing.value().changed, 0);
        QCOMPARE(nothing.value().skipped, 1);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log"_s).toInt(), 1);
        // One row is named as a replay names it.
        QVERIFY(hookyard::core::retryRowsNow(db.connection(), {deliveryRef(waiting)}, u"once more"_s));
        QCOMPARE(db.scalar(u"SELECT subject FROM audit_log ORDER BY id DESC LIMIT 1"_s).toString(),
                 u"delivery %1"_s.arg(waiting));
    }

    void resolveNeedsANoteAndAReplayClearsIt()
    {
        TestDatabase db(u"actions_resolve"_s);
        const qint64 dead = delivery(db, u"dead"_s);
        const QString quarantined = inboxRow(db, u"QUARANTINED"_s);

        auto withoutNote = hookyard::core::resolveRows(db.connection(), {deliveryRef(dead)}, u"  "_s);
        QVERIFY(!withoutNote);
        QVERIFY(withoutNote.error().contains(u"note"_s));
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log"_s).toInt(), 0);

        auto resolved = hookyard::core::resolveRows(db.connection(), {deliveryRef(dead), inboxRef(quarantined)},
                                                    u"refunded by hand, ticket 4411"_s);
        QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error()));
        QCOMPARE(resolved.value().changed, 2);
        QCOMPARE(db.scalar(u"SELECT resolution_note FROM deliveries WHERE id = ?"_s, {dead}).toString(),
                 u"refunded by hand, ticket 4411"_s);
        QCOMPARE(db.scalar(u"SELECT state FROM deliveries WHERE id = ?"_s, {dead}).toString(), u"dead"_s);
        QVERIFY(!db.scalar(u"SELECT resolved_at FROM webhook_inbox WHERE id = ?::uuid"_s, {quarantined}).isNull());

        // Resolved again (found by a helper trying the console: a second resolution replaced the note and added a
        // second record): skipped, the first note kept, no record.
        auto again = hookyard::core::resolveRows(db.connection(), {deliveryRef(dead)}, u"second look"_s);
        QVERIFY(again);
        QCOMPARE(again.value().changed, 0);
        QCOMPARE(again.value().skipped, 1);
        QCOMPARE(db.scalar(u"SELECT resolution_note FROM deliveries WHERE id = ?"_s, {dead}).toString(),
                 u"refunded by hand, ticket 4411"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'resolve'"_s).toInt(), 1);

        QVERIFY(hookyard::core::replayRows(db.connection(), {deliveryRef(dead)}, u"after all"_s));
        QVERIFY(db.scalar(u"SELECT resolved_at FROM deliveries WHERE id = ?"_s, {dead}).isNull());
    }

    void copyAsCurlSendsASignedRequestWithoutTheSecret()
    {
        const QString secret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;
        TestDatabase db(u"actions_curl"_s);
        hookyard::test::HttpSink sink;
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('partner-x', ?)"_s, {sink.url(u"/hook"_s).toString()});
        db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, ? FROM endpoints"_s, {secret});
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (gen_random_uuid(), 'order.paid', "
                     "?::jsonb)"_s,
                     {u"{\"note\": \"it's 'quoted'\", \"n\": 1}"_s});
        const QString deliveryId = db.scalar(u"SELECT id::text FROM deliveries"_s).toString();

        auto command = hookyard::core::curlCommandFor(db.connection(), deliveryRef(deliveryId.toLongLong()));
        QVERIFY2(command, qPrintable(command ? QString() : command.error()));
        QVERIFY(!command.value().contains(secret.mid(6)));

        QProcess shell;
        shell.start(u"bash"_s, {u"-c"_s, command.value()});
        QVERIFY(shell.waitForFinished(20000));
        QCOMPARE(shell.exitCode(), 0);
        QCOMPARE(sink.requests().size(), 1);
        const auto request = sink.requests().first();
        QCOMPARE(request.header("webhook-id"), db.scalar(u"SELECT event_id::text FROM deliveries"_s).toByteArray());
        QCOMPARE(QJsonDocument::fromJson(request.body).object().value(u"note"_s).toString(), u"it's 'quoted'"_s);
        const auto verdict = hookyard::core::signing::verifyStandard(
            {hookyard::core::signing::standardSecretKey(secret).value()}, request.header("webhook-id"),
            request.header("webhook-timestamp"), request.header("webhook-signature"), request.body,
            QDateTime::currentSecsSinceEpoch(), 300);
        QVERIFY2(verdict.valid, qPrintable(verdict.reason));
    }

    void aReadOnlyRoleCannotAct()
    {
        TestDatabase db(u"actions_readonly"_s);
        const qint64 dead = delivery(db, u"dead"_s);
        QCOMPARE(hookyard::core::roleCanAct(db.connection()).value(), true);

        db.execOrDie(u"DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'auditor_test') THEN "
                     "CREATE ROLE auditor_test LOGIN PASSWORD 'auditor-pass'; END IF; END $$"_s);
        db.execOrDie(u"GRANT CONNECT ON DATABASE \"%1\" TO auditor_test"_s.arg(db.name()));
        db.execOrDie(u"GRANT USAGE ON SCHEMA public TO auditor_test"_s);
        db.execOrDie(u"GRANT SELECT ON ALL TABLES IN SCHEMA public TO auditor_test"_s);

        auto settings = db.settings();
        settings.user = u"auditor_test"_s;
        settings.password = u"auditor-pass"_s;
        auto auditor = hookyard::core::DatabaseConnection::open(settings, u"auditor"_s);
        QVERIFY2(auditor, qPrintable(auditor ? QString() : auditor.error()));
        QCOMPARE(hookyard::core::roleCanAct(*auditor.value()).value(), false);
        auto replayed = hookyard::core::replayRows(*auditor.value(), {deliveryRef(dead)}, u"not allowed"_s);
        QVERIFY(!replayed);
        QVERIFY2(replayed.error().contains(u"permission denied"_s), qPrintable(replayed.error()));
        QCOMPARE(db.scalar(u"SELECT state FROM deliveries WHERE id = ?"_s, {dead}).toString(), u"dead"_s);
    }
};

QTEST_GUILESS_MAIN(TestConsoleActions)
#include "tst_consoleactions.moc"
