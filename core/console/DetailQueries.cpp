#include "console/DetailQueries.h"

#include "console/ViewQueries.h"
#include "endpoints/EndpointStore.h"
#include "inbox/PartnerConfig.h"
#include "stats/Stats.h"
#include "util/CredentialHeaders.h"
#include "util/HttpUrl.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>
#include <QUuid>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

using Field = DetailFact::Field;

// Producer tables keep PostgreSQL's TIMESTAMP (PRODUCT.md section 2), written by now() in the session's time zone:
// read in that zone they become instants.
QString instant(const QString &column)
{
    return column + u" AT TIME ZONE current_setting('TimeZone')"_s;
}

void addFact(RowDetail &detail, Field field, const QVariant &value, bool isId = false)
{
    const bool empty = value.isNull() || (value.typeId() == QMetaType::QString && value.toString().isEmpty()) ||
                       (value.typeId() == QMetaType::QDateTime && !value.toDateTime().isValid());
    if (!empty)
        detail.facts.append({field, value, isId});
}

// "Order 5f1c…", or only the id when the type is unknown.
QString typedId(const QString &type, const QString &id)
{
    return type.isEmpty() ? id : type + u' ' + id;
}

QString textOrNull(const QVariant &value)
{
    return value.isNull() ? QString() : value.toString();
}

Result<QList<MaskedSecret>> activeSecrets(const DatabaseConnection &connection, const QString &table,
                                          const QString &ownerColumn, qint64 ownerId)
{
    // Table and column names come from the two call sites below, never from input. The masked views (migration 18)
    // give only the parts of a secret that maskSecret() shows, so the read-only role never reads a secret.
    auto query = connection.exec(
        u"SELECT shown_prefix, shown_suffix, created_at, expires_at FROM %1_masked "
        "WHERE %2 = ? AND (expires_at IS NULL OR expires_at > now()) ORDER BY id"_s.arg(table, ownerColumn),
        {ownerId});
    if (!query)
        return Error{u"reading secrets failed: "_s + query.error()};
    QList<MaskedSecret> secrets;
    while (query.value().next()) {
        const QSqlQuery &row = query.value();
        secrets.append(
            {row.value(0).toString() + u'…' + row.value(1).toString(), toUtc(row.value(2)), toUtc(row.value(3))});
    }
    return secrets;
}

// What an operator did to a row, from its audit record; `previousReason` is the quarantine reason a replay of one
// inbox row recorded.
struct OperatorAction
{
    TimelineItem item;
    QString previousReason;
};

enum class AuditedRows
{
    Deliveries, // audit records list them under details -> 'delivery_ids'
    InboxRows   // under details -> 'inbox_ids'
};

// The replays (`replayAction`), retries now and resolutions of the row whose id is `idJson`, oldest first. The ids'
// key is written into the statement, not bound: that is what lets the expression indexes of migration 31 serve it.
Result<QList<OperatorAction>> operatorActions(const DatabaseConnection &connection, const QString &replayAction,
                                              AuditedRows rows, const QVariant &idJson)
{
    const QString idsKey = rows == AuditedRows::Deliveries ? u"delivery_ids"_s : u"inbox_ids"_s;
    auto query = connection.exec(u"SELECT id, at, os_user, db_role, reason, action, details ->> 'previous_reason' "
                                 "FROM audit_log WHERE action IN (?, 'retry_now', 'resolve') "
                                 "AND details -> '%1' @> ?::jsonb ORDER BY at, id"_s.arg(idsKey),
                                 {replayAction, idJson});
    if (!query)
        return Error{u"reading what operators did failed: "_s + query.error()};
    QList<OperatorAction> actions;
    while (query.value().next()) {
        const QSqlQuery &row = query.value();
        const QString action = row.value(5).toString();
        TimelineItem item;
        item.kind = action == replayAction     ? TimelineItem::Kind::Replayed
                    : action == u"retry_now"_s ? TimelineItem::Kind::RetriedNow
                                               : TimelineItem::Kind::Resolved;
        item.auditId = row.value(0).toLongLong();
        item.at = toUtc(row.value(1));
        item.actor = row.value(2).toString();
        item.dbRole = row.value(3).toString();
        item.detail = textOrNull(row.value(4));
        actions.append({item, textOrNull(row.value(6))});
    }
    return actions;
}

bool isOperatorAction(const TimelineItem &item)
{
    return item.kind == TimelineItem::Kind::Replayed || item.kind == TimelineItem::Kind::RetriedNow ||
           item.kind == TimelineItem::Kind::Resolved;
}

QDateTime attemptEnd(const TimelineItem &attempt)
{
    return attempt.at.addMSecs(attempt.latencyMs.value_or(0));
}

void sortByTime(QList<TimelineItem> &items)
{
    std::stable_sort(items.begin(), items.end(),
                     [](const TimelineItem &a, const TimelineItem &b) { return a.at < b.at; });
}

// The mark of the row's present state ends the timeline, but for what operators did once the row was in that state:
// a dead letter resolved by hand has been dead since its last attempt, and resolved after.
void appendPresentState(QList<TimelineItem> &timeline, const TimelineItem &present)
{
    qsizetype position = timeline.size();
    while (position > 0 &&
           (timeline.at(position - 1).kind == TimelineItem::Kind::Resolved ||
            timeline.at(position - 1).kind == TimelineItem::Kind::RetriedNow) &&
           timeline.at(position - 1).at > present.at)
        --position;
    timeline.insert(position, present);
}

// One delivery row with what its timeline and header need.
struct DeliveryRow
{
    qint64 id = 0;
    QString eventId;
    QString endpoint;
    QString state;
    QDateTime createdAt;
    QDateTime nextAttemptAt;
    QString leasedBy;
    QString deadReason;
    QDateTime deliveredAt;
    QString endpointStateReason;
};

// next_attempt_at of an unknown delivery is its next status check, NULL when none will come (DeliveryStore's
// kClaimStatusChecksSql says when one does).
const QString kDeliveryColumns =
    u"d.id, d.event_id::text, ep.name, d.state, d.created_at, "
    "CASE WHEN d.state <> 'unknown' OR (d.resolved_at IS NULL AND ep.state = 'active' "
    "  AND strpos(ep.status_url, '{id}') > 0 AND d.status_checks < cardinality(ep.retry_schedule_s)) "
    "THEN d.next_attempt_at END, "
    "d.leased_by, d.dead_reason, d.delivered_at, ep.state_reason"_s;

DeliveryRow readDeliveryRow(const QSqlQuery &row)
{
    return {row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toString(),  row.value(3).toString(),
            toUtc(row.value(4)),       toUtc(row.value(5)),     textOrNull(row.value(6)), textOrNull(row.value(7)),
            toUtc(row.value(8)),       textOrNull(row.value(9))};
}

// A delivery's life: created, every attempt, every replay, and where it stands now. Dead-lettering clears when a
// row is replayed, so an earlier move to the dead letters is recognised from the history: only dead, unknown and
// delivered deliveries can be replayed, and one whose last attempt before a replay failed was dead.
// An attempt read from delivery_attempts or inbox_attempts, whose rows start with the same columns: attempt_no,
// started_at, duration_ms, status_code, error_class, error_detail.
TimelineItem attemptItem(const QSqlQuery &row)
{
    TimelineItem item{.kind = TimelineItem::Kind::Attempt,
                      .at = toUtc(row.value(1)),
                      .attemptNo = row.value(0).toInt(),
                      .errorClass = row.value(4).toString(),
                      .errorDetail = textOrNull(row.value(5))};
    if (!row.value(2).isNull())
        item.latencyMs = row.value(2).toInt();
    if (!row.value(3).isNull())
        item.statusCode = row.value(3).toInt();
    return item;
}

Result<QList<TimelineItem>> deliveryTimeline(const DatabaseConnection &connection, const DeliveryRow &delivery)
{
    QList<TimelineItem> history;
    history.append({.kind = TimelineItem::Kind::Queued, .at = delivery.createdAt});
    // Replays go in before the attempts, so that the stable sort below keeps a replay ahead of an attempt timed to the
    // same millisecond: that attempt came after it, as a replay needs the attempts before it to have ended (found by
    // a test that failed now and then: a relay that attempts at once can start within the replay's millisecond).
    auto actions = operatorActions(connection, u"replay"_s, AuditedRows::Deliveries, QString::number(delivery.id));
    if (!actions)
        return Error{actions.error()};
    for (const OperatorAction &action : std::as_const(actions.value()))
        history.append(action.item);

    auto attempts = connection.exec(u"SELECT attempt_no, started_at, duration_ms, status_code, error_class, "
                                    "error_detail, relay_instance, response_snippet FROM delivery_attempts "
                                    "WHERE delivery_id = ? ORDER BY started_at, id"_s,
                                    {delivery.id});
    if (!attempts)
        return Error{u"reading attempts failed: "_s + attempts.error()};
    while (attempts.value().next()) {
        TimelineItem item = attemptItem(attempts.value());
        item.relayInstance = attempts.value().value(6).toString();
        item.responseSnippet = attempts.value().value(7).toString();
        history.append(item);
    }
    sortByTime(history);

    // A replay after a failed attempt means the delivery was dead then: its mark goes back in, at the attempt's end.
    // A resolution between them (a dead letter settled, then replayed after all) does not change that.
    QList<TimelineItem> timeline;
    qsizetype lastAttempt = -1; // its index in `timeline`; -1: none since the last replay
    for (const TimelineItem &item : std::as_const(history)) {
        if (item.kind == TimelineItem::Kind::Replayed && lastAttempt >= 0 &&
            attemptOutcome(timeline.at(lastAttempt)) != AttemptOutcome::Succeeded) {
            const TimelineItem &attempt = timeline.at(lastAttempt);
            timeline.insert(
                lastAttempt + 1,
                {.kind = TimelineItem::Kind::DeadLettered, .at = attemptEnd(attempt), .detail = attempt.errorDetail});
        }
        if (item.kind == TimelineItem::Kind::Attempt)
            lastAttempt = timeline.size();
        else if (item.kind != TimelineItem::Kind::Resolved && item.kind != TimelineItem::Kind::RetriedNow)
            lastAttempt = -1;
        timeline.append(item);
    }

    // The engine's last doing: an operator's retry or resolution is not when the delivery went dead or was held.
    QDateTime lastActivity = delivery.createdAt;
    for (const TimelineItem &item : std::as_const(timeline)) {
        if (item.kind != TimelineItem::Kind::Resolved && item.kind != TimelineItem::Kind::RetriedNow)
            lastActivity =
                std::max(lastActivity, item.kind == TimelineItem::Kind::Attempt ? attemptEnd(item) : item.at);
    }
    if (delivery.state == u"pending"_s || (delivery.state == u"unknown"_s && delivery.nextAttemptAt.isValid())) {
        appendPresentState(
            timeline,
            {.kind = TimelineItem::Kind::Scheduled, .at = delivery.nextAttemptAt, .actor = delivery.leasedBy});
    } else if (delivery.state == u"dead"_s) {
        appendPresentState(
            timeline, {.kind = TimelineItem::Kind::DeadLettered, .at = lastActivity, .detail = delivery.deadReason});
    } else if (delivery.state == u"held"_s) {
        appendPresentState(
            timeline, {.kind = TimelineItem::Kind::Held, .at = lastActivity, .detail = delivery.endpointStateReason});
    } else if (delivery.state == u"delivered"_s && delivery.deliveredAt.isValid()) {
        appendPresentState(timeline, {.kind = TimelineItem::Kind::Delivered, .at = delivery.deliveredAt});
    }
    return timeline;
}

// The headers the relay sends with this endpoint's deliveries (Relay::send): the per-attempt ones described only.
QList<DetailHeader> outgoingHeaders(const QString &eventId, bool svixNames, bool signs, const QString &customJson)
{
    const QString prefix = svixNames ? u"svix-"_s : u"webhook-"_s;
    QList<DetailHeader> headers{
        {u"Content-Type"_s, u"application/json"_s},
        {u"User-Agent"_s, u"Hookyard/"_s + QCoreApplication::applicationVersion()},
        {prefix + u"id"_s, eventId},
        {prefix + u"timestamp"_s, {}, DetailHeader::Value::AttemptTimestamp},
    };
    if (signs)
        headers.append({prefix + u"signature"_s, {}, DetailHeader::Value::AttemptSignature});
    headers.append({u"Idempotency-Key"_s, eventId});
    const QJsonObject custom = QJsonDocument::fromJson(customJson.toUtf8()).object();
    for (auto it = custom.begin(); it != custom.end(); ++it) {
        if (looksLikeCredential(it.key(), it.value().toString()))
            headers.append({it.key(), maskSecret(it.value().toString()), DetailHeader::Value::Masked});
        else
            headers.append({it.key(), it.value().toString()});
    }
    return headers;
}

// Headers kept as a JSON object of strings (webhook_inbox.headers, rejected_requests.headers), by name.
QList<DetailHeader> storedHeaders(const QString &json)
{
    const QJsonObject object = QJsonDocument::fromJson(json.toUtf8()).object();
    QList<DetailHeader> headers;
    for (auto it = object.begin(); it != object.end(); ++it)
        headers.append({it.key(), it.value().toString()});
    return headers;
}

std::optional<qint64> bigintId(const RowRef &row)
{
    bool ok = false;
    const qint64 id = row.id.toLongLong(&ok);
    return ok ? std::optional<qint64>(id) : std::nullopt;
}

std::optional<QString> uuidId(const RowRef &row)
{
    const QUuid uuid = QUuid::fromString(row.id);
    return uuid.isNull() ? std::nullopt : std::optional<QString>(uuid.toString(QUuid::WithoutBraces));
}

Status loadDelivery(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    auto query = connection.exec(
        u"SELECT "_s + kDeliveryColumns +
            u", d.event_type, e.aggregate_type, d.aggregate_id::text, d.attempt_count, d.last_error, e.payload::text, "
            "ep.id, ep.url, ep.custom_headers::text, ep.svix_header_names, "_s +
            instant(u"e.created_at"_s) +
            u" FROM deliveries d JOIN outbox_events e ON e.id = d.event_id JOIN endpoints ep ON ep.id = d.endpoint_id "
            "WHERE d.id = ?"_s,
        {id});
    if (!query)
        return Error{u"reading delivery %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"delivery %1 does not exist"_s.arg(id)};
    const DeliveryRow delivery = readDeliveryRow(row);
    const qint64 endpointId = row.value(16).toLongLong();

    detail.title = row.value(10).toString();
    detail.primaryId = delivery.eventId;
    detail.state = delivery.state;
    const QString reason = !delivery.deadReason.isEmpty() ? delivery.deadReason : textOrNull(row.value(14));
    addFact(detail, Field::EventType, detail.title);
    addFact(detail, Field::EventId, delivery.eventId, true);
    addFact(detail, Field::DeliveryId, delivery.id, true);
    addFact(detail, Field::Endpoint, delivery.endpoint);
    addFact(detail, Field::Url, urlWithoutSecrets(row.value(17).toString()));
    if (!row.value(12).isNull())
        addFact(detail, Field::Aggregate, typedId(row.value(11).toString(), row.value(12).toString()), true);
    addFact(detail, Field::State, delivery.state);
    if (delivery.state != u"delivered"_s)
        addFact(detail, Field::Reason, delivery.state == u"held"_s ? delivery.endpointStateReason : reason);
    addFact(detail, Field::Attempts, row.value(13).toLongLong());
    // The time the Dead letters view lists the delivery by; a producer may have dated its event otherwise (its own
    // created_at written in), which is then shown too. The event's created_at has no time zone: written by a session
    // in another zone than the console's, a default now() reads as the fan-out's own now() shifted by whole quarter
    // hours, which is no other date (found in review).
    addFact(detail, Field::Created, delivery.createdAt);
    const QDateTime eventCreated = toUtc(row.value(20));
    const qint64 apartMs = eventCreated.msecsTo(delivery.createdAt);
    if (std::abs(apartMs) >= 1000 && apartMs % (15 * 60 * 1000) != 0)
        addFact(detail, Field::EventCreated, eventCreated);
    detail.payload = row.value(15).toString();

    auto secrets = activeSecrets(connection, u"endpoint_secrets"_s, u"endpoint_id"_s, endpointId);
    if (!secrets)
        return Error{secrets.error()};
    detail.signature = SignatureVerdict{secrets.value().isEmpty() ? SignatureVerdict::Verdict::Unsigned
                                                                  : SignatureVerdict::Verdict::Signed,
                                        u"standard"_s, secrets.value()};
    detail.headers =
        outgoingHeaders(delivery.eventId, row.value(19).toBool(), !secrets.value().isEmpty(), row.value(18).toString());

    auto timeline = deliveryTimeline(connection, delivery);
    if (!timeline)
        return Error{timeline.error()};
    detail.timeline = timeline.value();
    return success();
}

Status loadEvent(const DatabaseConnection &connection, const QString &id, RowDetail &detail)
{
    auto query = connection.exec(u"SELECT event_type, aggregate_type, aggregate_id::text, payload::text, "_s +
                                     instant(u"created_at"_s) + u", "_s + instant(u"processed_at"_s) +
                                     u", (SELECT note FROM outbox_event_notes n WHERE n.event_id = e.id) "
                                     "FROM outbox_events e WHERE id = ?::uuid"_s,
                                 {id});
    if (!query)
        return Error{u"reading event %1 failed: %2"_s.arg(id, query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"event %1 does not exist"_s.arg(id)};
    detail.title = row.value(0).toString();
    detail.primaryId = id;
    const QDateTime created = toUtc(row.value(4));
    const QDateTime processed = toUtc(row.value(5));
    // What the Outbox view's row says: an event with a dead delivery is "dead" in both, though its processed_at (set
    // once every delivery is delivered) is still empty.
    auto state = outboxEventState(connection, id);
    if (!state)
        return state.failure();
    detail.state = state.value();
    addFact(detail, Field::EventType, detail.title);
    addFact(detail, Field::EventId, id, true);
    if (!row.value(2).isNull())
        addFact(detail, Field::Aggregate, typedId(row.value(1).toString(), row.value(2).toString()), true);
    addFact(detail, Field::State, detail.state);
    addFact(detail, Field::Created, created);
    addFact(detail, Field::Processed, processed);
    addFact(detail, Field::Note, textOrNull(row.value(6)));
    detail.payload = row.value(3).toString();
    detail.timeline.append({.kind = TimelineItem::Kind::Queued, .at = created});
    if (processed.isValid())
        detail.timeline.append({.kind = TimelineItem::Kind::Processed, .at = processed});

    auto deliveries = connection.exec(u"SELECT "_s + kDeliveryColumns +
                                          u" FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id "
                                          "WHERE d.event_id = ?::uuid ORDER BY d.id"_s,
                                      {id});
    if (!deliveries)
        return Error{u"reading the deliveries of event %1 failed: %2"_s.arg(id, deliveries.error())};
    while (deliveries.value().next()) {
        const DeliveryRow delivery = readDeliveryRow(deliveries.value());
        auto timeline = deliveryTimeline(connection, delivery);
        if (!timeline)
            return Error{timeline.error()};
        detail.deliveries.append({delivery.id, delivery.endpoint, delivery.state, timeline.value()});
    }
    return success();
}

// The entity's current state and the event types its partner's state machine allows from there.
Result<EntityPosition> entityPosition(const DatabaseConnection &connection, const QString &partner,
                                      const QString &entityType, const QString &entityId, const QString &eventType)
{
    EntityPosition position{entityType, entityId, {}, {}, {}, false, false, false};
    // A partner whose events name no entity type keeps its states and transitions under '' (docs/inbox.md).
    auto state = connection.exec(u"SELECT state, updated_at FROM entity_states "
                                 "WHERE partner_name = ? AND entity_type = coalesce(?::text, '') AND entity_id = ?"_s,
                                 {partner, entityType, entityId});
    if (!state)
        return Error{u"reading the entity state failed: "_s + state.error()};
    if (state.value().next()) {
        position.state = state.value().value(0).toString();
        position.updatedAt = toUtc(state.value().value(1));
    }
    // An empty from_states creates the entity: allowed only while it does not exist.
    auto transitions = connection.exec(u"SELECT event_type, to_state FROM state_transitions "
                                       "WHERE partner_name = ? AND entity_type = coalesce(?::text, '') "
                                       "  AND CASE WHEN coalesce(?::text, '') = '' THEN cardinality(from_states) = 0 "
                                       "ELSE ?::text = ANY (from_states) END "
                                       "ORDER BY event_type"_s,
                                       {partner, entityType, position.state, position.state});
    if (!transitions)
        return Error{u"reading the state machine failed: "_s + transitions.error()};
    while (transitions.value().next()) {
        position.allowedNext.append({transitions.value().value(0).toString(), transitions.value().value(1).toString()});
        position.thisEventAllowed = position.thisEventAllowed || position.allowedNext.last().eventType == eventType;
    }
    // An event type no transition names is never allowed: the worker quarantines it (docs/inbox.md).
    auto known = connection.exec(u"SELECT EXISTS (SELECT 1 FROM state_transitions WHERE partner_name = ? "
                                 "AND entity_type = coalesce(?::text, '') AND event_type = ?)"_s,
                                 {partner, entityType, eventType});
    if (!known)
        return Error{u"reading the state machine failed: "_s + known.error()};
    position.thisEventKnown = known.value().next() && known.value().value(0).toBool();
    return position;
}

Status loadInbox(const DatabaseConnection &connection, const QString &id, RowDetail &detail)
{
    // A row written by a producer that knows only PRODUCT.md's columns has no raw body until the worker adopts it.
    auto query = connection.exec(
        u"SELECT w.partner_name, w.partner_event_id, w.payload::text, w.signature_verified, w.status, "_s +
            instant(u"w.received_at"_s) + u", "_s + instant(u"w.processed_at"_s) +
            u", w.event_type, w.entity_type, w.entity_id, w.headers::text, w.raw_body, "
            "w.next_attempt_at, w.leased_by, w.deferred_since, w.defer_count, w.waiting_for, w.reason, w.updated_at, "
            "p.id, p.scheme, w.raw_body IS NOT NULL, p.config::text "
            "FROM webhook_inbox w LEFT JOIN partners p ON p.name = w.partner_name WHERE w.id = ?::uuid"_s,
        {id});
    if (!query)
        return Error{u"reading inbox row %1 failed: %2"_s.arg(id, query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"inbox row %1 does not exist"_s.arg(id)};
    const QString partner = row.value(0).toString();
    const QString status = row.value(4).toString();
    const QString eventType = textOrNull(row.value(7));
    const QString entityType = textOrNull(row.value(8));
    const QString entityId = textOrNull(row.value(9));
    const QString waitingFor = textOrNull(row.value(16));
    const QString reason = textOrNull(row.value(17));
    const QDateTime received = toUtc(row.value(5));
    const QDateTime processed = toUtc(row.value(6));
    const QDateTime updated = toUtc(row.value(18));

    detail.title = eventType;
    detail.primaryId = id;
    detail.state = status;
    addFact(detail, Field::EventType, eventType);
    addFact(detail, Field::Partner, partner);
    addFact(detail, Field::PartnerEventId, row.value(1).toString(), true);
    addFact(detail, Field::InboxId, id, true);
    if (!entityId.isEmpty())
        addFact(detail, Field::Entity, typedId(entityType, entityId), true);
    addFact(detail, Field::State, status);
    addFact(detail, Field::Reason, status == u"DEFERRED"_s ? waitingFor : reason);
    addFact(detail, Field::Received, received);
    addFact(detail, Field::Processed, processed);

    // The exact bytes the signature covered, when they are text; else the stored JSON.
    const QByteArray raw = row.value(11).toByteArray();
    const QString rawText = QString::fromUtf8(raw);
    detail.payload = !raw.isEmpty() && rawText.toUtf8() == raw ? rawText : row.value(2).toString();
    detail.headers = storedHeaders(row.value(10).toString());

    SignatureVerdict signature;
    signature.verdict = row.value(3).isNull()   ? SignatureVerdict::Verdict::Unknown
                        : row.value(3).toBool() ? SignatureVerdict::Verdict::Verified
                                                : SignatureVerdict::Verdict::NotVerified;
    signature.scheme = textOrNull(row.value(20));
    if (!row.value(19).isNull()) {
        auto secrets = activeSecrets(connection, u"partner_secrets"_s, u"partner_id"_s, row.value(19).toLongLong());
        if (!secrets)
            return Error{secrets.error()};
        signature.activeSecrets = secrets.value();
    }
    detail.signature = signature;

    if (!entityId.isEmpty()) {
        auto position = entityPosition(connection, partner, entityType, entityId, eventType);
        if (!position)
            return Error{position.error()};
        detail.entity = position.value();
        // Transitions decide only for a partner in state_machine mode (found in review: a timestamp partner's event
        // was said never to be allowed). A partner that is gone, or whose config no longer parses, is taken as not.
        if (const auto scheme = parsePartnerScheme(row.value(20).toString()); scheme) {
            const auto config =
                parsePartnerConfig(scheme.value(), QJsonDocument::fromJson(row.value(22).toByteArray()).object());
            detail.entity->transitionsDecide = config && config.value().mode == ProcessingMode::StateMachine;
        }
    }

    QList<TimelineItem> &timeline = detail.timeline;
    timeline.append({.kind = TimelineItem::Kind::Queued, .at = received});
    auto actions = operatorActions(connection, u"inbox.replay"_s, AuditedRows::InboxRows,
                                   QString::fromUtf8(QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact)));
    if (!actions)
        return Error{actions.error()};
    // Only quarantined rows are replayed: each replay follows a quarantine, whose reason a replay of one row kept.
    QHash<qint64, QString> quarantinedBecause; // by the replay's audit id
    for (const OperatorAction &action : std::as_const(actions.value())) {
        timeline.append(action.item);
        if (action.item.kind == TimelineItem::Kind::Replayed)
            quarantinedBecause.insert(action.item.auditId, action.previousReason);
    }
    const bool tracked = row.value(21).toBool();
    auto attempts = connection.exec(u"SELECT attempt_no, started_at, duration_ms, status_code, error_class, "
                                    "error_detail, worker_instance FROM inbox_attempts "
                                    "WHERE inbox_id = ?::uuid ORDER BY started_at, id"_s,
                                    {id});
    if (!attempts)
        return Error{u"reading attempts failed: "_s + attempts.error()};
    while (attempts.value().next()) {
        TimelineItem item = attemptItem(attempts.value());
        item.workerInstance = attempts.value().value(6).toString();
        timeline.append(item);
    }
    // Only a row deferred now: one deferred once and since woken to a failing handler waits for a retry, not for its
    // entity (found in review: its retry read as the deadline of a deferral).
    const QDateTime deferredSince = toUtc(row.value(14));
    if (tracked && deferredSince.isValid() && status == u"DEFERRED"_s) {
        timeline.append({.kind = TimelineItem::Kind::Deferred,
                         .at = deferredSince,
                         .detail = waitingFor,
                         .count = row.value(15).toInt()});
    }
    sortByTime(timeline);
    // The quarantine before each replay goes back in, when the engine last acted before it (an attempt's end, or the
    // receipt): the row's columns hold only its present state.
    for (qsizetype i = 0; i < timeline.size(); ++i) {
        if (timeline.at(i).kind != TimelineItem::Kind::Replayed)
            continue;
        QDateTime quarantinedAt = received;
        for (qsizetype j = i - 1; j >= 0; --j) {
            if (!isOperatorAction(timeline.at(j))) {
                quarantinedAt =
                    timeline.at(j).kind == TimelineItem::Kind::Attempt ? attemptEnd(timeline.at(j)) : timeline.at(j).at;
                break;
            }
        }
        timeline.insert(i, {.kind = TimelineItem::Kind::Quarantined,
                            .at = std::min(quarantinedAt, timeline.at(i).at),
                            .detail = quarantinedBecause.value(timeline.at(i).auditId)});
        ++i;
    }
    if (tracked && (status == u"PENDING"_s || status == u"DEFERRED"_s)) {
        appendPresentState(
            timeline,
            {.kind = TimelineItem::Kind::Scheduled, .at = toUtc(row.value(12)), .actor = textOrNull(row.value(13))});
    } else if (status == u"QUARANTINED"_s) {
        // The row's last change, unless a resolution since the last replay changed the row after its quarantine.
        // Then, when the engine's last act since that replay was a failed attempt, the quarantine came with it and is
        // as old as its end (found by a helper using the console: it took the resolution's time); other quarantines
        // (a deferral's bound, an unverified signature) leave no mark, and the resolution's time is the bound.
        QDateTime quarantinedAt = tracked ? updated : received;
        bool resolved = false;
        std::optional<QDateTime> attemptThatQuarantined; // its end, when the engine's last act was an attempt
        bool engineActSeen = false;
        for (auto it = timeline.crbegin(); it != timeline.crend() && it->kind != TimelineItem::Kind::Replayed; ++it) {
            if (it->kind == TimelineItem::Kind::Resolved) {
                quarantinedAt = std::min(quarantinedAt, it->at);
                resolved = true;
            } else if (!isOperatorAction(*it) && !engineActSeen) {
                engineActSeen = true;
                if (it->kind == TimelineItem::Kind::Attempt)
                    attemptThatQuarantined = attemptEnd(*it);
            }
        }
        if (resolved && attemptThatQuarantined)
            quarantinedAt = std::min(quarantinedAt, *attemptThatQuarantined);
        appendPresentState(timeline, {.kind = TimelineItem::Kind::Quarantined, .at = quarantinedAt, .detail = reason});
    } else if (status == u"PROCESSED"_s) {
        appendPresentState(
            timeline,
            {.kind = TimelineItem::Kind::Processed, .at = processed.isValid() ? processed : updated, .detail = reason});
    }
    return success();
}

Status loadRejected(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    auto query =
        connection.exec(u"SELECT received_at, partner_name, remote_address, status_code, reason, "
                        "headers::text, body_bytes, body_snippet, body_read FROM rejected_requests WHERE id = ?"_s,
                        {id});
    if (!query)
        return Error{u"reading rejected request %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"rejected request %1 does not exist"_s.arg(id)};
    detail.title = row.value(4).toString();
    detail.primaryId = QString::number(id);
    detail.state = u"rejected"_s;
    addFact(detail, Field::RecordId, id, true);
    addFact(detail, Field::Partner, textOrNull(row.value(1)));
    addFact(detail, Field::StatusCode, row.value(3).toLongLong());
    addFact(detail, Field::Reason, detail.title);
    addFact(detail, Field::RemoteAddress, textOrNull(row.value(2)));
    addFact(detail, row.value(8).toBool() ? Field::BodySize : Field::UnreadBodySize, row.value(6).toLongLong());
    addFact(detail, Field::Received, toUtc(row.value(0)));
    detail.headers = storedHeaders(row.value(5).toString());
    detail.payload = textOrNull(row.value(7));
    return success();
}

Status loadAudit(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    auto query = connection.exec(
        u"SELECT at, os_user, db_role, action, subject, reason, details::text FROM audit_log WHERE id = ?"_s, {id});
    if (!query)
        return Error{u"reading audit record %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"audit record %1 does not exist"_s.arg(id)};
    detail.title = row.value(3).toString();
    detail.primaryId = QString::number(id);
    addFact(detail, Field::RecordId, id, true);
    addFact(detail, Field::Action, detail.title);
    addFact(detail, Field::Subject, textOrNull(row.value(4)));
    addFact(detail, Field::Reason, textOrNull(row.value(5)));
    addFact(detail, Field::OsUser, row.value(1).toString());
    addFact(detail, Field::DbRole, row.value(2).toString());
    addFact(detail, Field::Created, toUtc(row.value(0)));
    detail.payload = row.value(6).toString();
    return success();
}

Status loadEndpoint(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    // As in the Endpoints view: the state shown, the last hour's attempts, and the latest failure as the Why of an
    // endpoint whose state has no reason of its own.
    auto query = connection.exec(u"SELECT ep.name, ep.url, "_s + endpointShownStateSql(u"ep"_s, u"h"_s) +
                                     u", ep.state_reason, array_to_string(ep.event_types, ', '), "
                                     "array_to_string(ep.retry_schedule_s, ', '), ep.created_at, "
                                     "coalesce(h.attempts, 0), coalesce(h.failed, 0), h.last_failure "
                                     "FROM endpoints ep LEFT JOIN "_s +
                                     kEndpointsLastHourSql + u" h ON h.endpoint_id = ep.id WHERE ep.id = ?"_s,
                                 {id});
    if (!query)
        return Error{u"reading endpoint %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"endpoint %1 does not exist"_s.arg(id)};
    detail.title = row.value(0).toString();
    detail.primaryId = detail.title;
    detail.state = row.value(2).toString();
    addFact(detail, Field::Endpoint, detail.title, true);
    addFact(detail, Field::Url, urlWithoutSecrets(row.value(1).toString()));
    addFact(detail, Field::State, detail.state);
    const QString stateReason = textOrNull(row.value(3));
    const QString eventTypes = row.value(4).toString();
    const QString retrySchedule = row.value(5).toString();
    const QDateTime created = toUtc(row.value(6));
    const QString lastFailure = textOrNull(row.value(9));
    addFact(detail, Field::Reason,
            !stateReason.isEmpty() || lastFailure.isEmpty() ? stateReason : lastFailureText(lastFailure));
    addFact(detail, Field::FailedLastHour, row.value(8).toLongLong());
    addFact(detail, Field::AttemptsLastHour, row.value(7).toLongLong());
    addFact(detail, Field::EventTypes, eventTypes);
    addFact(detail, Field::RetrySchedule, retrySchedule);
    addFact(detail, Field::Created, created);
    auto secrets = activeSecrets(connection, u"endpoint_secrets"_s, u"endpoint_id"_s, id);
    if (!secrets)
        return Error{secrets.error()};
    detail.signature = SignatureVerdict{secrets.value().isEmpty() ? SignatureVerdict::Verdict::Unsigned
                                                                  : SignatureVerdict::Verdict::Signed,
                                        u"standard"_s, secrets.value()};
    return success();
}

Status loadPartner(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    auto query = connection.exec(u"SELECT name, scheme, array_to_string(retry_schedule_s, ', '), created_at "
                                 "FROM partners WHERE id = ?"_s,
                                 {id});
    if (!query)
        return Error{u"reading partner %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"partner %1 does not exist"_s.arg(id)};
    detail.title = row.value(0).toString();
    detail.primaryId = detail.title;
    addFact(detail, Field::Partner, detail.title, true);
    addFact(detail, Field::Scheme, row.value(1).toString());
    addFact(detail, Field::RetrySchedule, row.value(2).toString());
    addFact(detail, Field::Created, toUtc(row.value(3)));
    auto secrets = activeSecrets(connection, u"partner_secrets"_s, u"partner_id"_s, id);
    if (!secrets)
        return Error{secrets.error()};
    detail.signature = SignatureVerdict{SignatureVerdict::Verdict::Unknown, row.value(1).toString(), secrets.value()};
    return success();
}

// An Idempotency-Key record of the HTTP API: the request's scope, its status, and the answer retries get.
Status loadIdempotencyRecord(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    auto query = connection.exec(
        u"SELECT tenant, operation, idempotency_key, CASE WHEN status = 'processing' AND locked_until < now()"
        " THEN 'stuck' ELSE status END, created_at, completed_at, response_status, resource_id::text,"
        " resolution_note, convert_from(response_body, 'UTF8') FROM idempotency_keys WHERE id = ?"_s,
        {id});
    if (!query)
        return Error{u"reading idempotency record %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"idempotency record %1 does not exist"_s.arg(id)};
    detail.title = row.value(1).toString();
    detail.primaryId = row.value(2).toString();
    detail.state = row.value(3).toString();
    addFact(detail, Field::Subject, detail.primaryId, true);
    addFact(detail, Field::RecordId, id, true);
    addFact(detail, Field::Action, u"%1 (tenant %2)"_s.arg(detail.title, row.value(0).toString()));
    addFact(detail, Field::State, detail.state);
    addFact(detail, Field::StatusCode, row.value(6).isNull() ? QVariant() : QVariant(row.value(6).toLongLong()));
    if (detail.title == u"POST /v1/events"_s)
        addFact(detail, Field::EventId, textOrNull(row.value(7)), true);
    addFact(detail, Field::Note, textOrNull(row.value(8)));
    addFact(detail, Field::Created, toUtc(row.value(4)));
    addFact(detail, Field::Processed, toUtc(row.value(5)));
    detail.payload = textOrNull(row.value(9)); // the answer every retry of the key gets
    return success();
}

// A reconciliation mismatch: what differs, both sides' facts as the run saw them (the payload: {"ours": ...,
// "theirs": ...}, null for a side without a record), and for a delivery its timeline as it is now, so that a re-send
// and how it went show.
Status loadMismatch(const DatabaseConnection &connection, qint64 id, RowDetail &detail)
{
    auto query = connection.exec(u"SELECT kind, subject_kind, subject_name, reference, delivery_id, inbox_id::text, "
                                 "detail, ours::text, theirs::text, run_id, detected_at, resolved_at, resolution_note, "
                                 "resolved_by FROM reconcile_mismatches WHERE id = ?"_s,
                                 {id});
    if (!query)
        return Error{u"reading mismatch %1 failed: %2"_s.arg(id).arg(query.error())};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"mismatch %1 does not exist"_s.arg(id)};
    const bool outbox = row.value(1).toString() == u"endpoint"_s;
    const QDateTime resolvedAt = toUtc(row.value(11));
    const QString kind = row.value(0).toString();
    const QJsonObject ours = QJsonDocument::fromJson(row.value(7).toString().toUtf8()).object();
    detail.primaryId = row.value(3).toString();
    // Titled like the item's own detail: its event type, or for an item only they have, its reference.
    detail.title = ours.value(u"event_type"_s).toString(detail.primaryId);
    detail.state = resolvedAt.isValid() ? u"resolved"_s : kind;
    addFact(detail, Field::RecordId, id, true);
    addFact(detail, outbox ? Field::Endpoint : Field::Partner, row.value(2).toString());
    addFact(detail, outbox ? Field::EventId : Field::PartnerEventId, detail.primaryId, true);
    if (!row.value(4).isNull())
        addFact(detail, Field::DeliveryId, row.value(4).toLongLong(), true);
    addFact(detail, Field::InboxId, textOrNull(row.value(5)), true);
    addFact(detail, Field::State, kind);
    addFact(detail, Field::Reason, row.value(6).toString());
    addFact(detail, Field::Action,
            QCoreApplication::translate("hookyard::core::DetailQueries", "reconciliation run %1")
                .arg(row.value(9).toLongLong()));
    addFact(detail, Field::Created, toUtc(row.value(10)));
    if (resolvedAt.isValid())
        addFact(detail, Field::Note,
                QCoreApplication::translate("hookyard::core::DetailQueries", "resolved by %1 at %2: %3")
                    .arg(row.value(13).toString(), resolvedAt.toString(Qt::ISODateWithMs), row.value(12).toString()));
    const auto side = [&](int column) {
        return row.value(column).isNull()
                   ? QJsonValue()
                   : QJsonValue(QJsonDocument::fromJson(row.value(column).toString().toUtf8()).object());
    };
    detail.payload = QString::fromUtf8(
        QJsonDocument(QJsonObject{{u"ours"_s, side(7)}, {u"theirs"_s, side(8)}}).toJson(QJsonDocument::Indented));
    if (row.value(4).isNull())
        return success();

    const qint64 deliveryId = row.value(4).toLongLong();
    auto delivery =
        connection.exec(u"SELECT "_s + kDeliveryColumns +
                            u" FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id WHERE d.id = ?"_s,
                        {deliveryId});
    if (!delivery)
        return Error{u"reading delivery %1 failed: %2"_s.arg(deliveryId).arg(delivery.error())};
    if (!delivery.value().next())
        return success(); // removed since: the facts above are what is left
    auto timeline = deliveryTimeline(connection, readDeliveryRow(delivery.value()));
    if (!timeline)
        return Error{timeline.error()};
    detail.timeline = timeline.value();
    return success();
}

Status loadInto(const DatabaseConnection &connection, const RowRef &row, RowDetail &detail)
{
    const auto notAnId = [&](const QString &what) { return Error{u"'%1' is not %2"_s.arg(row.id, what)}; };
    switch (row.kind) {
    case RowRef::Kind::Event:
        if (const auto id = uuidId(row))
            return loadEvent(connection, *id, detail);
        return notAnId(u"an event id (a UUID)"_s);
    case RowRef::Kind::Delivery:
        if (const auto id = bigintId(row))
            return loadDelivery(connection, *id, detail);
        return notAnId(u"a delivery id"_s);
    case RowRef::Kind::InboxMessage:
        if (const auto id = uuidId(row))
            return loadInbox(connection, *id, detail);
        return notAnId(u"an inbox id (a UUID)"_s);
    case RowRef::Kind::RejectedRequest:
        if (const auto id = bigintId(row))
            return loadRejected(connection, *id, detail);
        return notAnId(u"a rejected request id"_s);
    case RowRef::Kind::AuditRecord:
        if (const auto id = bigintId(row))
            return loadAudit(connection, *id, detail);
        return notAnId(u"an audit record id"_s);
    case RowRef::Kind::Endpoint:
        if (const auto id = bigintId(row))
            return loadEndpoint(connection, *id, detail);
        return notAnId(u"an endpoint id"_s);
    case RowRef::Kind::Partner:
        if (const auto id = bigintId(row))
            return loadPartner(connection, *id, detail);
        return notAnId(u"a partner id"_s);
    case RowRef::Kind::IdempotencyKey:
        if (const auto id = bigintId(row))
            return loadIdempotencyRecord(connection, *id, detail);
        return notAnId(u"an idempotency record id"_s);
    case RowRef::Kind::Mismatch:
        if (const auto id = bigintId(row))
            return loadMismatch(connection, *id, detail);
        return notAnId(u"a mismatch id"_s);
    }
    return Error{u"unknown row kind"_s};
}

} // namespace

AttemptOutcome attemptOutcome(const TimelineItem &attempt)
{
    if (attempt.errorClass == u"ok"_s && attempt.statusCode && *attempt.statusCode >= 200 && *attempt.statusCode < 300)
        return AttemptOutcome::Succeeded;
    if (attempt.errorClass == u"status_delivered"_s)
        return AttemptOutcome::Succeeded;
    if (attempt.errorClass == u"timeout"_s || attempt.errorClass == u"unknown"_s ||
        attempt.errorClass == u"status_unknown"_s)
        return AttemptOutcome::Uncertain;
    return AttemptOutcome::Failed;
}

QVariant RowDetail::fact(DetailFact::Field field) const
{
    for (const DetailFact &fact : facts) {
        if (fact.field == field)
            return fact.value;
    }
    return {};
}

bool looksLikeCredential(const QString &headerName, const QString &value)
{
    if (namesACredential(headerName.toLower().toUtf8()) || headerName.contains(u"key"_s, Qt::CaseInsensitive) ||
        headerName.contains(u"signature"_s, Qt::CaseInsensitive))
        return true;
    // Found by an adversarial helper: "X-Custom: Bearer eyJ…" and "X-Foo: ghp_…" were shown in full.
    static const QRegularExpression credentialForm(
        u"^\\s*(?:(?:bearer|basic|token|digest|apikey)\\s+\\S"
        "|eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\."
        "|(?:ghp|gho|ghu|ghs|ghr|github_pat|glpat|sk_live|sk_test|rk_live|whsec|xox[abprs])[_-]"
        "|AKIA[0-9A-Z]{12})"_s,
        QRegularExpression::CaseInsensitiveOption);
    return credentialForm.match(value).hasMatch();
}

// Migration 18's endpoint_secrets_masked and partner_secrets_masked views apply this same rule in SQL.
QString maskSecret(const QString &secret)
{
    constexpr qsizetype kShown = 4;
    constexpr qsizetype kMinimumToShow = 16; // below this, four characters would give away too much of it
    const QString prefix = secret.startsWith(u"whsec_"_s) ? u"whsec_"_s : QString();
    if (secret.size() - prefix.size() < kMinimumToShow)
        return prefix + u'…';
    return prefix + u'…' + secret.right(kShown);
}

Result<RowDetail> loadDetail(const DatabaseConnection &connection, const RowRef &row)
{
    // One snapshot, so the timeline and the header agree even while a relay records attempts.
    return inTransaction(connection, [&]() -> Result<RowDetail> {
        if (auto snapshot = connection.exec(u"SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"_s); !snapshot)
            return Error{snapshot.error()};
        RowDetail detail;
        detail.row = row;
        auto now = connection.exec(u"SELECT now()"_s);
        if (!now || !now.value().next())
            return Error{now ? u"reading the server time failed"_s : now.error()};
        detail.serverTime = toUtc(now.value().value(0));
        if (auto loaded = loadInto(connection, row, detail); !loaded)
            return Error{loaded.error()};
        return detail;
    });
}

} // namespace hookyard::core
