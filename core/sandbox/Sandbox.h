#pragma once

#include "db/ConnectionSettings.h"
#include "sandbox/FaultKnobs.h"
#include "sandbox/SandboxSetup.h"
#include "sandbox/SimulatedPartner.h"
#include "util/Result.h"

#include <QDateTime>
#include <QObject>

#include <memory>

class QThread;

namespace hookyard::core {

class LocalEngine;
class SandboxTraffic;

struct SandboxOptions
{
    FaultKnobs knobs;
    SandboxSetupOptions setup; // its partnerPort is chosen by the sandbox
    SimulatedPartnerOptions partner;
    int reconcileIntervalMs = 15000; // how often our deliveries to sandbox-acme are compared with Acme's records
    // A run's window ends this long before it starts, so that it compares deliveries whose first attempts are over.
    int reconcileLagMs = 5000;
    int summaryIntervalMs = 1000;
};

// The database's counts that show what the sandbox is for, read every summaryIntervalMs.
struct SandboxSummary
{
    qint64 eventsMade = 0;     // outbox events our producer made since the start
    qint64 delivered = 0;      // deliveries in state delivered
    qint64 retries = 0;        // delivery attempts after the first (replays' included)
    qint64 dead = 0;           // deliveries in the dead letters
    qint64 deferred = 0;       // inbox rows that waited for their order's state at least once
    qint64 healed = 0;         // ... and were processed when it got there
    qint64 quarantined = 0;    // inbox rows in the dead letters
    qint64 openMismatches = 0; // reconciliation mismatches nobody resolved
    SimulatedPartnerCounts partner;
    QString problem; // the last thing that went wrong in the traffic (an insert, a run); empty when nothing did

    // "delivered 120 · retries 35 · dead 8 · deferred 6 (healed 5) · quarantined 3 · duplicates 4 · mismatches 2"
    QString describe() const;
    friend bool operator==(const SandboxSummary &, const SandboxSummary &) = default;
};

// The sandbox's simulation (PRODUCT.md §5): the engine — the console's LocalEngine: relay, receiver and inbox worker
// — plus Acme, a simulated partner in both directions with fault knobs (SimulatedPartner), our producer making order
// events at the knobs' rate, and a reconciliation of sandbox-acme every reconcileIntervalMs. Within a minute of
// start() the database shows retries, deferrals (self-healing), duplicates kept once, quarantined poison, dead
// letters (sandbox-acme-v1's at once; sandbox-acme's as the error rate has it), a replay that is delivered (of any
// sandbox-acme-v1 dead letter) and reconciliation mismatches (the deliveries Acme lost).
//
// Lives on the thread that creates it. Acme, and the producer with the reconciliation, run on threads of their own
// (the reconciliation asks Acme's list API with a blocking request). Only for a sandbox database: the caller checks
// (the managed cluster, or a database the operator named for it).
class Sandbox final : public QObject
{
    Q_OBJECT
public:
    Sandbox(ConnectionSettings settings, SandboxOptions options, QObject *parent = nullptr);
    // Stops the traffic, lets the relay finish what is in flight (Acme still answers), then stops Acme.
    ~Sandbox() override;
    Q_DISABLE_COPY_MOVE(Sandbox)

    // Sets up the database (SandboxSetup), starts Acme, the receiver and worker, the relay, and the traffic. Blocks
    // for the setup's few statements and the listening sockets; the error says what could not start (whatever
    // started stops with the object).
    Status start();

    // Thread-safe; take effect with the next request or tick.
    void setKnobs(const FaultKnobs &knobs) { m_knobs.set(knobs); }
    FaultKnobs knobs() const { return m_knobs.get(); }
    // Pausing returns once Acme has stopped sending: no webhook leaves it after the call (never call it from Acme's
    // thread, which it waits for).
    void setPaused(bool paused);
    bool isPaused() const { return m_knobs.paused(); }

    quint16 partnerPort() const { return m_partnerPort; }
    quint16 receiverPort() const { return m_receiverPort; }
    const QDateTime &startedAt() const { return m_startedAt; }
    const SandboxSummary &summary() const { return m_summary; }

Q_SIGNALS:
    // A new summary, every summaryIntervalMs once started (also when nothing changed).
    void summaryChanged(const hookyard::core::SandboxSummary &summary);

private:
    friend class SandboxTraffic;
    void takeSummary(const SandboxSummary &summary);

    ConnectionSettings m_settings;
    SandboxOptions m_options;
    SharedFaultKnobs m_knobs;
    std::unique_ptr<LocalEngine> m_engine;
    QThread *m_partnerThread = nullptr;
    SimulatedPartner *m_partner = nullptr; // lives on m_partnerThread, deleted there
    QThread *m_trafficThread = nullptr;
    quint16 m_partnerPort = 0;
    quint16 m_receiverPort = 0;
    QDateTime m_startedAt;
    SandboxSummary m_summary;
    QString m_engineProblem; // why the relay stopped, when it stopped on its own
};

} // namespace hookyard::core
