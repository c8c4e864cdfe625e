#include "console/ConsoleActions.h"

#include "audit/AuditLog.h"
#include "reconcile/MismatchActions.h"
#include "relay/DeliveryStore.h"
#include "signing/Signatures.h"
#include "worker/InboxStore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QSqlQuery>
#include <QStringList>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// The selection split by table, as PostgreSQL array literals ('{1,2}', '{uuid,uuid}'); reconciliation mismatches
// apart (their actions are in reconcile/MismatchActions); other kinds are counted.
struct SplitRows
{
    QList<qint64> deliveryIds;
    QStringList inboxIds;
    QList<qint64> mismatchIds;
    QStringList eventIds; // outbox events, which act through their deliveries (takeEventDeliveries)
    int otherKinds = 0;

    QString deliveryArray() const
    {
        QStringList parts;
        for (qint64 id : deliveryIds)
            parts << QString::number(id);
        return u'{' + parts.join(u',') + u'}';
    }
    QString inboxArray() const { return u'{' + inboxIds.join(u',') + u'}'; }
    int size() const { return int(deliveryIds.size() + inboxIds.size() + mismatchIds.size()) + otherKinds; }
};

Result<SplitRows> split(const QList<RowRef> &rows)
{
    SplitRows split;
    for (const RowRef &row : rows) {
        if (row.kind == RowRef::Kind::Delivery) {
            bool ok = false;
            split.deliveryIds.append(row.id.toLongLong(&ok));
            if (!ok)
                return Error{u"'%1' is not a delivery id"_s.arg(row.id)};
        } else if (row.kind == RowRef::Kind::InboxMessage) {
            const QUuid uuid = QUuid::fromString(row.id);
            if (uuid.isNull())
                return Error{u"'%1' is not an inbox id"_s.arg(row.id)};
            split.inboxIds.append(uuid.toString(QUuid::WithoutBraces));
        } else if (row.kind == RowRef::Kind::Event) {
            const QUuid uuid = QUuid::fromString(row.id);
            if (uuid.isNull())
                return Error{u"'%1' is not an event id"_s.arg(row.id)};
            split.eventIds.append(uuid.toString(QUuid::WithoutBraces));
        } else if (row.kind == RowRef::Kind::Mismatch) {
            bool ok = false;
            split.mismatchIds.append(row.id.toLongLong(&ok));
            if (!ok)
                return Error{u"'%1' is not a mismatch id"_s.arg(row.id)};
        } else {
            ++split.otherKinds;
        }
    }
    return split;
}

// A row of the Outbox view stands for its event's deliveries: those in one of `states` are acted on (found by a helper
// trying the console: Replay in an event's detail pane skipped the event and replayed nothing). An event without
// such a delivery is skipped.
Status takeEventDeliveries(const DatabaseConnection &connection, SplitRows &split, const QString &states)
{
    if (split.eventIds.isEmpty())
        return success();
    auto found = connection.exec(u"SELECT event_id::text, id FROM deliveries WHERE event_id = ANY (?::uuid[]) "
                                 "AND state = ANY (string_to_array(?, ','))"_s,
                                 {QString(u'{' + split.eventIds.join(u',') + u'}'), states});
    if (!found)
        return Error{u"cannot find the events' deliveries: "_s + found.error()};
    QSet<QString> eventsWithDeliveries;
    while (found.value().next()) {
        eventsWithDeliveries.insert(found.value().value(0).toString());
        split.deliveryIds.append(found.value().value(1).toLongLong());
    }
    split.otherKinds += int(split.eventIds.size() - eventsWithDeliveries.size());
    split.eventIds.clear();
    return success();
}

// Runs one UPDATE per table in one transaction with the audit record; each statement returns the ids it changed.
// Its placeholders: `note`, when not null, then the ids.
Result<ActionOutcome> changeRows(const DatabaseConnection &connection, const SplitRows &rows, const QString &action,
                                 const QString &reason, const QString &deliverySql, const QString &inboxSql,
                                 const QString &note = {})
{
    auto run = [&](const QString &sql, const QString &ids) {
        return note.isNull() ? connection.exec(sql, {ids}) : connection.exec(sql, {note, ids});
    };
    return inTransaction(connection, [&]() -> Result<ActionOutcome> {
        QJsonArray deliveries;
        QJsonArray inbox;
        if (!rows.deliveryIds.isEmpty()) {
            auto changed = run(deliverySql, rows.deliveryArray());
            if (!changed)
                return Error{action + u" failed: "_s + changed.error()};
            while (changed.value().next())
                deliveries.append(changed.value().value(0).toLongLong());
        }
        if (!rows.inboxIds.isEmpty()) {
            auto changed = run(inboxSql, rows.inboxArray());
            if (!changed)
                return Error{action + u" failed: "_s + changed.error()};
            while (changed.value().next())
                inbox.append(changed.value().value(0).toString());
        }
        const int changedCount = int(deliveries.size() + inbox.size());
        // Nothing changed, nothing to record: a second Resolve of a resolved row, Retry now on a dead one (found by a
        // helper trying the console: each wrote an audit record of 0 rows).
        if (changedCount == 0)
            return ActionOutcome{0, rows.size()};
        // Named as replays name theirs ("delivery 205", "inbox <id>").
        const QString subject = rows.size() > 1         ? u"%1 selected rows"_s.arg(rows.size())
                                : !deliveries.isEmpty() ? u"delivery %1"_s.arg(deliveries.first().toInteger())
                                                        : u"inbox "_s + inbox.first().toString();
        if (auto audited =
                recordAudit(connection, action, subject, reason,
                            {{u"count"_s, changedCount}, {u"delivery_ids"_s, deliveries}, {u"inbox_ids"_s, inbox}});
            !audited)
            return Error{action + u" failed: "_s + audited.error()};
        if (auto notified = connection.exec(u"SELECT pg_notify('hookyard_deliveries', ''), "
                                            "pg_notify('hookyard_inbox', '')"_s);
            !notified)
            return Error{action + u" failed: "_s + notified.error()};
        return ActionOutcome{changedCount, rows.size() - changedCount};
    });
}

} // namespace

Result<ActionOutcome> replayRows(const DatabaseConnection &connection, const QList<RowRef> &rows, const QString &reason)
{
    auto selection = split(rows);
    if (!selection)
        return Error{selection.error()};
    SplitRows &split = selection.value();
    if (auto taken = takeEventDeliveries(connection, split, u"dead,unknown"_s); !taken)
        return Error{taken.error()};
    ActionOutcome outcome;
    outcome.skipped = split.otherKinds;
    // The inbox rows first: one selected row alone is refused with its reason (replayInbox), and that must come
    // before the other kinds are replayed, each in a transaction of its own (found in review).
    if (!split.inboxIds.isEmpty()) {
        auto replayed = replayInbox(connection, {.inboxIds = split.inboxIds}, reason);
        if (!replayed)
            return Error{replayed.error()};
        outcome.changed += replayed.value();
        outcome.skipped += int(split.inboxIds.size()) - replayed.value();
    }
    if (!split.mismatchIds.isEmpty()) {
        auto resent = resendMismatches(connection, split.mismatchIds, reason);
        if (!resent)
            return Error{resent.error()};
        outcome.changed += resent->changed;
        outcome.skipped += resent->skipped;
    }
    if (!split.deliveryIds.isEmpty()) {
        auto replayed = replayDeliveries(connection, {.deliveryIds = split.deliveryIds}, reason);
        if (!replayed)
            return Error{replayed.error()};
        outcome.changed += replayed.value();
        outcome.skipped += int(split.deliveryIds.size()) - replayed.value();
    }
    return outcome;
}

Result<ActionOutcome> retryRowsNow(const DatabaseConnection &connection, const QList<RowRef> &rows,
                                   const QString &reason)
{
    auto selection = split(rows);
    if (!selection)
        return Error{selection.error()};
    if (auto taken = takeEventDeliveries(connection, selection.value(), u"pending"_s); !taken)
        return Error{taken.error()};
    return changeRows(connection, selection.value(), u"retry_now"_s, reason,
                      u"UPDATE deliveries SET next_attempt_at = now() WHERE id = ANY (?::bigint[]) "
                      "AND state = 'pending' AND (lease_expires_at IS NULL OR lease_expires_at < now()) "
                      "RETURNING id"_s,
                      u"UPDATE webhook_inbox SET next_attempt_at = now(), updated_at = now() "
                      "WHERE id = ANY (?::uuid[]) AND status IN ('PENDING', 'DEFERRED') AND raw_body IS NOT NULL "
                      "AND (lease_expires_at IS NULL OR lease_expires_at < now()) RETURNING id::text"_s);
}

Result<ActionOutcome> resolveRows(const DatabaseConnection &connection, const QList<RowRef> &rows, const QString &note)
{
    if (note.trimmed().isEmpty())
        return Error{u"a resolution needs a note saying how it was settled"_s};
    auto selection = split(rows);
    if (!selection)
        return Error{selection.error()};
    SplitRows rest = selection.value();
    if (auto taken = takeEventDeliveries(connection, rest, u"dead,unknown"_s); !taken)
        return Error{taken.error()};
    ActionOutcome mismatches;
    if (!rest.mismatchIds.isEmpty()) {
        auto resolved = resolveMismatches(connection, rest.mismatchIds, note);
        if (!resolved)
            return Error{resolved.error()};
        mismatches = {resolved->changed, resolved->skipped};
        rest.mismatchIds.clear();
        if (rest.deliveryIds.isEmpty() && rest.inboxIds.isEmpty())
            return ActionOutcome{mismatches.changed, mismatches.skipped + rest.otherKinds};
    }
    auto changed = changeRows(connection, rest, u"resolve"_s, note,
                              u"UPDATE deliveries SET resolved_at = now(), resolution_note = ? "
                              "WHERE id = ANY (?::bigint[]) AND state IN ('dead', 'unknown') AND resolved_at IS NULL "
                              "RETURNING id"_s,
                              u"UPDATE webhook_inbox SET resolved_at = now(), resolution_note = ?, updated_at = now() "
                              "WHERE id = ANY (?::uuid[]) AND status = 'QUARANTINED' AND resolved_at IS NULL "
                              "RETURNING id::text"_s,
                              note.trimmed());
    if (!changed)
        return changed;
    return ActionOutcome{changed->changed + mismatches.changed, changed->skipped + mismatches.skipped};
}

Result<QString> curlCommandFor(const DatabaseConnection &connection, const RowRef &delivery)
{
    if (delivery.kind != RowRef::Kind::Delivery)
        return Error{u"only a delivery can be copied as curl"_s};
    // The read-only role sees secrets masked only (migration 18); say so rather than "permission denied".
    auto mayRead = connection.exec(u"SELECT has_table_privilege('endpoint_secrets', 'SELECT'), current_user"_s);
    if (!mayRead)
        return Error{mayRead.error()};
    mayRead.value().next();
    if (!mayRead.value().value(0).toBool()) {
        return Error{u"copy as curl signs the request with the endpoint's secret, which the database role %1 may not "
                     "read; a member of hookyard_operator can copy it"_s.arg(mayRead.value().value(1).toString())};
    }
    auto query = connection.exec(
        u"SELECT d.event_id::text, ep.url, ep.svix_header_names, e.payload::text, "
        "(SELECT string_agg(s.secret, ' ' ORDER BY s.id) FROM endpoint_secrets s "
        " WHERE s.endpoint_id = ep.id AND (s.expires_at IS NULL OR s.expires_at > now())) "
        "FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id JOIN outbox_events e ON e.id = d.event_id "
        "WHERE d.id = ?"_s,
        {delivery.id.toLongLong()});
    if (!query)
        return Error{query.error()};
    QSqlQuery &row = query.value();
    if (!row.next())
        return Error{u"delivery %1 does not exist"_s.arg(delivery.id)};
    const QByteArray eventId = row.value(0).toString().toLatin1();
    const QByteArray body = row.value(3).toString().toUtf8();
    const QString prefix = row.value(2).toBool() ? u"svix-"_s : u"webhook-"_s;
    QList<QByteArray> keys;
    for (const QString &secret : row.value(4).toString().split(u' ', Qt::SkipEmptyParts)) {
        if (auto key = signing::standardSecretKey(secret))
            keys.append(key.value());
    }
    const qint64 timestamp = QDateTime::currentSecsSinceEpoch();
    // Single-quoted for the shell: a ' inside becomes '\'' (close, escaped quote, reopen).
    auto quoted = [](const QString &text) -> QString {
        return u'\'' + QString(text).replace(u"'"_s, u"'\\''"_s) + u'\'';
    };
    QStringList lines{u"curl -sS -X POST "_s + quoted(row.value(1).toString()),
                      u"  -H 'Content-Type: application/json'"_s,
                      u"  -H "_s + quoted(prefix + u"id: "_s + QString::fromLatin1(eventId)),
                      u"  -H "_s + quoted(prefix + u"timestamp: "_s + QString::number(timestamp)),
                      u"  -H "_s + quoted(u"Idempotency-Key: "_s + QString::fromLatin1(eventId))};
    if (!keys.isEmpty())
        lines << u"  -H "_s +
                     quoted(prefix + u"signature: "_s +
                            QString::fromLatin1(signing::standardSignatureHeader(keys, eventId, timestamp, body)));
    lines << u"  --data-binary "_s + quoted(QString::fromUtf8(body)); // exactly the signed bytes, no newline added
    return QString(lines.join(u" \\\n"_s) + u'\n');
}

Result<bool> roleCanAct(const DatabaseConnection &connection)
{
    auto query = connection.exec(u"SELECT has_table_privilege('deliveries', 'UPDATE') "
                                 "AND has_table_privilege('webhook_inbox', 'UPDATE') "
                                 "AND has_table_privilege('reconcile_mismatches', 'UPDATE') "
                                 "AND has_table_privilege('audit_log', 'INSERT')"_s);
    if (!query)
        return Error{query.error()};
    query.value().next();
    return query.value().value(0).toBool();
}

} // namespace hookyard::core
