#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace hookyard::core {

// A token as `api-token list` shows it: never its secret part.
struct ApiTokenInfo
{
    qint64 id = 0;
    QString tenant;
    QString lookup; // the public part: "hyk_<lookup>_..." names the token in lists and in `api-token revoke`
    QDateTime createdAt;
    QDateTime revokedAt; // invalid while the token is valid
};

// Per-tenant tokens of the HTTP API (table api_tokens). A token is "hyk_" + 12 hex digits (its lookup) + "_" + 43
// base64url characters (32 random bytes); only the SHA-256 of the whole token is stored. Adding and revoking write
// an audit row in the same transaction; the audit never holds the token.
class ApiTokens final
{
public:
    explicit ApiTokens(const DatabaseConnection &connection);

    // A new token for `tenant` (a name like an endpoint's: ^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$); returned once.
    Result<QString> add(const QString &tenant, const QString &reason) const;
    // Every token, newest first, revoked ones included.
    Result<QList<ApiTokenInfo>> list() const;
    // Revokes the token with this lookup (with or without the "hyk_" prefix, or the whole token); an unknown or
    // revoked one is an error. Returns the bare lookup, for saying which token went without echoing a whole one.
    Result<QString> revoke(const QString &lookup, const QString &reason) const;

    // The tenant of a valid token, taken from an "Authorization: Bearer" header value's token; nullopt for a token
    // that is malformed, unknown or revoked. The hash is compared in constant time. An Error means the database
    // could not be asked.
    Result<std::optional<QString>> authenticate(const QByteArray &token) const;

private:
    const DatabaseConnection &m_connection;
};

} // namespace hookyard::core
