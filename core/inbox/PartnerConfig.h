#pragma once

#include "http/HeaderMap.h"
#include "signing/Signatures.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

// How Hookyard reads the webhooks a partner sends: the verification scheme, where each field of an event comes from,
// and how the worker processes it. The keys of partners.config and their defaults are documented in
// docs/partners.md.
namespace hookyard::core {

// Where one field of a received webhook comes from. A default-constructed source (an empty Literal) is unset: it
// yields nothing.
struct FieldSource
{
    enum class Kind
    {
        Header,
        JsonPointer,
        Literal
    };
    Kind kind = Kind::Literal;
    QByteArray header; // lowercased
    QString pointer;   // RFC 6901, e.g. "/data/object/id"
    QString literal;

    bool isSet() const { return kind != Kind::Literal || !literal.isEmpty(); }
};

// "header:<name>", a JSON pointer starting with "/", "=<literal>", or "=" alone for unset.
Result<FieldSource> parseFieldSource(const QString &spec);
// The spec parseFieldSource reads back as `source`.
QString fieldSourceSpec(const FieldSource &source);

// The field's text, or nullopt when it is absent, empty, JSON null, an object or an array, a header value that is not
// UTF-8, or an integer beyond 64 bits (JSON's parser holds it as a double, which cannot tell such integers apart).
// Numbers become their decimal text, integers without exponent or fraction; booleans "true" / "false".
// lowercasedHeaders maps lowercase header names to values.
std::optional<QString> extractField(const FieldSource &source, const HeaderMap &lowercasedHeaders,
                                    const QJsonDocument &body);

// The value `pointer` refers to (RFC 6901: "" is the whole document, "~1" stands for "/" and "~0" for "~", array
// elements by index without leading zeros), or nullopt when it refers to nothing. JSON null is a value.
std::optional<QJsonValue> resolveJsonPointer(const QJsonDocument &document, const QString &pointer);

// The names are the values of the partners.scheme CHECK constraint.
enum class PartnerScheme
{
    StandardWebhooks, // "standard"
    Stripe,           // "stripe"
    GitHub,           // "github"
    GenericHmac       // "hmac"
};
QString partnerSchemeName(PartnerScheme scheme);
Result<PartnerScheme> parsePartnerScheme(const QString &name);

enum class ProcessingMode
{
    StateMachine, // "state_machine": an event applies only as an allowed transition of its entity (state_transitions)
    Timestamp,    // "timestamp": the newest event time wins; older events never overwrite newer state
    StoreOnly     // "store_only": stored (and forwarded to the handler, if any) without any state
};
QString processingModeName(ProcessingMode mode);
Result<ProcessingMode> parseProcessingMode(const QString &name);

// Everything the receiver and the worker need to know about one partner.
struct PartnerConfig
{
    qint64 id = 0;
    QString name;
    PartnerScheme scheme = PartnerScheme::StandardWebhooks;
    // Active secret strings as stored: "whsec_..." for standard (signing::standardSecretKey gives the key), the
    // whole text, used as the key, for stripe, github and hmac.
    QList<QByteArray> secrets;
    int toleranceSeconds = 300;
    int maxBodyBytes = 1048576;
    QList<int> retryScheduleSeconds{60, 300, 600}; // waits before the handler's 2nd, 3rd, ... attempt
    FieldSource eventId, eventType, entityType, entityId, eventTime;
    std::optional<signing::GenericHmacConfig> hmac; // set exactly for scheme hmac
    bool svixHeaderNames = false;                   // standard only: the sender uses svix-id/-timestamp/-signature
    ProcessingMode mode = ProcessingMode::StoreOnly;
    QString handlerUrl; // empty: no internal handler is called
    int handlerTimeoutMs = 10000;
    int deferMaxAgeSeconds = 86400;
    int deferMaxCount = 50;
};

// Reads partners.config for `scheme`: fills the scheme's defaults and validates every key. The error is one line
// naming the key. id, name, secrets and the settings kept in their own columns are left at their defaults.
Result<PartnerConfig> parsePartnerConfig(PartnerScheme scheme, const QJsonObject &configJson);
// For a configuration being added or changed, not one already stored (whose partner would then stop working): a fixed
// text ("=...") the receiver would refuse in every request, an entity type or id with a control character or over
// kMaxEntityKeyCharacters, or blank text where "=" alone unsets a default. Found by an exploring helper: such a
// partner was added, listed as ok, and every one of its webhooks got a 400.
Status checkFixedTexts(const QJsonObject &configJson);

// The headers a standard partner's mapping reads: the set verify() verified (webhook-* when there is a webhook-id,
// else svix-*), in whichever spelling the mapping names. Other schemes' headers are returned as they are.
HeaderMap withVerifiedSpelling(const PartnerConfig &partner, const HeaderMap &lowercasedHeaders);

// An event time as partners write it: Unix seconds or ISO 8601, in the years 1 to 9999; nullopt otherwise.
std::optional<QDateTime> parseEventTime(const QString &text);

// What a partner's mapping reads from a webhook besides its id: empty text where a field is absent or blank (only
// white space names no type and no entity: such an id is reported as missing, not kept as an entity). The receiver
// reads it at receipt; a replay reads it again from the stored body and headers, so that a mapping corrected after
// the fact applies to the rows it had quarantined.
struct MappedFields
{
    QString eventType;
    QString entityType;
    QString entityId;
    std::optional<QString> eventTimeText; // the event time as sent, when there is one
    std::optional<QDateTime> eventTime;   // that time when it reads as one (parseEventTime)
};
// An entity's type and id are index keys (webhook_inbox_deferred_entity, entity_states' primary key), and PostgreSQL's
// btree takes keys up to about 2.7 kB: each is held to 255 characters, 2 kB of UTF-8 together at most.
constexpr qsizetype kMaxEntityKeyCharacters = 255;

MappedFields readMappedFields(const PartnerConfig &partner, const HeaderMap &fieldHeaders, const QJsonDocument &body);

} // namespace hookyard::core
