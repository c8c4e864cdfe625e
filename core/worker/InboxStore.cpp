#include "worker/InboxStore.h"

#include "audit/AuditLog.h"
#include "inbox/PartnerStore.h"
#include "util/ControlCharacters.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// The first key of every entity's advisory lock (the second is a hash of the entity), so these locks never meet
// the migrator's single-key lock.
constexpr int kEntityLockClass = 0x48594531;

QVariant nullable(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(text);
}

QVariant nullableInt(const std::optional<int> &value)
{
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<int>());
}

QVariant timestamp(const QDateTime &at)
{
    return at.isValid() ? QVariant(at.toUTC().toString(Qt::ISODateWithMs)) : QVariant();
}

QDateTime fromEpochMs(const QVariant &ms)
{
    return ms.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(ms.toLongLong(), Qt::UTC);
}

// A PostgreSQL array literal of UUIDs, bound as text and cast in SQL. The ids come from the database.
QString uuidArray(const QStringList &ids)
{
    return u'{' + ids.join(u',') + u'}';
}

// A text[] literal of `values`, each quoted: the partner name of a row written by anyone may hold any character.
QString textArray(const QStringList &values)
{
    QStringList quoted;
    for (QString value : values)
        quoted.append(u'"' + value.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s) + u'"');
    return u'{' + quoted.join(u',') + u'}';
}

// A row without an entity type belongs to the entity type "" (entity_states and state_transitions cannot hold NULL).
QString sameEntityType(const EntityKey &entity)
{
    return entity.entityType.isEmpty() ? u"w.entity_type IS NULL"_s : u"w.entity_type = ?"_s;
}

// Rows a producer wrote are claimed once adopted (raw_body set, adoptUnlinkedRows).
const QString kClaimSql = uR"(
WITH candidates AS (
  SELECT w.id
  FROM webhook_inbox w
  WHERE w.status IN ('PENDING', 'DEFERRED')
    AND w.next_attempt_at <= ?::timestamptz
    AND (w.lease_expires_at IS NULL OR w.lease_expires_at < now())
    AND w.raw_body IS NOT NULL
    AND w.partner_name <> ALL (?::text[])
  ORDER BY w.next_attempt_at
  LIMIT ?
  FOR NO KEY UPDATE SKIP LOCKED
)
UPDATE webhook_inbox w SET leased_by = ?, lease_expires_at = now() + make_interval(secs => ?)
FROM candidates c
WHERE w.id = c.id
RETURNING w.id::text, w.partner_name, w.signature_verified, w.event_type, w.entity_type, w.entity_id,
          w.event_time IS NOT NULL, w.raw_body, w.attempt_count, w.defer_count,
          (extract(epoch FROM w.deferred_since) * 1000)::bigint
)"_s;

// The row is locked only while it is still this worker's and still waiting: a row settled by a worker whose lease
// had run out is seen here, by the fresh snapshot, even if the claim's snapshot still saw it pending.
const QString kLockMessageSql = uR"(
SELECT w.leased_by IS NOT DISTINCT FROM ? AND w.status IN ('PENDING', 'DEFERRED')
FROM webhook_inbox w
WHERE w.id = ?::uuid
FOR NO KEY UPDATE SKIP LOCKED
)"_s;

const QString kApplyStateSql = uR"(
INSERT INTO entity_states (partner_name, entity_type, entity_id, state, last_event_time, last_inbox_id)
SELECT ?::text, coalesce(?::text, ''), ?::text, ?::text, w.event_time, w.id
FROM webhook_inbox w WHERE w.id = ?::uuid
ON CONFLICT (partner_name, entity_type, entity_id) DO UPDATE SET
  state = excluded.state,
  last_event_time = greatest(entity_states.last_event_time, excluded.last_event_time),
  last_inbox_id = excluded.last_inbox_id,
  updated_at = now()
)"_s;

const QString kWakeDeferredSql = uR"(
UPDATE webhook_inbox w SET next_attempt_at = ?::timestamptz, updated_at = now()
WHERE w.status = 'DEFERRED' AND w.partner_id = ? AND w.entity_id = ? AND %1 AND w.id <> ?::uuid
)"_s;

const QString kSettleSql = uR"(
UPDATE webhook_inbox SET
  leased_by = NULL, lease_expires_at = NULL, updated_at = now(),
  attempt_count = attempt_count + ?::int,
  next_attempt_at = coalesce(?::timestamptz, next_attempt_at),
  deferred_since = coalesce(?::timestamptz, deferred_since),
  defer_count = coalesce(?::int, defer_count),
  waiting_for = ?::text,
  reason = ?::text,
  status = ?::text,
  processed_at = CASE WHEN ?::text = 'PROCESSED' THEN now() ELSE processed_at END
WHERE id = ?::uuid AND leased_by = ?
RETURNING id
)"_s;

// Parameters: the listed ids twice, the partner's name, then the values of the filter's conditions (%1).
// The reason the row was quarantined for is read from the row as it was before the update (the FROM's copy of it).
// A row a producer wrote as QUARANTINED is adopted here (as adoptUnlinkedRows would), so that remapFields reads its
// fields from its raw body.
const QString kReplaySql = uR"(
UPDATE webhook_inbox w SET
  status = 'PENDING', processed_at = NULL,
  raw_body = coalesce(w.raw_body, convert_to(w.payload::text, 'UTF8')),
  partner_id = coalesce(w.partner_id, (SELECT p.id FROM partners p WHERE p.name = w.partner_name)),
  attempt_count = 0, defer_count = 0, deferred_since = NULL, waiting_for = NULL, reason = NULL,
  next_attempt_at = now(), leased_by = NULL, lease_expires_at = NULL, updated_at = now(),
  resolved_at = NULL, resolution_note = NULL
FROM webhook_inbox before
WHERE before.id = w.id
  AND w.status = 'QUARANTINED'
  AND (CASE WHEN cardinality(?::uuid[]) > 0 THEN w.id = ANY (?::uuid[]) ELSE w.partner_name = ? END)
  AND EXISTS (SELECT 1 FROM partners p WHERE p.name = w.partner_name)
  AND %1
RETURNING w.id::text, before.reason
)"_s;

// Reads the listed rows' fields again with their partners' mapping as it is now (the receiver read them at receipt):
// a row quarantined for a field the mapping missed ("missing entity id") goes through once the mapping is corrected.
// Only what the mapping now finds replaces a field: a value it cannot find (in a header that was not kept, say, or
// one stored as "(redacted)") leaves the field as it was, and so do values a producer wrote into Hookyard's columns
// that the mapping does not name. Rows of a partner that is gone, or whose configuration no longer parses, keep
// their fields. Rows are read in pages, as each holds its whole raw body.
Status remapFields(const DatabaseConnection &connection, const QStringList &inboxIds)
{
    constexpr qsizetype kPageRows = 200;
    // The mappings only: the partners' secrets are not read (a replay runs from an operator's shell).
    auto listed = PartnerStore(connection).list();
    if (!listed)
        return Error{listed.error()};
    QHash<QString, PartnerConfig> mappings;
    for (const Partner &partner : listed.value()) {
        if (partner.effective)
            mappings.insert(partner.settings.name, *partner.effective);
    }
    // A value the receiver would refuse (checkWebhook in Receiver.cpp) leaves the field as it was: one with a control
    // character, and an entity's type or id over kMaxEntityKeyCharacters (found by exploring helpers: a replay stored
    // an entity id with a line break, and an event type with an escape, which receipt answers with a 400).
    const auto usable = [](const QString &value, bool entityKey) {
        const bool refused = holdsControlCharacter(value) || (entityKey && value.size() > kMaxEntityKeyCharacters &&
                                                              value.toUcs4().size() > kMaxEntityKeyCharacters);
        return value.isEmpty() || value == u"(redacted)"_s || refused ? QVariant() : QVariant(value);
    };
    for (qsizetype first = 0; first < inboxIds.size(); first += kPageRows) {
        auto rows = connection.exec(u"SELECT w.id::text, w.partner_name, w.raw_body, w.headers::text "
                                    "FROM webhook_inbox w WHERE w.id = ANY (?::uuid[]) AND w.raw_body IS NOT NULL"_s,
                                    {QString(u'{' + inboxIds.mid(first, kPageRows).join(u',') + u'}')});
        if (!rows)
            return Error{rows.error()};
        while (rows.value().next()) {
            const auto partner = mappings.constFind(rows.value().value(1).toString());
            if (partner == mappings.cend())
                continue;
            QList<HeaderMap::Entry> headerLines;
            const QJsonObject stored = QJsonDocument::fromJson(rows.value().value(3).toString().toUtf8()).object();
            for (auto it = stored.begin(); it != stored.end(); ++it)
                headerLines.emplaceBack(it.key().toLatin1(), it.value().toString().toUtf8());
            const MappedFields fields =
                readMappedFields(*partner, withVerifiedSpelling(*partner, HeaderMap(std::move(headerLines))),
                                 QJsonDocument::fromJson(rows.value().value(2).toByteArray()));
            auto updated = connection.exec(
                u"UPDATE webhook_inbox SET event_type = coalesce(?, event_type), "
                "entity_type = coalesce(?, entity_type), entity_id = coalesce(?, entity_id), "
                "event_time = coalesce(?::timestamptz, event_time) WHERE id = ?::uuid"_s,
                {usable(fields.eventType, false), usable(fields.entityType, true), usable(fields.entityId, true),
                 timestamp(fields.eventTime.value_or(QDateTime())), rows.value().value(0)});
            if (!updated)
                return Error{updated.error()};
        }
    }
    return success();
}

} // namespace

InboxStore::InboxStore(const DatabaseConnection &connection, QString instance)
    : m_connection(connection)
    , m_instance(std::move(instance))
{}

Result<QList<ClaimedInboxMessage>> InboxStore::claim(int limit, const QDateTime &now, int leaseSeconds,
                                                     const QStringList &skippedPartners) const
{
    auto query =
        m_connection.exec(kClaimSql, {timestamp(now), textArray(skippedPartners), limit, m_instance, leaseSeconds});
    if (!query)
        return Error{u"claiming inbox rows failed: "_s + query.error()};
    QList<ClaimedInboxMessage> claimed;
    QSqlQuery &rows = query.value();
    while (rows.next()) {
        ClaimedInboxMessage message;
        message.inboxId = rows.value(0).toString();
        message.partnerName = rows.value(1).toString();
        if (!rows.value(2).isNull())
            message.signatureVerified = rows.value(2).toBool();
        message.eventType = rows.value(3).toString();
        message.entityType = rows.value(4).toString();
        message.entityId = rows.value(5).toString();
        message.hasEventTime = rows.value(6).toBool();
        message.rawBody = rows.value(7).toByteArray();
        message.attemptCount = rows.value(8).toInt();
        message.deferCount = rows.value(9).toInt();
        message.deferredSince = fromEpochMs(rows.value(10));
        claimed.append(message);
    }
    return claimed;
}

Result<int> InboxStore::adoptUnlinkedRows() const
{
    // The raw body of a row a producer wrote is its payload's text; its fields stay NULL, so a mode that needs them
    // quarantines it, saying which. Rows another worker is adopting at the same moment are skipped, not waited for.
    auto adopted = m_connection.exec(
        u"WITH unlinked AS (SELECT w.id FROM webhook_inbox w WHERE w.status IN ('PENDING', 'DEFERRED') "
        "AND w.raw_body IS NULL "
        "LIMIT 1000 FOR NO KEY UPDATE SKIP LOCKED) "
        "UPDATE webhook_inbox w SET raw_body = convert_to(w.payload::text, 'UTF8'), "
        "partner_id = (SELECT p.id FROM partners p WHERE p.name = w.partner_name), updated_at = now() "
        "FROM unlinked u WHERE w.id = u.id"_s);
    if (!adopted)
        return Error{u"adopting inbox rows a producer wrote failed: "_s + adopted.error()};
    const int count = adopted.value().numRowsAffected();
    if (count > 0) {
        if (auto notified = m_connection.exec(u"SELECT pg_notify('hookyard_inbox', '')"_s); !notified)
            return Error{u"waking the workers failed: "_s + notified.error()};
    }
    return count;
}

Status InboxStore::releaseLeases(const QStringList &inboxIds) const
{
    if (inboxIds.isEmpty())
        return success();
    auto released = m_connection.exec(u"UPDATE webhook_inbox SET leased_by = NULL, lease_expires_at = NULL "
                                      "WHERE id = ANY (?::uuid[]) AND leased_by = ?"_s,
                                      {uuidArray(inboxIds), m_instance});
    if (!released)
        return Error{u"releasing inbox leases failed: "_s + released.error()};
    return success();
}

Result<bool> InboxStore::tryLockEntity(const EntityKey &entity) const
{
    const QString key = entity.partnerName + QChar(0x1f) + entity.entityType + QChar(0x1f) + entity.entityId;
    auto locked =
        m_connection.exec(u"SELECT pg_try_advisory_xact_lock(?::int, hashtext(?::text))"_s, {kEntityLockClass, key});
    if (!locked)
        return Error{u"locking the entity failed: "_s + locked.error()};
    return locked.value().next() && locked.value().value(0).toBool();
}

Result<std::optional<bool>> InboxStore::lockMessage(const QString &inboxId) const
{
    auto locked = m_connection.exec(kLockMessageSql, {m_instance, inboxId});
    if (!locked)
        return Error{u"locking the inbox row failed: "_s + locked.error()};
    if (!locked.value().next())
        return std::optional<bool>();
    return std::optional<bool>(locked.value().value(0).toBool());
}

Result<std::optional<StateTransition>> InboxStore::transition(const EntityKey &entity, const QString &eventType) const
{
    auto query =
        m_connection.exec(u"SELECT to_json(from_states)::text, to_state FROM state_transitions "
                          "WHERE partner_name = ? AND entity_type = coalesce(?::text, '') AND event_type = ?"_s,
                          {entity.partnerName, entity.entityType, eventType});
    if (!query)
        return Error{u"reading the state machine failed: "_s + query.error()};
    if (!query.value().next())
        return std::optional<StateTransition>();
    StateTransition transition;
    const QJsonArray from = QJsonDocument::fromJson(query.value().value(0).toString().toUtf8()).array();
    for (const QJsonValue &state : from)
        transition.fromStates.append(state.toString());
    transition.toState = query.value().value(1).toString();
    return std::optional<StateTransition>(transition);
}

Result<std::optional<EntityState>> InboxStore::entityState(const EntityKey &entity, const QString &inboxId) const
{
    auto query =
        m_connection.exec(u"SELECT e.state, CASE WHEN w.event_time < e.last_event_time THEN -1 "
                          "                      WHEN w.event_time = e.last_event_time THEN 0 ELSE 1 END "
                          "FROM entity_states e, webhook_inbox w "
                          "WHERE e.partner_name = ? AND e.entity_type = coalesce(?::text, '') AND e.entity_id = ? "
                          "AND w.id = ?::uuid"_s,
                          {entity.partnerName, entity.entityType, entity.entityId, inboxId});
    if (!query)
        return Error{u"reading the entity's state failed: "_s + query.error()};
    if (!query.value().next())
        return std::optional<EntityState>();
    const int comparison = query.value().value(1).toInt();
    return std::optional<EntityState>(
        EntityState{query.value().value(0).toString(), comparison < 0    ? EntityState::EventTime::Older
                                                       : comparison == 0 ? EntityState::EventTime::Same
                                                                         : EntityState::EventTime::Newer});
}

Status InboxStore::applyState(const EntityKey &entity, const QString &state, const QString &inboxId) const
{
    auto applied =
        m_connection.exec(kApplyStateSql, {entity.partnerName, entity.entityType, entity.entityId, state, inboxId});
    if (!applied)
        return Error{u"updating the entity's state failed: "_s + applied.error()};
    return success();
}

Result<int> InboxStore::shortenDeferrals(const QHash<QString, int> &maxAgeSeconds) const
{
    if (maxAgeSeconds.isEmpty())
        return 0;
    // As a JSON object, {"partner": seconds, ...}: a name needs no quoting that way.
    QJsonObject bounds;
    for (auto it = maxAgeSeconds.cbegin(); it != maxAgeSeconds.cend(); ++it)
        bounds.insert(it.key(), it.value());
    auto shortened = m_connection.exec(
        u"UPDATE webhook_inbox w SET next_attempt_at = w.deferred_since + make_interval(secs => bound.seconds), "
        "updated_at = now() "
        "FROM (SELECT key AS partner_name, value::int AS seconds FROM json_each_text(?::json)) AS bound "
        "WHERE w.partner_name = bound.partner_name AND w.status = 'DEFERRED' "
        "AND w.next_attempt_at > w.deferred_since + make_interval(secs => bound.seconds)"_s,
        {QString::fromUtf8(QJsonDocument(bounds).toJson(QJsonDocument::Compact))});
    if (!shortened)
        return Error{u"bringing deferral deadlines forward failed: "_s + shortened.error()};
    return shortened.value().numRowsAffected();
}

Result<int> InboxStore::recheckDeferred(const QStringList &partnerNames) const
{
    if (partnerNames.isEmpty())
        return 0;
    auto due = m_connection.exec(u"UPDATE webhook_inbox w SET next_attempt_at = now(), updated_at = now() "
                                 "WHERE w.status = 'DEFERRED' AND w.raw_body IS NOT NULL "
                                 "AND w.partner_name = ANY (?::text[]) "
                                 "AND w.next_attempt_at > now()"_s,
                                 {textArray(partnerNames)});
    if (!due)
        return Error{u"checking deferred rows again failed: "_s + due.error()};
    return due.value().numRowsAffected();
}

Result<int> InboxStore::wakeDeferred(const EntityKey &entity, const QString &exceptInboxId, const QDateTime &now) const
{
    const QString sql = kWakeDeferredSql.arg(sameEntityType(entity));
    auto woken = entity.entityType.isEmpty()
                     ? m_connection.exec(sql, {timestamp(now), entity.partnerId, entity.entityId, exceptInboxId})
                     : m_connection.exec(
                           sql, {timestamp(now), entity.partnerId, entity.entityId, entity.entityType, exceptInboxId});
    if (!woken)
        return Error{u"waking the entity's deferred rows failed: "_s + woken.error()};
    const int count = woken.value().numRowsAffected();
    if (count > 0) {
        if (auto notified = m_connection.exec(u"SELECT pg_notify('hookyard_inbox', '')"_s); !notified)
            return Error{u"waking the workers failed: "_s + notified.error()};
    }
    return count;
}

Result<bool> InboxStore::settle(const QString &inboxId, const InboxSettlement &settlement) const
{
    const auto settleRow = [&]() -> Result<bool> {
        auto settled =
            m_connection.exec(kSettleSql, {settlement.failedAttempt ? 1 : 0, timestamp(settlement.nextAttemptAt),
                                           timestamp(settlement.deferredSince), nullableInt(settlement.deferCount),
                                           nullable(settlement.waitingFor), nullable(settlement.reason),
                                           settlement.status, settlement.status, inboxId, m_instance});
        if (!settled)
            return Error{u"recording the outcome of inbox row %1 failed: %2"_s.arg(inboxId, settled.error())};
        if (!settled.value().next())
            return false; // the lease went to someone else: nor is the attempt this worker's to record
        if (settlement.attempt) {
            if (auto recorded = recordAttempt(inboxId, *settlement.attempt); !recorded)
                return recorded.failure();
        }
        return true;
    };
    if (!settlement.attempt)
        return settleRow();
    return inTransaction(m_connection, settleRow);
}

Status InboxStore::recordAttempt(const QString &inboxId, const InboxAttempt &attempt) const
{
    auto recorded = m_connection.exec(
        u"INSERT INTO inbox_attempts (inbox_id, attempt_no, started_at, duration_ms, status_code, error_class, "
        "error_detail, worker_instance) VALUES (?::uuid, ?, ?::timestamptz, ?, ?, ?, ?, ?)"_s,
        {inboxId, attempt.attemptNo, timestamp(attempt.startedAt), nullableInt(attempt.durationMs),
         nullableInt(attempt.statusCode), nullable(attempt.errorClass), nullable(attempt.errorDetail), m_instance});
    if (!recorded)
        return Error{u"recording an attempt at inbox row %1 failed: %2"_s.arg(inboxId, recorded.error())};
    return success();
}

std::optional<QString> parseInboxId(const QString &text)
{
    const QUuid uuid = QUuid::fromString(text);
    const QString written = uuid.toString(QUuid::WithoutBraces);
    if (uuid.isNull() && QStringView(text).trimmed().toString().remove(u'{').remove(u'}') != written)
        return std::nullopt;
    return written;
}

Result<int> replayInbox(const DatabaseConnection &connection, const InboxReplaySelection &selection,
                        const QString &reason)
{
    QString subject;
    QStringList inboxIds;
    for (const QString &listed : selection.inboxIds) {
        const std::optional<QString> inboxId = parseInboxId(listed);
        if (!inboxId)
            return Error{u"'%1' is not an inbox id (a UUID)"_s.arg(listed)};
        inboxIds.append(*inboxId);
    }
    if (inboxIds.size() == 1) {
        const QString inboxId = inboxIds.first();
        subject = u"inbox "_s + inboxId;
        auto status = connection.exec(u"SELECT w.status, w.partner_name, "
                                      "EXISTS (SELECT 1 FROM partners p WHERE p.name = w.partner_name) "
                                      "FROM webhook_inbox w WHERE w.id = ?::uuid"_s,
                                      {inboxId});
        if (!status)
            return Error{status.error()};
        if (!status.value().next())
            return Error{u"inbox row %1 does not exist"_s.arg(inboxId)};
        const QString current = status.value().value(0).toString();
        if (current != u"QUARANTINED"_s)
            return Error{u"inbox row %1 is %2, not QUARANTINED: only quarantined rows are replayed%3"_s.arg(
                inboxId, current,
                current == u"DEFERRED"_s ? u" (hookyard inbox retry %1 checks a deferred row again now)"_s.arg(inboxId)
                                         : QString())};
        // As for --quarantined --partner (below): found by an adversarial helper, one row of a removed partner was
        // replayed, only for the worker to quarantine it again.
        if (const QString partner = status.value().value(1).toString(); !status.value().value(2).toBool())
            return Error{u"inbox row %1 came from partner '%2', which does not exist (removed?): the worker needs the "
                         "partner to process it; add it again with `hookyard partner add %2 ...`, then replay"_s.arg(
                             inboxId, partner)};
    } else if (!inboxIds.isEmpty()) {
        subject = u"%1 selected inbox rows"_s.arg(inboxIds.size());
    } else {
        subject = u"partner %1: quarantined inbox rows%2"_s.arg(selection.partnerName, selection.filter.describe());
        auto exists =
            connection.exec(u"SELECT EXISTS (SELECT 1 FROM partners WHERE name = ?), "
                            "(SELECT count(*) FROM webhook_inbox WHERE partner_name = ? AND status = 'QUARANTINED')"_s,
                            {selection.partnerName, selection.partnerName});
        if (!exists)
            return Error{exists.error()};
        exists.value().next();
        if (!exists.value().value(0).toBool()) {
            const qint64 left = exists.value().value(1).toLongLong();
            if (left == 0)
                return Error{u"partner '%1' does not exist"_s.arg(selection.partnerName)};
            // Found by trying it: the rows of a removed partner are still listed, and "does not exist" read as if
            // they were not. The worker would only quarantine them again ("partner ... is not configured").
            return Error{u"partner '%1' does not exist (removed?), though quarantined inbox rows of it remain (%2): "
                         "the worker needs the partner to process them; add it again with `hookyard partner add %1 "
                         "...`, then replay"_s.arg(selection.partnerName)
                             .arg(left)};
        }
    }

    return inTransaction(connection, [&]() -> Result<int> {
        const QString listed = u'{' + inboxIds.join(u',') + u'}';
        const SqlConditions filter = selection.filter.conditions(u"w.event_type"_s, u"w.received_at"_s);
        const QString sql = kReplaySql.arg(filter.sql());
        const QVariantList values = QVariantList{listed, listed, selection.partnerName} + filter.values;
        if (selection.dryRun)
            return countUndone(connection, sql, values);
        auto replayed = connection.exec(sql, values);
        if (!replayed)
            return Error{u"inbox replay failed: "_s + replayed.error()};
        QStringList ids;
        QString previousReason;
        while (replayed.value().next()) {
            ids.append(replayed.value().value(0).toString());
            previousReason = replayed.value().value(1).toString();
        }
        // The row was checked above, outside this transaction; another replay may have taken it since.
        if (inboxIds.size() == 1 && ids.isEmpty())
            return Error{
                u"inbox row %1 is no longer QUARANTINED: another replay took it a moment ago"_s.arg(inboxIds.first())};
        if (ids.isEmpty())
            return 0; // nothing changed, nothing to record (as for the console's other actions)
        if (auto remapped = remapFields(connection, ids); !remapped)
            return Error{u"inbox replay failed: reading the rows' fields again: "_s + remapped.error()};
        QJsonObject details{{u"count"_s, ids.size()}, {u"inbox_ids"_s, QJsonArray::fromStringList(ids)}};
        if (inboxIds.size() == 1)
            details.insert(u"previous_reason"_s, previousReason);
        if (auto audited = recordAudit(connection, u"inbox.replay"_s, subject, reason, details); !audited)
            return Error{u"inbox replay failed: "_s + audited.error()};
        if (auto notified = connection.exec(u"SELECT pg_notify('hookyard_inbox', '')"_s); !notified)
            return Error{u"inbox replay failed: "_s + notified.error()};
        return int(ids.size());
    });
}

const QStringList &inboxStatuses()
{
    static const QStringList statuses{u"PENDING"_s, u"DEFERRED"_s, u"QUARANTINED"_s, u"PROCESSED"_s};
    return statuses;
}

const QString kInboxWhySql = u"CASE WHEN w.status = 'DEFERRED' THEN w.waiting_for ELSE w.reason END"_s;

Result<QList<InboxListRow>> listInbox(const DatabaseConnection &connection, const InboxListFilter &filter)
{
    // One walk of webhook_inbox_status (status, received_at) per status, newest first, each stopped at the limit, then
    // merged: a status of millions of rows is not sorted whole (found in review). An event id without a partner is
    // looked up per partner the inbox has rows of, on the unique (partner_name, partner_event_id): the names are
    // found by skipping through that index, one probe per name, so a removed partner's rows are found too (found by
    // an adversarial helper: the lookup went through the partners table and missed them).
    QStringList walks;
    QVariantList values;
    for (const QString &status : filter.statuses) {
        if (!inboxStatuses().contains(status))
            return Error{u"unknown inbox status '%1'"_s.arg(status)};
        QString where = u"w.status = '%1'"_s.arg(status);
        if (!filter.partnerName.isEmpty()) {
            where += u" AND w.partner_name = ?"_s;
            values << filter.partnerName;
        } else if (!filter.partnerEventId.isEmpty()) {
            where += u" AND w.partner_name IN (SELECT name FROM received_partners)"_s;
        }
        if (!filter.partnerEventId.isEmpty()) {
            where += u" AND w.partner_event_id = ?"_s;
            values << filter.partnerEventId;
        }
        walks << u"(SELECT w.id, w.received_at, w.partner_name, w.partner_event_id, w.status, w.event_type, "
                 "w.entity_type, w.entity_id, %1 AS why, w.defer_count, w.attempt_count, w.next_attempt_at, "
                 "w.resolved_at, w.raw_body IS NOT NULL AS adopted FROM webhook_inbox w WHERE %2 "
                 "ORDER BY w.received_at DESC, w.id DESC LIMIT ?)"_s.arg(kInboxWhySql, where);
        values << filter.limit;
    }
    if (walks.isEmpty())
        return QList<InboxListRow>();
    values << filter.limit;
    const QString receivedPartners =
        filter.partnerName.isEmpty() && !filter.partnerEventId.isEmpty()
            ? u"WITH RECURSIVE received_partners(name) AS (SELECT min(partner_name) FROM webhook_inbox UNION ALL "
              "SELECT (SELECT min(partner_name) FROM webhook_inbox WHERE partner_name > r.name) "
              "FROM received_partners r WHERE r.name IS NOT NULL) "_s
            : QString();
    // received_at is the producers' TIMESTAMP column, in the server's time zone.
    auto rows = connection.exec(
        receivedPartners +
            u"SELECT id::text, received_at AT TIME ZONE current_setting('TimeZone'), partner_name, partner_event_id, "
            "status, event_type, entity_type, entity_id, why, defer_count, attempt_count, "
            "CASE WHEN status IN ('PENDING', 'DEFERRED') AND adopted THEN next_attempt_at END, "
            "resolved_at IS NOT NULL "
            "FROM ("_s +
            walks.join(u" UNION ALL "_s) + u") walked ORDER BY received_at DESC, id DESC LIMIT ?"_s,
        values);
    if (!rows)
        return Error{u"cannot list the inbox: "_s + rows.error()};
    QList<InboxListRow> listed;
    while (rows.value().next()) {
        const QSqlQuery &row = rows.value();
        listed.append({row.value(0).toString(), toUtc(row.value(1)), row.value(2).toString(), row.value(3).toString(),
                       row.value(4).toString(), row.value(5).toString(), row.value(6).toString(),
                       row.value(7).toString(), row.value(8).toString(), row.value(9).toInt(), row.value(10).toInt(),
                       toUtc(row.value(11)), row.value(12).toBool()});
    }
    if (listed.isEmpty() && !filter.partnerName.isEmpty()) {
        auto known = connection.exec(u"SELECT EXISTS (SELECT 1 FROM partners WHERE name = ?) "
                                     "OR EXISTS (SELECT 1 FROM webhook_inbox WHERE partner_name = ?)"_s,
                                     {filter.partnerName, filter.partnerName});
        if (!known)
            return Error{u"cannot list the inbox: "_s + known.error()};
        known.value().next();
        if (!known.value().value(0).toBool())
            return Error{u"partner '%1' does not exist"_s.arg(filter.partnerName)};
    }
    return listed;
}

} // namespace hookyard::core
