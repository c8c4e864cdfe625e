#pragma once

#include "db/ConnectionSettings.h"
#include "relay/Clock.h"
#include "relay/DeliveryStore.h"

#include <QMutex>
#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

class QThread;

namespace hookyard::core {

struct RelayOptions
{
    QString instanceName;                // recorded on leases and attempts; default "<host>/<pid>/<n>"
    int batchSize = 100;                 // deliveries claimed per statement
    int concurrency = 64;                // HTTP requests in flight (and connections open) at most
    ClaimScope scope;                    // which deliveries this relay may take
    std::optional<double> ratePerSecond; // cap on attempts started per second by this relay
    int pollIntervalMs = 1000;           // fallback claim interval when no NOTIFY arrives (retries falling due)
    int leaseMarginSeconds = 30;         // a lease lasts the endpoint timeout plus this
    int flushDelayMs = 5;                // results wait at most this long to share one commit with others
};

// The outbox relay: claims due deliveries, signs and POSTs them, records every attempt, schedules retries and
// dead-letters. It runs on a thread of its own with its own database connections; all public methods are
// thread-safe. Any number of relays, in one process or many, may run against one database: claims are leases
// taken with SKIP LOCKED, so a delivery is never in flight at two relays at once.
//
// The loop sleeps in curl_multi_poll on the HTTP sockets plus the LISTEN connection's socket, so a NOTIFY from
// the fan-out trigger wakes it at once; polling every pollIntervalMs is only the fallback.
class Relay final : public QObject
{
    Q_OBJECT
public:
    // `clock` (not owned, may be null for the system clock) must outlive the relay.
    Relay(ConnectionSettings settings, RelayOptions options, const Clock *clock = nullptr);
    ~Relay() override;
    Q_DISABLE_COPY_MOVE(Relay)

    void start();
    // Stops claiming, lets in-flight requests finish, records them, gives unsent claims back; then `stopped`.
    void requestStop();
    bool waitUntilStopped(int timeoutMs);
    // Claim now instead of at the next poll (e.g. after an injected clock moved forward).
    void wakeUp();

    const QString &instanceName() const { return m_options.instanceName; }
    qint64 attemptsMade() const { return m_attempts.load(); }
    qint64 deliveriesSucceeded() const { return m_delivered.load(); }

Q_SIGNALS:
    // Emitted from the relay's thread when it has stopped; error is empty after a clean stop.
    void stopped(const QString &error);

private:
    class Loop;
    ConnectionSettings m_settings;
    RelayOptions m_options;
    SystemClock m_systemClock;
    const Clock *m_clock;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<bool> m_wakeRequested{false};
    std::atomic<qint64> m_attempts{0};
    std::atomic<qint64> m_delivered{0};
    QMutex m_wakeMutex;                         // guards m_transfers against the loop tearing it down
    class HttpTransfers *m_transfers = nullptr; // the loop's, while it runs
};

} // namespace hookyard::core
