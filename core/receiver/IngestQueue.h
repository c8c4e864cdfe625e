#pragma once

#include "db/ConnectionSettings.h"
#include "http/HeaderMap.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QMutex>
#include <QSet>
#include <QString>
#include <QUuid>
#include <QWaitCondition>

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QThread;

// "hookyard.receiver": what the receiver and its ingest queue log.
Q_DECLARE_LOGGING_CATEGORY(lcReceiver)

namespace hookyard::core {

class DatabaseConnection;

// A verified webhook, ready to be stored.
struct IngestItem
{
    qint64 partnerId = 0;
    QString partnerName;
    QString partnerEventId;
    QByteArray rawBody; // valid JSON (checked by the receiver): stored verbatim as the payload
    QString eventType;
    QString entityType;
    QString entityId;
    std::optional<QDateTime> eventTime;
    HeaderMap headers; // the ones worth keeping; never a secret
};

enum class IngestResult
{
    Stored,      // a new inbox row committed
    Duplicate,   // the (partner, event id) was already stored: no second row
    Unavailable, // the database could not be reached or failed the write: answer 503, the sender retries
    Refused,     // PostgreSQL refused this item's values (a data exception): a retry would fail the same way
};

struct IngestOutcome
{
    IngestResult result = IngestResult::Unavailable;
    // For Refused: PostgreSQL's message. For a Duplicate: empty, unless its JSON differs from the event stored under
    // its id; then what the console is told (the stored event stays as it is).
    QString reason;
};

// A request the receiver turned away, kept for the console (best effort: losing one never blocks ingest).
struct RejectedRequest
{
    QString partnerName;
    QString remoteAddress;
    int statusCode = 0;
    QString reason;
    HeaderMap headers;
    QByteArray body; // only a snippet is kept
    // Set when the request was turned away before its body was read: the length it announced (0 without one).
    std::optional<qint64> unreadBodyBytes;
    QDateTime receivedAt; // set by IngestQueue::reject(): a reject held while the database is down keeps its time
};

// Group commit for the receiver: HTTP handlers submit items from any thread with a completion callback; `connections`
// database threads, each with a connection of its own, take what has queued up (up to maxBatch), insert it with ONE
// statement in its own transaction (into webhook_inbox, ON CONFLICT DO NOTHING), and then call
// every callback, on that thread. Many requests share one commit. With more than one connection, commits can be in
// flight at once (and PostgreSQL's group commit can merge their WAL flushes): a free thread starts a batch at once
// when no commit is in flight, and next to commits in flight only once the queue holds as many requests as the
// largest of them (mayStartBatch), so that the fixed cost of a commit is not paid for a row or two. A callback hears
// Stored or Duplicate only after the commit; a failure is Unavailable, never a success. (On the 2-core benchmark
// machine more connections were slower than one, whose batches grow with the load: they split the same requests into
// more, smaller commits, and two sessions spent nearly twice the PostgreSQL CPU per row. They are for a database
// that one session cannot keep busy. docs/benchmarks.md.)
//
// A batch that PostgreSQL refuses with a data exception (SQLSTATE class 22: jsonb is stricter than Qt's JSON parser,
// which takes a raw control character inside a string, say) is tried again one row at a time, so that only the rows
// whose own values fail are Refused and the others are stored: one such body must not cost every request it shares
// a batch with a 503, on every retry.
//
// Batches committing at the same time are kept apart by the unique (partner_name, partner_event_id) constraint: a
// batch that meets another's uncommitted row for the same event waits for that transaction, then skips the row
// (Duplicate) or, when it rolled back, inserts it (Stored). Every batch inserts its rows in key order, so batches
// never wait for each other in a cycle.
//
// A duplicate is answered 200 whatever its body (the sender must not retry it for ever), but one whose JSON differs
// from the stored event's is not silent: once its batch has committed it is compared (one statement for the batch's
// duplicates, none for a batch without any), and such a duplicate gets a reason, kept by the receiver in
// rejected_requests, and is counted (changedDuplicates). JSON equality as jsonb sees it: a re-sent event whose keys
// or spaces moved is the same event.
//
// The inbox workers are woken by a NOTIFY on hookyard_inbox, which one more thread sends on a connection of its own
// after commits that stored rows, at most one every kNotifyIntervalMs. The ingest transactions send none themselves: a
// transaction that notifies holds a database-wide lock from just before its commit until after its WAL flush, so
// notifying commits take turns and never share a flush (resources/migrations/0010_ingest.sql).
class IngestQueue final
{
public:
    static constexpr int kRejectedRowsKept = 100000;
    static constexpr int kNotifyIntervalMs = 10;

    IngestQueue(ConnectionSettings settings, int maxBatch, int connections);
    ~IngestQueue();
    Q_DISABLE_COPY_MOVE(IngestQueue)

    using Completion = std::function<void(const IngestOutcome &)>;
    void submit(IngestItem item, Completion done);
    void reject(RejectedRequest request);

    // For /health and /metrics.
    bool databaseReachable() const { return m_reachable.load(); }
    // How long the longest database call in progress has been waiting (a batch, a reconnect, the idle check), in ms;
    // 0 when none is. A database that accepts connections but stops answering (stopped, or cut off without a reset)
    // shows here, not in databaseReachable().
    qint64 longestDatabaseWaitMs() const;
    qint64 commits() const { return m_commits.load(); }
    qint64 rowsCommitted() const { return m_rowsCommitted.load(); }
    qint64 duplicates() const { return m_duplicates.load(); }
    qint64 changedDuplicates() const { return m_changedDuplicates.load(); }
    int queueDepth() const;

private:
    struct Pending;
    static Result<QSet<QUuid>> insertBatch(const DatabaseConnection &connection,
                                           const std::vector<std::unique_ptr<Pending>> &batch, size_t first,
                                           size_t count);
    // Gives each Duplicate in `outcomes` whose JSON differs from the stored event's a reason saying so.
    void explainChangedDuplicates(const DatabaseConnection &connection,
                                  const std::vector<std::unique_ptr<Pending>> &batch,
                                  std::vector<IngestOutcome> &outcomes);
    bool mayStartBatch() const; // with m_mutex held
    void run(size_t slot);
    void runNotifier();
    // Reachability as the database threads see it, with m_mutex held inside. `failuresBefore` is the count of
    // failures read before the connection was opened: a failure since then leaves the database unreachable.
    void connectionOpened(quint64 failuresBefore);
    void connectionFailed(const QString &why);

    ConnectionSettings m_settings;
    int m_maxBatch;
    mutable QMutex m_mutex;
    QWaitCondition m_wake;
    std::deque<std::unique_ptr<Pending>> m_queue;
    std::deque<RejectedRequest> m_rejected;
    std::vector<int> m_inFlight; // requests in each thread's commit, by thread; 0 while it has none
    QElapsedTimer m_clock;       // started at construction: the time base of m_busySince
    // When each thread's current round of database calls began, on m_clock; -1 while it waits for work.
    std::unique_ptr<std::atomic<qint64>[]> m_busySince;
    bool m_stopping = false;
    QWaitCondition m_notifyWake;
    bool m_notifyPending = false;    // rows were committed after the latest NOTIFY began
    bool m_notifierStopping = false; // set once every ingest thread has finished
    QString m_lastFailure;           // logged once, until a connection succeeds again
    // Failures on any connection so far. A thread whose connection was opened before the latest one reconnects before
    // its next batch: a server restart ends every session, and each stale one would cost its next batch a 503.
    std::atomic<quint64> m_failures{0};
    std::atomic<bool> m_reachable{false};
    std::atomic<qint64> m_commits{0};
    std::atomic<qint64> m_rowsCommitted{0};
    std::atomic<qint64> m_duplicates{0};
    std::atomic<qint64> m_changedDuplicates{0};
    std::vector<std::unique_ptr<QThread>> m_threads;
    std::unique_ptr<QThread> m_notifier;
};

} // namespace hookyard::core
