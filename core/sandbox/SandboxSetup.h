#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

// What the sandbox adds to its database so that the simulated partner has something to talk to: two endpoints, a
// partner with its state machine, and a reconciliation source. Made once and found again on the next start.
namespace hookyard::core {

// The names the sandbox's rows go by. The simulated partner is a shop, "Acme": we deliver our order events to its
// current API and, for refunds, to its old v1 API; it sends us webhooks about its own orders.
inline const QString kSandboxEndpoint = QStringLiteral("sandbox-acme");
inline const QString kSandboxLegacyEndpoint = QStringLiteral("sandbox-acme-v1");
inline const QString kSandboxPartner = QStringLiteral("sandbox-acme");

struct SandboxSetupOptions
{
    quint16 partnerPort = 0;                     // where the simulated partner listens on 127.0.0.1
    QList<int> deliveryRetryScheduleS{2, 5, 10}; // sandbox-acme: short, so that dead letters come within a minute
    QList<int> legacyRetryScheduleS{1, 2};       // sandbox-acme-v1: its deliveries die within seconds
    QList<int> inboundRetryScheduleS{1, 2};      // the partner's rows the worker cannot apply: quarantined quickly
    int deliveryTimeoutMs = 5000;                // the slowness knob above this is a timeout
};

// The keys the simulated partner signs and verifies with, decoded from the stored whsec_ secrets.
struct SandboxKeys
{
    QList<QByteArray> endpoint;       // what the relay signs deliveries to sandbox-acme with
    QList<QByteArray> legacyEndpoint; // ... to sandbox-acme-v1
    QByteArray partner;               // what sandbox-acme signs its webhooks with
};

// The port the sandbox endpoint's URL names, when a previous start made it: the simulated partner listens there
// again, so that the endpoints stay as they are (their URLs are not changed by a start). nullopt: not set up yet.
Result<std::optional<quint16>> sandboxPartnerPort(const DatabaseConnection &connection);

// Creates whatever of the sandbox's rows is missing — each audited with the reason "sandbox setup" — and leaves what
// exists alone, so a second start on the same database adds nothing. Returns the keys of the rows as they are now.
// Callers make sure the database is a sandbox: the sandbox's own cluster, or one the operator named for it.
Result<SandboxKeys> setUpSandbox(const DatabaseConnection &connection, const SandboxSetupOptions &options);

} // namespace hookyard::core
