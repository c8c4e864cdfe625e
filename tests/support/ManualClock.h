#pragma once

#include "relay/Clock.h"

#include <QMutex>

#include <chrono>

namespace hookyard::test {

// Real time plus an offset the test moves forward, so a retry schedule of minutes runs in milliseconds while rows
// the database stamps with its own now() stay due.
class ManualClock final : public core::Clock
{
public:
    QDateTime now() const override
    {
        QMutexLocker locker(&m_mutex);
        return QDateTime::currentDateTimeUtc().addMSecs(m_offset.count());
    }
    void advance(std::chrono::milliseconds by)
    {
        QMutexLocker locker(&m_mutex);
        m_offset += by;
    }

private:
    mutable QMutex m_mutex;
    std::chrono::milliseconds m_offset{0};
};

} // namespace hookyard::test
