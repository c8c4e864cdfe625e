#include "endpoints/EndpointStore.h"

#include "audit/AuditLog.h"
#include "http/ConfiguredHeaders.h"
#include "relay/AddressGuard.h"
#include "signing/Signatures.h"
#include "util/HttpUrl.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// Headers the relay sets on every request, besides the framing ones (framingHeaders()); an endpoint's custom headers
// may not replace them.
const QStringList kRelayHeaders{u"webhook-id"_s,      u"webhook-timestamp"_s, u"webhook-signature"_s,
                                u"idempotency-key"_s, u"content-type"_s,      u"user-agent"_s};
const QString kRelayHeaderPrefix = u"svix-"_s;

const QString kSelectEndpoints = uR"(
SELECT ep.id, ep.name, ep.url, array_to_json(ep.event_types)::text, ep.state, ep.state_reason, ep.timeout_ms,
  array_to_json(ep.retry_schedule_s)::text, ep.rate_limit_per_s, ep.ordered_per_aggregate, ep.custom_headers::text,
  ep.svix_header_names, ep.status_url, ep.created_at, ep.updated_at, ep.allow_private_network,
  (SELECT count(*) FROM endpoint_secrets s
   WHERE s.endpoint_id = ep.id AND (s.expires_at IS NULL OR s.expires_at > now())),
  open.pending, open.held, open.unknown, open.dead
FROM endpoints ep
CROSS JOIN LATERAL (
  SELECT count(*) FILTER (WHERE d.state = 'pending') AS pending,
         count(*) FILTER (WHERE d.state = 'held') AS held,
         count(*) FILTER (WHERE d.state = 'unknown') AS unknown,
         count(*) FILTER (WHERE d.state = 'dead') AS dead
  FROM deliveries d
  WHERE d.endpoint_id = ep.id AND d.state IN ('pending', 'held', 'unknown', 'dead')) open
)"_s;

const QString kInsertEndpoint = uR"(
INSERT INTO endpoints (name, url, event_types, timeout_ms, retry_schedule_s, rate_limit_per_s, ordered_per_aggregate,
                       custom_headers, svix_header_names, status_url, allow_private_network)
VALUES (?, ?, string_to_array(?, ','), ?, string_to_array(?, ',')::integer[], ?, ?, ?::jsonb, ?, ?, ?)
ON CONFLICT (name) DO NOTHING
RETURNING id
)"_s;

// Events whose only undelivered deliveries belong to the endpoint being removed would otherwise stay unprocessed
// forever; like events nobody subscribes to, they are marked processed with the reason.
const QString kSettleEventsOfRemovedEndpoint = uR"(
WITH settled AS (
  UPDATE outbox_events e SET processed_at = now()
  WHERE e.processed_at IS NULL
    AND e.id IN (SELECT d.event_id FROM deliveries d WHERE d.endpoint_id = ? AND d.state <> 'delivered')
    AND NOT EXISTS (SELECT 1 FROM deliveries other
                    WHERE other.event_id = e.id AND other.endpoint_id <> ? AND other.state <> 'delivered')
  RETURNING e.id
)
INSERT INTO outbox_event_notes (event_id, note)
SELECT id, ? FROM settled
ON CONFLICT (event_id) DO UPDATE SET note = EXCLUDED.note, at = now()
)"_s;

// The first column of the first row of a statement that always yields one row.
Result<qint64> countOf(Result<QSqlQuery> query)
{
    if (!query)
        return Error{query.error()};
    if (!query.value().next())
        return Error{u"the database returned no row"_s};
    return query.value().value(0).toLongLong();
}

struct LockedEndpoint
{
    qint64 id = 0;
    QString state;
    QString url;
    QString statusUrl;
    bool allowPrivateNetwork = false;
};

enum class Lock
{
    NoKeyUpdate,
    Update
};

// Locks the endpoint's row for this transaction. Changes that keep the key take FOR NO KEY UPDATE, which does not
// block producers whose fan-out inserts deliveries referencing the row; a removal blocks them.
Result<LockedEndpoint> lockEndpoint(const DatabaseConnection &connection, const QString &name, Lock lock)
{
    const QString columns =
        u"SELECT id, state, url, status_url, allow_private_network FROM endpoints WHERE name = ? "_s;
    const QString sql = columns + (lock == Lock::Update ? u"FOR UPDATE"_s : u"FOR NO KEY UPDATE"_s);
    auto query = connection.exec(sql, {name});
    if (!query)
        return Error{query.error()};
    if (!query.value().next())
        return Error{u"endpoint '%1' does not exist"_s.arg(name)};
    return LockedEndpoint{query.value().value(0).toLongLong(), query.value().value(1).toString(),
                          query.value().value(2).toString(), query.value().value(3).toString(),
                          query.value().value(4).toBool()};
}

QVariant nullIfEmpty(const QString &text)
{
    return text.isEmpty() ? QVariant() : QVariant(text);
}

// A status URL is a template in which {id} stands for a delivery's webhook-id. QUrl takes no braces, so the URL is
// checked, and its password removed, as it is for an id (a UUID), and {id} is put back afterwards.
const QString kStatusUrlId = u"{id}"_s;
const QString kSampleWebhookId = u"00000000-0000-0000-0000-000000000000"_s;

QString statusUrlFor(const QString &statusUrl, const QString &webhookId)
{
    return QString(statusUrl).replace(kStatusUrlId, webhookId);
}

QJsonValue statusUrlWithoutPassword(const QString &statusUrl)
{
    if (statusUrl.isEmpty())
        return QJsonValue();
    return urlWithoutSecrets(statusUrl);
}

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonArray toJsonArray(const QList<int> &values)
{
    QJsonArray array;
    for (int value : values)
        array.append(value);
    return array;
}

QJsonArray parseJsonArray(const QVariant &text)
{
    return QJsonDocument::fromJson(text.toString().toUtf8()).array();
}

Endpoint endpointFromRow(const QSqlQuery &row)
{
    Endpoint endpoint;
    endpoint.id = row.value(0).toLongLong();
    EndpointSettings &settings = endpoint.settings;
    settings.name = row.value(1).toString();
    settings.url = row.value(2).toString();
    settings.eventTypes.clear();
    for (const QJsonValue &pattern : parseJsonArray(row.value(3)))
        settings.eventTypes << pattern.toString();
    endpoint.state = row.value(4).toString();
    endpoint.stateReason = row.value(5).toString();
    settings.timeoutMs = row.value(6).toInt();
    settings.retryScheduleS.clear();
    for (const QJsonValue &wait : parseJsonArray(row.value(7)))
        settings.retryScheduleS << wait.toInt();
    if (!row.value(8).isNull())
        settings.rateLimitPerS = row.value(8).toInt();
    settings.orderedPerAggregate = row.value(9).toBool();
    settings.customHeaders = QJsonDocument::fromJson(row.value(10).toString().toUtf8()).object();
    settings.svixHeaderNames = row.value(11).toBool();
    settings.statusUrl = row.value(12).toString();
    endpoint.createdAt = toUtc(row.value(13));
    endpoint.updatedAt = toUtc(row.value(14));
    settings.allowPrivateNetwork = row.value(15).toBool();
    endpoint.activeSecretCount = row.value(16).toInt();
    endpoint.deliveries.pending = row.value(17).toLongLong();
    endpoint.deliveries.held = row.value(18).toLongLong();
    endpoint.deliveries.unknown = row.value(19).toLongLong();
    endpoint.deliveries.dead = row.value(20).toLongLong();
    return endpoint;
}

Status validateHeaders(const QJsonObject &headers)
{
    return validateConfiguredHeaders(
        headers,
        [](const QString &lower) { return kRelayHeaders.contains(lower) || lower.startsWith(kRelayHeaderPrefix); },
        u"the relay"_s);
}

Status validateStatusUrl(const QString &statusUrl)
{
    if (statusUrl.isEmpty())
        return success();
    // Braces are only ever the placeholder: "{event_id}" was refused as not an absolute http(s) URL, which it was.
    const QString withoutId = QString(statusUrl).remove(kStatusUrlId);
    if (withoutId.contains(u'{') || withoutId.contains(u'}')) {
        const qsizetype open = withoutId.indexOf(u'{');
        const qsizetype close = open >= 0 ? withoutId.indexOf(u'}', open) : -1;
        // Only what reads as a placeholder name, outside the URL's secrets, is quoted: what follows an unclosed '{',
        // or braces in a password or a token, may be a secret (found in review).
        static const QRegularExpression placeholderName(u"^\\{[A-Za-z0-9_.-]{1,40}\\}$"_s);
        const QString pair = open >= 0 && close > open ? withoutId.mid(open, close - open + 1) : QString();
        const QString found = placeholderName.match(pair).hasMatch() && urlWithoutSecrets(statusUrl).contains(pair)
                                  ? pair
                                  : (open >= 0 ? u"{"_s : u"}"_s);
        return Error{u"status url has '%1', but {id} (where the webhook-id goes) is its only placeholder: '%2'"_s.arg(
            found, urlWithoutSecrets(statusUrl))};
    }
    if (const QString problem = httpUrlProblem(statusUrlFor(statusUrl, kSampleWebhookId)); !problem.isEmpty())
        return Error{u"status url must be absolute http(s), with a host and a port other than 0: '%1' (%2)"_s.arg(
            urlWithoutSecrets(statusUrl), problem)};
    if (!statusUrl.contains(kStatusUrlId))
        return Error{u"status url needs {id} where the webhook-id goes, such as https://partner.example/status/{id}: "
                     "'%1'"_s.arg(urlWithoutSecrets(statusUrl))};
    return success();
}

// The SSRF guard when an endpoint's URLs are set (AddressGuard.h); the relay checks again at connect time, since
// what a name resolves to may change. `howToAllow` ends the error.
Status refusePrivateDestinations(const QString &url, const QString &statusUrl, const QString &howToAllow)
{
    const QList<std::pair<QString, QString>> destinations{
        {u"url"_s, url},
        {u"status url"_s, statusUrl.isEmpty() ? QString() : statusUrlFor(statusUrl, kSampleWebhookId)}};
    for (const auto &[what, destination] : destinations) {
        if (destination.isEmpty())
            continue;
        if (auto checked = checkPublicDestination(what, QUrl(destination)); !checked)
            return Error{checked.error() + u": "_s + howToAllow};
    }
    return success();
}

// What the audit log records of an endpoint's settings. Header values may be credentials: only their names.
QJsonObject auditDetails(const EndpointSettings &settings)
{
    return {
        {u"url"_s, urlWithoutSecrets(settings.url)},
        {u"event_types"_s, QJsonArray::fromStringList(settings.eventTypes)},
        {u"timeout_ms"_s, settings.timeoutMs},
        {u"retry_schedule_s"_s, toJsonArray(settings.retryScheduleS)},
        {u"rate_limit_per_s"_s, settings.rateLimitPerS ? QJsonValue(*settings.rateLimitPerS) : QJsonValue()},
        {u"ordered_per_aggregate"_s, settings.orderedPerAggregate},
        {u"custom_header_names"_s, QJsonArray::fromStringList(settings.customHeaders.keys())},
        {u"svix_header_names"_s, settings.svixHeaderNames},
        {u"status_url"_s, statusUrlWithoutPassword(settings.statusUrl)},
        {u"allow_private_network"_s, settings.allowPrivateNetwork},
    };
}

// An update's audit details: each recorded setting that changed, as {"from": ..., "to": ...}, and the names of
// custom headers whose value changed (values stay out of the log).
QJsonObject changedSettings(const EndpointSettings &before, const EndpointSettings &after)
{
    const QJsonObject was = auditDetails(before);
    const QJsonObject is = auditDetails(after);
    QJsonObject changes;
    for (auto it = is.begin(); it != is.end(); ++it) {
        if (was.value(it.key()) != it.value())
            changes.insert(it.key(), QJsonObject{{u"from"_s, was.value(it.key())}, {u"to"_s, it.value()}});
    }
    // Header names are compared as HTTP compares them: X-Tenant replaced by x-tenant is the same header.
    QStringList newValues;
    for (auto it = after.customHeaders.begin(); it != after.customHeaders.end(); ++it) {
        for (auto old = before.customHeaders.begin(); old != before.customHeaders.end(); ++old) {
            if (old.key().compare(it.key(), Qt::CaseInsensitive) == 0 && old.value() != it.value())
                newValues << it.key();
        }
    }
    if (!newValues.isEmpty())
        changes.insert(u"custom_header_values_changed"_s, QJsonArray::fromStringList(newValues));
    // A URL whose password or credential-like parameter alone changed reads the same masked; the record still says
    // that it changed (found by an adversarial helper: the record's changes were empty).
    if (before.url != after.url && !changes.contains(u"url"_s))
        changes.insert(u"url_secrets_changed"_s, true);
    return changes;
}

const QString kUpdateEndpoint = uR"(
UPDATE endpoints SET url = ?, event_types = string_to_array(?, ','), timeout_ms = ?,
  retry_schedule_s = string_to_array(?, ',')::integer[], rate_limit_per_s = ?, ordered_per_aggregate = ?,
  custom_headers = ?::jsonb, svix_header_names = ?, updated_at = now()
WHERE id = ?
)"_s;

} // namespace

EndpointStore::EndpointStore(const DatabaseConnection &connection)
    : m_connection(connection)
{}

bool EndpointStore::isEventTypePattern(const QString &pattern)
{
    static const QRegularExpression exactOrPrefix(u"^[A-Za-z0-9_:/-]+(\\.[A-Za-z0-9_:/-]+)*(\\.\\*)?$"_s);
    return pattern == u"*"_s || (pattern.size() <= 100 && exactOrPrefix.match(pattern).hasMatch());
}

Status EndpointStore::validate(const EndpointSettings &settings)
{
    static const QRegularExpression namePattern(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$"_s);
    if (!namePattern.match(settings.name).hasMatch())
        return Error{u"endpoint name '%1' is invalid: 1 to 63 letters, digits, '.', '_' or '-', starting with a "
                     "letter or digit"_s.arg(settings.name)};
    if (const QString problem = httpUrlProblem(settings.url); !problem.isEmpty())
        return Error{u"url must be absolute http(s), with a host and a port other than 0: '%1' (%2)"_s.arg(
            urlWithoutSecrets(settings.url), problem)};
    if (settings.eventTypes.isEmpty())
        return Error{u"no event types given: use '*' for every event"_s};
    for (qsizetype i = 0; i < settings.eventTypes.size(); ++i) {
        const QString &pattern = settings.eventTypes.at(i);
        if (!isEventTypePattern(pattern))
            return Error{u"event type '%1' is invalid: use an exact name such as order.paid, '*', or a prefix "
                         "such as order.*"_s.arg(pattern)};
        if (settings.eventTypes.indexOf(pattern) != i)
            return Error{u"event type '%1' is given twice"_s.arg(pattern)};
    }
    if (settings.timeoutMs <= 0)
        return Error{u"timeout must be a positive number of milliseconds, not %1"_s.arg(settings.timeoutMs)};
    if (settings.retryScheduleS.isEmpty())
        return Error{u"retry schedule is empty: give the waits before each retry in seconds, such as 60,300,600"_s};
    for (int wait : settings.retryScheduleS) {
        if (wait <= 0)
            return Error{u"retry schedule waits must be positive seconds, not %1"_s.arg(wait)};
    }
    if (settings.rateLimitPerS && *settings.rateLimitPerS <= 0)
        return Error{u"rate limit must be a positive number per second, not %1"_s.arg(*settings.rateLimitPerS)};
    if (auto headers = validateHeaders(settings.customHeaders); !headers)
        return headers;
    return validateStatusUrl(settings.statusUrl);
}

Status EndpointStore::validateSecret(const QString &secret)
{
    // Standard Webhooks: "whsec_" and the base64 of 24 to 64 random bytes.
    const auto key = secret.startsWith(u"whsec_"_s) ? signing::standardSecretKey(secret) : Error{QString()};
    if (!key || key.value().size() < 24 || key.value().size() > 64)
        return Error{u"secret must be 'whsec_' followed by the base64 of 24 to 64 bytes"_s};
    return success();
}

Result<QString> EndpointStore::add(const EndpointSettings &settings, const QString &reason, const QString &secret) const
{
    if (auto valid = validate(settings); !valid)
        return Error{valid.error()};
    const QString chosen = secret.isEmpty() ? signing::generateStandardSecret() : secret;
    if (auto valid = validateSecret(chosen); !valid)
        return Error{valid.error()};
    if (!settings.allowPrivateNetwork) {
        if (auto guarded = refusePrivateDestinations(
                settings.url, settings.statusUrl,
                u"endpoints may not reach private networks unless added with --allow-private-network"_s);
            !guarded)
            return Error{guarded.error()};
    }

    return inTransaction(m_connection, [&]() -> Result<QString> {
        auto inserted = m_connection.exec(
            kInsertEndpoint,
            {settings.name, settings.url, settings.eventTypes.join(u','), settings.timeoutMs,
             joinInts(settings.retryScheduleS), settings.rateLimitPerS ? QVariant(*settings.rateLimitPerS) : QVariant(),
             settings.orderedPerAggregate, compactJson(settings.customHeaders), settings.svixHeaderNames,
             nullIfEmpty(settings.statusUrl), settings.allowPrivateNetwork});
        if (!inserted)
            return Error{u"cannot add endpoint '%1': %2"_s.arg(settings.name, inserted.error())};
        if (!inserted.value().next())
            return Error{u"endpoint '%1' already exists"_s.arg(settings.name)};
        const qint64 id = inserted.value().value(0).toLongLong();
        if (auto stored = addSecret(m_connection, SecretTable::Endpoint, id, chosen); !stored)
            return Error{u"cannot store the secret of endpoint '%1': %2"_s.arg(settings.name, stored.error())};

        QJsonObject details = auditDetails(settings);
        details.insert(u"secret_generated"_s, secret.isEmpty());
        if (auto audited = recordAudit(m_connection, u"endpoint.add"_s, settings.name, reason, details); !audited)
            return Error{audited.error()};
        return chosen;
    });
}

Result<QList<Endpoint>> EndpointStore::list() const
{
    auto query = m_connection.exec(kSelectEndpoints + u"ORDER BY ep.name"_s);
    if (!query)
        return Error{u"cannot list endpoints: "_s + query.error()};
    QList<Endpoint> endpoints;
    while (query.value().next())
        endpoints << endpointFromRow(query.value());
    return endpoints;
}

Result<Endpoint> EndpointStore::find(const QString &name) const
{
    auto query = m_connection.exec(kSelectEndpoints + u"WHERE ep.name = ?"_s, {name});
    if (!query)
        return Error{u"cannot read endpoint '%1': %2"_s.arg(name, query.error())};
    if (!query.value().next())
        return Error{u"endpoint '%1' does not exist"_s.arg(name)};
    Endpoint endpoint = endpointFromRow(query.value());

    auto delivered = countOf(m_connection.exec(
        u"SELECT count(*) FROM deliveries WHERE endpoint_id = ? AND state = 'delivered'"_s, {endpoint.id}));
    if (!delivered)
        return Error{u"cannot read endpoint '%1': %2"_s.arg(name, delivered.error())};
    endpoint.deliveries.delivered = delivered.value();

    auto secrets = secretDates(m_connection, SecretTable::Endpoint, endpoint.id);
    if (!secrets)
        return Error{u"cannot read endpoint '%1': %2"_s.arg(name, secrets.error())};
    endpoint.secrets = secrets.value();
    return endpoint;
}

Result<bool> EndpointStore::update(const QString &name, const std::function<Status(EndpointSettings &)> &change,
                                   const QString &reason) const
{
    return inTransaction(m_connection, [&]() -> Result<bool> {
        auto locked = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!locked)
            return Error{locked.error()};
        auto fail = [&](const QString &why) { return Error{u"cannot change endpoint '%1': %2"_s.arg(name, why)}; };
        auto current = m_connection.exec(kSelectEndpoints + u"WHERE ep.id = ?"_s, {locked->id});
        if (!current)
            return fail(current.error());
        if (!current.value().next())
            return fail(u"it was removed meanwhile"_s);
        const EndpointSettings before = endpointFromRow(current.value()).settings;
        EndpointSettings after = before;
        if (auto changed = change(after); !changed)
            return Error{changed.error()};
        after.name = before.name;
        after.statusUrl = before.statusUrl;
        after.allowPrivateNetwork = before.allowPrivateNetwork;
        if (after == before)
            return false;
        if (auto valid = validate(after); !valid)
            return Error{valid.error()};
        // An unchanged URL is not checked again: private networks may have been refused after it was set, and the
        // relay refuses to connect to it then; that must not stop a change of its timeout.
        if (!after.allowPrivateNetwork && after.url != before.url) {
            if (auto guarded = refusePrivateDestinations(
                    after.url, QString(),
                    u"endpoint '%1' does not allow private networks (hookyard endpoint set-private-network %1 allow)"_s
                        .arg(name));
                !guarded)
                return Error{guarded.error()};
        }
        if (auto updated = m_connection.exec(
                kUpdateEndpoint,
                {after.url, after.eventTypes.join(u','), after.timeoutMs, joinInts(after.retryScheduleS),
                 after.rateLimitPerS ? QVariant(*after.rateLimitPerS) : QVariant(), after.orderedPerAggregate,
                 compactJson(after.customHeaders), after.svixHeaderNames, locked->id});
            !updated)
            return fail(updated.error());
        if (auto audited = recordAudit(m_connection, u"endpoint.set"_s, name, reason,
                                       {{u"changes"_s, changedSettings(before, after)}});
            !audited)
            return Error{audited.error()};
        return true;
    });
}

Result<bool> EndpointStore::pause(const QString &name, const QString &reason) const
{
    // A repeated pause was audited again, as if it had changed something (found by an adversarial helper).
    return inTransaction(m_connection, [&]() -> Result<bool> {
        auto endpoint = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!endpoint)
            return Error{endpoint.error()};
        if (endpoint->state == u"paused"_s)
            return false;
        if (auto updated = m_connection.exec(
                u"UPDATE endpoints SET state = 'paused', state_reason = ?, updated_at = now() WHERE id = ?"_s,
                {nullIfEmpty(reason), endpoint->id});
            !updated)
            return Error{u"cannot pause endpoint '%1': %2"_s.arg(name, updated.error())};
        if (auto audited =
                recordAudit(m_connection, u"endpoint.pause"_s, name, reason, {{u"previous_state"_s, endpoint->state}});
            !audited)
            return Error{audited.error()};
        return true;
    });
}

Result<std::optional<qint64>> EndpointStore::resume(const QString &name, const QString &reason) const
{
    return inTransaction(m_connection, [&]() -> Result<std::optional<qint64>> {
        auto endpoint = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!endpoint)
            return Error{endpoint.error()};
        if (endpoint->state == u"active"_s) // no delivery is held for an active endpoint
            return std::optional<qint64>();
        auto fail = [&](const QString &why) { return Error{u"cannot resume endpoint '%1': %2"_s.arg(name, why)}; };
        if (auto updated = m_connection.exec(
                u"UPDATE endpoints SET state = 'active', state_reason = NULL, updated_at = now() WHERE id = ?"_s,
                {endpoint->id});
            !updated)
            return fail(updated.error());
        auto released = countOf(
            m_connection.exec(u"WITH released AS (UPDATE deliveries SET state = 'pending', next_attempt_at = now() "
                              "WHERE endpoint_id = ? AND state = 'held' RETURNING 1) SELECT count(*) FROM released"_s,
                              {endpoint->id}));
        if (!released)
            return fail(released.error());
        // Delivered on commit: relays waiting for work claim the endpoint's deliveries at once.
        if (auto notified = m_connection.exec(u"SELECT pg_notify('hookyard_deliveries', '')"_s); !notified)
            return fail(notified.error());
        if (auto audited = recordAudit(
                m_connection, u"endpoint.resume"_s, name, reason,
                {{u"previous_state"_s, endpoint->state}, {u"held_deliveries_released"_s, released.value()}});
            !audited)
            return Error{audited.error()};
        return std::optional<qint64>(released.value());
    });
}

Status EndpointStore::setStatusUrl(const QString &name, const QString &statusUrl, const QString &reason) const
{
    if (auto valid = validateStatusUrl(statusUrl); !valid)
        return valid;
    return inTransaction(m_connection, [&]() -> Status {
        auto endpoint = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!endpoint)
            return Error{endpoint.error()};
        if (!endpoint->allowPrivateNetwork) {
            if (auto guarded = refusePrivateDestinations(
                    QString(), statusUrl,
                    u"endpoint '%1' does not allow private networks (hookyard endpoint set-private-network %1 allow)"_s
                        .arg(name));
                !guarded)
                return guarded;
        }
        if (auto updated = m_connection.exec(u"UPDATE endpoints SET status_url = ?, updated_at = now() WHERE id = ?"_s,
                                             {nullIfEmpty(statusUrl), endpoint->id});
            !updated)
            return Error{u"cannot set the status url of endpoint '%1': %2"_s.arg(name, updated.error())};
        return recordAudit(m_connection, u"endpoint.set-status-url"_s, name, reason,
                           {{u"previous_status_url"_s, statusUrlWithoutPassword(endpoint->statusUrl)},
                            {u"status_url"_s, statusUrlWithoutPassword(statusUrl)}});
    });
}

Status EndpointStore::setAllowPrivateNetwork(const QString &name, bool allow, const QString &reason) const
{
    return inTransaction(m_connection, [&]() -> Status {
        auto endpoint = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!endpoint)
            return Error{endpoint.error()};
        if (auto updated =
                m_connection.exec(u"UPDATE endpoints SET allow_private_network = ?, updated_at = now() WHERE id = ?"_s,
                                  {allow, endpoint->id});
            !updated)
            return Error{
                u"cannot change the private network setting of endpoint '%1': %2"_s.arg(name, updated.error())};
        return recordAudit(m_connection, u"endpoint.set-private-network"_s, name, reason,
                           {{u"previous_allow_private_network"_s, endpoint->allowPrivateNetwork},
                            {u"allow_private_network"_s, allow}});
    });
}

Status EndpointStore::disable(const QString &name, const QString &reason) const
{
    if (reason.trimmed().isEmpty())
        return Error{u"disabling endpoint '%1' needs a reason"_s.arg(name)};
    return inTransaction(m_connection, [&]() -> Status {
        auto endpoint = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!endpoint)
            return Error{endpoint.error()};
        if (endpoint->state == u"disabled"_s)
            return success(); // idempotent: several in-flight 410s of one endpoint disable it once
        auto fail = [&](const QString &why) { return Error{u"cannot disable endpoint '%1': %2"_s.arg(name, why)}; };
        if (auto updated = m_connection.exec(
                u"UPDATE endpoints SET state = 'disabled', state_reason = ?, updated_at = now() WHERE id = ?"_s,
                {reason, endpoint->id});
            !updated)
            return fail(updated.error());
        // Leases are kept: a relay still records the outcome of a request in flight, so that one the endpoint answered
        // 2xx is delivered, not sent again after a resume (found by an exploring helper: dropping the lease left
        // such deliveries held, with an attempt row saying 200). The claim takes pending deliveries only.
        // The count is every delivery now held, those a relay's 410 record held already included (found by an
        // adversarial helper: the audit said 0 beside the one delivery the 410 held). The main query sees the rows as
        // they were before the update.
        auto held = countOf(m_connection.exec(
            u"WITH held AS (UPDATE deliveries SET state = 'held' WHERE endpoint_id = ? AND state = 'pending' "
            "RETURNING 1) SELECT (SELECT count(*) FROM held) + "
            "(SELECT count(*) FROM deliveries WHERE endpoint_id = ? AND state = 'held')"_s,
            {endpoint->id, endpoint->id}));
        if (!held)
            return fail(held.error());
        return recordAudit(m_connection, u"endpoint.disable"_s, name, reason,
                           {{u"previous_state"_s, endpoint->state}, {u"deliveries_held"_s, held.value()}});
    });
}

Result<QString> EndpointStore::rotateSecret(const QString &name, const QString &reason, std::chrono::seconds grace,
                                            const QString &secret) const
{
    if (grace.count() < 0)
        return Error{u"the grace period cannot be negative"_s};
    const QString chosen = secret.isEmpty() ? signing::generateStandardSecret() : secret;
    if (auto valid = validateSecret(chosen); !valid)
        return Error{valid.error()};

    return inTransaction(m_connection, [&]() -> Result<QString> {
        auto endpoint = lockEndpoint(m_connection, name, Lock::NoKeyUpdate);
        if (!endpoint)
            return Error{endpoint.error()};
        auto expiring = rotateSecrets(m_connection, SecretTable::Endpoint, endpoint->id, grace, chosen,
                                      SecretKeying::StandardBase64);
        if (!expiring)
            return Error{u"cannot rotate the secret of endpoint '%1': %2"_s.arg(name, expiring.error())};
        if (auto audited = recordAudit(m_connection, u"endpoint.rotate-secret"_s, name, reason,
                                       {{u"grace_s"_s, qint64(grace.count())},
                                        {u"secrets_expiring"_s, expiring.value()},
                                        {u"secret_generated"_s, secret.isEmpty()}});
            !audited)
            return Error{audited.error()};
        return chosen;
    });
}

Status EndpointStore::remove(const QString &name, Removal removal, const QString &reason) const
{
    return inTransaction(m_connection, [&]() -> Status {
        // FOR UPDATE also keeps producers from fanning out new deliveries to it until this commits.
        auto endpoint = lockEndpoint(m_connection, name, Lock::Update);
        if (!endpoint)
            return Error{endpoint.error()};
        auto fail = [&](const QString &why) { return Error{u"cannot remove endpoint '%1': %2"_s.arg(name, why)}; };
        auto counts = m_connection.exec(
            u"SELECT count(*) FILTER (WHERE state = 'pending'), count(*) FILTER (WHERE state = 'held'), "
            "count(*) FILTER (WHERE state = 'unknown'), count(*) FILTER (WHERE state = 'dead'), "
            "count(*) FILTER (WHERE state = 'unknown' AND resolved_at IS NULL), "
            "count(*) FILTER (WHERE state = 'dead' AND resolved_at IS NULL) "
            "FROM deliveries WHERE endpoint_id = ? AND state IN ('pending', 'held', 'unknown', 'dead')"_s,
            {endpoint->id});
        if (!counts)
            return fail(counts.error());
        counts.value().next();
        const qint64 pending = counts.value().value(0).toLongLong();
        const qint64 held = counts.value().value(1).toLongLong();
        const qint64 unknown = counts.value().value(2).toLongLong();
        const qint64 dead = counts.value().value(3).toLongLong();
        // A dead letter, or an unknown outcome, nobody has resolved is work a person still has to look at: removing
        // the endpoint deletes it and its attempts (found by an exploring helper: `endpoint remove` dropped dead
        // letters without --force). Resolved ones (the console's Resolve) are settled.
        const qint64 unresolvedUnknown = counts.value().value(4).toLongLong();
        const qint64 unresolvedDead = counts.value().value(5).toLongLong();
        if (pending + held + unresolvedUnknown + unresolvedDead > 0 && removal != Removal::Force)
            return Error{u"endpoint '%1' still has %2 pending, %3 held, %4 unknown and %5 dead deliveries nobody has "
                         "resolved (settle them first, in the console or with hookyard replay, or drop them with "
                         "--force)"_s.arg(name)
                             .arg(pending)
                             .arg(held)
                             .arg(unresolvedUnknown)
                             .arg(unresolvedDead)};

        if (auto settled = m_connection.exec(
                kSettleEventsOfRemovedEndpoint,
                {endpoint->id, endpoint->id, u"endpoint '%1' was removed before delivering it"_s.arg(name)});
            !settled)
            return fail(settled.error());
        if (auto deleted = m_connection.exec(u"DELETE FROM endpoints WHERE id = ?"_s, {endpoint->id}); !deleted)
            return fail(deleted.error());
        return recordAudit(
            m_connection, u"endpoint.remove"_s, name, reason,
            {{u"url"_s, urlWithoutSecrets(endpoint->url)},
             {u"forced"_s, removal == Removal::Force},
             {u"dropped_deliveries"_s,
              QJsonObject{{u"pending"_s, pending}, {u"held"_s, held}, {u"unknown"_s, unknown}, {u"dead"_s, dead}}}});
    });
}

} // namespace hookyard::core
