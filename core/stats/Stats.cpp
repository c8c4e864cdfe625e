#include "stats/Stats.h"

#include "db/Migrator.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// Runs a one-row query and returns its columns as a JSON object of integers, keyed by column name.
Result<QJsonObject> countsRow(const DatabaseConnection &connection, const QString &sql)
{
    auto query = connection.exec(sql);
    if (!query)
        return Error{query.error()};
    QJsonObject counts;
    if (query.value().next()) {
        const QSqlRecord record = query.value().record();
        for (int i = 0; i < record.count(); ++i)
            counts.insert(record.fieldName(i), query.value().value(i).toLongLong());
    }
    return counts;
}

} // namespace

Result<QJsonObject> collectStats(const DatabaseConnection &connection)
{
    auto outbox = countsRow(connection, u"SELECT count(*) FILTER (WHERE processed_at IS NULL) AS pending,"
                                        " count(*) FILTER (WHERE processed_at IS NOT NULL) AS delivered"
                                        " FROM outbox_events"_s);
    if (!outbox)
        return outbox;
    auto deliveries =
        countsRow(connection, u"SELECT"
                              " count(*) FILTER (WHERE state = 'pending' AND (lease_expires_at IS NULL"
                              "   OR lease_expires_at <= now())) AS pending,"
                              " count(*) FILTER (WHERE state = 'pending' AND lease_expires_at > now()) AS in_flight,"
                              " count(*) FILTER (WHERE state = 'delivered') AS delivered,"
                              " count(*) FILTER (WHERE state = 'dead' AND resolved_at IS NULL) AS dead,"
                              " count(*) FILTER (WHERE state = 'held') AS held,"
                              " count(*) FILTER (WHERE state = 'unknown') AS unknown"
                              " FROM deliveries"_s);
    if (!deliveries)
        return deliveries;
    auto inbox = countsRow(connection, u"SELECT count(*) FILTER (WHERE status = 'PENDING') AS pending,"
                                       " count(*) FILTER (WHERE status = 'PROCESSED') AS processed,"
                                       " count(*) FILTER (WHERE status = 'DEFERRED') AS deferred,"
                                       " count(*) FILTER (WHERE status = 'QUARANTINED') AS quarantined"
                                       " FROM webhook_inbox"_s);
    if (!inbox)
        return inbox;
    auto schemaVersion = Migrator::currentVersion(connection);
    if (!schemaVersion)
        return Error{schemaVersion.error()};

    return QJsonObject{
        {u"format"_s, 1},
        {u"generated_at"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {u"schema_version"_s, schemaVersion.value()},
        {u"outbox"_s, outbox.value()},
        {u"deliveries"_s, deliveries.value()},
        {u"inbox"_s, inbox.value()},
    };
}

} // namespace hookyard::core
