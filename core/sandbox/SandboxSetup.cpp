#include "sandbox/SandboxSetup.h"

#include "endpoints/EndpointStore.h"
#include "inbox/PartnerStore.h"
#include "reconcile/ReconcileSources.h"
#include "relay/DeliveryStore.h"
#include "signing/Signatures.h"

#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

const QString kReason = u"sandbox setup"_s;

QString partnerUrl(quint16 port, const QString &path)
{
    return u"http://127.0.0.1:%1%2"_s.arg(port).arg(path);
}

// The simulated partner listens on loopback, which the SSRF guard refuses unless allowed per endpoint.
EndpointSettings sandboxEndpoint(const QString &name, const QString &url, const QStringList &eventTypes,
                                 const QList<int> &retryScheduleS, int timeoutMs)
{
    EndpointSettings settings;
    settings.name = name;
    settings.url = url;
    settings.eventTypes = eventTypes;
    settings.retryScheduleS = retryScheduleS;
    settings.timeoutMs = timeoutMs;
    settings.allowPrivateNetwork = true;
    return settings;
}

Status addMissingEndpoints(const DatabaseConnection &connection, const SandboxSetupOptions &options)
{
    const EndpointStore store(connection);
    auto existing = store.list();
    if (!existing)
        return Error{existing.error()};
    const QList<EndpointSettings> wanted{
        // Our order events, on the sandbox's short schedule: the fault knobs decide how they fare.
        sandboxEndpoint(kSandboxEndpoint, partnerUrl(options.partnerPort, u"/hooks"_s), {u"order.*"_s},
                        options.deliveryRetryScheduleS, options.deliveryTimeoutMs),
        // Refunds still go to Acme's old API, which fails every delivery until it is replayed (SimulatedPartner).
        sandboxEndpoint(kSandboxLegacyEndpoint, partnerUrl(options.partnerPort, u"/v1/hooks"_s), {u"order.refunded"_s},
                        options.legacyRetryScheduleS, options.deliveryTimeoutMs),
    };
    for (const EndpointSettings &settings : wanted) {
        const bool present =
            std::any_of(existing.value().cbegin(), existing.value().cend(),
                        [&](const Endpoint &endpoint) { return endpoint.settings.name == settings.name; });
        if (present)
            continue;
        if (auto added = store.add(settings, kReason); !added)
            return Error{added.error()};
    }
    return success();
}

Status addMissingPartner(const DatabaseConnection &connection, const SandboxSetupOptions &options)
{
    const PartnerStore store(connection);
    auto existing = store.list();
    if (!existing)
        return Error{existing.error()};
    const bool present = std::any_of(existing.value().cbegin(), existing.value().cend(),
                                     [](const Partner &partner) { return partner.settings.name == kSandboxPartner; });
    if (!present) {
        PartnerSettings settings;
        settings.name = kSandboxPartner;
        settings.scheme = PartnerScheme::StandardWebhooks;
        // The scheme's defaults take the event id from the webhook-id header, the type, time and entity id from the
        // payload's /type, /timestamp and /data/id; every entity is an order, processed by the state machine below.
        settings.config = QJsonObject{{u"entity_type"_s, u"=order"_s}, {u"defer_max_age_s"_s, 600}};
        settings.retryScheduleSeconds = options.inboundRetryScheduleS;
        if (auto added = store.add(settings, {}, kReason); !added)
            return Error{added.error()};
    }
    // state_transitions belongs to operators and has no store of its own: the rows of the sandbox's order state
    // machine, created → paid → shipped, are added here (the primary key makes a second start add nothing).
    auto transitions = connection.exec(
        u"INSERT INTO state_transitions (partner_name, entity_type, event_type, from_states, to_state) VALUES "
        "(?, 'order', 'order.created', '{}', 'created'), (?, 'order', 'order.paid', '{created}', 'paid'), "
        "(?, 'order', 'order.shipped', '{paid}', 'shipped') ON CONFLICT DO NOTHING"_s,
        {kSandboxPartner, kSandboxPartner, kSandboxPartner});
    if (!transitions)
        return Error{u"sandbox setup: the order state machine: "_s + transitions.error()};
    return success();
}

// The partner's list of the deliveries it received, compared with ours by the sandbox's periodic reconciliation.
Status setReconcileSource(const DatabaseConnection &connection, const SandboxSetupOptions &options)
{
    const ReconcileSources sources(connection);
    ReconcileSource source;
    source.subject = Subject{Subject::Kind::Endpoint, kSandboxEndpoint};
    source.listUrl = partnerUrl(options.partnerPort, u"/received?since={since}&until={until}&cursor={cursor}"_s);
    source.timeoutMs = options.deliveryTimeoutMs;
    source.allowPrivateNetwork = true; // Acme's list API is on loopback too
    auto existing = sources.find(source.subject);
    if (!existing)
        return Error{existing.error()};
    if (existing.value() && existing.value()->listUrl == source.listUrl && existing.value()->allowPrivateNetwork)
        return success();
    return sources.set(source, kReason);
}

Result<SandboxKeys> loadKeys(const DatabaseConnection &connection)
{
    SandboxKeys keys;
    auto endpoints = DeliveryStore(connection, u"sandbox"_s).loadEndpoints();
    if (!endpoints)
        return Error{endpoints.error()};
    for (const EndpointConfig &endpoint : std::as_const(endpoints.value())) {
        if (endpoint.name == kSandboxEndpoint)
            keys.endpoint = endpoint.signingKeys;
        else if (endpoint.name == kSandboxLegacyEndpoint)
            keys.legacyEndpoint = endpoint.signingKeys;
    }
    auto partners = PartnerStore(connection).loadActive();
    if (!partners)
        return Error{partners.error()};
    const auto partner = partners.value().constFind(kSandboxPartner);
    if (partner == partners.value().cend() || partner->secrets.isEmpty())
        return Error{u"sandbox setup: partner %1 has no active secret"_s.arg(kSandboxPartner)};
    auto key = signing::standardSecretKey(QString::fromUtf8(partner->secrets.first()));
    if (!key)
        return Error{u"sandbox setup: partner %1's secret: %2"_s.arg(kSandboxPartner, key.error())};
    keys.partner = key.value();
    if (keys.endpoint.isEmpty() || keys.legacyEndpoint.isEmpty())
        return Error{u"sandbox setup: endpoints %1 and %2 need an active secret each"_s.arg(kSandboxEndpoint,
                                                                                            kSandboxLegacyEndpoint)};
    return keys;
}

} // namespace

Result<std::optional<quint16>> sandboxPartnerPort(const DatabaseConnection &connection)
{
    auto endpoints = EndpointStore(connection).list();
    if (!endpoints)
        return Error{endpoints.error()};
    for (const Endpoint &endpoint : std::as_const(endpoints.value())) {
        if (endpoint.settings.name != kSandboxEndpoint)
            continue;
        const int port = QUrl(endpoint.settings.url).port();
        if (port <= 0)
            return Error{u"endpoint %1 was changed: its URL %2 names no port for the simulated partner"_s.arg(
                kSandboxEndpoint, endpoint.settings.url)};
        return std::optional<quint16>(quint16(port));
    }
    return std::optional<quint16>();
}

Result<SandboxKeys> setUpSandbox(const DatabaseConnection &connection, const SandboxSetupOptions &options)
{
    // Secrets are generated for what is made now, and read back with whatever existed.
    if (auto endpoints = addMissingEndpoints(connection, options); !endpoints)
        return Error{endpoints.error()};
    if (auto partner = addMissingPartner(connection, options); !partner)
        return Error{partner.error()};
    if (auto source = setReconcileSource(connection, options); !source)
        return Error{source.error()};
    return loadKeys(connection);
}

} // namespace hookyard::core
