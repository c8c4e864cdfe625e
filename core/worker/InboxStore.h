#pragma once

#include "db/Database.h"
#include "db/ReplayFilter.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hookyard::core {

// An inbox row this worker holds a lease on, with what the receiver extracted from it.
struct ClaimedInboxMessage
{
    QString inboxId; // webhook_inbox.id: also the handler's Idempotency-Key
    QString partnerName;
    std::optional<bool> signatureVerified;
    QString eventType;  // empty when the receiver found none
    QString entityType; // empty: the entity type "" (a partner whose events name no entity type)
    QString entityId;   // empty when the receiver found none
    bool hasEventTime = false;
    QByteArray rawBody;
    int attemptCount = 0; // failed attempts since the row was (re)queued: its position in the retry schedule
    int deferCount = 0;
    QDateTime deferredSince; // invalid before the first deferral
};

// One entity whose state the worker maintains (entity_states), as a partner names it.
struct EntityKey
{
    qint64 partnerId = 0;
    QString partnerName;
    QString entityType; // empty when the partner names none: NULL in webhook_inbox, '' in state_transitions and
                        // entity_states
    QString entityId;
};

struct EntityState
{
    // How the event being processed compares with the newest event applied to the entity. Newer also when either
    // time is unknown.
    enum class EventTime
    {
        Newer,
        Same,
        Older
    };
    QString state;
    EventTime eventTime = EventTime::Newer;
};

struct StateTransition
{
    QStringList fromStates; // empty: the event creates the entity, which must not exist yet
    QString toState;
};

// One attempt at a row, for its timeline (inbox_attempts): a failed one, or a handler call that succeeded.
struct InboxAttempt
{
    int attemptNo = 0; // counted from 1 since the row was last queued
    QDateTime startedAt{};
    std::optional<int> durationMs{}; // of the handler call; none when no call was made
    std::optional<int> statusCode{}; // the handler's HTTP answer, if one came
    QString errorClass{};            // of the handler call (ok, timeout, refused, ...); empty when none was made
    QString errorDetail{};           // why it failed
};

// Where a row goes when the worker is done with it for now. Applied together with clearing the lease.
struct InboxSettlement
{
    QString status{};           // PENDING (retry later), DEFERRED, PROCESSED, QUARANTINED
    bool failedAttempt = false; // counts one more failure against the retry schedule
    QDateTime nextAttemptAt{};  // when the row is due again (PENDING, DEFERRED); invalid: unchanged
    QDateTime deferredSince{};  // invalid: unchanged
    std::optional<int> deferCount{};
    QString waitingFor{}; // what a DEFERRED row waits for, kept on a row quarantined for waiting too long
    QString reason{};     // why it is QUARANTINED, the last failure, or a note on a PROCESSED row
    std::optional<InboxAttempt> attempt{}; // recorded with the settlement, in one transaction
};

// All SQL the inbox worker runs against webhook_inbox, entity_states and state_transitions. One
// instance per connection. Methods that change a row touch it only while this instance's lease on it holds.
class InboxStore final
{
public:
    InboxStore(const DatabaseConnection &connection, QString instance);

    // Leases up to `limit` due rows (PENDING, or DEFERRED with a due re-check), none of the skipped partners', with
    // FOR UPDATE SKIP LOCKED, so concurrent workers never take the same row; a dead worker's rows return once
    // leaseSeconds have passed.
    Result<QList<ClaimedInboxMessage>> claim(int limit, const QDateTime &now, int leaseSeconds,
                                             const QStringList &skippedPartners = {}) const;

    // Adopts PENDING and DEFERRED webhook_inbox rows written by someone who knows only PRODUCT.md's columns (their
    // raw_body is NULL), so they are claimed and processed (and quarantined, visibly, when the mode needs fields they
    // lack), and wakes the workers when there were any. Returns how many.
    Result<int> adoptUnlinkedRows() const;

    // Gives claimed rows that were never processed back to the pool (graceful shutdown).
    Status releaseLeases(const QStringList &inboxIds) const;

    // Inside the processing transaction: serialises everything that reads or changes one entity, whether it exists
    // yet or not, until the transaction ends. False when another transaction holds it now.
    Result<bool> tryLockEntity(const EntityKey &entity) const;
    // Inside the processing transaction, after the entity: locks the row. nullopt: another transaction has it
    // locked right now; false: this worker's lease on it has gone to someone else.
    Result<std::optional<bool>> lockMessage(const QString &inboxId) const;

    Result<std::optional<StateTransition>> transition(const EntityKey &entity, const QString &eventType) const;
    // The entity's state, compared with the event time of inbox row inboxId; nullopt when the entity does not exist.
    Result<std::optional<EntityState>> entityState(const EntityKey &entity, const QString &inboxId) const;
    // Creates or moves the entity to `state`, as applied by inbox row inboxId (its event time becomes the entity's).
    Status applyState(const EntityKey &entity, const QString &state, const QString &inboxId) const;
    // Makes every other DEFERRED row of the entity due at `now` and, if there were any, notifies the workers (on
    // commit). Returns how many.
    Result<int> wakeDeferred(const EntityKey &entity, const QString &exceptInboxId, const QDateTime &now) const;
    // Brings the re-check of the DEFERRED rows of each partner in `maxAgeSeconds` (by name) forward to when their
    // deferral reaches that age, where that is earlier than planned, so that a lowered defer_max_age_s holds for rows
    // deferred before. One statement for all of them. Returns how many rows.
    Result<int> shortenDeferrals(const QHash<QString, int> &maxAgeSeconds) const;
    // Makes the DEFERRED rows of these partners due now, for a partner whose rows wait under rules that no longer
    // hold: its mode changed, or it was removed (its rows then fail as not configured and are quarantined).
    Result<int> recheckDeferred(const QStringList &partnerNames) const;

    // False when the lease on the row has gone to someone else (nothing is changed then).
    Result<bool> settle(const QString &inboxId, const InboxSettlement &settlement) const;
    // Records an attempt at a row this instance holds; in the transaction open on the connection, if any.
    Status recordAttempt(const QString &inboxId, const InboxAttempt &attempt) const;

private:
    const DatabaseConnection &m_connection;
    QString m_instance;
};

// An inbox id as a person writes it (with or without braces, any case) in the form webhook_inbox stores it; nothing
// when the text is no UUID. The nil UUID is one (of no row): QUuid alone reads it like text that is not a UUID.
std::optional<QString> parseInboxId(const QString &text);

// Which inbox rows a replay puts back in the queue: one by id, or every quarantined row of a partner that `filter`
// lets through (its event type, when it was received).
struct InboxReplaySelection
{
    QStringList inboxIds = {};
    QString partnerName = {}; // with inboxIds empty: this partner's QUARANTINED rows
    ReplayFilter filter = {}; // with partnerName
    bool dryRun = false;      // count what a replay would take; change nothing, write no audit record
};

// Puts the selected QUARANTINED rows back to PENDING, due now, with their attempts, deferrals and any resolution
// forgotten, writes one audit record and wakes the workers — all in one transaction (or, for a dry run, only counts).
// Listed rows in any other status, or whose partner is gone (the worker would only quarantine them again), are left
// alone (a single listed row is refused, saying why). Returns the number replayed.
Result<int> replayInbox(const DatabaseConnection &connection, const InboxReplaySelection &selection,
                        const QString &reason);

// Which inbox rows `hookyard inbox list` shows.
struct InboxListFilter
{
    QStringList statuses = {QStringLiteral("DEFERRED"), QStringLiteral("QUARANTINED")}; // any of inboxStatuses()
    QString partnerName = {};                                                           // empty: every partner
    QString partnerEventId = {}; // empty: every event; else the partner's event id
    int limit = 100;
};

// One inbox row as `hookyard inbox list` shows it: `why` is what a DEFERRED row waits for, or why a QUARANTINED
// row was quarantined (or the last failure of a row still to be retried).
struct InboxListRow
{
    QString id;
    QDateTime receivedAt;
    QString partnerName;
    QString partnerEventId;
    QString status;
    QString eventType;
    QString entityType;
    QString entityId;
    QString why;
    int deferCount = 0;
    int attemptCount = 0;
    QDateTime nextCheckAt; // of a PENDING or DEFERRED row
    bool resolved = false; // settled by a person (the console's Resolve): nothing left to do
};

// SQL, over webhook_inbox w: why a row is where it is — what a DEFERRED row waits for, else the
// reason it was quarantined (or its last failure). The console's views and `inbox list` show it.
extern const QString kInboxWhySql;

// The statuses of webhook_inbox, as the table's CHECK names them.
const QStringList &inboxStatuses();

// Matching rows, newest first. A partner that names none, with no row of it, is an error (a misspelt name would
// read as "nothing waiting"). An event id without a partner is looked for among every partner's rows, a removed
// partner's included.
Result<QList<InboxListRow>> listInbox(const DatabaseConnection &connection, const InboxListFilter &filter);

} // namespace hookyard::core
