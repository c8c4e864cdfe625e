#include "inbox/PartnerConfig.h"

#include "http/ConfiguredHeaders.h"
#include "util/ControlCharacters.h"
#include "util/HttpUrl.h"

#include <QJsonArray>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>

#include <cmath>
#include <limits>
#include <utility>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

const QString kHeaderPrefix = u"header:"_s;

const QStringList kConfigKeys{u"event_id"_s,        u"event_type"_s,
                              u"entity_type"_s,     u"entity_id"_s,
                              u"event_time"_s,      u"hmac"_s,
                              u"svix_headers"_s,    u"mode"_s,
                              u"handler_url"_s,     u"handler_timeout_ms"_s,
                              u"defer_max_age_s"_s, u"defer_max_count"_s};
// What signing::parseGenericHmacConfig reads; it ignores anything else, so a misspelt key would go unnoticed.
const QStringList kHmacKeys{u"signature_header"_s, u"algorithm"_s,        u"encoding"_s,
                            u"prefix"_s,           u"timestamp_header"_s, u"timestamp_signed"_s};

const QString kFieldSourceHint = u"use header:<name>, a JSON pointer such as /data/id, or =<text>"_s;

// RFC 6901: "~" is only ever followed by "0" or "1".
bool hasValidEscapes(const QString &pointer)
{
    for (qsizetype i = 0; i < pointer.size(); ++i) {
        if (pointer.at(i) == u'~' &&
            (i + 1 == pointer.size() || (pointer.at(i + 1) != u'0' && pointer.at(i + 1) != u'1')))
            return false;
    }
    return true;
}

// "~1" is decoded before "~0", so "~01" becomes "~1" and not "/".
QString unescapeToken(QString token)
{
    return token.replace(u"~1"_s, u"/"_s).replace(u"~0"_s, u"~"_s);
}

std::optional<qsizetype> arrayIndex(const QString &token, qsizetype size)
{
    static const QRegularExpression digits(u"^(0|[1-9][0-9]{0,17})$"_s);
    if (!digits.match(token).hasMatch())
        return std::nullopt;
    const qint64 index = token.toLongLong();
    return index < size ? std::optional<qsizetype>(qsizetype(index)) : std::nullopt;
}

// The number's decimal text, or nullopt for a whole number beyond 64 bits.
std::optional<QString> numberText(const QJsonValue &value)
{
    // Qt's parser holds every whole number within 64 bits as a qint64, and toInteger() returns it; it returns the
    // default for any other number, so two different defaults tell whether the value is such an integer. An integer
    // written as such is exact; one written with a fraction or an exponent was a double first, so beyond 2^53
    // 9007199254740993.0 reads as 9007199254740992 and can still meet its neighbour. The parser does not say how a
    // number was written.
    if (const qint64 integer = value.toInteger(0); integer == value.toInteger(1))
        return QString::number(integer);
    // A whole number beyond 64 bits is held as a double, and each such double stands for many texts: two different
    // event ids would become one, and the second event a "duplicate".
    const double number = value.toDouble();
    if (std::trunc(number) == number)
        return std::nullopt;
    return QString::number(number, 'g', QLocale::FloatingPointShortest);
}

Error keyError(const QString &key, const QString &problem)
{
    return Error{u"config key '%1': %2"_s.arg(key, problem)};
}

Status readFieldSource(const QJsonObject &json, const QString &key, FieldSource &target)
{
    const QJsonValue value = json.value(key);
    if (value.isUndefined())
        return success();
    if (!value.isString())
        return keyError(key, u"must be a text such as \"header:x-event-id\", \"/data/id\" or \"=order\""_s);
    auto source = parseFieldSource(value.toString());
    if (!source)
        return keyError(key, source.error());
    target = source.value();
    return success();
}

Status readPositiveInt(const QJsonObject &json, const QString &key, int &target,
                       int maximum = std::numeric_limits<int>::max())
{
    const QJsonValue value = json.value(key);
    if (value.isUndefined())
        return success();
    const double number = value.toDouble();
    if (!value.isDouble() || std::trunc(number) != number || number < 1 || number > double(maximum))
        return keyError(key, u"must be a whole number from 1 to %1"_s.arg(maximum));
    target = int(number);
    return success();
}

Result<QString> readString(const QJsonObject &json, const QString &key)
{
    const QJsonValue value = json.value(key);
    if (!value.isString())
        return keyError(key, u"must be a text"_s);
    return value.toString();
}

FieldSource header(const char *name)
{
    FieldSource source;
    source.kind = FieldSource::Kind::Header;
    source.header = QByteArray(name);
    return source;
}

FieldSource pointer(const QString &path)
{
    FieldSource source;
    source.kind = FieldSource::Kind::JsonPointer;
    source.pointer = path;
    return source;
}

// Defaults where the scheme's senders put each field (docs/partners.md). Unset fields stay default-constructed.
void applySchemeDefaults(PartnerConfig &config)
{
    switch (config.scheme) {
    case PartnerScheme::StandardWebhooks:
        config.eventId = config.svixHeaderNames ? header("svix-id") : header("webhook-id");
        config.eventType = pointer(u"/type"_s);
        config.entityId = pointer(u"/data/id"_s);
        // The payload's own time, where the Standard Webhooks payload structure puts it. Not the signed
        // webhook-timestamp header: that is the time of the delivery attempt, so a retry of an older event carries a
        // newer time than the events after it, and timestamp mode would let it overwrite them (found by an exploring
        // helper).
        config.eventTime = pointer(u"/timestamp"_s);
        break;
    case PartnerScheme::Stripe:
        config.eventId = pointer(u"/id"_s);
        config.eventType = pointer(u"/type"_s);
        config.entityId = pointer(u"/data/object/id"_s);
        config.entityType = pointer(u"/data/object/object"_s);
        config.eventTime = pointer(u"/created"_s);
        break;
    case PartnerScheme::GitHub:
        config.eventId = header("x-github-delivery");
        config.eventType = header("x-github-event");
        break;
    case PartnerScheme::GenericHmac:
        config.eventId = pointer(u"/id"_s);
        config.eventType = pointer(u"/type"_s);
        config.entityId = pointer(u"/entity_id"_s);
        break;
    }
}

Result<signing::GenericHmacConfig> readHmac(const QJsonObject &json, PartnerScheme scheme)
{
    const QJsonValue value = json.value(u"hmac"_s);
    if (scheme != PartnerScheme::GenericHmac) {
        if (!value.isUndefined())
            return keyError(u"hmac"_s, u"applies to scheme hmac only, not %1"_s.arg(partnerSchemeName(scheme)));
        return signing::GenericHmacConfig{};
    }
    if (value.isUndefined())
        return keyError(u"hmac"_s, u"is required for scheme hmac: an object with at least \"signature_header\""_s);
    if (!value.isObject())
        return keyError(u"hmac"_s, u"must be an object such as {\"signature_header\": \"x-signature\"}"_s);
    const QJsonObject hmac = value.toObject();
    for (const QString &key : hmac.keys()) {
        if (!kHmacKeys.contains(key))
            return keyError(u"hmac"_s, u"unknown key '%1' (known: %2)"_s.arg(key, kHmacKeys.join(u", "_s)));
    }
    auto parsed = signing::parseGenericHmacConfig(hmac);
    if (!parsed)
        return parsed;
    // A name no request can carry would make a partner whose every webhook fails verification.
    const std::pair<QString, QByteArray> headers[] = {{u"signature_header"_s, parsed.value().signatureHeader},
                                                      {u"timestamp_header"_s, parsed.value().timestampHeader}};
    for (const auto &[key, header] : headers) {
        if (!header.isEmpty() && !isHeaderToken(QString::fromLatin1(header)))
            return keyError(u"hmac"_s,
                            u"\"%1\" is not a valid HTTP header name: '%2'"_s.arg(key, QString::fromLatin1(header)));
    }
    return parsed;
}

} // namespace

Result<FieldSource> parseFieldSource(const QString &spec)
{
    FieldSource source;
    if (spec.startsWith(u'=')) {
        source.literal = spec.mid(1);
        return source;
    }
    if (spec.startsWith(u'/')) {
        if (!hasValidEscapes(spec))
            return Error{
                u"JSON pointer '%1' has a '~' not followed by 0 or 1 (write ~0 for '~', ~1 for '/')"_s.arg(spec)};
        source.kind = FieldSource::Kind::JsonPointer;
        source.pointer = spec;
        return source;
    }
    if (spec.startsWith(kHeaderPrefix)) {
        const QString name = spec.mid(kHeaderPrefix.size());
        if (!isHeaderToken(name))
            return Error{u"'%1' does not name a valid HTTP header"_s.arg(spec)};
        source.kind = FieldSource::Kind::Header;
        source.header = name.toLatin1().toLower();
        return source;
    }
    return Error{u"'%1' is not a field source: %2"_s.arg(spec, kFieldSourceHint)};
}

QString fieldSourceSpec(const FieldSource &source)
{
    switch (source.kind) {
    case FieldSource::Kind::Header:
        return kHeaderPrefix + QString::fromLatin1(source.header);
    case FieldSource::Kind::JsonPointer:
        return source.pointer;
    case FieldSource::Kind::Literal:
        return u'=' + source.literal;
    }
    Q_UNREACHABLE();
}

std::optional<QString> extractField(const FieldSource &source, const HeaderMap &lowercasedHeaders,
                                    const QJsonDocument &body)
{
    QString text;
    switch (source.kind) {
    case FieldSource::Kind::Header: {
        const QByteArray value = lowercasedHeaders.value(source.header);
        // Each byte that is not UTF-8 would become U+FFFD, and different ids the same text.
        if (!QByteArrayView(value).isValidUtf8())
            return std::nullopt;
        text = QString::fromUtf8(value);
        break;
    }
    case FieldSource::Kind::Literal:
        text = source.literal;
        break;
    case FieldSource::Kind::JsonPointer: {
        const auto value = resolveJsonPointer(body, source.pointer);
        if (!value)
            return std::nullopt;
        if (value->isString())
            text = value->toString();
        else if (value->isDouble())
            text = numberText(*value).value_or(QString());
        else if (value->isBool())
            text = value->toBool() ? u"true"_s : u"false"_s;
        break;
    }
    }
    return text.isEmpty() ? std::nullopt : std::optional<QString>(text);
}

std::optional<QJsonValue> resolveJsonPointer(const QJsonDocument &document, const QString &pointer)
{
    if (document.isNull())
        return std::nullopt;
    QJsonValue current = document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
    if (pointer.isEmpty())
        return current;
    if (!pointer.startsWith(u'/') || !hasValidEscapes(pointer))
        return std::nullopt;
    const QStringList tokens = pointer.mid(1).split(u'/');
    for (const QString &escaped : tokens) {
        const QString token = unescapeToken(escaped);
        if (current.isObject()) {
            const QJsonObject object = current.toObject();
            const auto member = object.constFind(token);
            if (member == object.constEnd())
                return std::nullopt;
            current = member.value();
        } else if (current.isArray()) {
            const QJsonArray array = current.toArray();
            const auto index = arrayIndex(token, array.size());
            if (!index)
                return std::nullopt;
            current = array.at(*index);
        } else {
            return std::nullopt;
        }
    }
    return current;
}

QString partnerSchemeName(PartnerScheme scheme)
{
    switch (scheme) {
    case PartnerScheme::StandardWebhooks:
        return u"standard"_s;
    case PartnerScheme::Stripe:
        return u"stripe"_s;
    case PartnerScheme::GitHub:
        return u"github"_s;
    case PartnerScheme::GenericHmac:
        return u"hmac"_s;
    }
    Q_UNREACHABLE();
}

Result<PartnerScheme> parsePartnerScheme(const QString &name)
{
    for (PartnerScheme scheme :
         {PartnerScheme::StandardWebhooks, PartnerScheme::Stripe, PartnerScheme::GitHub, PartnerScheme::GenericHmac}) {
        if (partnerSchemeName(scheme) == name)
            return scheme;
    }
    return Error{u"unknown scheme '%1': standard, stripe, github or hmac"_s.arg(name)};
}

QString processingModeName(ProcessingMode mode)
{
    switch (mode) {
    case ProcessingMode::StateMachine:
        return u"state_machine"_s;
    case ProcessingMode::Timestamp:
        return u"timestamp"_s;
    case ProcessingMode::StoreOnly:
        return u"store_only"_s;
    }
    Q_UNREACHABLE();
}

Result<ProcessingMode> parseProcessingMode(const QString &name)
{
    for (ProcessingMode mode : {ProcessingMode::StateMachine, ProcessingMode::Timestamp, ProcessingMode::StoreOnly}) {
        if (processingModeName(mode) == name)
            return mode;
    }
    return Error{u"unknown mode '%1': state_machine, timestamp or store_only"_s.arg(name)};
}

Status checkFixedTexts(const QJsonObject &configJson)
{
    for (const QString &key : {u"event_type"_s, u"entity_type"_s, u"entity_id"_s, u"event_time"_s}) {
        const QString spec = configJson.value(key).toString();
        if (!spec.startsWith(u'='))
            continue;
        const QString text = spec.mid(1);
        if (!text.isEmpty() && text.trimmed().isEmpty())
            return keyError(key, u"the fixed text is blank: write \"=\" alone to unset the scheme's default"_s);
        if (key == u"event_time"_s)
            continue;
        // The receiver refuses an event type, entity type or entity id holding one in every request.
        if (holdsControlCharacter(text))
            return keyError(key, u"the fixed text holds a control character (a line break, a tab, ...)"_s);
        if (key == u"event_type"_s)
            continue;
        if (const qsizetype characters = text.toUcs4().size(); characters > kMaxEntityKeyCharacters)
            return keyError(
                key, u"the fixed text has %1 characters, over the %2 an entity's type or id may have"_s.arg(characters)
                         .arg(kMaxEntityKeyCharacters));
    }
    return success();
}

Result<PartnerConfig> parsePartnerConfig(PartnerScheme scheme, const QJsonObject &configJson)
{
    for (const QString &key : configJson.keys()) {
        if (!kConfigKeys.contains(key))
            return Error{u"unknown config key '%1' (known: %2)"_s.arg(key, kConfigKeys.join(u", "_s))};
    }

    PartnerConfig config;
    config.scheme = scheme;

    if (const QJsonValue svix = configJson.value(u"svix_headers"_s); !svix.isUndefined()) {
        if (scheme != PartnerScheme::StandardWebhooks)
            return keyError(u"svix_headers"_s,
                            u"applies to scheme standard only, not %1"_s.arg(partnerSchemeName(scheme)));
        if (!svix.isBool())
            return keyError(u"svix_headers"_s, u"must be true or false"_s);
        config.svixHeaderNames = svix.toBool();
    }
    applySchemeDefaults(config);

    const QList<std::pair<QString, FieldSource *>> fields{{u"event_id"_s, &config.eventId},
                                                          {u"event_type"_s, &config.eventType},
                                                          {u"entity_type"_s, &config.entityType},
                                                          {u"entity_id"_s, &config.entityId},
                                                          {u"event_time"_s, &config.eventTime}};
    for (const auto &[key, target] : fields) {
        if (auto read = readFieldSource(configJson, key, *target); !read)
            return Error{read.error()};
    }
    // The inbox deduplicates on the event id: a fixed value would make every later event a duplicate of the first.
    if (config.eventId.kind == FieldSource::Kind::Literal)
        return keyError(u"event_id"_s, u"must come from a header or a JSON pointer: every event needs its own id"_s);

    auto hmac = readHmac(configJson, scheme);
    if (!hmac)
        return Error{hmac.error()};
    if (scheme == PartnerScheme::GenericHmac)
        config.hmac = hmac.value();

    config.mode = config.entityId.isSet() ? ProcessingMode::StateMachine : ProcessingMode::StoreOnly;
    if (configJson.contains(u"mode"_s)) {
        auto name = readString(configJson, u"mode"_s);
        if (!name)
            return Error{name.error()};
        auto mode = parseProcessingMode(name.value());
        if (!mode)
            return keyError(u"mode"_s, mode.error());
        config.mode = mode.value();
    }
    if (config.mode != ProcessingMode::StoreOnly) {
        const QString mode = processingModeName(config.mode);
        if (!config.eventType.isSet())
            return keyError(u"mode"_s, u"%1 needs event_type"_s.arg(mode));
        if (!config.entityId.isSet())
            return keyError(u"mode"_s, u"%1 needs entity_id"_s.arg(mode));
        if (config.mode == ProcessingMode::Timestamp && !config.eventTime.isSet())
            return keyError(u"mode"_s, u"timestamp needs event_time"_s);
    }

    if (configJson.contains(u"handler_url"_s)) {
        auto url = readString(configJson, u"handler_url"_s);
        if (!url)
            return Error{url.error()};
        if (const QString problem = httpUrlProblem(url.value()); !problem.isEmpty())
            // Without its password, which reached the terminal (found by an adversarial helper).
            return keyError(u"handler_url"_s,
                            u"must be an absolute http(s) URL with a host and a port other than 0, not '%1' (%2)"_s.arg(
                                urlWithoutSecrets(url.value()), problem));
        config.handlerUrl = url.value();
    }
    // An hour at most: a worker's lease lasts the longest handler timeout, counted in seconds in an int. Found by an
    // adversarial helper: 2147483647 overflowed the lease into the past, and no row of any partner was processed.
    if (auto read = readPositiveInt(configJson, u"handler_timeout_ms"_s, config.handlerTimeoutMs, 3600 * 1000); !read)
        return Error{read.error()};
    if (auto read = readPositiveInt(configJson, u"defer_max_age_s"_s, config.deferMaxAgeSeconds); !read)
        return Error{read.error()};
    if (auto read = readPositiveInt(configJson, u"defer_max_count"_s, config.deferMaxCount); !read)
        return Error{read.error()};
    return config;
}

// Standard Webhooks and Svix spell the same headers differently, and verify() accepts either set: the webhook-* set
// when the request has webhook-id, else the svix-* set. The partner's mapping must read the set that was verified, in
// whichever spelling it names: the other spelling's id and timestamp are set to the verified ones. Found by trying
// bad input: a Svix sender's every event was a 400 (the mapping read webhook-id); and a request carrying both sets
// could give the mapping an svix-id no signature covered.
HeaderMap withVerifiedSpelling(const PartnerConfig &partner, const HeaderMap &headers)
{
    if (partner.scheme != PartnerScheme::StandardWebhooks)
        return headers;
    const bool webhookVerified = headers.contains("webhook-id");
    const QByteArrayView otherId = webhookVerified ? "svix-id" : "webhook-id";
    const QByteArrayView otherTimestamp = webhookVerified ? "svix-timestamp" : "webhook-timestamp";
    // The common case copies nothing: only the verified spelling is there, and the mapping names it by default.
    const bool mappingNamesOther = webhookVerified == partner.svixHeaderNames;
    if (!mappingNamesOther && !headers.contains(otherId) && !headers.contains(otherTimestamp))
        return headers;
    HeaderMap verified = headers;
    verified.insert(otherId.toByteArray(), headers.value(webhookVerified ? "webhook-id" : "svix-id"));
    verified.insert(otherTimestamp.toByteArray(),
                    headers.value(webhookVerified ? "webhook-timestamp" : "svix-timestamp"));
    return verified;
}

std::optional<QDateTime> parseEventTime(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    bool isNumber = false;
    const qint64 seconds = text.toLongLong(&isNumber);
    QDateTime parsed;
    if (isNumber) {
        parsed = QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC);
    } else {
        parsed = QDateTime::fromString(text, Qt::ISODateWithMs);
        if (!parsed.isValid())
            parsed = QDateTime::fromString(text, Qt::ISODate);
    }
    // A time PostgreSQL's timestamptz cannot hold would fail the insert of the whole batch; the years ISO 8601 writes
    // with four digits, 1 to 9999, are the usable ones, and a time outside them is no usable time.
    if (!parsed.isValid() || parsed.toUTC().date().year() < 1 || parsed.toUTC().date().year() > 9999)
        return std::nullopt;
    return parsed.toUTC();
}

MappedFields readMappedFields(const PartnerConfig &partner, const HeaderMap &fieldHeaders, const QJsonDocument &body)
{
    const auto text = [&](const FieldSource &source) {
        QString value = extractField(source, fieldHeaders, body).value_or(QString());
        return value.trimmed().isEmpty() ? QString() : value;
    };
    MappedFields fields;
    fields.eventType = text(partner.eventType);
    fields.entityType = text(partner.entityType);
    fields.entityId = text(partner.entityId);
    fields.eventTimeText = extractField(partner.eventTime, fieldHeaders, body);
    fields.eventTime = parseEventTime(fields.eventTimeText.value_or(QString()));
    return fields;
}

} // namespace hookyard::core
