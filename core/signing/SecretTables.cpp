#include "signing/SecretTables.h"

#include "signing/Signatures.h"

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// `sql` with %1 the table and %2 its owner's key column; values are bound, never spliced.
QString forTable(const QString &sql, SecretTable table)
{
    switch (table) {
    case SecretTable::Endpoint:
        return sql.arg(u"endpoint_secrets"_s, u"endpoint_id"_s);
    case SecretTable::Partner:
        return sql.arg(u"partner_secrets"_s, u"partner_id"_s);
    }
    Q_UNREACHABLE();
}

// A secret already due to expire sooner keeps its earlier expiry.
const QString kExpireActiveSecrets = uR"(
WITH expiring AS (
  UPDATE %1 SET expires_at = least(coalesce(expires_at, 'infinity'), now() + make_interval(secs => ?))
  WHERE %2 = ? AND (expires_at IS NULL OR expires_at > now())
  RETURNING 1
)
SELECT count(*) FROM expiring
)"_s;

} // namespace

QByteArray secretKey(const QString &secret, SecretKeying keying)
{
    if (keying == SecretKeying::StandardBase64) {
        if (auto key = signing::standardSecretKey(secret))
            return key.value();
    }
    return secret.toUtf8();
}

Status addSecret(const DatabaseConnection &connection, SecretTable table, qint64 ownerId, const QString &secret)
{
    if (auto stored =
            connection.exec(forTable(u"INSERT INTO %1 (%2, secret) VALUES (?, ?)"_s, table), {ownerId, secret});
        !stored)
        return Error{stored.error()};
    return success();
}

Result<qint64> rotateSecrets(const DatabaseConnection &connection, SecretTable table, qint64 ownerId,
                             std::chrono::seconds grace, const QString &secret, SecretKeying keying)
{
    // Rotating to a secret still valid would leave the old one in use twice over, and expiring it would end the new
    // one too (found by an exploring helper: the same secret given twice was kept twice). Compared by key: the same
    // base64 without its padding was taken for a new secret (found by another).
    auto active = connection.exec(
        forTable(u"SELECT secret FROM %1 WHERE %2 = ? AND (expires_at IS NULL OR expires_at > now())"_s, table),
        {ownerId});
    if (!active)
        return Error{active.error()};
    const QByteArray newKey = secretKey(secret, keying);
    while (active.value().next()) {
        if (secretKey(active.value().value(0).toString(), keying) == newKey)
            return Error{u"the new secret is one still in use: rotate to a different one"_s};
    }
    // Secrets that expired before this rotation can no longer be used: drop them.
    if (auto dropped =
            connection.exec(forTable(u"DELETE FROM %1 WHERE %2 = ? AND expires_at <= now()"_s, table), {ownerId});
        !dropped)
        return Error{dropped.error()};
    auto expiring = connection.exec(forTable(kExpireActiveSecrets, table), {qint64(grace.count()), ownerId});
    if (!expiring)
        return Error{expiring.error()};
    if (!expiring.value().next())
        return Error{u"the database returned no row"_s};
    const qint64 expiringCount = expiring.value().value(0).toLongLong();
    if (auto added = addSecret(connection, table, ownerId, secret); !added)
        return Error{added.error()};
    return expiringCount;
}

Result<QList<SecretInfo>> secretDates(const DatabaseConnection &connection, SecretTable table, qint64 ownerId)
{
    auto query = connection.exec(
        forTable(u"SELECT created_at, expires_at FROM %1 WHERE %2 = ? ORDER BY created_at, id"_s, table), {ownerId});
    if (!query)
        return Error{query.error()};
    QList<SecretInfo> secrets;
    while (query.value().next())
        secrets << SecretInfo{toUtc(query.value().value(0)), toUtc(query.value().value(1))};
    return secrets;
}

} // namespace hookyard::core
