#pragma once

#include "db/Database.h"
#include "idempotency/ApiResponse.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUuid>

#include <chrono>
#include <optional>

namespace hookyard::core {

// Which operation an Idempotency-Key belongs to: one tenant's key for one operation. The same key under another
// tenant or for another operation is another key.
struct IdempotencyScope
{
    QString tenant;
    QString operation; // "POST /v1/events"
    QString key;       // 1 to 255 characters
};

// What a request's identity is for "the same request": SHA-256 over the method, the path, the query and the body,
// each length-prefixed so that bytes cannot move from one part to the next. The body is taken as bytes: JSON that
// differs only in whitespace or key order is a different request.
QByteArray requestFingerprint(const QByteArray &method, const QByteArray &path, const QByteArray &query,
                              const QByteArray &body);

// What a request with an Idempotency-Key may do.
struct Reservation
{
    enum class Kind
    {
        Reserved,   // the key is this request's: run the operation, then settle or release the record
        Replay,     // finished before: answer `stored`, do not run
        InProgress, // another request with this key runs now (or its process died: stuck since lockedUntil)
        Mismatch,   // the key was used for a different request
    };
    Kind kind = Kind::Reserved;
    qint64 recordId = 0;
    ApiResponse stored;    // Replay
    QDateTime lockedUntil; // InProgress; in the past for a stuck record
};

// An idempotency record as operators see it.
struct IdempotencyRecord
{
    qint64 id = 0;
    QString tenant;
    QString operation;
    QString key;
    QString status;     // processing, succeeded, failed, unknown
    bool stuck = false; // processing past its lock timeout
    QDateTime createdAt;
    QDateTime lockedUntil;
    QDateTime completedAt;
    QDateTime expiresAt;
    std::optional<int> responseStatus;
    QString resourceId;
    QString resolutionNote;
};

// Which records `list` returns.
struct IdempotencyListFilter
{
    QString tenant;       // empty: every tenant
    QStringList statuses; // processing, succeeded, failed, unknown; empty: all
    bool stuckOnly = false;
    int limit = 100;
};

// All SQL on idempotency_keys (resources/migrations/0011_idempotency.sql; the contract is PROTOCOLS.md section 4).
class IdempotencyStore final
{
public:
    explicit IdempotencyStore(const DatabaseConnection &connection);

    // Reserves the key with one INSERT ... ON CONFLICT: the unique (tenant, operation, key) constraint decides who
    // runs, never a read before the write. The record is committed as 'processing' before the operation runs
    // (the connection must not be inside a transaction), with a lock of `lockTimeout` (after which it counts as
    // stuck) and kept for `retention`. A settled record past its retention is taken over as a new reservation.
    Result<Reservation> reserve(const IdempotencyScope &scope, const QByteArray &fingerprint,
                                std::chrono::seconds lockTimeout, std::chrono::seconds retention) const;

    // Stores the answer of a reserved record: 'succeeded' for a 2xx, 'failed' for a 4xx (a 5xx is released, never
    // settled). Runs in the connection's current transaction, so that it commits with the operation's own work. An
    // error when the record is no longer 'processing' (an operator settled it meanwhile): the caller rolls back.
    Status settle(qint64 recordId, const ApiResponse &response, const QUuid &resource = {}) const;

    // Deletes a reserved record whose operation failed with a 5xx and committed nothing: a retry runs again.
    Status release(qint64 recordId) const;

    // Deletes up to `batch` settled records past their retention; returns how many. 'processing' records stay.
    Result<int> purgeExpired(int batch = 10000) const;

    Result<QList<IdempotencyRecord>> list(const IdempotencyListFilter &filter) const;

    // An operator settles a 'processing' record (normally a stuck one) as 'failed' (it did not take effect) or
    // 'unknown' (nobody can tell), with a note; audited in the same transaction. Retries of its key are then
    // answered 409 operation-resolved with the note (stored like any 4xx answer), and the operation is never run
    // again under that key within the retention window.
    Status resolve(qint64 recordId, const QString &status, const QString &note) const;

private:
    const DatabaseConnection &m_connection;
};

} // namespace hookyard::core
