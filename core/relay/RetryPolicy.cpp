#include "relay/RetryPolicy.h"

#include <algorithm>

namespace hookyard::core {

std::optional<std::chrono::seconds> RetryPolicy::throttlingRetryAfter(int status,
                                                                      std::optional<std::chrono::seconds> retryAfter)
{
    const bool throttled = status == 429 || status == 502 || status == 503 || status == 504;
    return throttled ? retryAfter : std::nullopt;
}

RetryDecision RetryPolicy::afterFailure(const QList<int> &scheduleSeconds, int failures, double jitterUnit,
                                        std::optional<std::chrono::seconds> retryAfter)
{
    if (failures < 1 || failures > scheduleSeconds.size())
        return {true, {}};
    const std::chrono::milliseconds scheduled{qint64(scheduleSeconds.at(failures - 1)) * 1000};
    if (retryAfter) {
        const std::chrono::milliseconds asked = *retryAfter;
        const std::chrono::milliseconds lowest{1000};
        return {false, std::clamp(asked, lowest, std::max(lowest, 2 * scheduled))};
    }
    const double factor = 1.0 - kJitter + 2.0 * kJitter * jitterUnit;
    return {false, std::chrono::milliseconds(qint64(double(scheduled.count()) * factor))};
}

QString RetryPolicy::gaveUpReason(const QString &lastFailure, int failures)
{
    // One arg() call: a "%1" inside the failure's text (an event type, a URL) must not take the count.
    return failures == 1 ? QStringLiteral("%1 (1 failed attempt)").arg(lastFailure)
                         : QStringLiteral("%1 (%2 failed attempts)").arg(lastFailure, QString::number(failures));
}

} // namespace hookyard::core
