// An endpoint's configuration as an operator gives it to `endpoint add` (core/endpoints/EndpointStore::validate, the
// number and retry schedule parsers of core/cli/CommandSupport) and how the relay then schedules its retries
// (core/relay/RetryPolicy). Input lines: name, url, event type patterns (comma-separated), timeout in ms, retry
// schedule, rate limit (empty: none), status URL template, custom headers as a JSON object.
#include "FuzzSupport.h"

#include "cli/Command.h"
#include "endpoints/EndpointStore.h"
#include "relay/RetryPolicy.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace hookyard::core;
using namespace hookyard::core::cli;
using namespace hookyard::fuzz;

namespace {

QString takeText(QByteArrayView &input)
{
    return QString::fromUtf8(takeLine(input));
}

// What the relay does with a valid schedule: every failure within it waits a positive time, the one after it
// dead-letters, and a Retry-After is held within [1 s, 2 × the scheduled wait].
void checkRetries(const QList<int> &schedule)
{
    using std::chrono::milliseconds;
    for (int failures = 1; failures <= schedule.size() + 1; ++failures) {
        const bool last = failures > schedule.size();
        for (const double jitterUnit : {0.0, 0.5, 0.999999}) {
            const RetryDecision decision = RetryPolicy::afterFailure(schedule, failures, jitterUnit);
            require(decision.deadLetter == last, "dead-lettered exactly after the last scheduled wait");
            require(last || decision.delay > milliseconds(0), "a scheduled retry waits");
        }
        for (const std::chrono::seconds retryAfter : {std::chrono::seconds(0), std::chrono::seconds(1LL << 40)}) {
            const RetryDecision decision = RetryPolicy::afterFailure(schedule, failures, 0.5, retryAfter);
            require(last || (decision.delay >= milliseconds(1000) &&
                             decision.delay <= std::max(milliseconds(1000),
                                                        2 * milliseconds(qint64(schedule.at(failures - 1)) * 1000))),
                    "Retry-After is held within bounds");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    EndpointSettings settings;
    settings.name = takeText(input);
    settings.url = takeText(input);
    settings.eventTypes = takeText(input).split(u',');
    const auto timeout = parseInt(takeText(input));
    const auto schedule = parseRetrySchedule(takeText(input));
    const QString rate = takeText(input);
    settings.statusUrl = takeText(input);
    settings.customHeaders = QJsonDocument::fromJson(input.toByteArray()).object();
    if (!timeout || !schedule)
        return 0;
    settings.timeoutMs = *timeout;
    settings.retryScheduleS = schedule.value();
    if (!rate.isEmpty()) {
        const auto perSecond = parseInt(rate);
        if (!perSecond)
            return 0;
        settings.rateLimitPerS = *perSecond;
    }

    const Status valid = EndpointStore::validate(settings);
    if (!valid) {
        require(!valid.error().isEmpty(), "a refused endpoint says why");
        return 0;
    }
    checkRetries(settings.retryScheduleS);
    return 0;
}
