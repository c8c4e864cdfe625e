#pragma once

#include "db/Database.h"
#include "reconcile/ReconcileSources.h"
#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

// A reconciliation run: our records of a subject over a time window against the subject's own, every difference
// stored as a mismatch for an engineer to resolve (docs/reconciliation.md).
namespace hookyard::core {

// The kinds of mismatch, in the order the console groups them (what needs a person most first): missing_on_their_side,
// unknown_not_received, missing_on_our_side, not_in_their_records, payload_differs, delivered_but_we_failed,
// could_not_check, unknown_was_delivered. not_in_their_records is the inbox side's (a partner's) only; both sides
// have missing_on_our_side and payload_differs; the others are the outbox side's (an endpoint's).
const QStringList &mismatchKinds();

// One stored mismatch with both sides' facts as the run saw them.
struct Mismatch
{
    qint64 id = 0;
    qint64 runId = 0;
    Subject subject;
    QString kind;
    QString reference;     // the webhook-id (outbox side) or the partner's event id (inbox side)
    qint64 deliveryId = 0; // 0: none
    QString inboxId;       // empty: none
    QDateTime itemAt;
    QString detail;     // one line: what differs
    QJsonObject ours;   // empty: we have no record
    QJsonObject theirs; // empty: they have no record
    QDateTime detectedAt;
    QDateTime resolvedAt; // invalid while open
    QString resolutionNote;
    QString resolvedBy; // the OS user, or "run N" for a later run that compared the item again
};

struct ReconcileRequest
{
    Subject subject;
    QDateTime since; // the window is [since, until)
    QDateTime until;
    // An exported file of theirs (CSV or JSON); empty: the subject's list API, or for an endpoint without one its
    // status URL, asked about each delivery of the window.
    QString filePath;
};

struct RunSummary
{
    qint64 runId = 0;
    QString source;            // api, status_url, file
    QString outcome;           // clean, mismatches, source_unavailable
    QString reason;            // source_unavailable: why
    int ours = 0;              // our records in the window
    int theirs = 0;            // their records read (status_url: deliveries they said they have)
    QMap<QString, int> counts; // mismatches per kind
    // Unknown deliveries their records showed delivered, now settled as delivered; their mismatches are stored
    // resolved, as the record of it.
    int settled = 0;
    int resolvedBefore = 0;   // mismatches found again that a person had resolved: stored resolved, with that note
    int recheckedEarlier = 0; // open mismatches of earlier runs this run compared again, and so closed
    qint64 unresolved = 0;    // open mismatches of the subject after this run, of any run
};

// Runs one comparison and stores it — the run, its mismatches, the settled deliveries, each audited — in one
// transaction. Whatever is wrong with the request (an empty window, an unknown subject, no source, a file that does
// not read) is an error and nothing is stored. A source that cannot be read is not an error: the run is stored as
// source_unavailable with the reason, and nothing is compared, settled or sent.
Result<RunSummary> runReconciliation(const DatabaseConnection &connection, const ReconcileRequest &request);

} // namespace hookyard::core
