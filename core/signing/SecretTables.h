#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <chrono>

namespace hookyard::core {

// A secret as it may be shown: never its value.
struct SecretInfo
{
    QDateTime createdAt;
    QDateTime expiresAt; // invalid: active until the next rotation
};

// The stored secrets of endpoints (endpoint_secrets) and of partners (partner_secrets): tables alike but for their
// names, which come only from here.
enum class SecretTable
{
    Endpoint,
    Partner
};

// These run in the caller's transaction, with the owner's row locked.

// Adds an active secret.
Status addSecret(const DatabaseConnection &connection, SecretTable table, qint64 ownerId, const QString &secret);
// Drops the secrets that have expired, lets the active ones expire after `grace` and adds `secret`. Returns how many
// were set to expire.
Result<qint64> rotateSecrets(const DatabaseConnection &connection, SecretTable table, qint64 ownerId,
                             std::chrono::seconds grace, const QString &secret);

// The dates of the owner's secrets, oldest first.
Result<QList<SecretInfo>> secretDates(const DatabaseConnection &connection, SecretTable table, qint64 ownerId);

} // namespace hookyard::core
