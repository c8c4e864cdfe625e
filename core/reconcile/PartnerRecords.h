#pragma once

#include "reconcile/ReconcileSources.h"
#include "relay/DeliveryStore.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

// The other side's records, from wherever they come: a list API, an imported CSV or JSON file, or an endpoint's
// status URL asked about one delivery at a time (docs/reconciliation.md).
namespace hookyard::core {

// One record of the other side.
struct TheirRecord
{
    QString reference;           // their id for the item: our webhook-id (outbox side), their event id (inbox side)
    QString status;              // as they say it; "not_found" means they have no such item (the status URL's word)
    QByteArray payloadSha256Hex; // lowercase hex SHA-256 of the body as they saw it; empty when they do not say
    QDateTime at;                // when they received (or sent) it, UTC; invalid when they do not say

    bool hasIt() const { return status != QStringLiteral("not_found"); }
};

// Reads an exported CSV or JSON file (by its extension: .csv, .json; else by its first character). JSON is read
// with `fields`, like a page of the list API; CSV has a header row naming its columns id, status, payload_sha256 and
// at (others are ignored). The error names the file and the line (or item) and field at fault; a file with an error
// yields nothing.
Result<QList<TheirRecord>> readRecordsFile(const QString &path, const FieldMap &fields);

// Reads every page of `source`'s list API for [since, until). The error says why the source is unavailable: it
// could not be reached, answered other than 200, or sent something that does not parse.
Result<QList<TheirRecord>> fetchRecordList(const ReconcileSource &source, const QDateTime &since,
                                           const QDateTime &until);

// What an endpoint's status URL said about one delivery.
struct StatusCheck
{
    enum class Said
    {
        Delivered,
        NotFound,
        CouldNotTell
    };
    Said said = Said::CouldNotTell;
    int statusCode = 0; // 0 when no HTTP answer came
    QString detail;     // the status URL's answer in words
};

// Asks `endpoint`'s status URL about each delivery (id -> webhook-id), signed and read exactly as the relay does
// (docs/producers.md), a few at a time and within the endpoint's rate cap.
QHash<qint64, StatusCheck> askStatusUrl(const EndpointConfig &endpoint, const QHash<qint64, QByteArray> &deliveries);

} // namespace hookyard::core
