#pragma once

#include "db/ConnectionSettings.h"
#include "relay/DeliveryStore.h"
#include "util/Result.h"

#include <QHostAddress>
#include <QObject>

#include <memory>
#include <optional>

class QThread;

namespace hookyard::core {

class InboxWorker;
class Receiver;
class Relay;

// What the operator chose for the console's own relay: which deliveries it may take and how fast.
struct LocalRelaySettings
{
    ClaimScope scope;                    // empty fields: every endpoint, every event type
    std::optional<double> ratePerSecond; // attempts started per second at most; none: no cap
    int concurrency = 16;                // requests in flight: a console relay helps out, it does not carry production
};

// What the operator chose for the console's own receiver.
struct LocalReceiverSettings
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 8080;    // 0: any free port
    bool withWorker = true; // process what arrives with an inbox worker in this process
};

// Totals since each part last started; a stopped part keeps its last totals until it starts again.
struct LocalEngineCounters
{
    qint64 relayAttempts = 0;
    qint64 relayDelivered = 0;
    qint64 webhooksStored = 0;
    qint64 inboxProcessed = 0;
};

// The engine inside the console: a relay and a receiver (with its inbox worker) that an operator starts and stops,
// e.g. to drain one endpoint's backlog at a safe rate during an incident. They are the same Relay, Receiver and
// InboxWorker as `hookyard relay` and `hookyard receive` run, with connections of their own, so they cooperate with
// every other relay and worker on the database (leases, SKIP LOCKED).
//
// Lives on the GUI thread. The relay and the worker run on threads of their own (BackgroundLoop); the receiver runs
// on a thread this object starts for it, as it is driven by an event loop. Stopping is asynchronous — in-flight
// requests finish and are recorded first — and ends with relayStopped / receiverStopped. The destructor stops what
// runs and waits.
class LocalEngine final : public QObject
{
    Q_OBJECT
public:
    explicit LocalEngine(ConnectionSettings settings, QObject *parent = nullptr);
    ~LocalEngine() override;
    Q_DISABLE_COPY_MOVE(LocalEngine)

    // Fails while a relay of this engine is running or still stopping.
    Status startRelay(const LocalRelaySettings &settings);
    void stopRelay();
    // Starts listening on the chosen address; returns the port. Fails (and leaves nothing running) when the address
    // cannot be bound, or while a receiver of this engine is running or still stopping.
    Result<quint16> startReceiver(const LocalReceiverSettings &settings);
    void stopReceiver();
    bool receiverRunning() const { return m_receiverThread != nullptr; }
    bool relayRunning() const { return m_relay != nullptr; }

    LocalEngineCounters counters() const;

Q_SIGNALS:
    // The relay finished its in-flight requests and stopped; `error` is empty unless it stopped because of one.
    void relayStopped(const QString &error);
    void receiverStopped();

private:
    void finishReceiverStop();

    ConnectionSettings m_settings;
    std::unique_ptr<Relay> m_relay;
    QThread *m_receiverThread = nullptr;
    Receiver *m_receiver = nullptr; // lives on m_receiverThread, deleted there
    std::unique_ptr<InboxWorker> m_worker;
    bool m_receiverStopping = false;
    LocalEngineCounters m_lastTotals; // of the parts that stopped
};

} // namespace hookyard::core
