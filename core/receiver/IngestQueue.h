#pragma once

#include "db/ConnectionSettings.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QMutex>
#include <QString>
#include <QWaitCondition>

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace hookyard::core {

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
    QHash<QByteArray, QByteArray> headers; // the ones worth keeping; never a secret
};

enum class IngestResult
{
    Stored,      // a new inbox row committed
    Duplicate,   // the (partner, event id) was already stored: no second row
    Unavailable, // the database could not be reached or refused the write: answer 503, the sender retries
};

// A request the receiver turned away, kept for the console (best effort: losing one never blocks ingest).
struct RejectedRequest
{
    QString partnerName;
    QString remoteAddress;
    int statusCode = 0;
    QString reason;
    QHash<QByteArray, QByteArray> headers;
    QByteArray body; // only a snippet is kept
};

// Group commit for the receiver: HTTP handlers submit items from any thread with a completion callback; one
// database thread takes whatever has queued up (up to maxBatch), inserts it in ONE transaction (webhook_inbox with
// ON CONFLICT DO NOTHING plus inbox_messages), and then calls every callback, on the database thread. Many
// requests share one commit's fsync, which is what lets ingest beat a single-row INSERT per transaction. A callback
// hears Stored or Duplicate only after the commit; a failure is Unavailable, never a success.
class IngestQueue final
{
public:
    static constexpr int kRejectedRowsKept = 100000;

    IngestQueue(ConnectionSettings settings, int maxBatch);
    ~IngestQueue();
    Q_DISABLE_COPY_MOVE(IngestQueue)

    using Completion = std::function<void(IngestResult)>;
    void submit(IngestItem item, Completion done);
    void reject(RejectedRequest request);

    // For /health and /metrics.
    bool databaseReachable() const { return m_reachable.load(); }
    qint64 commits() const { return m_commits.load(); }
    qint64 rowsCommitted() const { return m_rowsCommitted.load(); }
    qint64 duplicates() const { return m_duplicates.load(); }
    int queueDepth() const;

private:
    struct Pending;
    void run();

    ConnectionSettings m_settings;
    int m_maxBatch;
    mutable QMutex m_mutex;
    QWaitCondition m_wake;
    std::deque<std::unique_ptr<Pending>> m_queue;
    std::deque<RejectedRequest> m_rejected;
    bool m_stopping = false;
    std::atomic<bool> m_reachable{false};
    std::atomic<qint64> m_commits{0};
    std::atomic<qint64> m_rowsCommitted{0};
    std::atomic<qint64> m_duplicates{0};
    QThread *m_thread = nullptr;
};

} // namespace hookyard::core
