// The detail pane's data: facts, headers, signature verdict, entity position and the timeline of real rows.

#include "TestDatabase.h"
#include "audit/AuditLog.h"
#include "console/ConsoleActions.h"
#include "console/DetailQueries.h"
#include "relay/DeliveryStore.h"
#include "worker/InboxStore.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::AttemptOutcome;
using hookyard::core::DetailFact;
using hookyard::core::DetailHeader;
using hookyard::core::RowDetail;
using hookyard::core::RowRef;
using hookyard::core::SignatureVerdict;
using hookyard::core::TimelineItem;
using hookyard::test::TestDatabase;
using Kind = TimelineItem::Kind;
using Field = DetailFact::Field;

namespace {

const QString kEndpointSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;
const QString kPartnerSecret = u"whsec_dGhpcyBpcyBhIHNlY29uZCBzZWNyZXQga2V5IQ=="_s;
const QString kBearerToken = u"Bearer sk_live_51HyperSecretToken9876"_s;

qint64 addEndpoint(TestDatabase &db, const QString &name)
{
    const qint64 id = db.scalar(u"INSERT INTO endpoints (name, url, custom_headers) VALUES (?, ?, ?::jsonb) "
                                "RETURNING id"_s,
                                {name, u"https://%1.example/hooks"_s.arg(name),
                                 u"{\"Authorization\": \"%1\", \"X-Team\": \"billing\"}"_s.arg(kBearerToken)})
                          .toLongLong();
    db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) VALUES (?, ?)"_s, {id, kEndpointSecret});
    return id;
}

QString addEvent(TestDatabase &db, const QString &eventType)
{
    return db
        .scalar(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) VALUES "
                "(gen_random_uuid(), 'Order', gen_random_uuid(), ?, '{\"id\": \"A-1048\", \"status\": \"Active\"}') "
                "RETURNING id::text"_s,
                {eventType})
        .toString();
}

qint64 deliveryOf(TestDatabase &db, const QString &eventId, const QString &endpoint)
{
    return db
        .scalar(u"SELECT d.id FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id "
                "WHERE d.event_id = ?::uuid AND ep.name = ?"_s,
                {eventId, endpoint})
        .toLongLong();
}

// An attempt as the relay records it, `secondsAgo` before now.
void addAttempt(TestDatabase &db, qint64 deliveryId, int secondsAgo, const QVariant &statusCode,
                const QString &errorClass, const QString &errorDetail)
{
    db.execOrDie(u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms, status_code, "
                 "error_class, error_detail, relay_instance, response_snippet) "
                 "SELECT ?, attempt_count + 1, now() - make_interval(secs => ?), 120, ?, ?, ?, 'relay-a', "
                 "       CASE WHEN ?::int IS NOT NULL THEN '{\"attempt\": ' || (attempt_count + 1) || '}' END "
                 "FROM deliveries WHERE id = ?"_s,
                 {deliveryId, secondsAgo, statusCode, errorClass, errorDetail.isEmpty() ? QVariant() : errorDetail,
                  statusCode, deliveryId});
    db.execOrDie(u"UPDATE deliveries SET attempt_count = attempt_count + 1 WHERE id = ?"_s, {deliveryId});
}

// A delivery whose four attempts failed over 16 minutes, an hour ago, and that went to the dead letters.
void killDelivery(TestDatabase &db, qint64 deliveryId)
{
    db.execOrDie(u"UPDATE deliveries SET created_at = now() - interval '3601 seconds' WHERE id = ?"_s, {deliveryId});
    addAttempt(db, deliveryId, 3600, 500, u"http_status"_s, u"HTTP 500"_s);
    addAttempt(db, deliveryId, 3540, 500, u"http_status"_s, u"HTTP 500"_s);
    addAttempt(db, deliveryId, 3240, QVariant(), u"timeout"_s, u"no answer within 15000 ms"_s);
    addAttempt(db, deliveryId, 2640, 500, u"http_status"_s, u"HTTP 500"_s);
    db.execOrDie(u"UPDATE deliveries SET state = 'dead', failures_since_queued = 4, "
                 "dead_reason = 'HTTP 500 (4 failed attempts)' WHERE id = ?"_s,
                 {deliveryId});
}

QList<Kind> kinds(const QList<TimelineItem> &timeline)
{
    QList<Kind> result;
    for (const TimelineItem &item : timeline)
        result.append(item.kind);
    return result;
}

// Every text a detail holds, to look for secrets in.
QString everyText(const RowDetail &detail)
{
    QStringList texts{detail.title, detail.primaryId, detail.state, detail.payload};
    for (const DetailFact &fact : detail.facts)
        texts << fact.value.toString();
    for (const DetailHeader &header : detail.headers)
        texts << header.name << header.value;
    if (detail.signature) {
        for (const auto &secret : detail.signature->activeSecrets)
            texts << secret.masked;
    }
    QList<TimelineItem> items = detail.timeline;
    for (const auto &delivery : detail.deliveries)
        items += delivery.timeline;
    for (const TimelineItem &item : items)
        texts << item.errorClass << item.errorDetail << item.relayInstance << item.detail << item.actor << item.dbRole;
    return texts.join(u'\n');
}

RowDetail load(TestDatabase &db, RowRef::Kind kind, const QString &id)
{
    auto detail = hookyard::core::loadDetail(db.connection(), {kind, id});
    if (!detail)
        qFatal("loadDetail failed: %s", qPrintable(detail.error()));
    return detail.value();
}

void addPartner(TestDatabase &db)
{
    db.execOrDie(
        u"INSERT INTO partners (name, scheme, config) VALUES ('shop', 'standard', '{\"entity_id\": \"/data/id\"}')"_s);
    db.execOrDie(u"INSERT INTO partner_secrets (partner_id, secret) SELECT id, ? FROM partners"_s, {kPartnerSecret});
    db.execOrDie(u"INSERT INTO state_transitions (partner_name, entity_type, event_type, from_states, to_state) "
                 "VALUES ('shop', 'order', 'order.created', '{}', 'created'), "
                 "       ('shop', 'order', 'order.paid', '{created}', 'paid'), "
                 "       ('shop', 'order', 'order.cancelled', '{created,paid}', 'cancelled'), "
                 "       ('shop', 'order', 'order.shipped', '{paid}', 'shipped')"_s);
}

// An inbox row of partner "shop" as the receiver stores it, with Hookyard's columns. Returns the inbox id.
QString receive(TestDatabase &db, const QString &partnerEventId, const QString &eventType, const QString &status)
{
    const QString body = u"{\"type\": \"%1\", \"data\": {\"id\": \"A-1048\"}}"_s.arg(eventType);
    return db
        .scalar(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, status,"
                "                           partner_id, event_type, entity_type, entity_id, headers, raw_body) "
                "SELECT gen_random_uuid(), 'shop', ?, ?::jsonb, true, ?, p.id, ?, 'order', 'A-1048', ?::jsonb, "
                "       convert_to(?, 'UTF8') "
                "FROM partners p WHERE p.name = 'shop' "
                "RETURNING id::text"_s,
                {partnerEventId, body, status, eventType,
                 u"{\"webhook-id\": \"%1\", \"content-type\": \"application/json\"}"_s.arg(partnerEventId), body})
        .toString();
}

} // namespace

class TestDetailQueries final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deadDeliveryReplayedThenDelivered()
    {
        TestDatabase db(u"detail_dead"_s);
        addEndpoint(db, u"partner-x"_s);
        const QString eventId = addEvent(db, u"order.activated"_s);
        const qint64 deliveryId = deliveryOf(db, eventId, u"partner-x"_s);
        killDelivery(db, deliveryId);

        RowDetail dead = load(db, RowRef::Kind::Delivery, QString::number(deliveryId));
        QCOMPARE(dead.state, u"dead"_s);
        QCOMPARE(dead.fact(Field::Reason).toString(), u"HTTP 500 (4 failed attempts)"_s);
        QCOMPARE(kinds(dead.timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Attempt,
                                                    Kind::Attempt, Kind::DeadLettered}));
        QCOMPARE(dead.timeline.last().detail, u"HTTP 500 (4 failed attempts)"_s);

        auto replayed =
            hookyard::core::replayDeliveries(db.connection(), {.deliveryIds = {deliveryId}}, u"partner fixed TLS"_s);
        QVERIFY2(replayed, qPrintable(replayed.ok() ? QString() : replayed.error()));
        addAttempt(db, deliveryId, 0, 200, u"ok"_s, {});
        // A relay woken by the replay can start its attempt within the same millisecond: the timeline still puts the
        // replay first (this test failed now and then before).
        db.execOrDie(
            u"UPDATE delivery_attempts SET started_at = (SELECT max(at) FROM audit_log WHERE action = 'replay') "
            "WHERE delivery_id = ? AND status_code = 200"_s,
            {deliveryId});
        db.execOrDie(u"UPDATE deliveries SET state = 'delivered', delivered_at = now() + interval '1 second' "
                     "WHERE id = ?"_s,
                     {deliveryId});

        const RowDetail detail = load(db, RowRef::Kind::Delivery, QString::number(deliveryId));
        QCOMPARE(detail.title, u"order.activated"_s);
        QCOMPARE(detail.primaryId, eventId);
        QCOMPARE(detail.state, u"delivered"_s);
        QCOMPARE(detail.fact(Field::Endpoint).toString(), u"partner-x"_s);
        QCOMPARE(detail.fact(Field::DeliveryId).toLongLong(), deliveryId);
        QVERIFY(detail.fact(Field::Aggregate).toString().startsWith(u"Order "_s));
        QVERIFY(!detail.fact(Field::Reason).isValid()); // delivered: nothing to explain
        QCOMPARE(detail.payload, u"{\"id\": \"A-1048\", \"status\": \"Active\"}"_s);

        // Queued, four failures, the move to the dead letters the replay implies, the replay, success.
        const QList<TimelineItem> &timeline = detail.timeline;
        QCOMPARE(kinds(timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Attempt, Kind::Attempt,
                                               Kind::DeadLettered, Kind::Replayed, Kind::Attempt, Kind::Delivered}));
        for (qsizetype i = 1; i < timeline.size(); ++i)
            QVERIFY2(timeline[i - 1].at <= timeline[i].at, qPrintable(u"item %1 is out of order"_s.arg(i)));

        const TimelineItem &first = timeline[1];
        QCOMPARE(first.attemptNo, 1);
        QCOMPARE(first.statusCode.value_or(0), 500);
        QCOMPARE(first.latencyMs.value_or(0), 120);
        QCOMPARE(first.errorClass, u"http_status"_s);
        QCOMPARE(first.errorDetail, u"HTTP 500"_s);
        QCOMPARE(first.relayInstance, u"relay-a"_s);
        QCOMPARE(first.responseSnippet, u"{\"attempt\": 1}"_s); // what the endpoint answered
        QCOMPARE(hookyard::core::attemptOutcome(first), AttemptOutcome::Failed);
        QCOMPARE(timeline[2].at.secsTo(timeline[3].at), 300); // 0 s, 1 min, 6 min, 16 min
        QVERIFY(!timeline[3].statusCode);
        QCOMPARE(hookyard::core::attemptOutcome(timeline[3]), AttemptOutcome::Uncertain);
        QCOMPARE(timeline[5].detail, u"HTTP 500"_s);
        QCOMPARE(timeline[5].at, timeline[4].at.addMSecs(120));

        const TimelineItem &replay = timeline[6];
        QCOMPARE(replay.actor, hookyard::core::osUserName());
        QCOMPARE(replay.dbRole, db.scalar(u"SELECT current_user"_s).toString());
        QCOMPARE(replay.detail, u"partner fixed TLS"_s);
        QCOMPARE(replay.auditId, db.scalar(u"SELECT max(id) FROM audit_log WHERE action = 'replay'"_s).toLongLong());

        QCOMPARE(timeline[7].attemptNo, 5);
        QCOMPARE(hookyard::core::attemptOutcome(timeline[7]), AttemptOutcome::Succeeded);

        // The headers the relay sends, with what it computes per attempt described, never a secret.
        const auto header = [&](const QString &name) {
            for (const DetailHeader &h : detail.headers) {
                if (h.name == name)
                    return h;
            }
            return DetailHeader{};
        };
        QCOMPARE(header(u"webhook-id"_s).value, eventId);
        QCOMPARE(header(u"Idempotency-Key"_s).value, eventId);
        QCOMPARE(header(u"webhook-timestamp"_s).kind, DetailHeader::Value::AttemptTimestamp);
        QCOMPARE(header(u"webhook-signature"_s).kind, DetailHeader::Value::AttemptSignature);
        QCOMPARE(header(u"webhook-signature"_s).value, QString());
        QCOMPARE(header(u"X-Team"_s).value, u"billing"_s);
        QCOMPARE(header(u"Authorization"_s).kind, DetailHeader::Value::Masked);
        QCOMPARE(header(u"Authorization"_s).value, u"…9876"_s);

        QVERIFY(detail.signature);
        QCOMPARE(detail.signature->verdict, SignatureVerdict::Verdict::Signed);
        QCOMPARE(detail.signature->activeSecrets.size(), 1);
        QCOMPARE(detail.signature->activeSecrets.first().masked, u"whsec_…LaSw"_s);

        const QString text = everyText(detail);
        QVERIFY(!text.contains(kEndpointSecret));
        QVERIFY(!text.contains(kEndpointSecret.mid(6, 12)));
        QVERIFY(!text.contains(u"HyperSecretToken"_s));
    }

    // As in the Endpoints view: an active endpoint that fails says so, with its latest failure.
    void anEndpointTellsHowItsLastHourWent()
    {
        TestDatabase db(u"detail_endpoint"_s);
        const qint64 id = addEndpoint(db, u"partner-x"_s);
        addEvent(db, u"order.paid"_s);
        db.execOrDie(u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, status_code, error_class,"
                     "   error_detail, relay_instance)"
                     " SELECT d.id, a.n, now() - a.ago, a.code, a.class, a.detail, 'relay-1' FROM deliveries d,"
                     "   (VALUES (1, interval '3 hours', 500, 'http_status', 'HTTP 500'),"
                     "           (2, interval '9 minutes', 502, 'http_status', 'HTTP 502'),"
                     "           (3, interval '8 minutes', 200, 'ok', NULL)) a(n, ago, code, class, detail)"_s);
        RowDetail detail = load(db, RowRef::Kind::Endpoint, QString::number(id));
        QCOMPARE(detail.fact(Field::AttemptsLastHour).toLongLong(), 2);
        QCOMPARE(detail.fact(Field::FailedLastHour).toLongLong(), 1);
        QCOMPARE(detail.fact(Field::Reason).toString(), u"last failure: HTTP 502"_s);

        db.execOrDie(u"UPDATE endpoints SET state = 'paused', state_reason = 'partner maintenance'"_s);
        detail = load(db, RowRef::Kind::Endpoint, QString::number(id));
        QCOMPARE(detail.fact(Field::Reason).toString(), u"partner maintenance"_s);
    }

    void pendingDeliveryEndsWithTheNextAttempt()
    {
        TestDatabase db(u"detail_pending"_s);
        addEndpoint(db, u"partner-x"_s);
        const QString eventId = addEvent(db, u"order.paid"_s);
        const qint64 deliveryId = deliveryOf(db, eventId, u"partner-x"_s);
        db.execOrDie(u"UPDATE deliveries SET created_at = now() - interval '11 seconds' WHERE id = ?"_s, {deliveryId});
        addAttempt(db, deliveryId, 10, 503, u"http_status"_s, u"HTTP 503"_s);
        db.execOrDie(u"UPDATE deliveries SET failures_since_queued = 1, leased_by = NULL, "
                     "next_attempt_at = now() + interval '50 seconds' WHERE id = ?"_s,
                     {deliveryId});

        const RowDetail detail = load(db, RowRef::Kind::Delivery, QString::number(deliveryId));
        QCOMPARE(kinds(detail.timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Scheduled}));
        const TimelineItem &next = detail.timeline.last();
        QVERIFY(std::abs(detail.serverTime.msecsTo(next.at) - 50000) < 2000);
        QVERIFY(next.actor.isEmpty());
    }

    // "Created" is the delivery's time, as the Dead letters view lists it; an event its producer dated otherwise (an
    // import with its own created_at) also shows the event's time.
    void aDeliveryIsDatedAsTheListDatesIt()
    {
        TestDatabase db(u"detail_dated"_s);
        addEndpoint(db, u"partner-x"_s);
        const qint64 ordinary = deliveryOf(db, addEvent(db, u"order.paid"_s), u"partner-x"_s);
        const RowDetail same = load(db, RowRef::Kind::Delivery, QString::number(ordinary));
        QCOMPARE(same.fact(Field::Created).toDateTime(),
                 db.scalar(u"SELECT created_at FROM deliveries WHERE id = ?"_s, {ordinary}).toDateTime());
        QVERIFY(!same.fact(Field::EventCreated).isValid()); // made in the producer's transaction: one time

        // Seven seconds past whole days: an event dated a whole number of quarter hours before its delivery reads as a
        // time-zone shift, which it would be if the update ran within the millisecond of the insert (it did, on a fast
        // machine in CI, with '3 days' alone).
        const QString imported = addEvent(db, u"order.shipped"_s);
        db.execOrDie(u"UPDATE outbox_events SET created_at = now() - interval '3 days 7 seconds' WHERE id = ?::uuid"_s,
                     {imported});
        const RowDetail dated =
            load(db, RowRef::Kind::Delivery, QString::number(deliveryOf(db, imported, u"partner-x"_s)));
        QVERIFY(std::abs(dated.fact(Field::Created).toDateTime().secsTo(dated.serverTime)) < 60);
        QVERIFY(dated.fact(Field::EventCreated).isValid());
        QVERIFY(std::abs(dated.fact(Field::EventCreated).toDateTime().secsTo(dated.serverTime) - (3 * 86400 + 7)) < 60);

        // A producer whose session is in another time zone writes the same instant as other wall-clock time: no other
        // date, not shown.
        db.execOrDie(u"SET TIME ZONE 'Asia/Kolkata'"_s);
        const QString elsewhere = addEvent(db, u"order.paid"_s);
        db.execOrDie(u"RESET TIME ZONE"_s);
        const RowDetail zoned =
            load(db, RowRef::Kind::Delivery, QString::number(deliveryOf(db, elsewhere, u"partner-x"_s)));
        QVERIFY(!zoned.fact(Field::EventCreated).isValid());
    }

    void eventShowsEachDeliveryTimeline()
    {
        TestDatabase db(u"detail_event"_s);
        addEndpoint(db, u"billing"_s);
        addEndpoint(db, u"crm"_s);
        const QString eventId = addEvent(db, u"order.created"_s);
        const qint64 billing = deliveryOf(db, eventId, u"billing"_s);
        killDelivery(db, billing);

        const RowDetail detail = load(db, RowRef::Kind::Event, eventId);
        QCOMPARE(detail.title, u"order.created"_s);
        QCOMPARE(detail.primaryId, eventId);
        // As the Outbox view's row says (found in a screenshot, where the badge said "unprocessed" beside a dead row).
        QCOMPARE(detail.state, u"dead"_s);
        QCOMPARE(kinds(detail.timeline), QList<Kind>{Kind::Queued});
        QCOMPARE(detail.deliveries.size(), 2);
        QCOMPARE(detail.deliveries[0].deliveryId, billing);
        QCOMPARE(detail.deliveries[0].endpoint, u"billing"_s);
        QCOMPARE(detail.deliveries[0].state, u"dead"_s);
        QCOMPARE(detail.deliveries[0].timeline.size(), 6);
        QCOMPARE(detail.deliveries[0].timeline.last().kind, Kind::DeadLettered);
        QCOMPARE(detail.deliveries[1].endpoint, u"crm"_s);
        QCOMPARE(kinds(detail.deliveries[1].timeline), (QList<Kind>{Kind::Queued, Kind::Scheduled}));
        QVERIFY(!everyText(detail).contains(u"HyperSecretToken"_s));
    }

    void deferredInboxRowShowsWhatItWaitsFor()
    {
        TestDatabase db(u"detail_deferred"_s);
        addPartner(db);
        db.execOrDie(u"INSERT INTO entity_states (partner_name, entity_type, entity_id, state) "
                     "VALUES ('shop', 'order', 'A-1048', 'created')"_s);
        const QString id = receive(db, u"evt_shipped"_s, u"order.shipped"_s, u"DEFERRED"_s);
        db.execOrDie(u"UPDATE webhook_inbox SET received_at = now() - interval '3 minutes'"_s);
        db.execOrDie(u"UPDATE webhook_inbox SET deferred_since = now() - interval '2 minutes', defer_count = 2, "
                     "waiting_for = 'order A-1048 to reach paid', next_attempt_at = now() + interval '30 seconds'"_s);

        const RowDetail detail = load(db, RowRef::Kind::InboxMessage, id);
        QCOMPARE(detail.title, u"order.shipped"_s);
        QCOMPARE(detail.state, u"DEFERRED"_s);
        QCOMPARE(detail.fact(Field::Partner).toString(), u"shop"_s);
        QCOMPARE(detail.fact(Field::PartnerEventId).toString(), u"evt_shipped"_s);
        QCOMPARE(detail.fact(Field::Entity).toString(), u"order A-1048"_s);
        QCOMPARE(detail.fact(Field::Reason).toString(), u"order A-1048 to reach paid"_s);
        QVERIFY(detail.payload.contains(u"\"order.shipped\""_s));
        QCOMPARE(detail.headers.size(), 2);

        QCOMPARE(kinds(detail.timeline), (QList<Kind>{Kind::Queued, Kind::Deferred, Kind::Scheduled}));
        QCOMPARE(detail.timeline[1].detail, u"order A-1048 to reach paid"_s);
        QCOMPARE(detail.timeline[1].count, 2);
        QVERIFY(std::abs(detail.serverTime.msecsTo(detail.timeline[2].at) - 30000) < 2000);

        QVERIFY(detail.entity);
        QCOMPARE(detail.entity->state, u"created"_s);
        QCOMPARE(detail.entity->allowedNext.size(), 2);
        QCOMPARE(detail.entity->allowedNext[0].eventType, u"order.cancelled"_s);
        QCOMPARE(detail.entity->allowedNext[1].eventType, u"order.paid"_s);
        QCOMPARE(detail.entity->allowedNext[1].toState, u"paid"_s);
        QVERIFY(!detail.entity->thisEventAllowed);
        QVERIFY(detail.entity->thisEventKnown); // not allowed yet, but some transition names it

        QCOMPARE(detail.signature->verdict, SignatureVerdict::Verdict::Verified);
        QCOMPARE(detail.signature->scheme, u"standard"_s);
        QCOMPARE(detail.signature->activeSecrets.first().masked, u"whsec_…IQ=="_s);
        QVERIFY(!everyText(detail).contains(kPartnerSecret));

        // Woken, then failed at its handler: pending for a retry, it no longer waits for its entity, though the
        // worker keeps deferred_since (found in review: the retry read as the deadline of a deferral).
        db.execOrDie(u"UPDATE webhook_inbox SET status = 'PENDING'"_s);
        const RowDetail retrying = load(db, RowRef::Kind::InboxMessage, id);
        QCOMPARE(kinds(retrying.timeline), (QList<Kind>{Kind::Queued, Kind::Scheduled}));
    }

    // A partner whose events name no entity type keeps its states and transitions under '' (found in review: the
    // detail looked for NULL and showed neither).
    void anEntityWithoutATypeShowsItsStateAndTransitions()
    {
        TestDatabase db(u"detail_no_entity_type"_s);
        addPartner(db);
        db.execOrDie(u"UPDATE state_transitions SET entity_type = ''"_s);
        db.execOrDie(u"INSERT INTO entity_states (partner_name, entity_type, entity_id, state) "
                     "VALUES ('shop', '', 'A-1048', 'created')"_s);
        const QString id = receive(db, u"evt_paid"_s, u"order.paid"_s, u"DEFERRED"_s);
        db.execOrDie(u"UPDATE webhook_inbox SET entity_type = NULL"_s); // as the receiver stores a missing field

        const RowDetail detail = load(db, RowRef::Kind::InboxMessage, id);
        QVERIFY(detail.entity);
        QCOMPARE(detail.entity->state, u"created"_s);
        QCOMPARE(detail.entity->allowedNext.size(), 2);
        QVERIFY(detail.entity->thisEventAllowed);
    }

    // An event type that no transition names is told apart from one that is only not allowed yet: it never will be
    // (the detail said "not allowed yet" for a partner's order.refunded, which the state machine did not know).
    void anEventTypeTheStateMachineDoesNotKnow()
    {
        TestDatabase db(u"detail_unknown_type"_s);
        addPartner(db);
        db.execOrDie(u"INSERT INTO entity_states (partner_name, entity_type, entity_id, state) "
                     "VALUES ('shop', 'order', 'A-1048', 'paid')"_s);
        const QString id = receive(db, u"evt_refund"_s, u"order.refunded"_s, u"QUARANTINED"_s);
        const RowDetail detail = load(db, RowRef::Kind::InboxMessage, id);
        QVERIFY(detail.entity);
        QVERIFY(!detail.entity->thisEventAllowed);
        QVERIFY(!detail.entity->thisEventKnown);
        QVERIFY(detail.entity->transitionsDecide);

        // In timestamp mode the transitions do not decide (the newest event wins), nor without a partner.
        db.execOrDie(u"UPDATE partners SET config = '{\"entity_id\": \"/data/id\", \"mode\": \"timestamp\"}'"_s);
        QVERIFY(!load(db, RowRef::Kind::InboxMessage, id).entity->transitionsDecide);
        db.execOrDie(u"DELETE FROM partners"_s);
        QVERIFY(!load(db, RowRef::Kind::InboxMessage, id).entity->transitionsDecide);
    }

    void quarantinedInboxRowAndItsReplay()
    {
        TestDatabase db(u"detail_quarantine"_s);
        addPartner(db);
        const QString id = receive(db, u"evt_poison"_s, u"order.paid"_s, u"QUARANTINED"_s);
        db.execOrDie(u"UPDATE webhook_inbox SET reason = 'unknown entity order A-1048'"_s);
        // Two attempts the worker kept since the row arrived: one without a handler call, one whose call timed out.
        db.execOrDie(u"UPDATE webhook_inbox SET received_at = now() - interval '3 minutes'"_s);
        db.execOrDie(
            u"INSERT INTO inbox_attempts (inbox_id, attempt_no, started_at, duration_ms, status_code, "
            "error_class, error_detail, worker_instance) VALUES "
            "(?::uuid, 1, now() - interval '2 minutes', NULL, NULL, NULL, 'unknown entity', 'host/1/worker-1'), "
            "(?::uuid, 2, now() - interval '1 minute', 10000, NULL, 'timeout', 'no answer', 'host/1/worker-1')"_s,
            {id, id});

        const RowDetail quarantined = load(db, RowRef::Kind::InboxMessage, id);
        QCOMPARE(kinds(quarantined.timeline),
                 (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Quarantined}));
        const TimelineItem &first = quarantined.timeline[1];
        QCOMPARE(first.attemptNo, 1);
        QCOMPARE(first.errorDetail, u"unknown entity"_s);
        QVERIFY(!first.latencyMs && !first.statusCode && first.errorClass.isEmpty());
        QCOMPARE(hookyard::core::attemptOutcome(first), AttemptOutcome::Failed);
        const TimelineItem &second = quarantined.timeline[2];
        QCOMPARE(second.attemptNo, 2);
        QCOMPARE(second.latencyMs.value_or(-1), 10000);
        QCOMPARE(second.errorClass, u"timeout"_s);
        QCOMPARE(second.workerInstance, u"host/1/worker-1"_s);
        QCOMPARE(hookyard::core::attemptOutcome(second), AttemptOutcome::Uncertain);
        QCOMPARE(quarantined.timeline.last().detail, u"unknown entity order A-1048"_s);
        QCOMPARE(quarantined.fact(Field::Reason).toString(), u"unknown entity order A-1048"_s);
        QVERIFY(quarantined.entity);
        QVERIFY(quarantined.entity->state.isEmpty()); // the entity does not exist: only creating events are allowed
        QCOMPARE(quarantined.entity->allowedNext.size(), 1);
        QCOMPARE(quarantined.entity->allowedNext.first().eventType, u"order.created"_s);
        QVERIFY(quarantined.entity->thisEventKnown);

        auto replayed = hookyard::core::replayInbox(db.connection(), {.inboxIds = {id}}, u"entity created by hand"_s);
        QVERIFY2(replayed, qPrintable(replayed.ok() ? QString() : replayed.error()));
        const RowDetail detail = load(db, RowRef::Kind::InboxMessage, id);
        QCOMPARE(detail.state, u"PENDING"_s);
        // The attempts before the replay stay in the row's history, and so does the quarantine the replay ended,
        // with its reason, at the end of the last attempt.
        QCOMPARE(kinds(detail.timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Quarantined,
                                                      Kind::Replayed, Kind::Scheduled}));
        QCOMPARE(detail.timeline[3].detail, u"unknown entity order A-1048"_s);
        QCOMPARE(detail.timeline[3].at, detail.timeline[2].at.addMSecs(10000));
        QCOMPARE(detail.timeline[4].actor, hookyard::core::osUserName());
        QCOMPARE(detail.timeline[4].detail, u"entity created by hand"_s);

        // Retry now (the console's action, as `hookyard inbox retry`) leaves its mark with who and why.
        auto retried =
            hookyard::core::retryRowsNow(db.connection(), {{RowRef::Kind::InboxMessage, id}}, u"worker was stuck"_s);
        QVERIFY2(retried, qPrintable(retried.ok() ? QString() : retried.error()));
        QCOMPARE(retried->changed, 1);
        const RowDetail again = load(db, RowRef::Kind::InboxMessage, id);
        QCOMPARE(kinds(again.timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Quarantined,
                                                     Kind::Replayed, Kind::RetriedNow, Kind::Scheduled}));
        QCOMPARE(again.timeline[5].detail, u"worker was stuck"_s);
        QCOMPARE(again.timeline[5].auditId,
                 db.scalar(u"SELECT max(id) FROM audit_log WHERE action = 'retry_now'"_s).toLongLong());
    }

    // Found by a helper using the console: a resolved quarantine was dated by its resolution, and its mark came after.
    void aResolvedQuarantineKeepsItsTime()
    {
        TestDatabase db(u"detail_quarantine_resolved"_s);
        addPartner(db);
        const QString id = receive(db, u"evt_poison"_s, u"order.paid"_s, u"QUARANTINED"_s);
        db.execOrDie(u"UPDATE webhook_inbox SET received_at = now() - interval '3 minutes'"_s);
        db.execOrDie(u"INSERT INTO inbox_attempts (inbox_id, attempt_no, started_at, duration_ms, error_detail, "
                     "worker_instance) VALUES (?::uuid, 1, now() - interval '2 minutes', 250, 'unknown entity', "
                     "'host/1/worker-1')"_s,
                     {id});
        auto resolved =
            hookyard::core::resolveRows(db.connection(), {{RowRef::Kind::InboxMessage, id}}, u"refund done by hand"_s);
        QVERIFY2(resolved, qPrintable(resolved.ok() ? QString() : resolved.error()));
        QCOMPARE(resolved->changed, 1);

        const RowDetail detail = load(db, RowRef::Kind::InboxMessage, id);
        QCOMPARE(kinds(detail.timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Quarantined, Kind::Resolved}));
        QCOMPARE(detail.timeline[2].at, detail.timeline[1].at.addMSecs(250)); // the attempt's end
        QCOMPARE(detail.timeline[3].detail, u"refund done by hand"_s);
    }

    // A dead letter resolved by hand shows who settled it and the note, after the move to the dead letters, which
    // keeps its time; resolving it again after a replay and success is not possible (it is no longer dead).
    void aResolvedDeadLetterShowsWhoSettledIt()
    {
        TestDatabase db(u"detail_resolved"_s);
        addEndpoint(db, u"partner-x"_s);
        const qint64 deliveryId = deliveryOf(db, addEvent(db, u"order.activated"_s), u"partner-x"_s);
        killDelivery(db, deliveryId);
        auto resolved = hookyard::core::resolveRows(
            db.connection(), {{RowRef::Kind::Delivery, QString::number(deliveryId)}}, u"sent by hand, ticket 88"_s);
        QVERIFY2(resolved, qPrintable(resolved.ok() ? QString() : resolved.error()));
        QCOMPARE(resolved->changed, 1);

        const RowDetail detail = load(db, RowRef::Kind::Delivery, QString::number(deliveryId));
        QCOMPARE(kinds(detail.timeline), (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Attempt,
                                                      Kind::Attempt, Kind::DeadLettered, Kind::Resolved}));
        const TimelineItem &resolution = detail.timeline[6];
        QCOMPARE(resolution.detail, u"sent by hand, ticket 88"_s);
        QCOMPARE(resolution.actor, hookyard::core::osUserName());
        // The dead letter is as old as the last attempt, not the resolution.
        QCOMPARE(detail.timeline[5].at, detail.timeline[4].at.addMSecs(120));

        // Replayed after all: the dead mark goes back in before the resolution and the replay.
        auto replayed = hookyard::core::replayDeliveries(db.connection(), {.deliveryIds = {deliveryId}}, u"again"_s);
        QVERIFY2(replayed, qPrintable(replayed.ok() ? QString() : replayed.error()));
        const RowDetail after = load(db, RowRef::Kind::Delivery, QString::number(deliveryId));
        QCOMPARE(kinds(after.timeline),
                 (QList<Kind>{Kind::Queued, Kind::Attempt, Kind::Attempt, Kind::Attempt, Kind::Attempt,
                              Kind::DeadLettered, Kind::Resolved, Kind::Replayed, Kind::Scheduled}));
    }

    void rejectedRequest()
    {
        TestDatabase db(u"detail_rejected"_s);
        const qint64 id =
            db.scalar(u"INSERT INTO rejected_requests (partner_name, remote_address, status_code, reason, "
                      "headers, body_bytes, body_snippet) VALUES ('shop', '10.0.0.7', 401, "
                      "'signature does not match', '{\"webhook-id\": \"evt_1\"}', 42, '{\"a\": 1}') "
                      "RETURNING id"_s)
                .toLongLong();
        const RowDetail detail = load(db, RowRef::Kind::RejectedRequest, QString::number(id));
        QCOMPARE(detail.title, u"signature does not match"_s);
        QCOMPARE(detail.fact(Field::StatusCode).toInt(), 401);
        QCOMPARE(detail.fact(Field::RemoteAddress).toString(), u"10.0.0.7"_s);
        QCOMPARE(detail.fact(Field::BodySize).toInt(), 42);
        QCOMPARE(detail.headers.size(), 1);
        QCOMPARE(detail.headers.first().value, u"evt_1"_s);
        QCOMPARE(detail.payload, u"{\"a\": 1}"_s);
        QVERIFY(detail.timeline.isEmpty());

        // Turned away from its head: the length it announced, said to be unread rather than "0 bytes".
        const qint64 unreadId =
            db.scalar(u"INSERT INTO rejected_requests (partner_name, status_code, reason, body_bytes, body_read) "
                      "VALUES ('shop', 411, 'Transfer-Encoding is not accepted', 95, false) RETURNING id"_s)
                .toLongLong();
        const RowDetail unread = load(db, RowRef::Kind::RejectedRequest, QString::number(unreadId));
        QCOMPARE(unread.fact(Field::UnreadBodySize).toInt(), 95);
        QVERIFY(!unread.fact(Field::BodySize).isValid());
    }

    void auditRecord()
    {
        TestDatabase db(u"detail_audit"_s);
        QVERIFY(hookyard::core::recordAudit(db.connection(), u"endpoint.pause"_s, u"endpoint partner-x"_s,
                                            u"maintenance window"_s, {{u"count"_s, 1}}));
        const QString id = db.scalar(u"SELECT max(id) FROM audit_log"_s).toString();
        const RowDetail detail = load(db, RowRef::Kind::AuditRecord, id);
        QCOMPARE(detail.title, u"endpoint.pause"_s);
        QCOMPARE(detail.fact(Field::Subject).toString(), u"endpoint partner-x"_s);
        QCOMPARE(detail.fact(Field::Reason).toString(), u"maintenance window"_s);
        QCOMPARE(detail.fact(Field::OsUser).toString(), hookyard::core::osUserName());
        QVERIFY(detail.fact(Field::Created).toDateTime().isValid());
        QCOMPARE(detail.payload, u"{\"count\": 1}"_s);
    }

    void missingRowsSayWhich()
    {
        TestDatabase db(u"detail_missing"_s);
        auto missing = hookyard::core::loadDetail(db.connection(), {RowRef::Kind::Delivery, u"999"_s});
        QVERIFY(!missing);
        QCOMPARE(missing.error(), u"delivery 999 does not exist"_s);
        auto notAnId = hookyard::core::loadDetail(db.connection(), {RowRef::Kind::InboxMessage, u"nope"_s});
        QVERIFY(!notAnId);
        QVERIFY(notAnId.error().contains(u"'nope' is not an inbox id"_s));
        // A failed load leaves no transaction open behind it.
        QVERIFY(hookyard::core::loadDetail(db.connection(), {RowRef::Kind::AuditRecord, u"1"_s})
                    .error()
                    .contains(u"does not exist"_s));
    }

    void secretsAreMasked()
    {
        QCOMPARE(hookyard::core::maskSecret(kEndpointSecret), u"whsec_…LaSw"_s);
        QCOMPARE(hookyard::core::maskSecret(u"whsec_short"_s), u"whsec_…"_s);
        QCOMPARE(hookyard::core::maskSecret(u"0123456789abcdefXYZW"_s), u"…XYZW"_s);
    }
};

QTEST_GUILESS_MAIN(TestDetailQueries)
#include "tst_detailqueries.moc"
