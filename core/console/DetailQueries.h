#pragma once

#include "console/RowRef.h"
#include "db/Database.h"
#include "util/Result.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariant>

#include <optional>

namespace hookyard::core {

// One thing that happened to a row, or that will happen to it, for the console's timeline. Times are UTC.
struct TimelineItem
{
    enum class Kind
    {
        Queued,       // the delivery was created, or the inbox row received
        Attempt,      // one delivery attempt, or one attempt of the inbox worker at a row
        Scheduled,    // the next attempt (of an unknown delivery: status check) is due at `at`; `actor` names the
                      // relay holding it, if any
        Deferred,     // an inbox row deferred since `at`, waiting for `detail`, `count` times so far
        Held,         // the endpoint is disabled; `detail` says why
        DeadLettered, // moved to the dead letters; `detail` says why
        Quarantined,  // an inbox row quarantined; `detail` says why
        Replayed,     // put back in the queue by `actor` / `dbRole`, because of `detail`; audit record `auditId`
        RetriedNow,   // its next attempt (or check) made due at once by `actor` / `dbRole`; as Replayed
        Resolved,     // settled by hand by `actor` / `dbRole` with the note `detail`; audit record `auditId`
        Delivered,
        Processed,
    };

    // Every member has an initializer, so that items can be written with designated initializers naming only
    // what they use.
    Kind kind = Kind::Queued;
    QDateTime at{};

    // Attempt
    int attemptNo = 0;
    std::optional<int> statusCode{};
    std::optional<int> latencyMs{};
    // ok, http_status, redirect, timeout, unknown, refused, reset, tls, dns, other; a status check (an unknown
    // delivery's status URL asked): status_delivered, status_not_found, status_unknown
    QString errorClass{};
    QString errorDetail{};
    QString relayInstance{};   // of a delivery attempt
    QString responseSnippet{}; // the first bytes the endpoint answered (delivery attempts), as the relay kept them
    QString workerInstance{};  // of an inbox row's attempt

    QString detail{}; // see Kind
    QString actor{};  // Replayed, RetriedNow, Resolved: the OS user; Scheduled: the relay instance holding the lease
    QString dbRole{}; // Replayed, RetriedNow, Resolved
    qint64 auditId = 0;
    int count = 0; // Deferred: deferrals so far
};

// How an attempt ended, for its mark: a 2xx answer, a definite failure, or an outcome nobody knows (a timeout or a
// connection lost after the request was sent: the endpoint may have acted on it). A status check counts as what it
// found out: delivered, not received (a failure), or nothing.
enum class AttemptOutcome
{
    Succeeded,
    Failed,
    Uncertain
};
AttemptOutcome attemptOutcome(const TimelineItem &attempt);

// A labelled fact in the detail's header. The console chooses the label's wording from `field`.
struct DetailFact
{
    enum class Field
    {
        EventId,
        DeliveryId,
        InboxId,
        PartnerEventId,
        RecordId, // rejected request, audit record
        EventType,
        Endpoint,
        Url,
        Partner,
        Aggregate, // "Order 5f1c…"
        Entity,    // "order A-1048"
        State,
        Reason,
        Attempts,
        Created,
        EventCreated, // a delivery's event, when the producer dated it otherwise than the delivery was made
        Received,
        Processed,
        StatusCode,
        RemoteAddress,
        BodySize,
        UnreadBodySize, // of a request turned away from its head: the length it announced, not read
        Action,
        Subject,
        OsUser,
        DbRole,
        Scheme,
        EventTypes,
        RetrySchedule,
        AttemptsLastHour, // an endpoint's delivery attempts in the last hour
        FailedLastHour,   // of those, the ones that did not end in a 2xx
        Note,
    };
    Field field;
    QVariant value;    // QString, qint64, or QDateTime (UTC)
    bool isId = false; // an identifier: shown in monospace, worth copying
};

// A header as the console shows it. Headers the relay computes per attempt carry no value, only what they are.
struct DetailHeader
{
    enum class Value
    {
        Literal,
        AttemptTimestamp, // the Unix time of each attempt
        AttemptSignature, // "v1,<base64 HMAC-SHA256>", one per active secret, computed for each attempt
        Masked,           // a credential-like custom header: `value` holds its masked form
    };
    QString name;
    QString value;
    Value kind = Value::Literal;
};

// A secret as the console may show it: masked ("whsec_…abcd"), never its value.
struct MaskedSecret
{
    QString masked;
    QDateTime createdAt;
    QDateTime expiresAt; // invalid: active until rotated out
};

struct SignatureVerdict
{
    enum class Verdict
    {
        Signed,      // outgoing: signed with every active secret
        Unsigned,    // outgoing: the endpoint has no active secret
        Verified,    // incoming: signature_verified is true
        NotVerified, // incoming: signature_verified is false (a partner whose scheme does not sign)
        Unknown,     // incoming: signature_verified is NULL (written by someone who knows only webhook_inbox)
    };
    Verdict verdict = Verdict::Unknown;
    QString scheme; // standard, stripe, github, hmac
    QList<MaskedSecret> activeSecrets;
};

// Where an inbox row's entity stands in its partner's state machine (entity_states, state_transitions).
struct EntityPosition
{
    struct Transition
    {
        QString eventType;
        QString toState;
    };
    QString entityType;
    QString entityId;
    QString state; // empty: the entity does not exist yet
    QDateTime updatedAt;
    QList<Transition> allowedNext;  // event types allowed from `state` now, by event type
    bool thisEventAllowed = false;  // whether the row's own event type is among them
    bool thisEventKnown = false;    // whether any transition of the state machine names the row's own event type
    bool transitionsDecide = false; // the partner is in state_machine mode: the three above say what will happen
};

// One delivery of an event with its own timeline.
struct DeliveryTimeline
{
    qint64 deliveryId = 0;
    QString endpoint;
    QString state;
    QList<TimelineItem> timeline;
};

// Everything the detail pane shows for one row.
struct RowDetail
{
    RowRef row;
    QString title;     // the event type, the audit action, or the rejection reason
    QString primaryId; // the id an engineer quotes in a ticket: event id, inbox id, record id
    QString state;     // as stored: pending, dead, QUARANTINED, ...
    QList<DetailFact> facts;
    QString payload; // as stored (the exact received bytes for an inbox row); empty when there is none
    QList<DetailHeader> headers;
    std::optional<SignatureVerdict> signature;
    std::optional<EntityPosition> entity;
    QList<TimelineItem> timeline;       // oldest first
    QList<DeliveryTimeline> deliveries; // Event: each of its deliveries, oldest first
    QDateTime serverTime;               // the database's now() when loaded: countdowns use it, not the local clock

    // The first fact of `field`, or an invalid QVariant.
    QVariant fact(DetailFact::Field field) const;
};

// Loads one row's detail in one read-only snapshot. The error says which row does not exist or what failed.
// No value returned ever holds a secret: secrets are masked, credential-like custom headers too.
Result<RowDetail> loadDetail(const DatabaseConnection &connection, const RowRef &row);

// "whsec_…abcd": the scheme prefix and the last four characters, or only "…" for a secret too short to show any.
QString maskSecret(const QString &secret);

// Whether a configured header's value is shown masked: custom headers may carry credentials (an API key, a bearer
// token), judged by the header's name, and by `value` when it has a credential's form whatever the name (an
// authorization scheme such as "Bearer …", a JSON web token, or a well-known token prefix: ghp_, sk_live_, xoxb-,
// AKIA…). Broader than namesACredential(), which judges a sender's headers: a value configured once and sent with
// every request under a name with "key" or "signature" in it is a standing credential.
bool looksLikeCredential(const QString &headerName, const QString &value = {});

} // namespace hookyard::core

Q_DECLARE_METATYPE(hookyard::core::RowDetail)
