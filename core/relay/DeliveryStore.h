#pragma once

#include "db/Database.h"
#include "db/ReplayFilter.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace hookyard::core {

// An endpoint as the relay needs it to send: where, how to sign, how long to wait, how to retry.
struct EndpointConfig
{
    qint64 id = 0;
    QString name;
    QByteArray url;
    QList<QByteArray> signingKeys; // decoded whsec_ keys of every active secret (several during a rotation)
    int timeoutMs = 15000;
    QList<int> retryScheduleSeconds;
    std::optional<int> ratePerSecond;
    QList<std::pair<QByteArray, QByteArray>> customHeaders;
    bool svixHeaderNames = false;
    // Where to ask whether a delivery whose outcome is unknown arrived: a template in which {id} stands for the
    // webhook-id. Empty: none, and such a delivery is simply sent again with the same id.
    QByteArray statusUrl;
    // Whether its URL and status URL may be on loopback, link-local or private addresses (the SSRF guard).
    bool allowPrivateNetwork = false;
};

// A delivery this relay holds a lease on, with the exact bytes to send; or an unknown one whose endpoint's status
// URL is to be asked about it (then without a body).
struct ClaimedDelivery
{
    qint64 id = 0;
    QByteArray eventId = {}; // the webhook-id: the same on every retry and replay
    qint64 endpointId = 0;
    int failuresSinceQueued = 0;
    QByteArray body = {};
    bool statusCheck = false;
    int statusChecks = 0; // status checks that could not tell, since the delivery became unknown
    // The request must start before this for the lease (the endpoint's timeout plus the margin, from the claim) to
    // outlast it and the recording of its outcome: half the margin for waiting in the relay's queue, half for the
    // record. Past it, the delivery is handed back unsent, for another relay may take it once the lease ends.
    QDeadlineTimer sendBy = {};
    int leaseTimeoutMs = 0; // the endpoint's timeout the lease was computed with: no request under it may run longer
};

// Which deliveries a relay may take: all, or one endpoint and/or one event type (a pattern such as "order.*").
struct ClaimScope
{
    QString endpointName;
    QString eventType;
};

// What one attempt came to, and what the delivery does next.
struct AttemptRecord
{
    enum class Outcome
    {
        Delivered,
        Retry,
        DeadLetter,
        EndpointGone,
        Unknown // the endpoint may have it: its status URL is asked at nextAttemptAt (if valid) before any re-send
    };

    qint64 deliveryId = 0;
    qint64 endpointId = 0;
    QDateTime startedAt;
    int durationMs = 0;
    int statusCode = 0; // 0 when no status line arrived (one may have come before a failure: see errorClass)
    // ok, http_status, redirect, timeout, unknown, refused, reset, tls, dns, other; for a status check
    // status_delivered, status_not_found or status_unknown (the status URL's answer, docs/producers.md)
    QString errorClass;
    QString errorDetail;
    QString responseSnippet;
    Outcome outcome = Outcome::Retry;
    QDateTime nextAttemptAt; // for Retry; for Unknown the next status check, invalid when there is none
    QString deadReason;      // for DeadLetter
    int statusChecks = 0;    // for Unknown: status checks that could not tell so far
};

// All SQL the relay runs against deliveries, attempts and endpoints. One instance per relay thread, on that
// thread's connection.
class DeliveryStore final
{
public:
    DeliveryStore(const DatabaseConnection &connection, QString instance);

    // Leases up to `limit` due deliveries with FOR UPDATE SKIP LOCKED, so concurrent relays never take the same
    // row; a lease lasts the endpoint's timeout plus leaseMarginSeconds, after which a dead relay's rows return.
    // Ordered endpoints yield only the oldest open delivery per aggregate.
    Result<QList<ClaimedDelivery>> claim(int limit, const QDateTime &now, const ClaimScope &scope,
                                         const QList<qint64> &excludedEndpoints, int leaseMarginSeconds) const;

    // Leases up to `limit` unknown deliveries whose next status check is due, of active endpoints with a status URL,
    // in the same way (statusCheck set, no body). Deliveries resolved by hand, and those whose checks used up their
    // endpoint's retry schedule, are not asked about again.
    Result<QList<ClaimedDelivery>> claimStatusChecks(int limit, const QDateTime &now, const ClaimScope &scope,
                                                     int leaseMarginSeconds) const;

    // Records attempts and status checks and their consequences in one statement: attempt rows, delivery state (a 410
    // holds the delivery, an unknown outcome waits for its status check), and processed_at of events whose deliveries
    // all succeeded. A delivery whose lease this relay lost meanwhile keeps its attempt row but is not changed.
    Status record(const QList<AttemptRecord> &attempts) const;

    // Gives deliveries that were claimed but never sent back to the pool (a stop, a reconnect, or one that waited past
    // its sendBy). Only leases this relay still holds are ended: one another relay took meanwhile is left alone.
    Status releaseLeases(const QList<qint64> &deliveryIds) const;

    Result<QHash<qint64, EndpointConfig>> loadEndpoints() const;

    // The two statements a relay runs per batch, for bench/relay, which runs them under pgbench as its baseline.
    // claimCtesSql() is the claim up to its `claimed` CTE (the rows leased); claim() appends the SELECT of those rows
    // and their payloads. Parameters: claim $1 now, $2 endpoint scope, $3 event-type scope, $4 excluded endpoint ids,
    // $5 limit, $6 relay instance, $7 lease margin in seconds; record $1 the attempts as JSON, $2 relay instance.
    static QString claimCtesSql();
    static QString recordSql();

private:
    const DatabaseConnection &m_connection;
    QString m_instance;
};

// Which deliveries a replay puts back in the queue: the listed ones, or every dead one of an endpoint that `filter`
// lets through (its event type, when it was created).
struct ReplaySelection
{
    QList<qint64> deliveryIds = {};
    QString endpointName = {}; // with deliveryIds empty: this endpoint's dead deliveries
    ReplayFilter filter = {};  // with endpointName
    bool dryRun = false;       // count what a replay would take; change nothing, write no audit record
};

// Puts the selected deliveries back to pending with a fresh retry schedule and the same webhook-id, writes one
// audit record, and wakes the relays — all in one transaction. A listed delivery is replayed when dead, unknown or
// already delivered (a re-send on request); pending ones (already queued), held ones and those of a disabled endpoint
// (resume the endpoint: the relay sends nothing to it) are left alone — for a single delivery or an endpoint's dead
// deliveries that is an error saying so. A replay also clears a resolution. Returns the number replayed: 0 for a
// single delivery that another replay queued between the check and the replay (noLongerReplayable() says so).
Result<int> replayDeliveries(const DatabaseConnection &connection, const ReplaySelection &selection,
                             const QString &reason);
// Why a single delivery that passed replayDeliveries' check was not replayed after all.
QString noLongerReplayable(qint64 deliveryId);

} // namespace hookyard::core
