#include "relay/DeliveryStore.h"

#include "audit/AuditLog.h"
#include "signing/Signatures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// A PostgreSQL array literal of integers, bound as text and cast in SQL ('{1,2,3}').
QString bigintArray(const QList<qint64> &values)
{
    QStringList parts;
    parts.reserve(values.size());
    for (qint64 value : values)
        parts << QString::number(value);
    return u'{' + parts.join(u',') + u'}';
}

QString outcomeName(AttemptRecord::Outcome outcome)
{
    switch (outcome) {
    case AttemptRecord::Outcome::Delivered:
        return u"delivered"_s;
    case AttemptRecord::Outcome::Retry:
        return u"retry"_s;
    case AttemptRecord::Outcome::DeadLetter:
        return u"dead"_s;
    case AttemptRecord::Outcome::EndpointGone:
        return u"gone"_s;
    case AttemptRecord::Outcome::Unknown:
        return u"unknown"_s;
    }
    return {};
}

// The endpoints a claim may take from are settled first, and the deliveries are then filtered by their ids: with
// no join in the scan, the plan walks the deliveries_due index in order and stops after $5 rows, whatever the
// statistics of the (small, rarely analysed) endpoints table say. Joined, the planner guessed that few pending
// deliveries survive the join and chose to sort every pending delivery instead, a cost that grows with the backlog.
const QString kClaimCtesSql = uR"(
WITH claimable AS MATERIALIZED (
  SELECT ep.id, ep.ordered_per_aggregate, ep.timeout_ms
  FROM endpoints ep
  WHERE ep.state = 'active'
    AND (coalesce($2::text, '') = '' OR ep.name = $2::text)
    AND NOT (ep.id = ANY ($4::bigint[]))
), candidates AS (
  SELECT d.id
  FROM deliveries d
  WHERE d.state = 'pending'
    AND d.next_attempt_at <= $1::timestamptz
    AND (d.lease_expires_at IS NULL OR d.lease_expires_at < now())
    AND d.endpoint_id = ANY (ARRAY(SELECT id FROM claimable))
    AND (coalesce($3::text, '') = '' OR hookyard_subscribes(ARRAY[$3::text], d.event_type))
    AND NOT (d.aggregate_id IS NOT NULL
             AND d.endpoint_id = ANY (ARRAY(SELECT id FROM claimable WHERE ordered_per_aggregate))
             AND EXISTS (
               SELECT 1 FROM deliveries earlier
               WHERE earlier.endpoint_id = d.endpoint_id AND earlier.aggregate_id = d.aggregate_id
                 AND earlier.state IN ('pending', 'held', 'unknown') AND earlier.id < d.id))
  ORDER BY d.next_attempt_at
  LIMIT $5::integer
  FOR UPDATE OF d SKIP LOCKED
), claimed AS (
  UPDATE deliveries d
  SET leased_by = $6::text, lease_expires_at = now() + make_interval(secs => ep.timeout_ms / 1000.0 + $7::integer)
  FROM candidates c, claimable ep
  WHERE d.id = c.id AND ep.id = d.endpoint_id
  RETURNING d.id, d.event_id, d.endpoint_id, d.failures_since_queued, ep.timeout_ms
)
)"_s;

const QString kClaimedRowsSql =
    u"SELECT c.id, c.event_id, c.endpoint_id, c.failures_since_queued, e.payload, c.timeout_ms "
    "FROM claimed c JOIN outbox_events e ON e.id = c.event_id"_s;

// Unknown deliveries are few (each one is a request that timed out after its body was sent), so this statement runs
// apart from the claim above, at most once per poll interval, and reads them through deliveries_by_state. A status
// URL stored before schema version 12 was free-form; one without {id} cannot name a delivery and is not asked.
const QString kClaimStatusChecksSql = uR"(
WITH due AS (
  SELECT d.id
  FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id
  WHERE d.state = 'unknown'
    AND d.resolved_at IS NULL
    AND d.next_attempt_at <= $1::timestamptz
    AND (d.lease_expires_at IS NULL OR d.lease_expires_at < now())
    AND d.status_checks < cardinality(ep.retry_schedule_s)
    AND ep.state = 'active'
    AND strpos(ep.status_url, '{id}') > 0
    AND (coalesce($2::text, '') = '' OR ep.name = $2::text)
    AND (coalesce($3::text, '') = '' OR hookyard_subscribes(ARRAY[$3::text], d.event_type))
  ORDER BY d.next_attempt_at
  LIMIT $4::integer
  FOR UPDATE OF d SKIP LOCKED
)
UPDATE deliveries d
SET leased_by = $5::text, lease_expires_at = now() + make_interval(secs => ep.timeout_ms / 1000.0 + $6::integer)
FROM due, endpoints ep
WHERE d.id = due.id AND ep.id = d.endpoint_id
RETURNING d.id, d.event_id, d.endpoint_id, d.failures_since_queued, d.status_checks, ep.timeout_ms
)"_s;

// One statement: the attempt rows, then the deliveries this relay still holds, then processed_at of events whose
// every delivery is now delivered. Data-modifying CTEs share one snapshot, so the final step counts the deliveries
// delivered by this very statement through `updated`, not through the table. An unknown outcome is not yet a
// failure: the status check that finds the delivery missing counts it.
const QString kRecordSql = uR"(
WITH r AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
    id BIGINT, started_at TIMESTAMPTZ, duration_ms INTEGER, status_code INTEGER, error_class TEXT,
    error_detail TEXT, snippet TEXT, outcome TEXT, next_attempt_at TIMESTAMPTZ, dead_reason TEXT,
    status_checks INTEGER)
), attempts AS (
  INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms, status_code, error_class,
                                 error_detail, response_snippet, relay_instance)
  SELECT r.id, d.attempt_count + 1, r.started_at, r.duration_ms, r.status_code, r.error_class, r.error_detail,
         r.snippet, $2::text
  FROM r JOIN deliveries d ON d.id = r.id
), updated AS (
  UPDATE deliveries d SET
    attempt_count = d.attempt_count + 1,
    state = CASE WHEN r.outcome IN ('delivered', 'unknown') THEN r.outcome
                 -- held while in flight (its endpoint was disabled): a failure waits for the resume, held
                 WHEN d.state = 'held' OR r.outcome = 'gone' THEN 'held'
                 WHEN r.outcome = 'dead' THEN 'dead' ELSE 'pending' END,
    failures_since_queued = CASE r.outcome WHEN 'delivered' THEN 0 WHEN 'unknown' THEN d.failures_since_queued
                                           ELSE d.failures_since_queued + 1 END,
    status_checks = coalesce(r.status_checks, 0),
    next_attempt_at = coalesce(r.next_attempt_at, d.next_attempt_at),
    last_status_code = r.status_code,
    last_error = CASE WHEN r.outcome = 'delivered' THEN NULL ELSE r.error_detail END,
    dead_reason = CASE WHEN d.state = 'held' THEN NULL ELSE r.dead_reason END,
    delivered_at = CASE WHEN r.outcome = 'delivered' THEN now() ELSE d.delivered_at END,
    leased_by = NULL,
    lease_expires_at = NULL
  FROM r
  WHERE d.id = r.id AND d.leased_by = $2::text
  RETURNING d.id, d.event_id, r.outcome
)
UPDATE outbox_events e SET processed_at = now()
WHERE e.id IN (SELECT event_id FROM updated WHERE outcome = 'delivered')
  AND e.processed_at IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM deliveries other
    WHERE other.event_id = e.id AND other.state <> 'delivered'
      AND other.id NOT IN (SELECT id FROM updated WHERE outcome = 'delivered'))
)"_s;

// ClaimedDelivery::sendBy for a claim about to be made with this margin.
QDeadlineTimer sendDeadline(int leaseMarginSeconds)
{
    return QDeadlineTimer(std::chrono::milliseconds(leaseMarginSeconds * 500));
}

} // namespace

QString DeliveryStore::claimCtesSql()
{
    return kClaimCtesSql;
}

QString DeliveryStore::recordSql()
{
    return kRecordSql;
}

DeliveryStore::DeliveryStore(const DatabaseConnection &connection, QString instance)
    : m_connection(connection)
    , m_instance(std::move(instance))
{}

Result<QList<ClaimedDelivery>> DeliveryStore::claim(int limit, const QDateTime &now, const ClaimScope &scope,
                                                    const QList<qint64> &excludedEndpoints,
                                                    int leaseMarginSeconds) const
{
    const QDeadlineTimer sendBy = sendDeadline(leaseMarginSeconds); // before the statement: the lease starts later
    auto rows = m_connection.execPrepared("hookyard_claim", kClaimCtesSql + kClaimedRowsSql,
                                          {now.toString(Qt::ISODateWithMs).toLatin1(), scope.endpointName.toUtf8(),
                                           scope.eventType.toUtf8(), bigintArray(excludedEndpoints).toLatin1(),
                                           QByteArray::number(limit), m_instance.toUtf8(),
                                           QByteArray::number(leaseMarginSeconds)});
    if (!rows)
        return Error{u"claiming deliveries failed: "_s + rows.error()};
    QList<ClaimedDelivery> claimed;
    claimed.reserve(rows.value().rowCount());
    for (int row = 0; row < rows.value().rowCount(); ++row) {
        const PreparedRows &r = rows.value();
        claimed.append({.id = r.integer(row, 0),
                        .eventId = r.value(row, 1),
                        .endpointId = r.integer(row, 2),
                        .failuresSinceQueued = int(r.integer(row, 3)),
                        .body = r.value(row, 4),
                        .sendBy = sendBy,
                        .leaseTimeoutMs = int(r.integer(row, 5))});
    }
    return claimed;
}

Result<QList<ClaimedDelivery>> DeliveryStore::claimStatusChecks(int limit, const QDateTime &now,
                                                                const ClaimScope &scope, int leaseMarginSeconds) const
{
    const QDeadlineTimer sendBy = sendDeadline(leaseMarginSeconds);
    auto rows = m_connection.execPrepared("hookyard_claim_status_checks", kClaimStatusChecksSql,
                                          {now.toString(Qt::ISODateWithMs).toLatin1(), scope.endpointName.toUtf8(),
                                           scope.eventType.toUtf8(), QByteArray::number(limit), m_instance.toUtf8(),
                                           QByteArray::number(leaseMarginSeconds)});
    if (!rows)
        return Error{u"claiming status checks failed: "_s + rows.error()};
    QList<ClaimedDelivery> claimed;
    const PreparedRows &r = rows.value();
    for (int row = 0; row < r.rowCount(); ++row) {
        claimed.append({.id = r.integer(row, 0),
                        .eventId = r.value(row, 1),
                        .endpointId = r.integer(row, 2),
                        .failuresSinceQueued = int(r.integer(row, 3)),
                        .statusCheck = true,
                        .statusChecks = int(r.integer(row, 4)),
                        .sendBy = sendBy,
                        .leaseTimeoutMs = int(r.integer(row, 5))});
    }
    return claimed;
}

Status DeliveryStore::record(const QList<AttemptRecord> &attempts) const
{
    if (attempts.isEmpty())
        return success();
    QJsonArray rows;
    for (const AttemptRecord &attempt : attempts) {
        QJsonObject row{
            {u"id"_s, attempt.deliveryId},
            {u"started_at"_s, attempt.startedAt.toString(Qt::ISODateWithMs)},
            {u"duration_ms"_s, attempt.durationMs},
            {u"status_code"_s, attempt.statusCode > 0 ? QJsonValue(attempt.statusCode) : QJsonValue()},
            {u"error_class"_s, attempt.errorClass},
            {u"error_detail"_s, attempt.errorDetail.isEmpty() ? QJsonValue() : QJsonValue(attempt.errorDetail)},
            {u"snippet"_s, attempt.responseSnippet.isEmpty() ? QJsonValue() : QJsonValue(attempt.responseSnippet)},
            {u"outcome"_s, outcomeName(attempt.outcome)},
            {u"next_attempt_at"_s, attempt.nextAttemptAt.isValid()
                                       ? QJsonValue(attempt.nextAttemptAt.toString(Qt::ISODateWithMs))
                                       : QJsonValue()},
            {u"dead_reason"_s, attempt.deadReason.isEmpty() ? QJsonValue() : QJsonValue(attempt.deadReason)},
        };
        if (attempt.outcome == AttemptRecord::Outcome::Unknown) // only these keep a count; kRecordSql reads none as 0
            row.insert(u"status_checks"_s, attempt.statusChecks);
        rows.append(row);
    }

    if (auto recorded = m_connection.execPrepared(
            "hookyard_record", kRecordSql, {QJsonDocument(rows).toJson(QJsonDocument::Compact), m_instance.toUtf8()});
        !recorded)
        return Error{u"recording attempts failed: "_s + recorded.error()};
    return success();
}

Status DeliveryStore::releaseLeases(const QList<qint64> &deliveryIds) const
{
    if (deliveryIds.isEmpty())
        return success();
    auto released = m_connection.exec(u"UPDATE deliveries SET leased_by = NULL, lease_expires_at = NULL "
                                      "WHERE id = ANY (?::bigint[]) AND leased_by = ?"_s,
                                      {bigintArray(deliveryIds), m_instance});
    if (!released)
        return Error{u"releasing leases failed: "_s + released.error()};
    return success();
}

Result<QHash<qint64, EndpointConfig>> DeliveryStore::loadEndpoints() const
{
    auto query =
        m_connection.exec(u"SELECT ep.id, ep.name, ep.url, ep.timeout_ms, array_to_string(ep.retry_schedule_s, ','), "
                          "ep.rate_limit_per_s, ep.custom_headers::text, ep.svix_header_names, "
                          "(SELECT string_agg(s.secret, ' ' ORDER BY s.id) FROM endpoint_secrets s "
                          " WHERE s.endpoint_id = ep.id AND (s.expires_at IS NULL OR s.expires_at > now())), "
                          "CASE WHEN strpos(ep.status_url, '{id}') > 0 THEN ep.status_url END, "
                          "ep.allow_private_network "
                          "FROM endpoints ep"_s);
    if (!query)
        return Error{u"loading endpoints failed: "_s + query.error()};
    QHash<qint64, EndpointConfig> endpoints;
    QSqlQuery &rows = query.value();
    while (rows.next()) {
        EndpointConfig endpoint;
        endpoint.id = rows.value(0).toLongLong();
        endpoint.name = rows.value(1).toString();
        endpoint.url = rows.value(2).toString().toUtf8();
        endpoint.timeoutMs = rows.value(3).toInt();
        for (const QString &seconds : rows.value(4).toString().split(u',', Qt::SkipEmptyParts))
            endpoint.retryScheduleSeconds.append(seconds.toInt());
        if (!rows.value(5).isNull())
            endpoint.ratePerSecond = rows.value(5).toInt();
        const QJsonObject headers = QJsonDocument::fromJson(rows.value(6).toString().toUtf8()).object();
        for (auto it = headers.begin(); it != headers.end(); ++it)
            endpoint.customHeaders.append({it.key().toUtf8(), it.value().toString().toUtf8()});
        endpoint.svixHeaderNames = rows.value(7).toBool();
        for (const QString &secret : rows.value(8).toString().split(u' ', Qt::SkipEmptyParts)) {
            auto key = signing::standardSecretKey(secret);
            if (key) // the table's CHECK and `endpoint add` validate secrets; an undecodable one cannot sign
                endpoint.signingKeys.append(key.value());
        }
        endpoint.statusUrl = rows.value(9).toString().toUtf8(); // one without {id} is none (kClaimStatusChecksSql)
        endpoint.allowPrivateNetwork = rows.value(10).toBool();
        endpoints.insert(endpoint.id, endpoint);
    }
    return endpoints;
}

QString noLongerReplayable(qint64 deliveryId)
{
    return u"delivery %1 is no longer replayable: another replay queued it a moment ago"_s.arg(deliveryId);
}

Result<int> replayDeliveries(const DatabaseConnection &connection, const ReplaySelection &selection,
                             const QString &reason)
{
    QString subject;
    if (selection.deliveryIds.size() == 1) {
        const qint64 deliveryId = selection.deliveryIds.first();
        subject = u"delivery %1"_s.arg(deliveryId);
        auto state = connection.exec(u"SELECT d.state, ep.state, ep.name FROM deliveries d "
                                     "JOIN endpoints ep ON ep.id = d.endpoint_id WHERE d.id = ?"_s,
                                     {deliveryId});
        if (!state)
            return Error{state.error()};
        if (!state.value().next())
            return Error{u"delivery %1 does not exist"_s.arg(deliveryId)};
        const QString current = state.value().value(0).toString();
        if (current == u"pending"_s)
            return Error{u"delivery %1 is already queued (pending)"_s.arg(deliveryId)};
        if (current == u"held"_s || state.value().value(1).toString() == u"disabled"_s)
            return Error{u"delivery %1's endpoint '%2' is disabled: resume it first (hookyard endpoint resume %2)"_s
                             .arg(deliveryId)
                             .arg(state.value().value(2).toString())};
    } else if (!selection.deliveryIds.isEmpty()) {
        subject = u"%1 selected deliveries"_s.arg(selection.deliveryIds.size());
    } else {
        subject = u"endpoint %1: dead deliveries%2"_s.arg(selection.endpointName, selection.filter.describe());
        auto endpoint = connection.exec(u"SELECT state FROM endpoints WHERE name = ?"_s, {selection.endpointName});
        if (!endpoint)
            return Error{endpoint.error()};
        if (!endpoint.value().next())
            return Error{u"endpoint '%1' does not exist"_s.arg(selection.endpointName)};
        if (endpoint.value().value(0).toString() == u"disabled"_s)
            return Error{u"endpoint '%1' is disabled: resume it first (hookyard endpoint resume %1)"_s.arg(
                selection.endpointName)};
    }

    return inTransaction(connection, [&]() -> Result<int> {
        const QString listed = bigintArray(selection.deliveryIds);
        const SqlConditions filter = selection.filter.conditions(u"d.event_type"_s, u"d.created_at"_s);
        const QString sql =
            u"UPDATE deliveries d SET state = 'pending', failures_since_queued = 0, next_attempt_at = now(), "
            "dead_reason = NULL, leased_by = NULL, lease_expires_at = NULL, resolved_at = NULL, resolution_note = NULL "
            "FROM endpoints ep WHERE ep.id = d.endpoint_id AND ep.state <> 'disabled' AND "
            "(CASE WHEN cardinality(?::bigint[]) > 0 "
            "      THEN d.id = ANY (?::bigint[]) AND d.state IN ('dead', 'unknown', 'delivered') "
            "      ELSE ep.name = ? AND d.state = 'dead' END) AND %1 "
            "RETURNING d.id"_s.arg(filter.sql());
        const QVariantList values = QVariantList{listed, listed, selection.endpointName} + filter.values;
        if (selection.dryRun)
            return countUndone(connection, sql, values);
        auto replayed = connection.exec(sql, values);
        if (!replayed)
            return Error{u"replay failed: "_s + replayed.error()};
        QJsonArray ids;
        QList<qint64> replayedIds;
        while (replayed.value().next()) {
            replayedIds.append(replayed.value().value(0).toLongLong());
            ids.append(replayedIds.last());
        }
        // An event is processed while every delivery of it is delivered (the record statement sets processed_at with
        // the last one): a re-sent delivery makes it wait again, and the next delivery sets it anew (found by an
        // exploring helper: `stats` counted such an event both delivered and pending).
        if (auto reopened =
                connection.exec(u"UPDATE outbox_events e SET processed_at = NULL FROM deliveries d "
                                "WHERE d.id = ANY (?::bigint[]) AND e.id = d.event_id AND e.processed_at IS NOT NULL"_s,
                                {bigintArray(replayedIds)});
            !reopened)
            return Error{u"replay failed: "_s + reopened.error()};
        if (ids.isEmpty())
            return 0; // nothing changed, nothing to record (as for the console's other actions)
        if (auto audited = recordAudit(connection, u"replay"_s, subject, reason,
                                       {{u"count"_s, ids.size()}, {u"delivery_ids"_s, ids}});
            !audited)
            return Error{u"replay failed: "_s + audited.error()};
        if (auto notified = connection.exec(u"SELECT pg_notify('hookyard_deliveries', '')"_s); !notified)
            return Error{u"replay failed: "_s + notified.error()};
        return int(ids.size());
    });
}

} // namespace hookyard::core
