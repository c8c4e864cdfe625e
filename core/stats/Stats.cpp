#include "stats/Stats.h"

#include "db/Migrator.h"

#include <QDateTime>
#include <QJsonArray>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// Runs a one-row count query and adds its columns to `section`, keyed by column name.
Status addCounts(const DatabaseConnection &connection, const QString &sql, QJsonObject &section)
{
    auto query = connection.exec(sql);
    if (!query)
        return Error{query.error()};
    if (query.value().next()) {
        const QSqlRecord record = query.value().record();
        for (int i = 0; i < record.count(); ++i)
            section.insert(record.fieldName(i), query.value().value(i).toLongLong());
    }
    return success();
}

} // namespace

Result<QJsonObject> collectStats(const DatabaseConnection &connection, StatsDepth depth)
{
    QJsonObject outbox;
    QJsonObject deliveries;
    QJsonObject inbox;
    QJsonObject reconciliation;
    QJsonObject rejected;
    QJsonObject engines;
    struct Count
    {
        QString table; // the one table it reads
        QString sql;
        QJsonObject *section;
    };
    // What needs attention, each counted from a partial or covering index (deliveries_waiting_events, deliveries_due,
    // deliveries_unresolved, deliveries_by_state, webhook_inbox_status, reconcile_mismatches_subject_open): cheap
    // however much history the tables hold. An event waits while one of its deliveries is not delivered (the
    // record statement sets its processed_at with the last one); outbox_events has no index on processed_at
    // (migration 19). DISTINCT in a subquery reads deliveries_waiting_events in order and skips repeats as it goes;
    // the events of dead deliveries are counted from deliveries_dead_events (migration 28) the same way.
    // An event with a dead delivery is dead and the rest pending, as the Outbox view's state filter takes them: the
    // dead ones were counted as pending, 91 beside a list of 16 pending and 75 dead (found by a helper reviewing the
    // console). A dead delivery resolved by hand still counts here ("With a dead delivery", read from an index of
    // dead deliveries alone), while the Outbox view's row reads "resolved" once nothing else of its event is open.
    QList<Count> counts{
        {u"deliveries"_s,
         u"SELECT waiting.events - dead.events AS pending, dead.events AS dead"
         " FROM (SELECT count(*) AS events FROM (SELECT DISTINCT event_id FROM deliveries WHERE state <> 'delivered')"
         "       AS e) AS waiting,"
         " (SELECT count(*) AS events FROM (SELECT DISTINCT event_id FROM deliveries WHERE state = 'dead') AS d)"
         "       AS dead"_s,
         &outbox},
        {u"deliveries"_s,
         u"SELECT count(*) FILTER (WHERE lease_expires_at IS NULL OR lease_expires_at <= now()) AS pending,"
         " count(*) FILTER (WHERE lease_expires_at > now()) AS in_flight"
         " FROM deliveries WHERE state = 'pending'"_s,
         &deliveries},
        {u"deliveries"_s,
         u"SELECT count(*) FILTER (WHERE state = 'dead') AS dead,"
         " count(*) FILTER (WHERE state = 'unknown') AS unknown"
         " FROM deliveries WHERE state IN ('dead', 'unknown') AND resolved_at IS NULL"_s,
         &deliveries},
        {u"deliveries"_s, u"SELECT count(*) AS held FROM deliveries WHERE state = 'held'"_s, &deliveries},
        {u"webhook_inbox"_s,
         u"SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending,"
         " count(*) FILTER (WHERE status = 'DEFERRED') AS deferred,"
         " count(*) FILTER (WHERE status = 'QUARANTINED') AS quarantined"
         " FROM webhook_inbox WHERE status IN ('PENDING', 'DEFERRED', 'QUARANTINED')"_s,
         &inbox},
        // What the Dead letters view lists of the quarantine: a row resolved by hand keeps its status, as the Inbox
        // view shows it, but needs nobody any more (deliveries.dead above leaves resolved ones out the same way).
        {u"webhook_inbox"_s,
         u"SELECT count(*) AS quarantined_unresolved FROM webhook_inbox"
         " WHERE status = 'QUARANTINED' AND resolved_at IS NULL"_s,
         &inbox},
        {u"reconcile_mismatches"_s,
         u"SELECT count(*) AS open_mismatches FROM reconcile_mismatches WHERE resolved_at IS NULL"_s, &reconciliation},
        {u"rejected_requests"_s,
         u"SELECT count(*) AS last_hour FROM rejected_requests WHERE received_at >= now() - interval '1 hour'"_s,
         &rejected},
        // The engines connected now, wherever they run, by the one session of each process that names it
        // (DatabaseConnection::open: "<application_name or hookyard>-<purpose>"); `hookyard receive` runs a worker
        // too unless told not to. Every role may read other sessions' application_name.
        {u"pg_stat_activity"_s,
         u"SELECT count(*) FILTER (WHERE application_name LIKE '%-relay') AS relays,"
         " count(*) FILTER (WHERE application_name LIKE '%-worker') AS workers,"
         " count(*) FILTER (WHERE application_name LIKE '%-receiver') AS receivers"
         " FROM pg_stat_activity WHERE datname = current_database()"_s,
         &engines},
    };
    // The totals of finished rows: a scan of all history.
    if (depth == StatsDepth::Everything) {
        counts << Count{u"outbox_events"_s,
                        u"SELECT count(*) AS delivered FROM outbox_events WHERE processed_at IS NOT NULL"_s, &outbox}
               << Count{u"deliveries"_s, u"SELECT count(*) AS delivered FROM deliveries WHERE state = 'delivered'"_s,
                        &deliveries}
               << Count{u"webhook_inbox"_s,
                        u"SELECT count(*) AS processed FROM webhook_inbox WHERE status = 'PROCESSED'"_s, &inbox};
    }

    // A role that may not read a table (the relay's may not read the inbox, nor the receiver's the outbox) gets the
    // other counts, and the tables it could not read are named.
    QStringList tables;
    for (const Count &count : std::as_const(counts)) {
        if (!tables.contains(count.table))
            tables << count.table;
    }
    auto unreadable =
        connection.exec(u"SELECT coalesce(string_agg(t, ',' ORDER BY t), '') FROM unnest(string_to_array(?, ',')) AS t "
                        "WHERE NOT has_table_privilege(t, 'SELECT')"_s,
                        {tables.join(u',')});
    if (!unreadable)
        return Error{unreadable.error()};
    unreadable.value().next();
    const QStringList notReadable = unreadable.value().value(0).toString().split(u',', Qt::SkipEmptyParts);
    for (const Count &count : std::as_const(counts)) {
        if (notReadable.contains(count.table))
            continue;
        if (auto added = addCounts(connection, count.sql, *count.section); !added)
            return Error{added.error()};
    }
    auto schemaVersion = Migrator::currentVersion(connection);
    if (!schemaVersion)
        return Error{schemaVersion.error()};

    QJsonObject stats{
        {u"format"_s, 1},
        {u"generated_at"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {u"schema_version"_s, schemaVersion.value()},
        {u"outbox"_s, outbox},
        {u"deliveries"_s, deliveries},
        {u"inbox"_s, inbox},
        {u"reconciliation"_s, reconciliation},
        {u"rejected"_s, rejected},
        {u"engines"_s, engines},
    };
    if (!notReadable.isEmpty())
        stats.insert(u"not_readable"_s, QJsonArray::fromStringList(notReadable));
    return stats;
}

// One pass over the hour's attempts (delivery_attempts_started_brin), whatever the number of endpoints.
const QString kEndpointsLastHourSql = uR"((
  SELECT d.endpoint_id, count(*) AS attempts,
         count(*) FILTER (WHERE NOT (a.error_class = 'ok' AND a.status_code BETWEEN 200 AND 299)) AS failed,
         (array_agg(coalesce(a.error_detail, a.error_class) ORDER BY a.started_at DESC)
            FILTER (WHERE NOT (a.error_class = 'ok' AND a.status_code BETWEEN 200 AND 299)))[1] AS last_failure,
         coalesce(max(a.started_at) FILTER (WHERE a.error_class = 'ok' AND a.status_code BETWEEN 200 AND 299)
                    >= max(a.started_at) FILTER (WHERE NOT (a.error_class = 'ok' AND a.status_code BETWEEN 200 AND 299)),
                  count(*) FILTER (WHERE NOT (a.error_class = 'ok' AND a.status_code BETWEEN 200 AND 299)) = 0)
           AS last_succeeded
  FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id
  WHERE a.started_at >= now() - interval '1 hour'
  GROUP BY d.endpoint_id
))"_s;

QString endpointShownStateSql(const QString &endpoint, const QString &lastHour)
{
    return u"CASE WHEN %1.state = 'active' AND NOT coalesce(%2.last_succeeded, true) THEN 'failing' ELSE %1.state END"_s
        .arg(endpoint, lastHour);
}

Result<QJsonObject> collectActivity(const DatabaseConnection &connection)
{
    // received_at is the producers' TIMESTAMP column (the server's local time), hence the ::timestamp comparison.
    auto minutes = connection.exec(uR"(
WITH minutes AS (
  SELECT generate_series(date_trunc('minute', now()) - interval '59 minutes', date_trunc('minute', now()),
                         interval '1 minute') AS minute
), attempts AS (
  SELECT date_trunc('minute', started_at) AS minute,
         count(*) FILTER (WHERE error_class = 'ok' AND status_code BETWEEN 200 AND 299) AS delivered,
         count(*) FILTER (WHERE NOT (error_class = 'ok' AND status_code BETWEEN 200 AND 299)) AS failed
  FROM delivery_attempts WHERE started_at >= date_trunc('minute', now()) - interval '59 minutes'
  GROUP BY 1
), received AS (
  SELECT date_trunc('minute', received_at::timestamptz) AS minute, count(*) AS received
  FROM webhook_inbox WHERE received_at >= (date_trunc('minute', now()) - interval '59 minutes')::timestamp
  GROUP BY 1
)
SELECT m.minute, coalesce(a.delivered, 0), coalesce(a.failed, 0), coalesce(r.received, 0)
FROM minutes m LEFT JOIN attempts a USING (minute) LEFT JOIN received r USING (minute)
ORDER BY m.minute
)"_s);
    if (!minutes)
        return Error{minutes.error()};
    QJsonArray perMinute;
    while (minutes.value().next()) {
        const QSqlQuery &row = minutes.value();
        perMinute.append(QJsonObject{{u"minute"_s, toUtc(row.value(0)).toString(Qt::ISODate)},
                                     {u"delivered"_s, row.value(1).toLongLong()},
                                     {u"failed"_s, row.value(2).toLongLong()},
                                     {u"received"_s, row.value(3).toLongLong()}});
    }

    // Those whose latest attempt failed first: they are failing now, as the Endpoints view's state says; those that
    // answered since have recovered and follow.
    auto failing = connection.exec(
        u"SELECT ep.name, h.failed, h.attempts, h.last_failure, NOT h.last_succeeded FROM "_s + kEndpointsLastHourSql +
        u" h JOIN endpoints ep ON ep.id = h.endpoint_id WHERE h.failed > 0 "
        "ORDER BY h.last_succeeded, h.failed DESC, ep.name LIMIT 5"_s);
    if (!failing)
        return Error{failing.error()};
    QJsonArray endpoints;
    while (failing.value().next()) {
        const QSqlQuery &row = failing.value();
        endpoints.append(QJsonObject{{u"endpoint"_s, row.value(0).toString()},
                                     {u"failed"_s, row.value(1).toLongLong()},
                                     {u"attempts"_s, row.value(2).toLongLong()},
                                     {u"last_error"_s, row.value(3).toString()},
                                     {u"failing_now"_s, row.value(4).toBool()}});
    }
    return QJsonObject{{u"minutes"_s, perMinute}, {u"failing_endpoints"_s, endpoints}};
}

} // namespace hookyard::core
