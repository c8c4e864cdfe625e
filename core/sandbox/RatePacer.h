#pragma once

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

namespace hookyard::core {

// Turns a rate that may change at any moment into whole events per tick of a timer: how many are due since the last
// call, the fraction carried over to the next. A new rate takes effect at the next tick.
class RatePacer final
{
public:
    RatePacer() { m_clock.start(); }

    int due(double perSecond)
    {
        m_credit += perSecond * double(m_clock.restart()) / 1000.0;
        // A late tick (a busy thread, a long statement) catches up one second's worth at most, never a burst.
        m_credit = std::min(m_credit, std::max(1.0, perSecond));
        const double whole = std::floor(m_credit);
        m_credit -= whole;
        return int(whole);
    }
    // Nothing is owed for the time until now (after a pause).
    void reset()
    {
        m_clock.restart();
        m_credit = 0;
    }

private:
    QElapsedTimer m_clock;
    double m_credit = 0;
};

} // namespace hookyard::core
