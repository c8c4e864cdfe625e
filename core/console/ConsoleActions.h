#pragma once

#include "console/RowRef.h"
#include "db/Database.h"
#include "util/Result.h"

#include <QList>
#include <QString>

namespace hookyard::core {

// What an operator's action did to the rows it was given: `changed` rows were acted on; the others were in a state
// the action does not apply to (a pending delivery cannot be replayed, a processed inbox row cannot be resolved).
struct ActionOutcome
{
    int changed = 0;
    int skipped = 0;
};

// The console's actions on selected rows. Each writes an audit record (OS user, database role, time, what, why)
// in the same transaction as its change, so an action without its record cannot happen; one that changed nothing
// writes none. Deliveries, inbox rows and reconciliation mismatches are acted on; other kinds of rows count as
// skipped.

// Replays dead, unknown or delivered deliveries (same webhook-id) and quarantined inbox rows, and re-sends the
// deliveries of reconciliation mismatches; see replayDeliveries(), replayInbox() and resendMismatches(). A selection
// of one row that cannot be replayed is an error saying why.
Result<ActionOutcome> replayRows(const DatabaseConnection &connection, const QList<RowRef> &rows,
                                 const QString &reason);

// Makes waiting rows due now: pending deliveries not in flight, and pending or deferred inbox rows.
Result<ActionOutcome> retryRowsNow(const DatabaseConnection &connection, const QList<RowRef> &rows,
                                   const QString &reason);

// Marks dead or unknown deliveries and quarantined inbox rows not yet resolved as resolved by hand with `note`
// (required; rows resolved already keep their note and count as skipped): they
// keep their state and history and leave the dead letters. A replay clears the resolution. Open reconciliation
// mismatches are resolved likewise (resolveMismatches()).
Result<ActionOutcome> resolveRows(const DatabaseConnection &connection, const QList<RowRef> &rows, const QString &note);

// A shell command that sends one delivery as the relay would, for a ticket or a manual test: curl with the
// webhook-id, a fresh webhook-timestamp and a webhook-signature made now with the endpoint's active secrets (the
// secrets themselves never appear), and the payload as the exact bytes that were signed.
Result<QString> curlCommandFor(const DatabaseConnection &connection, const RowRef &delivery);

// Whether the connection's database role may change what the console's actions change; the console is read-only
// otherwise, and says so.
Result<bool> roleCanAct(const DatabaseConnection &connection);

} // namespace hookyard::core
