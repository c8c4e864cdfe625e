#include "idempotency/IdempotencyStore.h"

#include "audit/AuditLog.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// Headers as stored in response_headers: [[name, value], ...].
QString headersJson(const HttpHeaders &headers)
{
    QJsonArray array;
    for (const auto &[name, value] : headers)
        array.append(QJsonArray{QString::fromLatin1(name), QString::fromLatin1(value)});
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

HttpHeaders headersFromJson(const QString &text)
{
    HttpHeaders headers;
    for (const QJsonValue &pair : QJsonDocument::fromJson(text.toUtf8()).array())
        headers.append({pair[0].toString().toLatin1(), pair[1].toString().toLatin1()});
    return headers;
}

// The columns every SELECT of records reads, in IdempotencyRecord's order.
const QString kRecordColumns =
    u"id, tenant, operation, idempotency_key, status, status = 'processing' AND locked_until < now(), created_at,"
    " locked_until, completed_at, expires_at, response_status, resource_id::text, resolution_note"_s;

IdempotencyRecord recordFrom(const QSqlQuery &row)
{
    IdempotencyRecord record;
    record.id = row.value(0).toLongLong();
    record.tenant = row.value(1).toString();
    record.operation = row.value(2).toString();
    record.key = row.value(3).toString();
    record.status = row.value(4).toString();
    record.stuck = row.value(5).toBool();
    record.createdAt = toUtc(row.value(6));
    record.lockedUntil = toUtc(row.value(7));
    record.completedAt = toUtc(row.value(8));
    record.expiresAt = toUtc(row.value(9));
    if (!row.value(10).isNull())
        record.responseStatus = row.value(10).toInt();
    record.resourceId = row.value(11).toString();
    record.resolutionNote = row.value(12).toString();
    return record;
}

} // namespace

QByteArray requestFingerprint(const QByteArray &method, const QByteArray &path, const QByteArray &query,
                              const QByteArray &body)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QByteArray *part : {&method, &path, &query, &body}) {
        const quint64 size = qToBigEndian(quint64(part->size()));
        hash.addData(QByteArrayView(reinterpret_cast<const char *>(&size), sizeof size));
        hash.addData(*part);
    }
    return hash.result();
}

IdempotencyStore::IdempotencyStore(const DatabaseConnection &connection)
    : m_connection(connection)
{}

Result<Reservation> IdempotencyStore::reserve(const IdempotencyScope &scope, const QByteArray &fingerprint,
                                              std::chrono::seconds lockTimeout, std::chrono::seconds retention) const
{
    const QString fingerprintHex = QString::fromLatin1(fingerprint.toHex());
    // A record deleted between the INSERT that met it and the SELECT that reads it (released after a 5xx, or
    // purged) leaves the key free: the INSERT is tried again. Each round needs another request to have come and
    // gone within it, so a few rounds settle it.
    for (int round = 0; round < 3; ++round) {
        auto inserted = m_connection.exec(
            u"INSERT INTO idempotency_keys AS k (tenant, operation, idempotency_key, fingerprint, locked_until,"
            "   expires_at)"
            " VALUES (?, ?, ?, decode(?, 'hex'), now() + make_interval(secs => ?), now() + make_interval(secs => ?))"
            " ON CONFLICT (tenant, operation, idempotency_key) DO UPDATE"
            " SET fingerprint = EXCLUDED.fingerprint, status = 'processing', created_at = now(),"
            "   locked_until = EXCLUDED.locked_until, expires_at = EXCLUDED.expires_at, completed_at = NULL,"
            "   response_status = NULL, response_headers = NULL, response_body = NULL, resource_id = NULL,"
            "   resolution_note = NULL"
            " WHERE k.status <> 'processing' AND k.expires_at <= now()" // a settled record past its retention
            " RETURNING id"_s,
            {scope.tenant, scope.operation, scope.key, fingerprintHex, qint64(lockTimeout.count()),
             qint64(retention.count())});
        if (!inserted)
            return Error{u"cannot reserve the idempotency key: "_s + inserted.error()};
        if (inserted.value().next()) {
            Reservation reserved;
            reserved.recordId = inserted.value().value(0).toLongLong();
            return reserved;
        }

        auto existing =
            m_connection.exec(u"SELECT id, fingerprint = decode(?, 'hex'), status, locked_until, response_status,"
                              "   response_headers::text, response_body"
                              " FROM idempotency_keys WHERE tenant = ? AND operation = ? AND idempotency_key = ?"_s,
                              {fingerprintHex, scope.tenant, scope.operation, scope.key});
        if (!existing)
            return Error{u"cannot read the idempotency record: "_s + existing.error()};
        QSqlQuery &row = existing.value();
        if (!row.next())
            continue;
        Reservation found;
        found.recordId = row.value(0).toLongLong();
        if (!row.value(1).toBool()) {
            found.kind = Reservation::Kind::Mismatch;
        } else if (row.value(2).toString() == u"processing"_s) {
            found.kind = Reservation::Kind::InProgress;
            found.lockedUntil = toUtc(row.value(3));
        } else {
            found.kind = Reservation::Kind::Replay;
            found.stored = {row.value(4).toInt(), headersFromJson(row.value(5).toString()), row.value(6).toByteArray()};
        }
        return found;
    }
    return Error{u"the idempotency key changed hands too often to be reserved"_s};
}

Status IdempotencyStore::settle(qint64 recordId, const ApiResponse &response, const QUuid &resource) const
{
    Q_ASSERT(response.status < 500);
    auto settled = m_connection.exec(
        u"UPDATE idempotency_keys SET status = ?, completed_at = now(), response_status = ?,"
        " response_headers = ?::jsonb, response_body = decode(?, 'hex'), resource_id = ?::uuid"
        " WHERE id = ? AND status = 'processing'"_s,
        {response.status < 400 ? u"succeeded"_s : u"failed"_s, response.status, headersJson(response.headers),
         QString::fromLatin1(response.body.toHex()),
         resource.isNull() ? QVariant(QMetaType::fromType<QString>()) : resource.toString(QUuid::WithoutBraces),
         recordId});
    if (!settled)
        return Error{u"cannot store the outcome of idempotency record %1: %2"_s.arg(recordId).arg(settled.error())};
    if (settled.value().numRowsAffected() != 1)
        return Error{u"idempotency record %1 was settled by an operator while its operation ran"_s.arg(recordId)};
    return success();
}

Status IdempotencyStore::release(qint64 recordId) const
{
    auto released =
        m_connection.exec(u"DELETE FROM idempotency_keys WHERE id = ? AND status = 'processing'"_s, {recordId});
    if (!released)
        return Error{u"cannot release idempotency record %1: %2"_s.arg(recordId).arg(released.error())};
    return success();
}

Result<int> IdempotencyStore::purgeExpired(int batch) const
{
    auto purged =
        m_connection.exec(u"DELETE FROM idempotency_keys WHERE id IN (SELECT id FROM idempotency_keys"
                          " WHERE status <> 'processing' AND expires_at <= now() ORDER BY expires_at LIMIT ?)"_s,
                          {batch});
    if (!purged)
        return Error{u"cannot purge expired idempotency records: "_s + purged.error()};
    return purged.value().numRowsAffected();
}

Result<QList<IdempotencyRecord>> IdempotencyStore::list(const IdempotencyListFilter &filter) const
{
    auto query = m_connection.exec(
        u"SELECT %1 FROM idempotency_keys"
        " WHERE (coalesce(?, '') = '' OR tenant = ?)"
        "   AND (coalesce(?, '') = '' OR status = ANY (string_to_array(?, ',')))"
        "   AND (NOT ?::boolean OR (status = 'processing' AND locked_until < now()))"
        " ORDER BY status = 'processing' AND locked_until < now() DESC, created_at DESC, id DESC LIMIT ?"_s.arg(
            kRecordColumns),
        {filter.tenant, filter.tenant, filter.statuses.join(u','), filter.statuses.join(u','), filter.stuckOnly,
         filter.limit});
    if (!query)
        return Error{u"cannot list idempotency records: "_s + query.error()};
    QList<IdempotencyRecord> records;
    while (query.value().next())
        records.append(recordFrom(query.value()));
    return records;
}

Status IdempotencyStore::resolve(qint64 recordId, const QString &status, const QString &note) const
{
    if (status != u"failed"_s && status != u"unknown"_s)
        return Error{u"a record is resolved as failed or unknown, not '%1'"_s.arg(status)};
    if (note.trimmed().isEmpty())
        return Error{u"a resolution needs a note saying how it was settled"_s};
    // What retries of the key are answered from now on. The note stays with the operators.
    const ApiResponse answer = problemResponse(
        409, u"operation-resolved"_s, u"Settled by an operator"_s,
        status == u"failed"_s
            ? u"The operation under this Idempotency-Key did not complete, and an operator settled it as failed: "
              "it did not take effect. Send it again with a new key."_s
            : u"The operation under this Idempotency-Key did not complete, and an operator could not tell whether it "
              "took effect. Check its effects before sending it again with a new key."_s);
    return inTransaction(m_connection, [&]() -> Status {
        auto resolved =
            m_connection.exec(u"UPDATE idempotency_keys SET status = ?, completed_at = now(), resolution_note = ?,"
                              " response_status = ?, response_headers = ?::jsonb, response_body = decode(?, 'hex')"
                              " WHERE id = ? AND status = 'processing' AND locked_until < now()"
                              " RETURNING tenant, operation, idempotency_key"_s,
                              {status, note.trimmed(), answer.status, headersJson(answer.headers),
                               QString::fromLatin1(answer.body.toHex()), recordId});
        if (!resolved)
            return Error{u"cannot resolve idempotency record %1: %2"_s.arg(recordId).arg(resolved.error())};
        if (!resolved.value().next()) {
            auto current = m_connection.exec(
                u"SELECT status, locked_until >= now(), locked_until FROM idempotency_keys WHERE id = ?"_s, {recordId});
            if (!current)
                return Error{current.error()};
            if (!current.value().next())
                return Error{u"idempotency record %1 does not exist"_s.arg(recordId)};
            if (current.value().value(0).toString() != u"processing"_s)
                return Error{u"idempotency record %1 is already settled (%2)"_s.arg(recordId).arg(
                    current.value().value(0).toString())};
            return Error{
                u"idempotency record %1 is within its lock until %2: its operation may still be running"_s.arg(recordId)
                    .arg(toUtc(current.value().value(2)).toString(Qt::ISODate))};
        }
        const QSqlQuery &row = resolved.value();
        return recordAudit(m_connection, u"idempotency.resolve"_s, u"idempotency record %1"_s.arg(recordId), note,
                           {{u"status"_s, status},
                            {u"tenant"_s, row.value(0).toString()},
                            {u"operation"_s, row.value(1).toString()},
                            {u"idempotency_key"_s, row.value(2).toString()}});
    });
}

} // namespace hookyard::core
