#include "idempotency/ApiTokens.h"

#include "audit/AuditLog.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QSqlQuery>

#include <openssl/crypto.h>
#include <openssl/rand.h>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

constexpr QByteArrayView kPrefix("hyk_");
constexpr qsizetype kLookupBytes = 6;  // 12 hex digits: enough to find the row, not a secret
constexpr qsizetype kSecretBytes = 32; // the strength of the token
// "hyk_" + lookup + "_" + base64url of the secret without padding.
constexpr qsizetype kTokenSize = 4 + 2 * kLookupBytes + 1 + 43;

Result<QByteArray> randomBytes(qsizetype count)
{
    QByteArray bytes(count, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(bytes.data()), int(bytes.size())) != 1)
        return Error{u"OpenSSL could not generate random bytes for a token"_s};
    return bytes;
}

QByteArray sha256(const QByteArray &token)
{
    return QCryptographicHash::hash(token, QCryptographicHash::Sha256);
}

// The lookup part of a well-formed token; empty otherwise.
QByteArray lookupOf(const QByteArray &token)
{
    static const QRegularExpression shape(u"^hyk_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$"_s);
    if (token.size() != kTokenSize)
        return {};
    const auto match = shape.match(QString::fromLatin1(token));
    return match.hasMatch() ? match.captured(1).toLatin1() : QByteArray();
}

} // namespace

ApiTokens::ApiTokens(const DatabaseConnection &connection)
    : m_connection(connection)
{}

Result<QString> ApiTokens::add(const QString &tenant, const QString &reason) const
{
    static const QRegularExpression name(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$"_s);
    if (!name.match(tenant).hasMatch())
        return Error{u"a tenant is 1 to 63 letters, digits, '.', '_' or '-', starting with a letter or digit; got "
                     "'%1'"_s.arg(tenant)};
    const auto lookup = randomBytes(kLookupBytes);
    const auto secret = randomBytes(kSecretBytes);
    if (!lookup)
        return Error{lookup.error()};
    if (!secret)
        return Error{secret.error()};
    const QByteArray lookupHex = lookup->toHex();
    const QByteArray token = kPrefix.toByteArray() + lookupHex + '_' +
                             secret->toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    return inTransaction(m_connection, [&]() -> Result<QString> {
        auto inserted = m_connection.exec(u"INSERT INTO api_tokens (tenant, lookup, token_sha256) VALUES (?, ?, ?)"_s,
                                          {tenant, QString::fromLatin1(lookupHex), sha256(token)});
        if (!inserted)
            return Error{u"cannot add the token: "_s + inserted.error()};
        if (auto audited = recordAudit(m_connection, u"api-token.add"_s, u"tenant "_s + tenant, reason,
                                       {{u"tenant"_s, tenant}, {u"lookup"_s, QString::fromLatin1(lookupHex)}});
            !audited)
            return Error{audited.error()};
        return QString::fromLatin1(token);
    });
}

Result<QList<ApiTokenInfo>> ApiTokens::list() const
{
    auto query = m_connection.exec(
        u"SELECT id, tenant, lookup, created_at, revoked_at FROM api_tokens ORDER BY created_at DESC, id DESC"_s);
    if (!query)
        return Error{u"cannot list the API tokens: "_s + query.error()};
    QList<ApiTokenInfo> tokens;
    while (query.value().next()) {
        const QSqlQuery &row = query.value();
        tokens.append({row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toString(), toUtc(row.value(3)),
                       toUtc(row.value(4))});
    }
    return tokens;
}

Result<QString> ApiTokens::revoke(const QString &lookup, const QString &reason) const
{
    const QString bare = lookup.startsWith(u"hyk_"_s) ? lookup.mid(4).section(u'_', 0, 0) : lookup;
    return inTransaction(m_connection, [&]() -> Result<QString> {
        auto revoked = m_connection.exec(u"UPDATE api_tokens SET revoked_at = now() "
                                         "WHERE lookup = ? AND revoked_at IS NULL RETURNING tenant"_s,
                                         {bare});
        if (!revoked)
            return Error{u"cannot revoke the token: "_s + revoked.error()};
        if (!revoked.value().next()) {
            // Said apart from a lookup nobody made: the operator wants to know the token already does not work.
            auto earlier = m_connection.exec(u"SELECT revoked_at FROM api_tokens WHERE lookup = ?"_s, {bare});
            if (earlier && earlier.value().next())
                return Error{u"the API token '%1' was already revoked at %2; it does not work"_s.arg(
                    bare, toUtc(earlier.value().value(0)).toString(Qt::ISODateWithMs))};
            return Error{u"no API token has the lookup '%1' (see hookyard api-token list)"_s.arg(bare)};
        }
        const QString tenant = revoked.value().value(0).toString();
        if (auto audited = recordAudit(m_connection, u"api-token.revoke"_s, u"tenant "_s + tenant, reason,
                                       {{u"tenant"_s, tenant}, {u"lookup"_s, bare}});
            !audited)
            return audited.failure();
        return bare;
    });
}

Result<std::optional<QString>> ApiTokens::authenticate(const QByteArray &token) const
{
    const QByteArray lookup = lookupOf(token);
    if (lookup.isEmpty())
        return std::optional<QString>();
    auto query =
        m_connection.exec(u"SELECT tenant, token_sha256 FROM api_tokens WHERE lookup = ? AND revoked_at IS NULL"_s,
                          {QString::fromLatin1(lookup)});
    if (!query)
        return Error{query.error()};
    if (!query.value().next())
        return std::optional<QString>();
    const QByteArray stored = query.value().value(1).toByteArray();
    const QByteArray presented = sha256(token);
    if (stored.size() != presented.size() ||
        CRYPTO_memcmp(stored.constData(), presented.constData(), size_t(presented.size())) != 0)
        return std::optional<QString>();
    return std::optional<QString>(query.value().value(0).toString());
}

} // namespace hookyard::core
