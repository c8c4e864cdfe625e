#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QJsonObject>

namespace hookyard::core {

// Counts per state for monitoring (`hookyard stats --json`) and the console's overview. The JSON layout is a
// public interface, documented in docs/cli.md; "format" changes only when a key is removed or renamed.
//
//   outbox     — events by their producer-visible state: pending (processed_at NULL), delivered
//   deliveries — per endpoint delivery: pending, in_flight (leased now), delivered, dead, held, unknown
//   inbox      — webhook_inbox rows by status: pending, processed, deferred, quarantined
//   reconciliation — open_mismatches: reconciliation mismatches nobody has resolved yet
//   rejected   — last_hour: requests the receivers turned away in the last hour
//   engines    — relays (relay loops), workers, receivers: those connected to this database now
//
// NeedsAttention leaves out the totals of finished rows (outbox and deliveries "delivered", inbox "processed"), which
// scan all history: the console polls those every few seconds and the totals far less often.
enum class StatsDepth
{
    Everything,
    NeedsAttention,
};
Result<QJsonObject> collectStats(const DatabaseConnection &connection, StatsDepth depth = StatsDepth::Everything);

// The last hour for the console's overview charts (not part of `stats --json`):
//   minutes           — 60 entries, oldest first: {"minute": ISO time, "delivered": n, "failed": n, "received": n}
//                       (attempts that succeeded and failed, webhooks received, per minute)
//   failing_endpoints — up to 5 endpoints with failed attempts in the hour: those failing now (their latest attempt
//                       failed) first, then by failures, most first:
//                       {"endpoint": name, "failed": n, "attempts": n, "last_error": text, "failing_now": bool}
Result<QJsonObject> collectActivity(const DatabaseConnection &connection);

// A subquery, to be given an alias: each endpoint with delivery attempts in the last hour, one row each, with
// endpoint_id, attempts, failed (attempts that did not end in a 2xx), last_failure (the latest failed attempt's
// error detail, or its class) and last_succeeded (whether the latest attempt ended in a 2xx). The overview's failing
// endpoints and the Endpoints view's health columns read it.
extern const QString kEndpointsLastHourSql;

// SQL: the state the console shows for endpoint `endpoint` (an alias of endpoints) given its row `lastHour` (an alias
// of kEndpointsLastHourSql, NULL without attempts): "failing" for an active endpoint whose latest attempt in the hour
// failed, else its state. An active endpoint that fails every attempt is not healthy, and a green "active" said it was
// (found by an exploring helper).
QString endpointShownStateSql(const QString &endpoint, const QString &lastHour);

} // namespace hookyard::core
