#pragma once

#include <QList>
#include <QString>

#include <chrono>
#include <optional>

namespace hookyard::core {

// What happens after a failed attempt. The schedule lists the waits before the 2nd, 3rd, ... attempt; a failure
// after the last wait dead-letters the delivery (default 60 s, 300 s, 600 s: the 4th failure is final).
struct RetryDecision
{
    bool deadLetter = false;
    std::chrono::milliseconds delay{0}; // meaningful when !deadLetter
};

class RetryPolicy final
{
public:
    static constexpr double kJitter = 0.2; // ±20 % spreads retries of a burst of failures over time

    // failures: consecutive failures since the delivery was (re)queued, including this one (1 for the first).
    // jitterUnit: a uniform random number in [0, 1). retryAfter: the endpoint's Retry-After, if it sent one
    // (429/503/...): honoured, but kept within [1 s, 2 × the scheduled wait] so an endpoint can neither make us
    // hammer it nor park a delivery for days.
    static RetryDecision afterFailure(const QList<int> &scheduleSeconds, int failures, double jitterUnit,
                                      std::optional<std::chrono::seconds> retryAfter = std::nullopt);

    // The Retry-After that may move the schedule: only a throttling answer's (Standard Webhooks: 429, 502, 503, 504).
    static std::optional<std::chrono::seconds> throttlingRetryAfter(int status,
                                                                    std::optional<std::chrono::seconds> retryAfter);

    // Why a delivery was dead-lettered, or an inbox row quarantined, once the schedule ran out: the last failure
    // first, which is what the console's narrow Why column and a person triaging read first, then how many there
    // were: "HTTP 500 (4 failed attempts)".
    static QString gaveUpReason(const QString &lastFailure, int failures);
};

} // namespace hookyard::core
