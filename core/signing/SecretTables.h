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

// How a secret's text becomes the key it signs with. Two texts with the same key are the same secret: a Standard
// Webhooks secret is base64, with or without its padding; every other scheme signs with the text's bytes.
enum class SecretKeying
{
    Text,
    StandardBase64
};

// The key `secret` signs with (its text's bytes when it is not valid base64).
QByteArray secretKey(const QString &secret, SecretKeying keying);

// These run in the caller's transaction, with the owner's row locked.

// Adds an active secret.
Status addSecret(const DatabaseConnection &connection, SecretTable table, qint64 ownerId, const QString &secret);
// Drops the secrets that have expired, lets the active ones expire after `grace` and adds `secret`. Returns how many
// were set to expire.
// Refuses a secret whose key is one still active.
Result<qint64> rotateSecrets(const DatabaseConnection &connection, SecretTable table, qint64 ownerId,
                             std::chrono::seconds grace, const QString &secret, SecretKeying keying);

// The dates of the owner's secrets, oldest first.
Result<QList<SecretInfo>> secretDates(const DatabaseConnection &connection, SecretTable table, qint64 ownerId);

} // namespace hookyard::core
