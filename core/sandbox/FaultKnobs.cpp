#include "sandbox/FaultKnobs.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {
int percent(int value)
{
    return std::clamp(value, 0, 100);
}
} // namespace

FaultKnobs FaultKnobs::clamped() const
{
    FaultKnobs knobs = *this;
    knobs.errorRatePercent = percent(errorRatePercent);
    knobs.slownessMs = std::clamp(slownessMs, 0, kMaxSlownessMs);
    knobs.dropAfterBodyPercent = percent(dropAfterBodyPercent);
    knobs.outOfOrderPercent = percent(outOfOrderPercent);
    knobs.duplicatePercent = percent(duplicatePercent);
    knobs.poisonPercent = percent(poisonPercent);
    knobs.eventsPerSecond = std::clamp(eventsPerSecond, kMinEventsPerSecond, kMaxEventsPerSecond);
    return knobs;
}

QString FaultKnobs::describe() const
{
    return u"error %1 %, slow %2 ms, drop %3 %, out of order %4 %, duplicates %5 %, poison %6 %, %7 events/s"_s.arg(
        QString::number(errorRatePercent), QString::number(slownessMs), QString::number(dropAfterBodyPercent),
        QString::number(outOfOrderPercent), QString::number(duplicatePercent), QString::number(poisonPercent),
        QString::number(eventsPerSecond));
}

} // namespace hookyard::core
