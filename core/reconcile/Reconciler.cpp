#include "reconcile/Reconciler.h"

#include "audit/AuditLog.h"
#include "reconcile/PartnerRecords.h"
#include "relay/DeliveryStore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSqlQuery>
#include <QUuid>

#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// How far past a window's end their list API is read (see readTheirSide).
constexpr qint64 kTheirListOverrunS = 15 * 60;

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(time.toUTC().toString(Qt::ISODateWithMs)) : QJsonValue();
}

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

// "3f2a9c0e1b7d…": enough of a hash to tell two apart in one line.
QString shortHash(const QByteArray &hex)
{
    return QString::fromLatin1(hex.left(12)) + u'…';
}

// One record of ours in the window, with the facts a mismatch keeps.
struct OurItem
{
    QString reference; // the webhook-id, lowercase; the partner's event id
    QString state;     // the delivery's state; the inbox row's status, lowercase
    QDateTime at;      // created (a delivery), received (an inbox row)
    QByteArray payloadSha256Hex;
    qint64 deliveryId = 0;
    QString inboxId;
    QJsonObject facts;
};

// A difference found, before it is stored.
struct Found
{
    QString kind;
    QString reference;
    qint64 deliveryId = 0;
    QString inboxId;
    QDateTime itemAt;
    QString detail;
    QJsonObject ours;
    QJsonObject theirs;
};

// The webhook-id as our tables print it, whatever case or braces their side wrote; other ids unchanged.
QString outboxReference(const QString &reference)
{
    const QUuid uuid = QUuid::fromString(reference);
    return uuid.isNull() ? reference : uuid.toString(QUuid::WithoutBraces);
}

// Our records in the window. `sql` takes the subject's name and the window's bounds and selects the item's key,
// reference, state, time and payload hash first; `complete` adds the key and the facts from the row.
template<typename Complete>
Result<QList<OurItem>> loadOurs(const DatabaseConnection &connection, const QString &sql,
                                const ReconcileRequest &request, Complete complete)
{
    auto query = connection.exec(sql, {request.subject.name, request.since.toUTC().toString(Qt::ISODateWithMs),
                                       request.until.toUTC().toString(Qt::ISODateWithMs)});
    if (!query)
        return Error{u"cannot read our records of %1: %2"_s.arg(request.subject.describe(), query.error())};
    QList<OurItem> items;
    QSqlQuery &row = query.value();
    while (row.next()) {
        OurItem item;
        item.reference = row.value(1).toString();
        item.state = row.value(2).toString();
        item.at = toUtc(row.value(3));
        item.payloadSha256Hex = row.value(4).toString().toLatin1();
        complete(row, item);
        item.facts.insert(u"payload_sha256"_s, QString::fromLatin1(item.payloadSha256Hex));
        items.append(item);
    }
    return items;
}

// The exact bytes the relay sends are the event's payload as PostgreSQL prints its jsonb (docs/producers.md).
Result<QList<OurItem>> loadDeliveries(const DatabaseConnection &connection, const ReconcileRequest &request)
{
    const QString sql =
        u"SELECT d.id, d.event_id::text, d.state, d.created_at, "
        "encode(sha256(convert_to(e.payload::text, 'UTF8')), 'hex'), d.delivered_at, d.attempt_count, "
        "d.last_status_code, coalesce(d.dead_reason, d.last_error), d.event_type, d.resolution_note "
        "FROM deliveries d JOIN outbox_events e ON e.id = d.event_id "
        "WHERE d.endpoint_id = (SELECT id FROM endpoints WHERE name = ?) "
        "AND d.created_at >= ?::timestamptz AND d.created_at < ?::timestamptz ORDER BY d.created_at, d.id"_s;
    return loadOurs(connection, sql, request, [](const QSqlQuery &row, OurItem &item) {
        item.deliveryId = row.value(0).toLongLong();
        item.facts = {{u"delivery_id"_s, item.deliveryId},
                      {u"event_id"_s, item.reference},
                      {u"event_type"_s, row.value(9).toString()},
                      {u"state"_s, item.state},
                      {u"created_at"_s, timeOrNull(item.at)},
                      {u"delivered_at"_s, timeOrNull(toUtc(row.value(5)))},
                      {u"attempts"_s, row.value(6).toInt()},
                      {u"last_status_code"_s, row.value(7).isNull() ? QJsonValue() : QJsonValue(row.value(7).toInt())},
                      {u"why"_s, textOrNull(row.value(8).toString())},
                      {u"resolution_note"_s, textOrNull(row.value(10).toString())}};
    });
}

// webhook_inbox keeps the producers' TIMESTAMP, written by now() in the session's time zone: the window is turned
// into that zone's wall-clock times so the received_at index applies. The hash is of the raw body as received (of the
// stored JSON for rows written without one).
Result<QList<OurItem>> loadInbox(const DatabaseConnection &connection, const ReconcileRequest &request)
{
    const QString sql = u"SELECT w.id::text, w.partner_event_id, lower(w.status), "
                        "w.received_at AT TIME ZONE current_setting('TimeZone'), "
                        "encode(sha256(coalesce(w.raw_body, convert_to(w.payload::text, 'UTF8'))), 'hex'), "
                        "w.processed_at AT TIME ZONE current_setting('TimeZone'), w.event_type, w.signature_verified "
                        "FROM webhook_inbox w "
                        "WHERE w.partner_name = ? "
                        "AND w.received_at >= (?::timestamptz AT TIME ZONE current_setting('TimeZone')) "
                        "AND w.received_at < (?::timestamptz AT TIME ZONE current_setting('TimeZone')) "
                        "ORDER BY w.received_at, w.id"_s;
    return loadOurs(connection, sql, request, [](const QSqlQuery &row, OurItem &item) {
        item.inboxId = row.value(0).toString();
        item.facts = {{u"inbox_id"_s, item.inboxId},
                      {u"partner_event_id"_s, item.reference},
                      {u"event_type"_s, textOrNull(row.value(6).toString())},
                      {u"status"_s, item.state},
                      {u"received_at"_s, timeOrNull(item.at)},
                      {u"processed_at"_s, timeOrNull(toUtc(row.value(5)))},
                      {u"signature_verified"_s, row.value(7).isNull() ? QJsonValue() : row.value(7).toBool()}};
    });
}

// Of `references` (their records no record of ours in the window matched), those we do have, outside the window.
Result<QSet<QString>> knownOutsideWindow(const DatabaseConnection &connection, const Subject &subject,
                                         const QStringList &references)
{
    QJsonArray candidates;
    for (const QString &reference : references) {
        // A delivery's reference is its event id: anything else is none of ours.
        if (subject.kind == Subject::Kind::Partner || !QUuid::fromString(reference).isNull())
            candidates.append(reference);
    }
    if (candidates.isEmpty())
        return QSet<QString>();
    const QString list = QString::fromUtf8(QJsonDocument(candidates).toJson(QJsonDocument::Compact));
    auto query = subject.kind == Subject::Kind::Endpoint
                     ? connection.exec(u"SELECT d.event_id::text FROM deliveries d "
                                       "WHERE d.endpoint_id = (SELECT id FROM endpoints WHERE name = ?) "
                                       "AND d.event_id IN (SELECT jsonb_array_elements_text(?::jsonb)::uuid)"_s,
                                       {subject.name, list})
                     : connection.exec(u"SELECT partner_event_id FROM webhook_inbox WHERE partner_name = ? "
                                       "AND partner_event_id IN (SELECT jsonb_array_elements_text(?::jsonb))"_s,
                                       {subject.name, list});
    if (!query)
        return Error{u"cannot look up their records among ours: "_s + query.error()};
    QSet<QString> known;
    while (query.value().next())
        known.insert(query.value().value(0).toString());
    return known;
}

QJsonObject recordFacts(const TheirRecord &record, const QString &source)
{
    return {{u"source"_s, source},
            {u"id"_s, record.reference},
            {u"status"_s, textOrNull(record.status)},
            {u"payload_sha256"_s, textOrNull(QString::fromLatin1(record.payloadSha256Hex))},
            {u"at"_s, timeOrNull(record.at)}};
}

QJsonObject checkFacts(const StatusCheck &check)
{
    const QString said = check.said == StatusCheck::Said::Delivered  ? u"delivered"_s
                         : check.said == StatusCheck::Said::NotFound ? u"not_found"_s
                                                                     : u"could_not_tell"_s;
    return {{u"source"_s, u"status_url"_s},
            {u"said"_s, said},
            {u"status_code"_s, check.statusCode > 0 ? QJsonValue(check.statusCode) : QJsonValue()},
            {u"detail"_s, check.detail}};
}

// What their side says about one item of ours.
struct TheirSide
{
    enum class Says
    {
        HasIt,
        HasNot,
        CannotTell
    };
    Says says = Says::HasNot;
    QByteArray payloadSha256Hex;
    QJsonObject facts; // empty: no record at all
};

void comparePayloads(const OurItem &item, const TheirSide &theirs, QList<Found> &found)
{
    if (theirs.says != TheirSide::Says::HasIt || theirs.payloadSha256Hex.isEmpty() ||
        theirs.payloadSha256Hex == item.payloadSha256Hex)
        return;
    found.append({u"payload_differs"_s, item.reference, item.deliveryId, item.inboxId, item.at,
                  u"their payload hash %1 differs from ours %2 (of the exact body %3)"_s.arg(
                      shortHash(theirs.payloadSha256Hex), shortHash(item.payloadSha256Hex),
                      item.deliveryId ? u"we sent"_s : u"we received"_s),
                  item.facts, theirs.facts});
}

// The outbox side: what we say happened to a delivery against whether they have it.
void compareDelivery(const OurItem &item, const TheirSide &theirs, QList<Found> &found)
{
    const auto add = [&](const QString &kind, const QString &detail) {
        found.append({kind, item.reference, item.deliveryId, {}, item.at, detail, item.facts, theirs.facts});
    };
    const QString why = item.facts.value(u"why"_s).toString();
    switch (theirs.says) {
    case TheirSide::Says::HasIt:
        if (item.state == u"unknown"_s)
            add(u"unknown_was_delivered"_s, u"the outcome was unknown and they have it"_s);
        else if (item.state != u"delivered"_s)
            add(u"delivered_but_we_failed"_s,
                u"they have it but we say %1%2"_s.arg(item.state, why.isEmpty() ? QString() : u": "_s + why));
        break;
    case TheirSide::Says::HasNot:
        if (item.state == u"delivered"_s)
            add(u"missing_on_their_side"_s, u"we delivered it (%1) but they have no record of it"_s.arg(
                                                item.facts.value(u"delivered_at"_s).toString()));
        else if (item.state == u"unknown"_s)
            add(u"unknown_not_received"_s,
                u"the outcome was unknown and they do not have it: re-send it (reconcile resend)"_s);
        break;
    case TheirSide::Says::CannotTell:
        add(u"could_not_check"_s, theirs.facts.value(u"detail"_s).toString());
        break;
    }
    comparePayloads(item, theirs, found);
}

// The inbox side: what we received against their sent records.
void compareInboxRow(const OurItem &item, const TheirSide &theirs, QList<Found> &found)
{
    if (theirs.says == TheirSide::Says::HasNot)
        found.append(
            {u"not_in_their_records"_s, item.reference, 0, item.inboxId, item.at,
             u"we received it (%1) but it is not in their records"_s.arg(item.facts.value(u"received_at"_s).toString()),
             item.facts, theirs.facts});
    comparePayloads(item, theirs, found);
}

// Their side, where it comes from, and how many records it gave.
struct TheirRecords
{
    QString source; // api, status_url, file
    QString fileName;
    QList<TheirRecord> records;
    QString unavailable; // why the source could not be read
};

Result<TheirRecords> readTheirSide(const DatabaseConnection &connection, const ReconcileRequest &request,
                                   bool hasStatusUrl)
{
    auto configured = ReconcileSources(connection).find(request.subject);
    if (!configured)
        return Error{configured.error()};
    TheirRecords theirs;
    if (!request.filePath.isEmpty()) {
        theirs.source = u"file"_s;
        theirs.fileName = QFileInfo(request.filePath).fileName();
        // A JSON export has the list API's layout, read with the subject's field mapping when it has one.
        auto records = readRecordsFile(request.filePath, configured.value() ? configured.value()->fields : FieldMap());
        if (!records)
            return Error{records.error()};
        theirs.records = records.value();
    } else if (configured.value()) {
        theirs.source = u"api"_s;
        // Their list is filtered by their receive time, ours by our creation time: a delivery created just before
        // the window's end reaches them just after it. Their list is therefore read a little past the end (up to
        // kTheirListOverrun, never past now), and what it adds serves only to match ours: their records stamped
        // after the window are never reported (compare() skips them).
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QDateTime listEnd = std::max(request.until, std::min(now, request.until.addSecs(kTheirListOverrunS)));
        auto records = fetchRecordList(*configured.value(), request.since, listEnd);
        if (records)
            theirs.records = records.value();
        else
            theirs.unavailable = records.error();
    } else if (hasStatusUrl) {
        theirs.source = u"status_url"_s;
    } else {
        return Error{u"%1 has no reconciliation source: set its list API (hookyard reconcile source set) or import "
                     "their export with --file"_s.arg(request.subject.describe())};
    }
    return theirs;
}

// Compares, asking the endpoint's status URL what the records do not say: in status_url mode about every delivery,
// else about the deliveries their records lack that we say are delivered or unknown (their list may not cover one,
// received just after the window, say). Returns the mismatches and the references compared.
struct Comparison
{
    QList<Found> found;
    QStringList compared;
    int theirsCount = 0;
};

Result<Comparison> compare(const DatabaseConnection &connection, const ReconcileRequest &request,
                           const TheirRecords &theirs, const QList<OurItem> &ours, const EndpointConfig *endpoint)
{
    const bool outbox = request.subject.kind == Subject::Kind::Endpoint;
    QHash<QString, qsizetype> byReference;
    for (qsizetype i = 0; i < theirs.records.size(); ++i) {
        const QString &reference = theirs.records.at(i).reference;
        byReference.insert(outbox ? outboxReference(reference) : reference, i);
    }
    const auto recordOf = [&](const QString &reference) -> const TheirRecord * {
        const auto at = byReference.constFind(reference);
        return at == byReference.constEnd() ? nullptr : &theirs.records.at(at.value());
    };

    QHash<qint64, QByteArray> toAsk;
    if (outbox && endpoint && !endpoint->statusUrl.isEmpty()) {
        for (const OurItem &item : ours) {
            const TheirRecord *record = recordOf(item.reference);
            const bool decides = item.state == u"unknown"_s || item.state == u"delivered"_s;
            if (theirs.source == u"status_url"_s || (decides && (!record || !record->hasIt())))
                toAsk.insert(item.deliveryId, item.reference.toLatin1());
        }
    }
    const QHash<qint64, StatusCheck> checks =
        toAsk.isEmpty() ? QHash<qint64, StatusCheck>() : askStatusUrl(*endpoint, toAsk);

    Comparison comparison;
    comparison.theirsCount = int(theirs.records.size());
    QSet<QString> matched;
    for (const OurItem &item : ours) {
        TheirSide side;
        const TheirRecord *record = recordOf(item.reference);
        if (const auto check = checks.constFind(item.deliveryId); check != checks.constEnd()) {
            side.says = check->said == StatusCheck::Said::Delivered  ? TheirSide::Says::HasIt
                        : check->said == StatusCheck::Said::NotFound ? TheirSide::Says::HasNot
                                                                     : TheirSide::Says::CannotTell;
            side.facts = checkFacts(check.value());
            if (theirs.source == u"status_url"_s && side.says == TheirSide::Says::HasIt)
                ++comparison.theirsCount;
        } else if (record) {
            side.says = record->hasIt() ? TheirSide::Says::HasIt : TheirSide::Says::HasNot;
            side.payloadSha256Hex = record->payloadSha256Hex;
            side.facts = recordFacts(*record, theirs.source);
        }
        if (record)
            matched.insert(item.reference);
        // A delivery still on its way (pending, or held for its endpoint) that they do not have yet settles nothing:
        // an open mismatch about it stays open until the outcome is known (found by an exploring helper: a re-sent
        // delivery's mismatch was closed as "consistent now" before the relay had sent it).
        const bool onItsWay = outbox && (item.state == u"pending"_s || item.state == u"held"_s);
        if (!onItsWay || side.says == TheirSide::Says::HasIt)
            comparison.compared << item.reference;
        if (outbox)
            compareDelivery(item, side, comparison.found);
        else
            compareInboxRow(item, side, comparison.found);
    }

    // Their records no record of ours in the window matched: ours outside the window are another window's business,
    // and so are their records stamped outside it.
    QSet<QString> unmatched;
    for (auto it = byReference.cbegin(); it != byReference.cend(); ++it) {
        if (!matched.contains(it.key()) && theirs.records.at(it.value()).hasIt())
            unmatched.insert(it.key());
    }
    auto known = knownOutsideWindow(connection, request.subject, unmatched.values());
    if (!known)
        return Error{known.error()};
    for (const TheirRecord &record : theirs.records) {
        const QString reference = outbox ? outboxReference(record.reference) : record.reference;
        if (!unmatched.contains(reference) || known->contains(reference))
            continue;
        if (record.at.isValid() && (record.at < request.since || record.at >= request.until))
            continue;
        comparison.compared << reference;
        // Without their time, the item is placed at the time of the run, within the window.
        const QDateTime at =
            record.at.isValid() ? record.at : std::min(QDateTime::currentDateTimeUtc(), request.until.addMSecs(-1));
        comparison.found.append(
            {u"missing_on_our_side"_s,
             reference,
             0,
             {},
             at,
             outbox ? u"they have a delivery with this webhook-id that we never sent them"_s
                    : u"they sent it%1 but we never received it"_s.arg(
                          record.at.isValid() ? u" (%1)"_s.arg(record.at.toString(Qt::ISODateWithMs)) : QString()),
             {},
             recordFacts(record, theirs.source)});
    }
    const QStringList &kinds = mismatchKinds();
    std::stable_sort(comparison.found.begin(), comparison.found.end(), [&](const Found &a, const Found &b) {
        return std::pair(kinds.indexOf(a.kind), a.itemAt) < std::pair(kinds.indexOf(b.kind), b.itemAt);
    });
    return comparison;
}

QString compactJson(const QJsonValue &value)
{
    return QString::fromUtf8(value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                             : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

Result<qint64> insertRun(const DatabaseConnection &connection, const ReconcileRequest &request,
                         const TheirRecords &theirs, const QDateTime &startedAt, const RunSummary &summary)
{
    QJsonObject counts;
    for (auto it = summary.counts.cbegin(); it != summary.counts.cend(); ++it)
        counts.insert(it.key(), it.value());
    auto run = connection.exec(
        u"INSERT INTO reconcile_runs (subject_kind, subject_name, since, until, source, file_name, started_at, "
        "outcome, reason, ours_count, theirs_count, mismatch_count, counts, os_user) "
        "VALUES (?, ?, ?::timestamptz, ?::timestamptz, ?, ?, ?::timestamptz, ?, ?, ?, ?, ?, ?::jsonb, ?) RETURNING id"_s,
        {request.subject.kindName(), request.subject.name, request.since.toUTC().toString(Qt::ISODateWithMs),
         request.until.toUTC().toString(Qt::ISODateWithMs), theirs.source,
         theirs.fileName.isEmpty() ? QVariant() : QVariant(theirs.fileName), startedAt.toString(Qt::ISODateWithMs),
         summary.outcome, summary.reason.isEmpty() ? QVariant() : QVariant(summary.reason), summary.ours,
         summary.theirs, std::accumulate(summary.counts.cbegin(), summary.counts.cend(), 0), compactJson(counts),
         osUserName()});
    if (!run)
        return Error{u"cannot store the run: "_s + run.error()};
    run.value().next();
    return run.value().value(0).toLongLong();
}

// Unknown deliveries their records show arrived become delivered (their event processed once all its deliveries
// are), unless a relay holds one right now: then the relay's own status check settles it. Returns those settled.
Result<QSet<qint64>> settleDelivered(const DatabaseConnection &connection, const QList<qint64> &deliveryIds)
{
    if (deliveryIds.isEmpty())
        return QSet<qint64>();
    QJsonArray ids;
    for (qint64 id : deliveryIds)
        ids.append(id);
    const QString list = compactJson(ids);
    auto settled = connection.exec(
        u"UPDATE deliveries SET state = 'delivered', delivered_at = now(), last_error = NULL, dead_reason = NULL, "
        "failures_since_queued = 0, status_checks = 0 "
        "WHERE id IN (SELECT jsonb_array_elements_text(?::jsonb)::bigint) AND state = 'unknown' "
        "AND (lease_expires_at IS NULL OR lease_expires_at < now()) RETURNING id"_s,
        {list});
    if (!settled)
        return Error{u"cannot settle unknown deliveries: "_s + settled.error()};
    QSet<qint64> done;
    while (settled.value().next())
        done.insert(settled.value().value(0).toLongLong());
    auto processed = connection.exec(
        u"UPDATE outbox_events e SET processed_at = now() "
        "WHERE e.id IN (SELECT d.event_id FROM deliveries d "
        "               WHERE d.id IN (SELECT jsonb_array_elements_text(?::jsonb)::bigint)) "
        "AND e.processed_at IS NULL "
        "AND NOT EXISTS (SELECT 1 FROM deliveries other WHERE other.event_id = e.id AND other.state <> 'delivered')"_s,
        {list});
    if (!processed)
        return Error{u"cannot mark settled events processed: "_s + processed.error()};
    return done;
}

// Returns how many were stored resolved, as a person had resolved them before.
Result<int> insertMismatches(const DatabaseConnection &connection, qint64 runId, const Subject &subject,
                             const QList<Found> &found, const QSet<qint64> &settled)
{
    if (found.isEmpty())
        return 0;
    QJsonArray rows;
    for (const Found &one : found) {
        QString detail = one.detail;
        // An unknown delivery this run settled needs nobody: the mismatch is kept as the record of it, resolved.
        const bool settledHere = one.kind == u"unknown_was_delivered"_s && settled.contains(one.deliveryId);
        if (one.kind == u"unknown_was_delivered"_s)
            detail += settledHere ? u": settled as delivered"_s : u": not settled, a relay was asking about it"_s;
        rows.append(QJsonObject{{u"settled"_s, settledHere},
                                {u"kind"_s, one.kind},
                                {u"reference"_s, one.reference},
                                {u"delivery_id"_s, one.deliveryId ? QJsonValue(one.deliveryId) : QJsonValue()},
                                {u"inbox_id"_s, textOrNull(one.inboxId)},
                                {u"item_at"_s, timeOrNull(one.itemAt)},
                                {u"detail"_s, detail},
                                {u"ours"_s, one.ours.isEmpty() ? QJsonValue() : QJsonValue(one.ours)},
                                {u"theirs"_s, one.theirs.isEmpty() ? QJsonValue() : QJsonValue(one.theirs)}});
    }
    // A mismatch a person resolved (not a run) stays resolved when it is found again: same kind, same reference.
    const QString runName = u"run %1"_s.arg(runId);
    auto inserted = connection.exec(
        u"INSERT INTO reconcile_mismatches (run_id, subject_kind, subject_name, kind, reference, delivery_id, "
        "inbox_id, item_at, detail, ours, theirs, resolved_at, resolution_note, resolved_by) "
        "SELECT ?, ?, ?, r.kind, r.reference, r.delivery_id, r.inbox_id, r.item_at, r.detail, "
        "nullif(r.ours, 'null'), nullif(r.theirs, 'null'), "
        "CASE WHEN r.settled OR earlier.id IS NOT NULL THEN now() END, "
        "CASE WHEN r.settled THEN 'settled as delivered by ' || ? ELSE earlier.resolution_note END, "
        "CASE WHEN r.settled THEN ? ELSE earlier.resolved_by END "
        "FROM jsonb_to_recordset(?::jsonb) AS r(settled BOOLEAN, kind TEXT, reference TEXT, delivery_id BIGINT, "
        "inbox_id UUID, item_at TIMESTAMPTZ, detail TEXT, ours JSONB, theirs JSONB) "
        "LEFT JOIN LATERAL (SELECT p.id, p.resolution_note, p.resolved_by FROM reconcile_mismatches p "
        "  WHERE p.subject_kind = ? AND p.subject_name = ? AND p.reference = r.reference AND p.kind = r.kind "
        "  AND p.resolved_at IS NOT NULL AND p.resolved_by NOT LIKE 'run %' ORDER BY p.id DESC LIMIT 1) earlier "
        "ON NOT r.settled "
        "RETURNING resolved_at IS NOT NULL AND resolved_by NOT LIKE 'run %'"_s,
        {runId, subject.kindName(), subject.name, runName, runName, compactJson(rows), subject.kindName(),
         subject.name});
    if (!inserted)
        return Error{u"cannot store the mismatches: "_s + inserted.error()};
    int resolvedBefore = 0;
    while (inserted.value().next())
        resolvedBefore += inserted.value().value(0).toBool() ? 1 : 0;
    return resolvedBefore;
}

// Open mismatches of earlier runs about items this run compared again are closed: the item is consistent now, or
// this run's own mismatch replaces the old one. Returns how many.
Result<int> closeRechecked(const DatabaseConnection &connection, qint64 runId, const Subject &subject,
                           const QStringList &compared, const QList<Found> &found)
{
    QJsonArray references;
    for (const QString &reference : compared)
        references.append(reference);
    QJsonArray again;
    for (const Found &one : found)
        again.append(one.reference);
    auto closed = connection.exec(
        u"UPDATE reconcile_mismatches SET resolved_at = now(), resolved_by = 'run ' || ?, "
        "resolution_note = CASE WHEN reference IN (SELECT jsonb_array_elements_text(?::jsonb)) "
        "  THEN 'compared again by run ' || ? || ': still a mismatch, listed by that run' "
        "  ELSE 'compared again by run ' || ? || ': consistent now' END "
        "WHERE subject_kind = ? AND subject_name = ? AND resolved_at IS NULL AND run_id <> ? "
        "AND reference IN (SELECT jsonb_array_elements_text(?::jsonb))"_s,
        {runId, compactJson(again), runId, runId, subject.kindName(), subject.name, runId, compactJson(references)});
    if (!closed)
        return Error{u"cannot close the mismatches compared again: "_s + closed.error()};
    return closed.value().numRowsAffected();
}

Result<qint64> unresolvedCount(const DatabaseConnection &connection, const Subject &subject)
{
    auto count = connection.exec(u"SELECT count(*) FROM reconcile_mismatches "
                                 "WHERE subject_kind = ? AND subject_name = ? AND resolved_at IS NULL"_s,
                                 {subject.kindName(), subject.name});
    if (!count)
        return Error{count.error()};
    count.value().next();
    return count.value().value(0).toLongLong();
}

QJsonObject auditDetails(qint64 runId, const ReconcileRequest &request, const TheirRecords &theirs,
                         const RunSummary &summary)
{
    QJsonObject counts;
    for (auto it = summary.counts.cbegin(); it != summary.counts.cend(); ++it)
        counts.insert(it.key(), it.value());
    return {{u"run_id"_s, runId},
            {u"since"_s, timeOrNull(request.since)},
            {u"until"_s, timeOrNull(request.until)},
            {u"source"_s, theirs.source},
            {u"file"_s, textOrNull(theirs.fileName)},
            {u"outcome"_s, summary.outcome},
            {u"counts"_s, counts},
            {u"settled"_s, summary.settled},
            {u"resolved_before"_s, summary.resolvedBefore},
            {u"rechecked"_s, summary.recheckedEarlier}};
}

} // namespace

const QStringList &mismatchKinds()
{
    static const QStringList kinds{u"missing_on_their_side"_s, u"unknown_not_received"_s, u"missing_on_our_side"_s,
                                   u"not_in_their_records"_s,  u"payload_differs"_s,      u"delivered_but_we_failed"_s,
                                   u"could_not_check"_s,       u"unknown_was_delivered"_s};
    return kinds;
}

Result<RunSummary> runReconciliation(const DatabaseConnection &connection, const ReconcileRequest &request)
{
    if (!request.since.isValid() || !request.until.isValid())
        return Error{u"the window needs both --since and --until"_s};
    if (request.since >= request.until)
        return Error{u"the window is empty: %1 is not before %2"_s.arg(
            request.since.toUTC().toString(Qt::ISODateWithMs), request.until.toUTC().toString(Qt::ISODateWithMs))};
    if (auto exists = requireSubject(connection, request.subject); !exists)
        return Error{exists.error()};
    const QDateTime startedAt = QDateTime::currentDateTimeUtc();

    std::optional<EndpointConfig> endpoint;
    if (request.subject.kind == Subject::Kind::Endpoint) {
        auto endpoints = DeliveryStore(connection, u"reconcile"_s).loadEndpoints();
        if (!endpoints)
            return Error{endpoints.error()};
        for (const EndpointConfig &candidate : std::as_const(endpoints.value())) {
            if (candidate.name == request.subject.name)
                endpoint = candidate;
        }
    }
    auto theirs = readTheirSide(connection, request, endpoint && !endpoint->statusUrl.isEmpty());
    if (!theirs)
        return Error{theirs.error()};

    RunSummary summary;
    summary.source = theirs->source;
    if (!theirs->unavailable.isEmpty()) {
        // Nothing was compared: no mismatch, no settlement, nothing sent; unknown deliveries stay unknown.
        summary.outcome = u"source_unavailable"_s;
        summary.reason = theirs->unavailable;
        return inTransaction(connection, [&]() -> Result<RunSummary> {
            auto runId = insertRun(connection, request, theirs.value(), startedAt, summary);
            if (!runId)
                return Error{runId.error()};
            summary.runId = runId.value();
            if (auto audited = recordAudit(connection, u"reconcile.run"_s, request.subject.describe(), summary.reason,
                                           auditDetails(summary.runId, request, theirs.value(), summary));
                !audited)
                return Error{audited.error()};
            auto unresolved = unresolvedCount(connection, request.subject);
            if (!unresolved)
                return Error{unresolved.error()};
            summary.unresolved = unresolved.value();
            return summary;
        });
    }

    auto ours = request.subject.kind == Subject::Kind::Endpoint ? loadDeliveries(connection, request)
                                                                : loadInbox(connection, request);
    if (!ours)
        return Error{ours.error()};
    auto comparison = compare(connection, request, theirs.value(), ours.value(), endpoint ? &*endpoint : nullptr);
    if (!comparison)
        return Error{comparison.error()};
    const QList<Found> &found = comparison->found;
    summary.ours = int(ours->size());
    summary.theirs = comparison->theirsCount;
    for (const Found &one : found)
        ++summary.counts[one.kind];
    summary.outcome = found.isEmpty() ? u"clean"_s : u"mismatches"_s;
    QList<qint64> toSettle;
    for (const Found &one : found) {
        if (one.kind == u"unknown_was_delivered"_s)
            toSettle << one.deliveryId;
    }

    return inTransaction(connection, [&]() -> Result<RunSummary> {
        auto settled = settleDelivered(connection, toSettle);
        if (!settled)
            return Error{settled.error()};
        summary.settled = int(settled->size());
        auto runId = insertRun(connection, request, theirs.value(), startedAt, summary);
        if (!runId)
            return Error{runId.error()};
        summary.runId = runId.value();
        auto stored = insertMismatches(connection, summary.runId, request.subject, found, settled.value());
        if (!stored)
            return Error{stored.error()};
        summary.resolvedBefore = stored.value();
        auto closed = closeRechecked(connection, summary.runId, request.subject, comparison->compared, found);
        if (!closed)
            return Error{closed.error()};
        summary.recheckedEarlier = closed.value();
        QJsonObject details = auditDetails(summary.runId, request, theirs.value(), summary);
        QJsonArray settledIds;
        for (qint64 id : settled.value())
            settledIds.append(id);
        details.insert(u"settled_delivery_ids"_s, settledIds);
        if (auto audited = recordAudit(connection, u"reconcile.run"_s, request.subject.describe(), {}, details);
            !audited)
            return Error{audited.error()};
        auto unresolved = unresolvedCount(connection, request.subject);
        if (!unresolved)
            return Error{unresolved.error()};
        summary.unresolved = unresolved.value();
        return summary;
    });
}

} // namespace hookyard::core
