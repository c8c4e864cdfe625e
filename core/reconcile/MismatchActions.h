#pragma once

#include "db/Database.h"
#include "reconcile/Reconciler.h"
#include "util/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

// What an engineer does with reconciliation mismatches: list them, re-send a delivery, mark one resolved with a note,
// export the evidence. Every change is audited in its transaction.
namespace hookyard::core {

struct MismatchFilter
{
    std::optional<Subject> subject;
    qint64 runId = 0;  // 0: any run
    QStringList kinds; // empty: every kind
    bool includeResolved = false;
    int limit = 0; // 0: all
};

// Matching mismatches by kind (mismatchKinds() order), then time, then id.
Result<QList<Mismatch>> listMismatches(const DatabaseConnection &connection, const MismatchFilter &filter);

// One mismatch as the JSON evidence and `reconcile list --json` write it (docs/reconciliation.md).
QJsonObject toJson(const Mismatch &mismatch);

// How many of the given mismatches an action changed; the others did not apply (resolved already, nothing to
// re-send).
struct MismatchOutcome
{
    int changed = 0;
    int skipped = 0;
};

// Re-sends the deliveries of open outbox-side mismatches through replayDeliveries() — same webhook-id, audited as a
// replay whose reason names the mismatches. A mismatch stays open until a later run finds its item consistent, or
// it is resolved. With one id, a mismatch that cannot be re-sent (unknown id, resolved, about a webhook we received,
// a delivery already queued) is an error saying why.
Result<MismatchOutcome> resendMismatches(const DatabaseConnection &connection, const QList<qint64> &ids,
                                         const QString &reason);

// Marks open mismatches resolved with `note` (required) and the OS user. With one id, an unknown or resolved one is
// an error.
Result<MismatchOutcome> resolveMismatches(const DatabaseConnection &connection, const QList<qint64> &ids,
                                          const QString &note);

enum class EvidenceFormat
{
    Csv,
    Json
};

// The matching mismatches with both sides' facts, as CSV (one row each, the facts as JSON columns) or one JSON
// document, handed to `deliver` (which writes them to a file, say). The export is audited (who took which evidence)
// in one transaction with the delivery: one that fails leaves no audit record (found by trying bad input: an export to
// an unwritable path was audited as done).
Status exportEvidence(const DatabaseConnection &connection, const MismatchFilter &filter, EvidenceFormat format,
                      const std::function<Status(const QByteArray &evidence)> &deliver);

} // namespace hookyard::core
