#include "relay/Relay.h"

#include "db/Database.h"
#include "db/Notifications.h"
#include "endpoints/EndpointStore.h"
#include "relay/HttpTransfers.h"
#include "relay/RetryPolicy.h"
#include "relay/StatusChecks.h"
#include "util/InstanceName.h"

#include <QElapsedTimer>
#include <QHash>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <deque>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcRelay, "hookyard.relay")

namespace hookyard::core {

namespace {

constexpr int kEndpointRefreshMs = 5000;
constexpr int kReconnectDelayMs = 1000;
const QString kChannel = u"hookyard_deliveries"_s;
const QString kEndpointsChannel = u"hookyard_endpoints"_s; // an endpoint or its secrets changed (migration 33)
// Consoles listen here for progress; the relay tells them after its record commits, at most every kConsoleWakeMs.
const QString kConsoleChannel = u"hookyard_console"_s;
constexpr int kConsoleWakeMs = 100;

// Attempts started per second: a token bucket holding at most one second's worth.
class RateLimiter final
{
public:
    explicit RateLimiter(double perSecond)
        : m_rate(perSecond)
        , m_tokens(std::max(1.0, perSecond))
    {
        m_clock.start();
    }
    bool tryTake()
    {
        refill();
        if (m_tokens < 1.0)
            return false;
        m_tokens -= 1.0;
        return true;
    }
    int msUntilNextToken()
    {
        refill();
        return m_tokens >= 1.0 ? 0 : int((1.0 - m_tokens) / m_rate * 1000.0) + 1;
    }

private:
    void refill()
    {
        const qint64 elapsed = m_clock.restart();
        m_tokens = std::min(std::max(1.0, m_rate), m_tokens + double(elapsed) * m_rate / 1000.0);
    }
    double m_rate;
    double m_tokens;
    QElapsedTimer m_clock;
};

} // namespace

class Relay::Loop final
{
public:
    explicit Loop(Relay &relay)
        : m_relay(relay)
        , m_options(relay.m_options)
        , m_transfers(relay.m_options.concurrency)
    {
        if (m_options.ratePerSecond)
            m_relayLimit.emplace(*m_options.ratePerSecond);
        m_relay.setTransfers(&m_transfers);
    }

    ~Loop() { m_relay.setTransfers(nullptr); }

    QString run()
    {
        m_sinceClaim.start();
        while (true) {
            const bool stopping = m_relay.stopRequested();
            if (stopping && m_transfers.inFlight() == 0) {
                // Nothing will be sent any more: record what we have and hand back what we never sent.
                // With nothing to record or hand back, an unavailable database loses nothing (found by an adversarial
                // helper: an idle relay stopped during an outage exited 1, "without recording 0 attempt(s)").
                if (!ensureConnected(ReconnectNow::Yes)) {
                    if (m_records.isEmpty() && m_queue.empty())
                        return QString();
                    return u"stopped without recording %1 attempt(s) and with %2 claimed deliveries unsent, which "
                           "return to the queue when their leases end: the database is unavailable"_s
                               .arg(m_records.size())
                               .arg(m_queue.size());
                }
                flush();
                releaseQueue();
                return m_records.isEmpty() ? QString() : u"could not record every attempt before stopping"_s;
            }
            // Requests in flight keep going while the database is away: their outcomes wait in m_records, and their
            // timeouts stay the endpoint's (a loop that stopped driving them would report them late and timed out).
            const bool connected = ensureConnected(ReconnectNow::No);
            if (connected) {
                if (m_relay.takeWakeRequest())
                    m_claimNow = true;
                if (!stopping && wantClaim())
                    claim();
                if (!stopping && isConnected()) // a claim that lost the connection leaves the queue for later
                    startQueued();
            }
            for (const TransferOutcome &outcome : m_transfers.drive())
                m_records.append(m_checking.contains(outcome.deliveryId) ? decideStatus(outcome) : decide(outcome));
            if (!isConnected()) {
                m_transfers.wait(kReconnectDelayMs, -1);
                continue;
            }
            if (shouldFlush())
                flush();
            if (isConnected() && m_consoleWakeDue &&
                (!m_sinceConsoleWake.isValid() || m_sinceConsoleWake.elapsed() >= kConsoleWakeMs))
                wakeConsoles();
            if (isConnected() && m_transfers.wait(sleepMs(stopping), m_notifications->socket()))
                consumeNotifications();
        }
    }

private:
    struct InFlight
    {
        ClaimedDelivery delivery;
        QDateTime startedAt;
    };

    bool isConnected() const { return m_store && m_work->database().isOpen(); }

    enum class ReconnectNow
    {
        No, // at most one attempt per kReconnectDelayMs
        Yes
    };

    bool ensureConnected(ReconnectNow now)
    {
        if (isConnected())
            return true;
        if (now == ReconnectNow::No && m_sinceConnectAttempt.isValid() &&
            m_sinceConnectAttempt.elapsed() < kReconnectDelayMs)
            return false;
        m_sinceConnectAttempt.start();
        m_store.reset();
        m_notifications.reset();
        m_work.reset();
        auto work = DatabaseConnection::open(m_relay.m_settings, u"relay"_s);
        auto listen = work ? DatabaseConnection::open(m_relay.m_settings, u"relay-listen"_s) : Error{work.error()};
        if (!work || !listen) {
            const QString reason = work ? listen.error() : work.error();
            if (reason != m_lastConnectionError)
                qCWarning(lcRelay).noquote() << m_options.instanceName << "database unavailable:" << reason;
            m_lastConnectionError = reason;
            return false;
        }
        // The claim and record statements are prepared once per connection and run for every batch; planning them
        // again each time (what PostgreSQL does by default) cost about 1 ms per statement. Their generic plans are
        // the right ones for every call: the claim walks deliveries_due in order, the record goes by primary key.
        if (auto generic = work.value()->exec(u"SET plan_cache_mode = force_generic_plan"_s); !generic)
            return false;
        // Recorded attempts would NOTIFY the consoles from the attempts trigger, inside each record transaction; a
        // transaction that notifies holds a database-wide lock through its commit, WAL flush included, so every
        // relay's commits would take turns. wakeConsoles() sends that NOTIFY after the commit instead (migration 15).
        if (auto quiet = work.value()->exec(u"SET hookyard.console_notify = 'off'"_s); !quiet)
            return false;
        auto notifications = Notifications::listen(std::move(listen.value()), {kChannel, kEndpointsChannel});
        if (!notifications)
            return false;
        m_work = std::move(work.value());
        m_notifications = std::move(notifications.value());
        m_store = std::make_unique<DeliveryStore>(*m_work, m_options.instanceName);
        if (!m_lastConnectionError.isEmpty())
            qCInfo(lcRelay).noquote() << m_options.instanceName << "database available again";
        m_lastConnectionError.clear();
        m_claimNow = true;
        m_endpointsAge.invalidate();
        // Before anything is claimed again: the outcomes that waited for the database settle their deliveries, and
        // deliveries claimed but not sent are handed back, since their leases may have run out (and another relay
        // may hold them now) while the database was away.
        flush();
        releaseQueue();
        return isConnected();
    }

    void dropConnection(const QString &reason)
    {
        qCWarning(lcRelay).noquote() << m_options.instanceName << reason;
        m_lastConnectionError = reason;
        if (m_work)
            m_work->database().close();
    }

    void consumeNotifications()
    {
        auto arrived = m_notifications->consume();
        if (!arrived) {
            dropConnection(arrived.error());
            return;
        }
        // Read again now, not at the next claim: queued deliveries go out with the endpoint's new settings too.
        if (arrived.value().contains(kEndpointsChannel) && !refreshEndpoints())
            return;
        if (!arrived.value().isEmpty())
            m_claimNow = true;
    }

    bool refreshEndpoints()
    {
        auto loaded = m_store->loadEndpoints();
        if (!loaded) {
            dropConnection(loaded.error());
            return false;
        }
        m_endpoints = loaded.value();
        m_endpointsAge.start();
        m_statusUrls = std::any_of(m_endpoints.cbegin(), m_endpoints.cend(),
                                   [](const EndpointConfig &endpoint) { return !endpoint.statusUrl.isEmpty(); });
        return true;
    }

    // Free HTTP slots not yet spoken for by claimed deliveries. A claim never takes more than this, so that every
    // lease starts counting down just before its request starts, not while it waits in the queue.
    int room() const { return m_options.concurrency - int(m_queue.size()) - m_transfers.inFlight(); }

    // How many claimed deliveries under a rate cap (an endpoint's, or this relay's) wait in the queue at most: a
    // second's worth, and no more than the cap lets start before their sendBy (half the lease margin).
    int queueAllowance(double ratePerSecond) const
    {
        return std::max(1, int(std::min(ratePerSecond, ratePerSecond * m_options.leaseMarginSeconds / 2)));
    }

    bool wantClaim() const
    {
        const int free = room();
        if (free <= 0)
            return false;
        if (m_options.ratePerSecond && int(m_queue.size()) >= queueAllowance(*m_options.ratePerSecond))
            return false;
        // Draining a backlog: wait until half a batch fits, so that claims and records come in few large statements
        // instead of many that each refill a slot or two (the statement's cost, not the rows, dominates).
        if (m_lastClaimWasFull)
            return free >= std::min(m_options.batchSize, m_options.concurrency) / 2;
        return m_claimNow || m_sinceClaim.elapsed() >= m_options.pollIntervalMs;
    }

    // What a claim may take now: the free slots, and under this relay's own rate cap no more than its queueAllowance.
    int claimRoom() const
    {
        int free = room();
        if (m_options.ratePerSecond)
            free = std::min(free, queueAllowance(*m_options.ratePerSecond) - int(m_queue.size()));
        return free;
    }

    // Queues what a claim took, but for deliveries this loop still holds (a lease of ours that ran out while its
    // request was still going, or its outcome not yet recorded, is claimed again: that request's record settles it,
    // and sending it twice at once is what leases forbid). False when it took from an endpoint the loop does not know
    // yet and reading the endpoints again failed.
    bool enqueue(QList<ClaimedDelivery> &claimed)
    {
        const QSet<qint64> held = heldDeliveries();
        bool unknownEndpoint = false;
        for (ClaimedDelivery &delivery : claimed) {
            if (held.contains(delivery.id))
                continue;
            unknownEndpoint = unknownEndpoint || !m_endpoints.contains(delivery.endpointId);
            m_queue.push_back(std::move(delivery));
        }
        return !unknownEndpoint || refreshEndpoints();
    }

    // Endpoints with a rate cap are claimed apart, each up to its queueAllowance less what is queued for it: a claim
    // of a whole batch from one of them would leave most rows waiting for their turn past their sendBy (found by an
    // adversarial helper: past their leases, and a second relay sent them too), and handing those back would claim
    // and release a batch for each request sent (found in review).
    void claim()
    {
        if (!m_endpointsAge.isValid() || m_endpointsAge.elapsed() > kEndpointRefreshMs) {
            if (!refreshEndpoints())
                return;
        }
        QList<qint64> capped;
        QHash<qint64, int> queuedFor;
        for (const EndpointConfig &endpoint : std::as_const(m_endpoints)) {
            if (endpoint.ratePerSecond)
                capped.append(endpoint.id);
        }
        for (const ClaimedDelivery &delivery : m_queue)
            ++queuedFor[delivery.endpointId];

        const int limit = std::min(m_options.batchSize, std::max(claimRoom(), 1));
        auto claimed = m_store->claim(limit, clockNow(), m_options.scope, capped, m_options.leaseMarginSeconds);
        m_claimNow = false;
        m_sinceClaim.restart();
        if (!claimed) {
            dropConnection(claimed.error());
            return;
        }
        m_lastClaimWasFull = claimed.value().size() == limit;
        if (!enqueue(claimed.value()))
            return;
        for (qint64 id : std::as_const(capped)) {
            const auto found = m_endpoints.constFind(id);
            if (found == m_endpoints.cend() || !found->ratePerSecond) // read again by an enqueue() before
                continue;
            const EndpointConfig endpoint = *found; // a copy: enqueue() may read the endpoints again
            if (!m_options.scope.endpointName.isEmpty() && m_options.scope.endpointName != endpoint.name)
                continue;
            const int wanted = std::min(queueAllowance(*endpoint.ratePerSecond) - queuedFor.value(id), claimRoom());
            if (wanted <= 0)
                continue;
            auto more = m_store->claim(wanted, clockNow(), {endpoint.name, m_options.scope.eventType}, {},
                                       m_options.leaseMarginSeconds);
            if (!more) {
                dropConnection(more.error());
                return;
            }
            if (!enqueue(more.value()))
                return;
        }
        claimStatusChecks();
    }

    // Unknown deliveries due for a status check join the queue at most once per poll interval, and only while some
    // endpoint has a status URL: a relay whose endpoints have none runs no statement for them.
    void claimStatusChecks()
    {
        if (!m_statusUrls || room() <= 0 ||
            (m_sinceStatusClaim.isValid() && m_sinceStatusClaim.elapsed() < m_options.pollIntervalMs))
            return;
        m_sinceStatusClaim.start();
        auto claimed = m_store->claimStatusChecks(std::min(m_options.batchSize, room()), clockNow(), m_options.scope,
                                                  m_options.leaseMarginSeconds);
        if (!claimed) {
            dropConnection(claimed.error());
            return;
        }
        const QSet<qint64> held = heldDeliveries();
        for (ClaimedDelivery &delivery : claimed.value()) {
            if (!held.contains(delivery.id))
                m_queue.push_back(std::move(delivery));
        }
    }

    // The deliveries this loop is busy with: queued, in flight, or with an outcome not yet recorded.
    QSet<qint64> heldDeliveries() const
    {
        QSet<qint64> held;
        for (const ClaimedDelivery &delivery : m_queue)
            held.insert(delivery.id);
        for (auto it = m_inFlight.keyBegin(); it != m_inFlight.keyEnd(); ++it)
            held.insert(*it);
        for (auto it = m_checking.keyBegin(); it != m_checking.keyEnd(); ++it)
            held.insert(*it);
        for (const AttemptRecord &record : m_records)
            held.insert(record.deliveryId);
        return held;
    }

    void startQueued()
    {
        QList<qint64> late; // waited past their sendBy: handed back unsent
        for (auto it = m_queue.begin(); it != m_queue.end() && m_transfers.inFlight() < m_options.concurrency;) {
            const auto endpoint = m_endpoints.constFind(it->endpointId);
            if (endpoint == m_endpoints.cend()) { // removed meanwhile; its deliveries went with it
                it = m_queue.erase(it);
                continue;
            }
            // Its lease might end before its request and record did, and another relay send it too (found by an
            // adversarial helper: rows of an endpoint capped at 1 request/s waited in the queue for their tokens
            // past their leases, and two relays sent them).
            if (it->sendBy.hasExpired()) {
                late.append(it->id);
                it = m_queue.erase(it);
                continue;
            }
            if (it->statusCheck && endpoint->statusUrl.isEmpty()) { // its status URL was removed: it stays unknown
                it = m_queue.erase(it);
                continue;
            }
            if (!takeToken(*endpoint)) {
                ++it;
                continue;
            }
            if (it->statusCheck)
                askStatus(*it, *endpoint);
            else
                send(*it, *endpoint);
            it = m_queue.erase(it);
        }
        handBack(late);
    }

    // Ends this relay's leases of deliveries it claimed and will not send now, so that any relay may take them at
    // once (a lease another relay took meanwhile is not this relay's to end: DeliveryStore::releaseLeases).
    void handBack(const QList<qint64> &ids)
    {
        if (auto released = m_store->releaseLeases(ids); !released)
            dropConnection(released.error()); // their leases run out instead
    }

    // Takes a token of the endpoint's cap and of this relay's, or neither: one taken while the other refused would
    // be lost, and the endpoint would run below its cap (found in review).
    bool takeToken(const EndpointConfig &endpoint)
    {
        RateLimiter *endpointLimit = nullptr;
        if (endpoint.ratePerSecond) {
            auto limiter = m_endpointLimits.find(endpoint.id);
            if (limiter == m_endpointLimits.end())
                limiter = m_endpointLimits.emplace(endpoint.id, double(*endpoint.ratePerSecond));
            endpointLimit = &limiter.value();
        }
        if ((endpointLimit && endpointLimit->msUntilNextToken() > 0) ||
            (m_relayLimit && m_relayLimit->msUntilNextToken() > 0))
            return false;
        if (endpointLimit)
            endpointLimit->tryTake();
        if (m_relayLimit)
            m_relayLimit->tryTake();
        return true;
    }

    // The endpoint's timeout, but never longer than the one its lease was taken with: a timeout raised since the claim
    // would let the request outlast the lease (found in review).
    static int leasedTimeoutMs(const ClaimedDelivery &delivery, const EndpointConfig &endpoint)
    {
        return std::min(endpoint.timeoutMs, delivery.leaseTimeoutMs);
    }

    void send(const ClaimedDelivery &delivery, const EndpointConfig &endpoint)
    {
        OutgoingRequest request;
        request.deliveryId = delivery.id;
        request.url = endpoint.url;
        request.body = delivery.body;
        request.timeoutMs = leasedTimeoutMs(delivery, endpoint);
        request.allowPrivateNetwork = endpoint.allowPrivateNetwork;
        request.headerLines = {"Content-Type: application/json", "Idempotency-Key: " + delivery.eventId};
        addSenderHeaders(request, delivery.eventId, endpoint);
        m_inFlight.insert(delivery.id, {delivery, clockNow()});
        m_transfers.start(std::move(request));
    }

    // GET of the endpoint's status URL for an unknown delivery, signed like a delivery with an empty body.
    void askStatus(const ClaimedDelivery &delivery, const EndpointConfig &endpoint)
    {
        m_checking.insert(delivery.id, {delivery, clockNow()});
        OutgoingRequest request = statusCheckRequest(delivery.id, delivery.eventId, endpoint);
        request.timeoutMs = leasedTimeoutMs(delivery, endpoint);
        m_transfers.start(std::move(request));
    }

    static AttemptRecord recordOf(const TransferOutcome &outcome, const InFlight &request)
    {
        AttemptRecord record;
        record.deliveryId = outcome.deliveryId;
        record.endpointId = request.delivery.endpointId;
        record.startedAt = request.startedAt;
        record.durationMs = int(outcome.durationMs);
        record.statusCode = outcome.statusCode;
        record.errorClass = outcome.errorClass;
        record.errorDetail = outcome.errorDetail;
        record.responseSnippet = outcome.responseSnippet;
        return record;
    }

    // When to ask the status URL after `checks` status checks that could not tell: the endpoint's retry schedule
    // with its jitter, from the end of this request. Invalid once the schedule is used up: then nobody asks again.
    static QDateTime nextStatusCheck(const AttemptRecord &record, const EndpointConfig &endpoint, int checks)
    {
        const RetryDecision next = RetryPolicy::afterFailure(endpoint.retryScheduleSeconds, checks + 1,
                                                             QRandomGenerator::global()->generateDouble());
        return next.deadLetter ? QDateTime() : record.startedAt.addMSecs(record.durationMs + next.delay.count());
    }

    AttemptRecord decide(const TransferOutcome &outcome)
    {
        const InFlight sent = m_inFlight.take(outcome.deliveryId);
        const EndpointConfig endpoint = m_endpoints.value(sent.delivery.endpointId);
        m_relay.m_attempts.fetch_add(1);
        AttemptRecord record = recordOf(outcome, sent);

        const int status = outcome.statusCode;
        if (outcome.errorClass == u"ok"_s) {
            if (status >= 200 && status < 300) {
                record.outcome = AttemptRecord::Outcome::Delivered;
                m_relay.m_delivered.fetch_add(1);
                return record;
            }
            if (status == 410) {
                record.errorClass = u"http_status"_s;
                record.errorDetail = u"HTTP 410 Gone: endpoint disabled"_s;
                record.outcome = AttemptRecord::Outcome::EndpointGone;
                return record;
            }
            record.errorClass = status >= 300 && status < 400 ? u"redirect"_s : u"http_status"_s;
            record.errorDetail = status >= 300 && status < 400 ? u"HTTP %1 (redirects are not followed)"_s.arg(status)
                                                               : u"HTTP %1"_s.arg(status);
        }
        if (outcome.errorClass == u"unknown"_s && !endpoint.statusUrl.isEmpty()) {
            // The endpoint may have acted on it: nothing is sent again before its status URL has been asked.
            record.outcome = AttemptRecord::Outcome::Unknown;
            record.nextAttemptAt = nextStatusCheck(record, endpoint, 0);
            return record;
        }

        const int failures = sent.delivery.failuresSinceQueued + 1;
        const RetryDecision next = RetryPolicy::afterFailure(
            endpoint.retryScheduleSeconds, failures, QRandomGenerator::global()->generateDouble(),
            RetryPolicy::throttlingRetryAfter(status, outcome.retryAfter));
        if (next.deadLetter) {
            record.outcome = AttemptRecord::Outcome::DeadLetter;
            record.deadReason = RetryPolicy::gaveUpReason(record.errorDetail, failures);
        } else {
            record.outcome = AttemptRecord::Outcome::Retry;
            record.nextAttemptAt = record.startedAt.addMSecs(record.durationMs + next.delay.count());
        }
        return record;
    }

    // A status check's answer resolves an unknown delivery: delivered; not received, so the request that timed out
    // failed and the same webhook-id goes out again at once (the wait before it passed while the status was asked),
    // or is dead-lettered when that was its last try; or nothing known, and it stays unknown until the next check.
    AttemptRecord decideStatus(const TransferOutcome &outcome)
    {
        const InFlight asked = m_checking.take(outcome.deliveryId);
        const EndpointConfig endpoint = m_endpoints.value(asked.delivery.endpointId);
        AttemptRecord record = recordOf(outcome, asked);
        const StatusAnswer answer = readStatusAnswer(outcome);
        record.errorDetail = answer.detail;
        switch (answer.kind) {
        case StatusAnswer::Kind::Delivered:
            record.errorClass = u"status_delivered"_s;
            record.outcome = AttemptRecord::Outcome::Delivered;
            m_relay.m_delivered.fetch_add(1);
            break;
        case StatusAnswer::Kind::NotFound: {
            record.errorClass = u"status_not_found"_s;
            const int failures = asked.delivery.failuresSinceQueued + 1;
            if (RetryPolicy::afterFailure(endpoint.retryScheduleSeconds, failures, 0.0).deadLetter) {
                record.outcome = AttemptRecord::Outcome::DeadLetter;
                record.deadReason = RetryPolicy::gaveUpReason(record.errorDetail, failures);
            } else {
                record.outcome = AttemptRecord::Outcome::Retry;
                record.nextAttemptAt = clockNow();
                m_resendDue = true;
            }
            break;
        }
        case StatusAnswer::Kind::Undetermined:
            record.errorClass = u"status_unknown"_s;
            record.outcome = AttemptRecord::Outcome::Unknown;
            record.statusChecks = asked.delivery.statusChecks + 1;
            record.nextAttemptAt = nextStatusCheck(record, endpoint, record.statusChecks);
            break;
        }
        return record;
    }

    bool shouldFlush()
    {
        if (m_records.isEmpty())
            return false;
        if (!m_oldestRecord.isValid())
            m_oldestRecord.start();
        return m_records.size() >= m_options.batchSize || m_transfers.inFlight() == 0 ||
               m_oldestRecord.elapsed() >= m_options.flushDelayMs;
    }

    void flush()
    {
        if (m_records.isEmpty() || !m_store)
            return;
        if (auto recorded = m_store->record(m_records); !recorded) {
            dropConnection(recorded.error()); // kept; recorded after the reconnect
            return;
        }
        disableGoneEndpoints();
        m_records.clear();
        m_oldestRecord.invalidate();
        m_consoleWakeDue = true;
        if (m_resendDue) { // committed: the deliveries to send again are pending and due now
            m_claimNow = true;
            m_resendDue = false;
        }
    }

    // Tells the consoles that attempts were recorded, from the LISTEN connection, outside any record transaction.
    void wakeConsoles()
    {
        if (auto sent = m_notifications->notify(kConsoleChannel); !sent) {
            dropConnection(sent.error());
            return;
        }
        m_consoleWakeDue = false;
        m_sinceConsoleWake.start();
        consumeNotifications(); // a wake-up that arrived while the NOTIFY ran is off the socket already
    }

    // A 410 Gone disables its endpoint and holds everything still pending for it, visibly, until an operator
    // resumes it. Should this fail, the next 410 from the same endpoint tries again.
    void disableGoneEndpoints()
    {
        QSet<qint64> gone;
        for (const AttemptRecord &record : std::as_const(m_records)) {
            if (record.outcome == AttemptRecord::Outcome::EndpointGone)
                gone.insert(record.endpointId);
        }
        const EndpointStore endpoints(*m_work);
        for (qint64 id : std::as_const(gone)) {
            const QString reason = u"answered 410 Gone to relay %1"_s.arg(m_options.instanceName);
            if (auto disabled = endpoints.disable(m_endpoints.value(id).name, reason); !disabled)
                qCWarning(lcRelay).noquote() << m_options.instanceName << disabled.error();
        }
    }

    void releaseQueue()
    {
        QList<qint64> ids;
        for (const ClaimedDelivery &delivery : m_queue)
            ids.append(delivery.id);
        if (!m_store)
            return;
        if (auto released = m_store->releaseLeases(ids); !released) {
            dropConnection(released.error()); // kept, never sent: handed back after the reconnect
            return;
        }
        m_queue.clear();
    }

    int sleepMs(bool stopping)
    {
        if (!m_records.isEmpty())
            return m_options.flushDelayMs;
        if (stopping)
            return 100;
        int ms = m_options.pollIntervalMs - int(m_sinceClaim.elapsed());
        if (wantClaim())
            ms = 0;
        if (!m_queue.empty()) // throttled deliveries wait for a token
            ms = std::min(ms, 10);
        if (m_consoleWakeDue)
            ms = std::min(ms, kConsoleWakeMs - int(m_sinceConsoleWake.isValid() ? m_sinceConsoleWake.elapsed() : 0));
        return std::clamp(ms, 0, m_options.pollIntervalMs);
    }

    QDateTime clockNow() const { return m_relay.m_clock->now(); }

    Relay &m_relay;
    const RelayOptions &m_options;
    HttpTransfers m_transfers;
    std::unique_ptr<DatabaseConnection> m_work;
    std::unique_ptr<Notifications> m_notifications;
    std::unique_ptr<DeliveryStore> m_store;
    QString m_lastConnectionError;
    QHash<qint64, EndpointConfig> m_endpoints;
    QElapsedTimer m_endpointsAge;
    std::deque<ClaimedDelivery> m_queue; // claimed, not yet sent (waiting for a connection or a rate token)
    QHash<qint64, InFlight> m_inFlight;
    QHash<qint64, InFlight> m_checking; // status checks in flight
    bool m_statusUrls = false;          // whether any endpoint has a status URL
    QElapsedTimer m_sinceStatusClaim;
    bool m_resendDue = false;       // a status check put a delivery back to pending: claim once that is committed
    QList<AttemptRecord> m_records; // finished attempts not yet committed
    bool m_consoleWakeDue = false;  // attempts were committed since the consoles were last told
    QElapsedTimer m_sinceConsoleWake;
    QElapsedTimer m_oldestRecord;
    QElapsedTimer m_sinceClaim;
    QElapsedTimer m_sinceConnectAttempt;
    bool m_claimNow = true;
    bool m_lastClaimWasFull = false;
    std::optional<RateLimiter> m_relayLimit;
    QHash<qint64, RateLimiter> m_endpointLimits;
};

Relay::Relay(ConnectionSettings settings, RelayOptions options, const Clock *clock)
    : BackgroundLoop(u"relay"_s)
    , m_settings(std::move(settings))
    , m_options(std::move(options))
    , m_clock(clock ? clock : &m_systemClock)
{
    if (m_options.instanceName.isEmpty())
        m_options.instanceName = nextInstanceName(QString());
    m_options.concurrency = std::max(1, m_options.concurrency);
    m_options.batchSize = std::max(1, m_options.batchSize);
    m_options.leaseMarginSeconds = std::max(1, m_options.leaseMarginSeconds); // 0 would hand every claim back unsent
}

Relay::~Relay()
{
    stopAndWait();
}

QString Relay::runLoop()
{
    return Loop(*this).run(); // the loop and its connections are gone before `stopped` is emitted
}

} // namespace hookyard::core
