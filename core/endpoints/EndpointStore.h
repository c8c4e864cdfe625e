#pragma once

#include "db/Database.h"
#include "signing/SecretTables.h"
#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>

namespace hookyard::core {

// What an operator chooses for an endpoint. The defaults are the schema's (resources/migrations/0001_initial.sql).
struct EndpointSettings
{
    QString name;                                // as the table's CHECK: ^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$
    QString url;                                 // absolute http(s) with a host
    QStringList eventTypes{QStringLiteral("*")}; // exact names, '*', or 'prefix.*'
    int timeoutMs = 15000;                       // per attempt
    QList<int> retryScheduleS{60, 300, 600};     // waits before the 2nd, 3rd, ... attempt, in seconds
    std::optional<int> rateLimitPerS;            // none: as fast as the relay goes
    bool orderedPerAggregate = false;
    QJsonObject customHeaders;    // header name -> value (a string)
    bool svixHeaderNames = false; // send svix-id/-timestamp/-signature instead of webhook-*
    // Empty: none. Where the relay asks whether a delivery whose outcome is unknown arrived: a URL template with {id}
    // for the webhook-id (docs/producers.md, "Unknown outcomes and the status URL").
    QString statusUrl;
    // The SSRF guard (docs/security.md): false refuses URLs whose host is, or resolves to, a loopback, link-local,
    // private, shared (CGNAT) or unspecified address, here and again by the relay at connect time.
    bool allowPrivateNetwork = false;

    bool operator==(const EndpointSettings &) const = default;
};

// Deliveries of one endpoint per state. `delivered` is only counted by EndpointStore::find: it is the state that
// grows without bound, so listing every endpoint leaves it out.
struct DeliveryCounts
{
    qint64 pending = 0; // due, waiting, or in flight
    qint64 held = 0;
    qint64 unknown = 0;
    qint64 dead = 0;
    std::optional<qint64> delivered;
};

struct Endpoint
{
    qint64 id = 0;
    EndpointSettings settings;
    QString state; // active, paused, disabled
    QString stateReason;
    QDateTime createdAt;
    QDateTime updatedAt;
    int activeSecretCount = 0;
    QList<SecretInfo> secrets; // filled by find only, oldest first
    DeliveryCounts deliveries;
};

// All SQL on endpoints and endpoint_secrets that operators drive. Every change writes its audit_log row in the same
// transaction; audit details never hold a secret. Errors are one line naming the endpoint or the bad value.
class EndpointStore final
{
public:
    // How long secrets replaced by a rotation keep signing, so partners can switch to the new one.
    static constexpr std::chrono::seconds kDefaultRotationGrace = std::chrono::hours(24);

    enum class Removal
    {
        RefuseWhileUndelivered,
        Force
    };

    explicit EndpointStore(const DatabaseConnection &connection);

    // Adds an endpoint with `secret`, or with a generated one when `secret` is empty; returns the secret now active.
    Result<QString> add(const EndpointSettings &settings, const QString &reason, const QString &secret = {}) const;
    // Every endpoint by name.
    Result<QList<Endpoint>> list() const;
    Result<Endpoint> find(const QString &name) const;

    // Changes an endpoint's settings under its row lock: `change` gets the current settings and edits what the
    // operator asked for, or refuses with an error that is returned as it is (its name, status URL and
    // private-network choice stay: they have their own calls). The
    // result is validated as `add` validates; a new URL meets the SSRF guard unless private networks are allowed.
    // Relays apply it within their endpoint refresh (5 s); deliveries already scheduled keep their next attempt
    // time. Returns false, changing and auditing nothing, when the settings were already so.
    Result<bool> update(const QString &name, const std::function<Status(EndpointSettings &)> &change,
                        const QString &reason) const;
    // The relay stops claiming the endpoint's deliveries; they stay pending. Returns false, changing and auditing
    // nothing, when it was paused already.
    Result<bool> pause(const QString &name, const QString &reason) const;
    // Active again: held deliveries become due now and idle relays are woken. Returns how many were held; nothing,
    // changing and auditing nothing, when it was active already.
    Result<std::optional<qint64>> resume(const QString &name, const QString &reason) const;
    // Sets the status URL template (empty: none); relays use it within their endpoint refresh (5 s). Unknown
    // deliveries of an endpoint without one are asked about no more: they wait for a replay or a resolution.
    Status setStatusUrl(const QString &name, const QString &statusUrl, const QString &reason) const;
    // Allows or refuses private networks (EndpointSettings::allowPrivateNetwork); relays apply it within their
    // endpoint refresh (5 s). Refusing them is accepted whatever the URLs: the relay then refuses to connect.
    Status setAllowPrivateNetwork(const QString &name, bool allow, const QString &reason) const;
    // Disabled, with a reason: pending deliveries are held (visibly) until a resume.
    Status disable(const QString &name, const QString &reason) const;
    // Adds a new active secret (given, or generated when `secret` is empty) and lets the active ones expire after
    // `grace` (0: at once). Returns the new secret.
    Result<QString> rotateSecret(const QString &name, const QString &reason,
                                 std::chrono::seconds grace = kDefaultRotationGrace, const QString &secret = {}) const;
    // Deletes the endpoint with its secrets and deliveries. Refused while deliveries are pending, held or unknown,
    // unless forced; events that then have nothing left to deliver are marked processed with a note saying why.
    Status remove(const QString &name, Removal removal, const QString &reason) const;

    static Status validate(const EndpointSettings &settings);
    // An event type an endpoint subscribes to or a relay is scoped to: an exact name (order.paid), a prefix
    // (order.*), or '*' for every event.
    static bool isEventTypePattern(const QString &pattern);
    // A Standard Webhooks secret: "whsec_" + base64 of 24..64 random bytes. The error never repeats the secret.
    static Status validateSecret(const QString &secret);

private:
    const DatabaseConnection &m_connection;
};

} // namespace hookyard::core
