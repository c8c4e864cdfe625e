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
Result<QJsonObject> collectStats(const DatabaseConnection &connection);

} // namespace hookyard::core
