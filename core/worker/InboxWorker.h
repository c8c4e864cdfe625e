#pragma once

#include "db/ConnectionSettings.h"
#include "relay/Clock.h"

#include <QMutex>
#include <QObject>

#include <atomic>

class QThread;

namespace hookyard::core {

struct InboxWorkerOptions
{
    QString instanceName;        // recorded on leases; default "<host>/<pid>/worker-<n>"
    int concurrency = 8;         // rows processed at once, each on a connection of its own (see below)
    int pollIntervalMs = 1000;   // fallback claim interval when no NOTIFY arrives (retries and re-checks falling due)
    int leaseMarginSeconds = 30; // a lease lasts the longest handler timeout plus this
};

// The inbox worker: claims received webhooks, checks each against its entity's state machine (or timestamp),
// applies it, forwards it to the partner's handler, and defers, retries or quarantines what cannot be applied
// (docs/inbox.md). It runs on a thread of its own with its own database connections; all public methods are
// thread-safe. Any number of workers, in one process or many, may run against one database: claims are leases taken
// with SKIP LOCKED, and everything that touches one entity is serialised by a transaction-scoped lock on it.
//
// A row's state change, its PROCESSED mark and the wake-up of the entity's deferred rows commit in one transaction,
// which stays open while the handler is called and commits only after a 2xx: a worker killed at any instant leaves
// the row to be done again, and the handler sees its Idempotency-Key (the inbox id) again at most. That is why each
// row in progress has a connection of its own.
//
// The loop sleeps in curl_multi_poll on the handler calls plus the LISTEN connection's socket, so an arriving row
// (the insert trigger's NOTIFY) or an entity that advanced wakes it at once; polling is only the fallback.
class InboxWorker final : public QObject
{
    Q_OBJECT
public:
    // `clock` (not owned, may be null for the system clock) must outlive the worker.
    InboxWorker(ConnectionSettings settings, InboxWorkerOptions options, const Clock *clock = nullptr);
    ~InboxWorker() override;
    Q_DISABLE_COPY_MOVE(InboxWorker)

    void start();
    // Stops claiming, lets handler calls in progress finish and commit, gives unstarted claims back; then `stopped`.
    void requestStop();
    bool waitUntilStopped(int timeoutMs);
    // Claim now instead of at the next poll (e.g. after an injected clock moved forward).
    void wakeUp();

    const QString &instanceName() const { return m_options.instanceName; }
    // Rows this worker moved to each status, and failed attempts (handler failures, poison rows).
    qint64 processedCount() const { return m_processed.load(); }
    qint64 deferredCount() const { return m_deferred.load(); }
    qint64 quarantinedCount() const { return m_quarantined.load(); }
    qint64 failedAttemptCount() const { return m_failedAttempts.load(); }

Q_SIGNALS:
    // Emitted from the worker's thread when it has stopped; error is empty after a clean stop.
    void stopped(const QString &error);

private:
    class Loop;
    ConnectionSettings m_settings;
    InboxWorkerOptions m_options;
    SystemClock m_systemClock;
    const Clock *m_clock;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<bool> m_wakeRequested{false};
    std::atomic<qint64> m_processed{0};
    std::atomic<qint64> m_deferred{0};
    std::atomic<qint64> m_quarantined{0};
    std::atomic<qint64> m_failedAttempts{0};
    QMutex m_wakeMutex;                         // guards m_transfers against the loop tearing it down
    class HttpTransfers *m_transfers = nullptr; // the loop's, while it runs
};

} // namespace hookyard::core
