#include "worker/InboxWorker.h"

#include "db/Database.h"
#include "db/Notifications.h"
#include "inbox/PartnerStore.h"
#include "relay/HttpTransfers.h"
#include "relay/RetryPolicy.h"
#include "util/InstanceName.h"
#include "worker/InboxStore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <deque>
#include <limits>
#include <optional>
#include <vector>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcWorker, "hookyard.worker")

namespace hookyard::core {

namespace {

constexpr int kPartnerRefreshMs = 5000;
constexpr int kReconnectDelayMs = 1000;
// Another transaction holds the entity or the row: try again after this, doubling up to kBusyRetryMaxMs.
constexpr int kBusyRetryMs = 20;
constexpr int kBusyRetryMaxMs = 1000;
const QString kChannel = u"hookyard_inbox"_s;
const QList<int> kDefaultRetrySchedule{60, 300, 600}; // for rows of a partner Hookyard does not know

QString entityLabel(const EntityKey &entity)
{
    return entity.entityType.isEmpty() ? entity.entityId : entity.entityType + u' ' + entity.entityId;
}

// What a deferred row waits for, in words: "Order A-1048 in state created; order.shipped needs paid".
QString waitingFor(const EntityKey &entity, const std::optional<EntityState> &state, const QString &eventType,
                   const StateTransition &transition)
{
    if (transition.fromStates.isEmpty())
        return u"%1 already exists (in state %2); %3 creates it"_s.arg(entityLabel(entity), state->state, eventType);
    const QString needs = transition.fromStates.join(u" or "_s);
    if (!state)
        return u"%1 does not exist yet; %2 needs %3"_s.arg(entityLabel(entity), eventType, needs);
    return u"%1 in state %2; %3 needs %4"_s.arg(entityLabel(entity), state->state, eventType, needs);
}

// What the mode needs that the receiver could not extract from the webhook.
QString missingField(const PartnerConfig &partner, const ClaimedInboxMessage &message)
{
    if (partner.mode == ProcessingMode::StoreOnly)
        return {};
    // Where the mapping looks tells whoever reads the reason what to fix: the partner's payload or the mapping.
    const auto missing = [](const QString &what, const FieldSource &source) {
        return u"missing %1: the partner configuration reads it from %2"_s.arg(what, fieldSourceSpec(source));
    };
    if (message.entityId.isEmpty())
        return missing(u"entity id"_s, partner.entityId);
    if (message.eventType.isEmpty())
        return missing(u"event type"_s, partner.eventType);
    if (partner.mode == ProcessingMode::Timestamp && !message.hasEventTime)
        return missing(u"event time"_s, partner.eventTime);
    return {};
}

QString handlerFailure(const TransferOutcome &outcome)
{
    if (outcome.errorClass == u"ok"_s)
        return u"handler answered HTTP %1"_s.arg(outcome.statusCode);
    // The status line can arrive before the call fails (the answer's body cut short): a 2xx is then no success, and
    // the reason says what came.
    if (outcome.statusCode != 0)
        return u"handler answered HTTP %1, then the call failed (%2): %3"_s.arg(outcome.statusCode)
            .arg(outcome.errorClass, outcome.errorDetail);
    return u"handler call failed (%1): %2"_s.arg(outcome.errorClass, outcome.errorDetail);
}

} // namespace

class InboxWorker::Loop final
{
public:
    explicit Loop(InboxWorker &worker)
        : m_worker(worker)
        , m_options(worker.m_options)
        , m_transfers(worker.m_options.concurrency)
        , m_slots(size_t(worker.m_options.concurrency))
    {
        m_worker.setTransfers(&m_transfers);
    }

    ~Loop() { m_worker.setTransfers(nullptr); }

    QString run()
    {
        m_sinceClaim.start();
        m_monotonic.start();
        while (true) {
            const bool stopping = m_worker.stopRequested();
            if (stopping && m_transfers.inFlight() == 0)
                return releaseQueue();
            for (const TransferOutcome &outcome : m_transfers.drive())
                finishHandlerCall(outcome);
            if (!ensureConnected()) {
                m_transfers.wait(kReconnectDelayMs, -1);
                continue;
            }
            if (m_worker.takeWakeRequest())
                m_claimNow = true;
            if (!stopping && wantClaim())
                claim();
            if (!stopping)
                startQueued();
            if (m_transfers.wait(sleepMs(stopping), m_notifications->socket()))
                consumeNotifications();
        }
    }

private:
    enum class Step
    {
        Done,   // settled, or given up on (its lease returns it)
        Busy,   // not begun: another transaction holds its entity or row, or the slot's connection was lost; try
                // again shortly
        Started // its transaction is open and the handler is being called
    };

    // What the checks inside the processing transaction came to.
    struct Decision
    {
        enum class Kind
        {
            Settle, // settle as `settlement`; with `callHandler`, commit only once the handler answered 2xx
            Fail,   // a failed attempt because of `failure`
            Busy,
            LeaseLost
        };
        Kind kind = Kind::Settle;
        InboxSettlement settlement{};
        bool callHandler = false;
        bool wokeDeferred = false;
        QString failure{};
    };

    struct Queued
    {
        ClaimedInboxMessage message;
        qint64 leaseEndsMs = 0; // on m_monotonic
        qint64 notBeforeMs = 0;
        int busyRetries = 0;
    };

    struct Job
    {
        ClaimedInboxMessage message;
        QList<int> retryScheduleSeconds;
        QString entityGate;
        Decision decision;
        QDateTime handlerCalledAt{}; // set by callHandler()
    };

    // A handler call that ended, for the attempt it makes.
    struct HandlerCall
    {
        QDateTime startedAt;
        TransferOutcome outcome;
    };

    // One row in progress at a time, on a connection of its own: its transaction stays open during the handler call.
    struct Slot
    {
        std::unique_ptr<DatabaseConnection> connection;
        std::unique_ptr<InboxStore> store;
        std::optional<Job> job;
    };

    bool ensureConnected()
    {
        if (m_store && m_control->database().isOpen())
            return true;
        m_store.reset();
        m_notifications.reset();
        m_control.reset();
        auto control = DatabaseConnection::open(m_worker.m_settings, u"worker"_s);
        auto listen =
            control ? DatabaseConnection::open(m_worker.m_settings, u"worker-listen"_s) : Error{control.error()};
        if (!control || !listen) {
            connectionTrouble(control ? listen.error() : control.error());
            return false;
        }
        auto notifications = Notifications::listen(std::move(listen.value()), {kChannel});
        if (!notifications) {
            connectionTrouble(notifications.error());
            return false;
        }
        m_control = std::move(control.value());
        m_notifications = std::move(notifications.value());
        m_store = std::make_unique<InboxStore>(*m_control, m_options.instanceName);
        if (!m_lastConnectionError.isEmpty())
            qCInfo(lcWorker).noquote() << m_options.instanceName << "database available again";
        m_lastConnectionError.clear();
        m_claimNow = true;
        m_partnersAge.invalidate();
        m_sinceAdopt.invalidate();
        return true;
    }

    void connectionTrouble(const QString &reason)
    {
        if (reason != m_lastConnectionError)
            qCWarning(lcWorker).noquote() << m_options.instanceName << "database unavailable:" << reason;
        m_lastConnectionError = reason;
    }

    void dropConnection(const QString &reason)
    {
        qCWarning(lcWorker).noquote() << m_options.instanceName << reason;
        m_lastConnectionError = reason;
        if (m_control)
            m_control->database().close();
    }

    bool ensureSlot(Slot &slot)
    {
        if (slot.store && slot.connection->isLost()) {
            // A connection PostgreSQL cut while the slot was idle (a restart, a failover) is no fault of the next
            // row's and must cost it no attempt. Found by an exploring helper: after a restart the first row failed
            // on its slot's old connection and waited out a whole retry delay.
            qCInfo(lcWorker).noquote() << m_options.instanceName
                                       << "a row connection was closed by the server; connecting again";
            closeSlot(slot);
        }
        if (slot.store)
            return true;
        if (slotsBackingOff())
            return false;
        auto connection = DatabaseConnection::open(m_worker.m_settings, u"worker-row"_s);
        if (!connection) {
            connectionTrouble(connection.error());
            m_slotOpenFailed.start();
            return false;
        }
        slot.connection = std::move(connection.value());
        slot.store = std::make_unique<InboxStore>(*slot.connection, m_options.instanceName);
        return true;
    }

    // After a row connection could not be opened (the server may be out of connections), wait before the next try.
    bool slotsBackingOff() const
    {
        return m_slotOpenFailed.isValid() && m_slotOpenFailed.elapsed() < kReconnectDelayMs;
    }

    // The slot connection's last error, read through a handle that is gone again when this returns.
    static QString lastError(const Slot &slot) { return oneLine(slot.connection->database().lastError()); }

    // A statement on the slot's connection failed: end its transaction, open a fresh connection next time, and count
    // the attempt as failed through the control connection (if that fails too, the lease returns the row later).
    void slotFailed(Slot &slot, const ClaimedInboxMessage &message, const QList<int> &schedule, const QString &error)
    {
        qCWarning(lcWorker).noquote() << m_options.instanceName << error;
        closeSlot(slot);
        if (m_store)
            fail(*m_store, message, schedule, u"database error: "_s + error);
    }

    // Ends the slot's transaction, if its connection still has one, and lets the next row open a fresh connection.
    static void closeSlot(Slot &slot)
    {
        slot.connection->rollback();
        slot.store.reset();
        slot.connection.reset();
    }

    void consumeNotifications()
    {
        auto arrived = m_notifications->consume();
        if (!arrived)
            dropConnection(arrived.error());
        else if (!arrived.value().isEmpty())
            m_claimNow = true;
    }

    bool refreshPartners()
    {
        QStringList problems;
        auto loaded = PartnerStore(*m_control).loadActive(&problems);
        if (!loaded) {
            dropConnection(loaded.error());
            return false;
        }
        // A defer_max_age_s lowered since the last load (or before this worker started) holds for rows already
        // deferred: their re-check was planned at the old bound. Found by an adversarial helper: they waited it out.
        QHash<QString, int> lowered; // defer_max_age_s by partner, where it is new or lower than before
        for (const PartnerConfig &partner : std::as_const(loaded.value())) {
            const auto before = m_partners.constFind(partner.name);
            if (before == m_partners.cend() || before->deferMaxAgeSeconds > partner.deferMaxAgeSeconds)
                lowered.insert(partner.name, partner.deferMaxAgeSeconds);
        }
        if (auto shortened = m_store->shortenDeferrals(lowered); !shortened)
            qCWarning(lcWorker).noquote() << m_options.instanceName << shortened.error();
        // The same for a partner whose mode changed, or that was removed, since the last load: its deferred rows
        // waited under rules that no longer hold (found by an adversarial helper: they sat out defer_max_age_s,
        // a day by default, with a reason that no longer applied).
        QStringList changed;
        for (const PartnerConfig &before : std::as_const(m_partners)) {
            const auto now = loaded.value().constFind(before.name);
            const bool removed =
                now == loaded.value().cend() && PartnerStore::problemOf(problems, before.name).isEmpty();
            if (removed || (now != loaded.value().cend() && now->mode != before.mode))
                changed << before.name;
        }
        if (auto rechecked = m_store->recheckDeferred(changed); !rechecked)
            qCWarning(lcWorker).noquote() << m_options.instanceName << rechecked.error();
        m_partners = loaded.value();
        m_partnerProblems = problems;
        m_partnersAge.start();
        int longestTimeoutMs = 0;
        for (const PartnerConfig &partner : std::as_const(m_partners))
            longestTimeoutMs = std::max(longestTimeoutMs, partner.handlerTimeoutMs);
        m_leaseSeconds = (longestTimeoutMs + 999) / 1000 + m_options.leaseMarginSeconds;
        return true;
    }

    int busySlots() const { return m_transfers.inFlight(); }
    int room() const { return m_options.concurrency - busySlots() - int(m_queue.size()); }

    bool wantClaim() const
    {
        if (room() <= 0)
            return false;
        return m_claimNow || m_lastClaimWasFull || m_sinceClaim.elapsed() >= m_options.pollIntervalMs;
    }

    void claim()
    {
        if (!m_partnersAge.isValid() || m_partnersAge.elapsed() > kPartnerRefreshMs) {
            if (!refreshPartners())
                return;
        }
        if (!m_sinceAdopt.isValid() || m_sinceAdopt.elapsed() >= m_options.pollIntervalMs) {
            m_sinceAdopt.start();
            if (auto adopted = m_store->adoptUnlinkedRows(); !adopted) {
                dropConnection(adopted.error());
                return;
            }
        }
        const int limit = room();
        // Fair shares: a partner that held half the slots or more since the last claim gets more rows only when no
        // other partner has rows due, so that one partner's slow or hanging handler cannot starve the others (found
        // by an adversarial helper: a backlog of one partner's rows whose handler hung took every slot, one timeout
        // after another, while the other partners' rows waited). "Since the last claim": calls that time out
        // together free their slots together, and the partner then holds none. The slots are never left idle for
        // fairness: another partner's row that falls due while they are full waits for one handler call at most.
        QStringList crowding = partnersHoldingAtLeast(fairShare());
        for (const QString &partner : std::as_const(m_crowdingPartners)) {
            if (!crowding.contains(partner))
                crowding.append(partner);
        }
        auto claimed = m_store->claim(limit, clockNow(), m_leaseSeconds, crowding);
        m_claimNow = false;
        m_sinceClaim.restart();
        if (!claimed) {
            dropConnection(claimed.error());
            return;
        }
        // The first pass's rows are leased already: should the second pass fail, they are still worked on.
        QString secondPassFailure;
        if (!crowding.isEmpty() && claimed.value().size() < limit) {
            auto more = m_store->claim(limit - int(claimed.value().size()), clockNow(), m_leaseSeconds);
            if (more)
                claimed.value().append(more.value());
            else
                secondPassFailure = more.error();
        }
        m_lastClaimWasFull = claimed.value().size() == limit;
        // The lease runs from the claim on the server's clock; this side counts a second less to stay inside it.
        const qint64 leaseEndsMs = m_monotonic.elapsed() + qint64(m_leaseSeconds - 1) * 1000;
        bool unknownPartner = false;
        for (ClaimedInboxMessage &message : claimed.value()) {
            unknownPartner = unknownPartner || !m_partners.contains(message.partnerName);
            m_queue.push_back({std::move(message), leaseEndsMs, 0, 0});
        }
        m_crowdingPartners = partnersHoldingAtLeast(fairShare()); // a partner's rows in hand grow only by claims
        if (!secondPassFailure.isEmpty())
            dropConnection(secondPassFailure);
        else if (unknownPartner)
            refreshPartners();
    }

    int fairShare() const { return std::max(1, m_options.concurrency / 2); }

    // The partners with at least `rows` rows in this worker's hands: being processed, or claimed and queued.
    QStringList partnersHoldingAtLeast(int rows) const
    {
        QHash<QString, int> held;
        for (const Slot &slot : m_slots) {
            if (slot.job)
                ++held[slot.job->message.partnerName];
        }
        for (const Queued &queued : m_queue)
            ++held[queued.message.partnerName];
        QStringList crowding;
        for (auto it = held.cbegin(); it != held.cend(); ++it) {
            if (it.value() >= rows)
                crowding.append(it.key());
        }
        return crowding;
    }

    Slot *freeSlot()
    {
        for (Slot &slot : m_slots) {
            if (!slot.job)
                return &slot;
        }
        return nullptr;
    }

    // What a row's handler call holds while it runs: its entity, so that the entity's rows go one at a time in order.
    // A row without an entity id (store only) holds only itself. Found by an adversarial helper: all of a store-only
    // partner's rows shared one empty entity, so they went to the handler one at a time whatever --concurrency said.
    static QString entityGate(const ClaimedInboxMessage &message)
    {
        if (message.entityId.isEmpty())
            return message.inboxId;
        return message.partnerName + QChar(0x1f) + message.entityType + QChar(0x1f) + message.entityId;
    }

    void startQueued()
    {
        for (auto it = m_queue.begin(); it != m_queue.end();) {
            const qint64 now = m_monotonic.elapsed();
            if (now >= it->leaseEndsMs) { // someone else may take it now; nothing was done with it
                it = m_queue.erase(it);
                continue;
            }
            // Rows of an entity this loop is already working on wait for it instead of failing to lock it.
            if (it->notBeforeMs > now || m_busyEntities.contains(entityGate(it->message))) {
                ++it;
                continue;
            }
            Slot *slot = freeSlot();
            if (!slot || !ensureSlot(*slot))
                return;
            if (process(*slot, it->message) == Step::Busy) {
                it->notBeforeMs = now + std::min(kBusyRetryMaxMs, kBusyRetryMs << std::min(it->busyRetries, 6));
                ++it->busyRetries;
                ++it;
                continue;
            }
            it = m_queue.erase(it);
        }
    }

    Step process(Slot &slot, const ClaimedInboxMessage &message)
    {
        const auto partner = m_partners.constFind(message.partnerName);
        if (partner == m_partners.cend()) {
            // Either unknown, or its stored configuration no longer parses (then say why).
            const QString problem = PartnerStore::problemOf(m_partnerProblems, message.partnerName);
            fail(*slot.store, message, kDefaultRetrySchedule,
                 !problem.isEmpty() ? problem : u"partner %1 is not configured"_s.arg(message.partnerName));
            return Step::Done;
        }
        if (message.signatureVerified == false) {
            settle(*slot.store, message, {.status = u"QUARANTINED"_s, .reason = u"signature not verified"_s});
            return Step::Done;
        }
        if (const QString missing = missingField(*partner, message); !missing.isEmpty()) {
            fail(*slot.store, message, partner->retryScheduleSeconds, missing);
            return Step::Done;
        }

        // No QSqlDatabase handle outlives a statement here: slotFailed() removes the connection, which must then be
        // unused (QtSql warns that it is "still in use" otherwise).
        if (!slot.connection->database().transaction()) {
            if (!slot.connection->database().isOpen()) {
                // Lost after ensureSlot's check (isLost sees only what the server sent before it): nothing of the row
                // has run, so it costs no attempt either.
                closeSlot(slot);
                return Step::Busy;
            }
            slotFailed(slot, message, partner->retryScheduleSeconds, lastError(slot));
            return Step::Done;
        }
        const EntityKey entity{partner->id, partner->name, message.entityType, message.entityId};
        auto decided = decide(*slot.store, *partner, message, entity);
        if (!decided) {
            slotFailed(slot, message, partner->retryScheduleSeconds, decided.error());
            return Step::Done;
        }
        Decision &decision = decided.value();
        switch (decision.kind) {
        case Decision::Kind::Busy:
            slot.connection->rollback();
            return Step::Busy;
        case Decision::Kind::LeaseLost:
            slot.connection->rollback();
            // The row is no longer this worker's, or no longer waiting, once locked: its lease ran out and another
            // worker took it, or someone changed its status meanwhile. (A settlement that commits between a claim's
            // snapshot and its lock keeps the row out of the claim: PostgreSQL checks the claim's conditions again
            // on the row's new version.) This worker's lease, if it still holds one, goes back (releaseLeases leaves
            // a lease that went to another worker alone); should the database be away, it merely runs out.
            if (auto released = slot.store->releaseLeases({message.inboxId}); !released)
                qCWarning(lcWorker).noquote() << m_options.instanceName << released.error();
            return Step::Done;
        case Decision::Kind::Fail:
            slot.connection->rollback();
            fail(*slot.store, message, partner->retryScheduleSeconds, decision.failure);
            return Step::Done;
        case Decision::Kind::Settle:
            break;
        }

        auto settled = slot.store->settle(message.inboxId, decision.settlement);
        if (!settled) {
            slotFailed(slot, message, partner->retryScheduleSeconds, settled.error());
            return Step::Done;
        }
        if (decision.callHandler && !partner->handlerUrl.isEmpty()) {
            callHandler(slot, *partner, {message, partner->retryScheduleSeconds, entityGate(message), decision});
            return Step::Started;
        }
        if (!slot.connection->database().commit()) {
            slotFailed(slot, message, partner->retryScheduleSeconds, lastError(slot));
            return Step::Done;
        }
        committed(decision);
        return Step::Done;
    }

    // Runs inside the row's transaction: locks the entity, then the row, and decides what becomes of it.
    Result<Decision> decide(const InboxStore &store, const PartnerConfig &partner, const ClaimedInboxMessage &message,
                            const EntityKey &entity)
    {
        using Kind = Decision::Kind;
        if (partner.mode != ProcessingMode::StoreOnly) {
            auto locked = store.tryLockEntity(entity);
            if (!locked)
                return Error{locked.error()};
            if (!locked.value())
                return Decision{.kind = Kind::Busy};
        }
        auto row = store.lockMessage(message.inboxId);
        if (!row)
            return Error{row.error()};
        if (!row.value())
            return Decision{.kind = Kind::Busy};
        if (!*row.value())
            return Decision{.kind = Kind::LeaseLost};

        const Decision processed{.settlement = {.status = u"PROCESSED"_s}, .callHandler = true};
        if (partner.mode == ProcessingMode::StoreOnly)
            return processed;

        auto transition = store.transition(entity, message.eventType);
        if (!transition)
            return Error{transition.error()};
        auto state = store.entityState(entity, message.inboxId);
        if (!state)
            return Error{state.error()};

        if (partner.mode == ProcessingMode::Timestamp) {
            // An event as old as the state is applied: partners that stamp events in whole seconds (Stripe's
            // `created`) send two events of one object within a second, and skipping the second lost it (found by an
            // adversarial helper). Only an older event leaves the state alone.
            if (state.value() && state.value()->eventTime == EntityState::EventTime::Older)
                return Decision{.settlement = {.status = u"PROCESSED"_s, .reason = u"older than the current state"_s}};
            const QString newState = transition.value() ? transition.value()->toState : message.eventType;
            if (auto applied = store.applyState(entity, newState, message.inboxId); !applied)
                return Error{applied.error()};
            return processed;
        }

        if (!transition.value()) {
            return Decision{
                .kind = Kind::Fail,
                .failure = u"unknown event type %1 for %2"_s.arg(
                    message.eventType, entity.entityType.isEmpty() ? u"(no entity type)"_s : entity.entityType)};
        }
        const StateTransition &allowed = *transition.value();
        const bool applies = allowed.fromStates.isEmpty()
                                 ? !state.value()
                                 : state.value() && allowed.fromStates.contains(state.value()->state);
        if (!applies)
            return defer(partner, message, waitingFor(entity, state.value(), message.eventType, allowed));

        if (auto applied = store.applyState(entity, allowed.toState, message.inboxId); !applied)
            return Error{applied.error()};
        Decision applied = processed;
        // The self-healing loop: whatever waited for this entity is re-checked at once, when its state changed. A
        // transition to the state it was in (order.noted: created → created) cannot make a waiting row applicable,
        // and waking them would spend their deferral budget (found by an adversarial helper: four such events
        // quarantined a row that was waiting correctly).
        if (state.value() && state.value()->state == allowed.toState)
            return applied;
        auto woken = store.wakeDeferred(entity, message.inboxId, clockNow());
        if (!woken)
            return Error{woken.error()};
        applied.wokeDeferred = woken.value() > 0;
        return applied;
    }

    // Not applicable yet: wait until the entity's state changes (which wakes the row) or, at the latest, until the age
    // bound is reached, so the bound holds even if nothing else ever happens to the entity.
    Decision defer(const PartnerConfig &partner, const ClaimedInboxMessage &message, const QString &waiting)
    {
        const QDateTime now = clockNow();
        const QDateTime since = message.deferredSince.isValid() ? message.deferredSince : now;
        const int count = message.deferCount + 1;
        const qint64 ageSeconds = since.secsTo(now);
        InboxSettlement settlement{.deferredSince = since, .deferCount = count, .waitingFor = waiting};
        if (ageSeconds >= partner.deferMaxAgeSeconds) {
            settlement.status = u"QUARANTINED"_s;
            settlement.reason = u"deferred for %1 s, which reaches defer_max_age_s (%2 s); still waiting: %3"_s.arg(
                QString::number(ageSeconds), QString::number(partner.deferMaxAgeSeconds), waiting);
        } else if (count > partner.deferMaxCount) {
            settlement.status = u"QUARANTINED"_s;
            settlement.reason = u"deferred %1 times, more than defer_max_count (%2); still waiting: %3"_s.arg(
                QString::number(count), QString::number(partner.deferMaxCount), waiting);
        } else {
            settlement.status = u"DEFERRED"_s;
            settlement.nextAttemptAt = since.addSecs(partner.deferMaxAgeSeconds);
        }
        return Decision{.settlement = settlement};
    }

    void callHandler(Slot &slot, const PartnerConfig &partner, Job job)
    {
        OutgoingRequest request;
        request.deliveryId = qint64(&slot - m_slots.data());
        request.url = partner.handlerUrl.toUtf8();
        request.body = job.message.rawBody;
        request.timeoutMs = partner.handlerTimeoutMs;
        // The handler is the operator's own application, which normally runs beside the worker on a private network;
        // its URL comes from the operator's partner configuration, never from a partner.
        request.allowPrivateNetwork = true;
        request.headerLines = {
            "Content-Type: application/json",
            "User-Agent: Hookyard/" + QCoreApplication::applicationVersion().toLatin1(),
            "Idempotency-Key: " + job.message.inboxId.toLatin1(),
            "X-Hookyard-Partner: " + partner.name.toUtf8(), // a partner name is [A-Za-z0-9._-] (table CHECK)
        };
        m_busyEntities.insert(job.entityGate);
        job.handlerCalledAt = clockNow();
        slot.job = std::move(job);
        m_transfers.start(std::move(request));
    }

    void finishHandlerCall(const TransferOutcome &outcome)
    {
        Slot &slot = m_slots.at(size_t(outcome.deliveryId));
        const Job job = std::move(*slot.job);
        slot.job.reset();
        m_busyEntities.remove(job.entityGate);
        // No QSqlDatabase handle outlives a statement here: slotFailed() removes the connection, which must then be
        // unused (QtSql warns that it is "still in use" otherwise).
        const HandlerCall call{job.handlerCalledAt, outcome};
        if (outcome.errorClass == u"ok"_s && outcome.statusCode >= 200 && outcome.statusCode < 300) {
            // The handler has seen it; should the commit fail, the next attempt shows it the same Idempotency-Key.
            if (auto recorded = slot.store->recordAttempt(job.message.inboxId, attempt(job.message, &call));
                !recorded) {
                slotFailed(slot, job.message, job.retryScheduleSeconds,
                           u"the handler accepted it, but recording the attempt failed: "_s + recorded.error());
                return;
            }
            if (slot.connection->database().commit()) {
                committed(job.decision);
                return;
            }
            slotFailed(slot, job.message, job.retryScheduleSeconds,
                       u"the handler accepted it, but the commit failed: "_s + lastError(slot));
            return;
        }
        slot.connection->rollback();
        fail(*slot.store, job.message, job.retryScheduleSeconds, handlerFailure(outcome), &call);
    }

    // The attempt at `message` that is ending now: with the handler call, if one was made.
    InboxAttempt attempt(const ClaimedInboxMessage &message, const HandlerCall *call, const QString &failure = {})
    {
        InboxAttempt made{.attemptNo = message.attemptCount + 1, .errorDetail = failure};
        if (!call) {
            made.startedAt = clockNow();
            return made;
        }
        made.startedAt = call->startedAt;
        made.durationMs = int(std::min<qint64>(call->outcome.durationMs, std::numeric_limits<int>::max()));
        const int status = call->outcome.statusCode;
        if (status != 0)
            made.statusCode = status;
        // As delivery_attempts classes an endpoint's answer: a handler's answer other than 2xx is a failure too.
        made.errorClass = call->outcome.errorClass;
        if (made.errorClass == u"ok"_s && (status < 200 || status >= 300))
            made.errorClass = status >= 300 && status < 400 ? u"redirect"_s : u"http_status"_s;
        return made;
    }

    void committed(const Decision &decision)
    {
        count(decision.settlement);
        if (decision.wokeDeferred)
            m_claimNow = true;
    }

    void count(const InboxSettlement &settlement)
    {
        if (settlement.status == u"PROCESSED"_s)
            m_worker.m_processed.fetch_add(1);
        else if (settlement.status == u"DEFERRED"_s)
            m_worker.m_deferred.fetch_add(1);
        else if (settlement.status == u"QUARANTINED"_s)
            m_worker.m_quarantined.fetch_add(1);
        if (settlement.failedAttempt)
            m_worker.m_failedAttempts.fetch_add(1);
    }

    // A failed attempt, with the handler call that failed if there was one: recorded, and retried per the partner's
    // schedule (with jitter), quarantined after the last.
    void fail(const InboxStore &store, const ClaimedInboxMessage &message, const QList<int> &schedule,
              const QString &cause, const HandlerCall *call = nullptr)
    {
        const int failures = message.attemptCount + 1;
        // A throttling handler's Retry-After moves the next attempt, as an endpoint's does for the relay (found by an
        // adversarial helper: it was ignored).
        const std::optional<std::chrono::seconds> retryAfter =
            call && call->outcome.errorClass == u"ok"_s
                ? RetryPolicy::throttlingRetryAfter(call->outcome.statusCode, call->outcome.retryAfter)
                : std::nullopt;
        const RetryDecision next =
            RetryPolicy::afterFailure(schedule, failures, QRandomGenerator::global()->generateDouble(), retryAfter);
        InboxSettlement settlement{.failedAttempt = true, .attempt = attempt(message, call, cause)};
        if (next.deadLetter) {
            settlement.status = u"QUARANTINED"_s;
            settlement.reason = RetryPolicy::gaveUpReason(cause, failures);
        } else {
            settlement.status = u"PENDING"_s;
            settlement.nextAttemptAt = clockNow().addMSecs(next.delay.count());
            settlement.reason = cause;
            m_claimNow = m_claimNow || next.delay.count() == 0;
        }
        settle(store, message, settlement);
    }

    void settle(const InboxStore &store, const ClaimedInboxMessage &message, const InboxSettlement &settlement)
    {
        auto settled = store.settle(message.inboxId, settlement);
        if (!settled) {
            qCWarning(lcWorker).noquote() << m_options.instanceName << settled.error();
            return;
        }
        if (settled.value())
            count(settlement);
    }

    QString releaseQueue()
    {
        if (m_queue.empty())
            return {};
        QStringList ids;
        for (const Queued &queued : m_queue)
            ids.append(queued.message.inboxId);
        if (!ensureConnected())
            return u"stopped without giving back %1 claimed row(s); they return when their leases expire"_s.arg(
                ids.size());
        if (auto released = m_store->releaseLeases(ids); !released)
            return released.error();
        m_queue.clear();
        return {};
    }

    int sleepMs(bool stopping) const
    {
        if (stopping)
            return 100;
        int ms = m_options.pollIntervalMs - int(m_sinceClaim.elapsed());
        if ((m_claimNow || m_lastClaimWasFull) && room() > 0)
            ms = 0;
        const qint64 now = m_monotonic.elapsed();
        for (const Queued &queued : m_queue) {
            if (!m_busyEntities.contains(entityGate(queued.message)))
                ms = std::min(ms, int(std::max<qint64>(0, queued.notBeforeMs - now)));
        }
        if (!m_queue.empty() && slotsBackingOff())
            ms = std::max(ms, kReconnectDelayMs - int(m_slotOpenFailed.elapsed()));
        return std::clamp(ms, 0, std::max(m_options.pollIntervalMs, kReconnectDelayMs));
    }

    QDateTime clockNow() const { return m_worker.m_clock->now(); }

    InboxWorker &m_worker;
    const InboxWorkerOptions &m_options;
    HttpTransfers m_transfers;
    std::vector<Slot> m_slots;
    std::unique_ptr<DatabaseConnection> m_control; // claims, partners, releases
    std::unique_ptr<Notifications> m_notifications;
    std::unique_ptr<InboxStore> m_store; // on m_control
    QString m_lastConnectionError;
    QHash<QString, PartnerConfig> m_partners;
    QStringList m_partnerProblems; // partners skipped because their configuration does not parse
    QElapsedTimer m_partnersAge;
    int m_leaseSeconds = 0;
    std::deque<Queued> m_queue;     // claimed, not started yet
    QStringList m_crowdingPartners; // held a fair share of the slots or more after the last claim
    QSet<QString> m_busyEntities;   // entities of the rows whose handler is being called
    QElapsedTimer m_sinceClaim;
    QElapsedTimer m_sinceAdopt;
    QElapsedTimer m_slotOpenFailed;
    QElapsedTimer m_monotonic;
    bool m_claimNow = true;
    bool m_lastClaimWasFull = false;
};

InboxWorker::InboxWorker(ConnectionSettings settings, InboxWorkerOptions options, const Clock *clock)
    : BackgroundLoop(u"inbox-worker"_s)
    , m_settings(std::move(settings))
    , m_options(std::move(options))
    , m_clock(clock ? clock : &m_systemClock)
{
    if (m_options.instanceName.isEmpty())
        m_options.instanceName = nextInstanceName(u"worker-"_s);
    m_options.concurrency = std::max(1, m_options.concurrency);
    m_options.pollIntervalMs = std::max(1, m_options.pollIntervalMs);
}

InboxWorker::~InboxWorker()
{
    stopAndWait();
}

QString InboxWorker::runLoop()
{
    return Loop(*this).run(); // the loop and its connections are gone before `stopped` is emitted
}

} // namespace hookyard::core
