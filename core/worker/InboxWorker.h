#pragma once

#include "db/ConnectionSettings.h"
#include "relay/BackgroundLoop.h"
#include "relay/Clock.h"

#include <atomic>

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
// (the receiver's NOTIFY after its commit, or a worker's after adopting rows a producer wrote) or an entity that
// advanced wakes it at once; polling is only the fallback.
//
// requestStop() stops claiming, lets handler calls in progress finish and commit, and gives unstarted claims back.
class InboxWorker final : public BackgroundLoop
{
    Q_OBJECT
public:
    // `clock` (not owned, may be null for the system clock) must outlive the worker.
    InboxWorker(ConnectionSettings settings, InboxWorkerOptions options, const Clock *clock = nullptr);
    ~InboxWorker() override;
    Q_DISABLE_COPY_MOVE(InboxWorker)

    const QString &instanceName() const { return m_options.instanceName; }
    // Rows this worker moved to each status, and failed attempts (handler failures, poison rows).
    qint64 processedCount() const { return m_processed.load(); }
    qint64 deferredCount() const { return m_deferred.load(); }
    qint64 quarantinedCount() const { return m_quarantined.load(); }
    qint64 failedAttemptCount() const { return m_failedAttempts.load(); }

private:
    class Loop;
    QString runLoop() override;

    ConnectionSettings m_settings;
    InboxWorkerOptions m_options;
    SystemClock m_systemClock;
    const Clock *m_clock;
    std::atomic<qint64> m_processed{0};
    std::atomic<qint64> m_deferred{0};
    std::atomic<qint64> m_quarantined{0};
    std::atomic<qint64> m_failedAttempts{0};
};

} // namespace hookyard::core
