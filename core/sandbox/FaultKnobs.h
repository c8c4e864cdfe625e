#pragma once

#include <QMutex>
#include <QString>

// What the sandbox's simulated partner does wrong, and how much traffic it makes (docs: README, "The sandbox").
namespace hookyard::core {

struct FaultKnobs
{
    // Outbound (our relay's deliveries to the simulated partner):
    int errorRatePercent = 20;     // answered 500: retried on the endpoint's schedule, dead after the last wait
    int slownessMs = 0;            // added before every answer; over the endpoint's timeout it is a timeout
    int dropAfterBodyPercent = 10; // the body is read, the connection closed unanswered: an unknown outcome, retried
                                   // with the same webhook-id; the partner "loses" its record of such a delivery
    // Inbound (the simulated partner's webhooks to our receiver):
    int outOfOrderPercent = 25; // orders whose order.shipped is sent before order.paid: DEFERRED until paid arrives
    int duplicatePercent = 10;  // webhooks sent twice with the same webhook-id: one inbox row
    int poisonPercent = 10;     // orders followed by an event the worker cannot apply: QUARANTINED
    // Both directions: events made per second by our producer, and webhooks sent per second by the partner.
    double eventsPerSecond = 2.0;

    static constexpr int kMaxSlownessMs = 60000;
    static constexpr double kMinEventsPerSecond = 0.1;
    static constexpr double kMaxEventsPerSecond = 200.0;

    // The same knobs with every value moved into its range (percentages 0–100, ...).
    FaultKnobs clamped() const;
    // "error 20 %, slow 0 ms, drop 10 %, out of order 25 %, duplicates 10 %, poison 10 %, 2 events/s"
    QString describe() const;

    friend bool operator==(const FaultKnobs &, const FaultKnobs &) = default;
};

// The knobs as the simulation's threads share them: the partner's server, its sender and our producer read them for
// every request or tick, the console's panel or the command line writes them.
class SharedFaultKnobs final
{
public:
    explicit SharedFaultKnobs(const FaultKnobs &knobs)
        : m_knobs(knobs.clamped())
    {}

    FaultKnobs get() const
    {
        QMutexLocker lock(&m_mutex);
        return m_knobs;
    }
    void set(const FaultKnobs &knobs)
    {
        QMutexLocker lock(&m_mutex);
        m_knobs = knobs.clamped();
    }
    // Paused: no new events and no new webhooks; what is already in the queues still moves (retries, deferrals).
    bool paused() const
    {
        QMutexLocker lock(&m_mutex);
        return m_paused;
    }
    void setPaused(bool paused)
    {
        QMutexLocker lock(&m_mutex);
        m_paused = paused;
    }

private:
    mutable QMutex m_mutex;
    FaultKnobs m_knobs;
    bool m_paused = false;
};

} // namespace hookyard::core
