#pragma once

#include <QDateTime>

namespace hookyard::core {

// The time the relay schedules by: when an attempt started and when the next one is due. Injected so tests can
// walk through a schedule of minutes without waiting for it; production uses SystemClock.
class Clock
{
public:
    virtual ~Clock() = default;
    virtual QDateTime now() const = 0;
};

class SystemClock final : public Clock
{
public:
    QDateTime now() const override { return QDateTime::currentDateTimeUtc(); }
};

} // namespace hookyard::core
