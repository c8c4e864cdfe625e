#pragma once

#include "db/ConnectionSettings.h"
#include "relay/BackgroundLoop.h"
#include "relay/Clock.h"
#include "relay/DeliveryStore.h"

#include <atomic>
#include <optional>

namespace hookyard::core {

struct RelayOptions
{
    QString instanceName;                // recorded on leases and attempts; default "<host>/<pid>/<n>"
    int batchSize = 128;                 // deliveries claimed per statement
    int concurrency = 128;               // HTTP requests in flight (and connections open) at most
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
//
// A request that timed out or lost its connection after the body was sent may have been acted on. When its endpoint
// has a status URL, the delivery becomes `unknown` and the relay asks that URL (a GET among the POSTs, never a
// blocking call) on the endpoint's retry schedule before anything is sent again: delivered, not received (sent
// again with the same webhook-id), or still unknown. Without a status URL it is retried with the same webhook-id.
//
// requestStop() stops claiming, lets in-flight requests finish, records them and gives unsent claims back.
class Relay final : public BackgroundLoop
{
    Q_OBJECT
public:
    // `clock` (not owned, may be null for the system clock) must outlive the relay.
    Relay(ConnectionSettings settings, RelayOptions options, const Clock *clock = nullptr);
    ~Relay() override;
    Q_DISABLE_COPY_MOVE(Relay)

    const QString &instanceName() const { return m_options.instanceName; }
    qint64 attemptsMade() const { return m_attempts.load(); }
    qint64 deliveriesSucceeded() const { return m_delivered.load(); }

private:
    class Loop;
    QString runLoop() override;

    ConnectionSettings m_settings;
    RelayOptions m_options;
    SystemClock m_systemClock;
    const Clock *m_clock;
    std::atomic<qint64> m_attempts{0};
    std::atomic<qint64> m_delivered{0};
};

} // namespace hookyard::core
