#include "reconcile/MismatchActions.h"

#include "audit/AuditLog.h"
#include "relay/DeliveryStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(time.toString(Qt::ISODateWithMs)) : QJsonValue();
}

QString idList(const QList<qint64> &ids)
{
    QJsonArray array;
    for (qint64 id : ids)
        array.append(id);
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QString joinedIds(const QList<qint64> &ids)
{
    QStringList parts;
    for (qint64 id : ids)
        parts << QString::number(id);
    return parts.join(u", "_s);
}

QString subjectOf(const QList<qint64> &ids)
{
    return ids.size() == 1 ? u"mismatch %1"_s.arg(ids.first()) : u"%1 mismatches"_s.arg(ids.size());
}

// The state of the given mismatches: whether each exists, is open, and the delivery it is about.
struct MismatchState
{
    bool resolved = false;
    qint64 deliveryId = 0;
    QString subjectKind;
};

Result<QHash<qint64, MismatchState>> statesOf(const DatabaseConnection &connection, const QList<qint64> &ids)
{
    auto query =
        connection.exec(u"SELECT id, resolved_at IS NOT NULL, coalesce(delivery_id, 0), subject_kind "
                        "FROM reconcile_mismatches WHERE id IN (SELECT jsonb_array_elements_text(?::jsonb)::bigint)"_s,
                        {idList(ids)});
    if (!query)
        return Error{query.error()};
    QHash<qint64, MismatchState> states;
    while (query.value().next()) {
        const QSqlQuery &row = query.value();
        states.insert(row.value(0).toLongLong(),
                      {row.value(1).toBool(), row.value(2).toLongLong(), row.value(3).toString()});
    }
    return states;
}

// For a single mismatch: why an action cannot apply to it, or an empty string.
QString whyNot(qint64 id, const QHash<qint64, MismatchState> &states)
{
    if (!states.contains(id))
        return u"mismatch %1 does not exist"_s.arg(id);
    if (states.value(id).resolved)
        return u"mismatch %1 is already resolved"_s.arg(id);
    return {};
}

QString csvField(QString text)
{
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r'))
        return u'"' + text.replace(u"\""_s, u"\"\""_s) + u'"';
    return text;
}

QString compact(const QJsonObject &object)
{
    return object.isEmpty() ? QString() : QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

// The word for an item's state on each side, for a CSV column: ours "delivered", theirs "received" or what their
// status URL said.
QString ourState(const Mismatch &mismatch)
{
    return mismatch.ours.contains(u"state"_s) ? mismatch.ours.value(u"state"_s).toString()
                                              : mismatch.ours.value(u"status"_s).toString();
}

QString theirState(const Mismatch &mismatch)
{
    return mismatch.theirs.contains(u"said"_s) ? mismatch.theirs.value(u"said"_s).toString()
                                               : mismatch.theirs.value(u"status"_s).toString();
}

} // namespace

Result<QList<Mismatch>> listMismatches(const DatabaseConnection &connection, const MismatchFilter &filter)
{
    QStringList where;
    QVariantList values;
    if (filter.subject) {
        where << u"m.subject_kind = ? AND m.subject_name = ?"_s;
        values << filter.subject->kindName() << filter.subject->name;
    }
    if (filter.runId > 0) {
        // A run that never was is an error, not an empty list (found by an adversarial helper: `export --run 99999`
        // wrote an empty export and an audit record for it).
        auto run = connection.exec(u"SELECT EXISTS (SELECT 1 FROM reconcile_runs WHERE id = ?)"_s, {filter.runId});
        if (!run)
            return Error{run.error()};
        if (!run.value().next() || !run.value().value(0).toBool())
            return Error{u"reconcile run %1 does not exist"_s.arg(filter.runId)};
        where << u"m.run_id = ?"_s;
        values << filter.runId;
    }
    if (!filter.kinds.isEmpty()) {
        where << u"m.kind = ANY (string_to_array(?, ','))"_s;
        values << filter.kinds.join(u',');
    }
    if (!filter.includeResolved)
        where << u"m.resolved_at IS NULL"_s;
    QString sql = u"SELECT m.id, m.run_id, m.subject_kind, m.subject_name, m.kind, m.reference, "
                  "coalesce(m.delivery_id, 0), m.inbox_id::text, m.item_at, m.detail, m.ours::text, m.theirs::text, "
                  "m.detected_at, m.resolved_at, m.resolution_note, m.resolved_by FROM reconcile_mismatches m"_s;
    if (!where.isEmpty())
        sql += u" WHERE "_s + where.join(u" AND "_s);
    sql += u" ORDER BY array_position(string_to_array(?, ','), m.kind), m.item_at, m.id"_s;
    values << mismatchKinds().join(u',');
    if (filter.limit > 0) {
        sql += u" LIMIT ?"_s;
        values << filter.limit;
    }
    QSqlQuery query(connection.database());
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return Error{u"cannot list mismatches: "_s + oneLine(query.lastError())};
    for (const QVariant &value : std::as_const(values))
        query.addBindValue(value);
    if (!query.exec())
        return Error{u"cannot list mismatches: "_s + oneLine(query.lastError())};
    QList<Mismatch> mismatches;
    while (query.next()) {
        Mismatch mismatch;
        mismatch.id = query.value(0).toLongLong();
        mismatch.runId = query.value(1).toLongLong();
        mismatch.subject = {query.value(2).toString() == u"endpoint"_s ? Subject::Kind::Endpoint
                                                                       : Subject::Kind::Partner,
                            query.value(3).toString()};
        mismatch.kind = query.value(4).toString();
        mismatch.reference = query.value(5).toString();
        mismatch.deliveryId = query.value(6).toLongLong();
        mismatch.inboxId = query.value(7).toString();
        mismatch.itemAt = toUtc(query.value(8));
        mismatch.detail = query.value(9).toString();
        mismatch.ours = QJsonDocument::fromJson(query.value(10).toString().toUtf8()).object();
        mismatch.theirs = QJsonDocument::fromJson(query.value(11).toString().toUtf8()).object();
        mismatch.detectedAt = toUtc(query.value(12));
        mismatch.resolvedAt = toUtc(query.value(13));
        mismatch.resolutionNote = query.value(14).toString();
        mismatch.resolvedBy = query.value(15).toString();
        mismatches.append(mismatch);
    }
    // No mismatch for a named subject means "all clean" only if the name is one we know: an endpoint or partner, or
    // one reconciled before it was removed. Found by an exploring helper: `reconcile list --endpoint <typo>` printed
    // an empty table, and `reconcile export` wrote an empty export.
    if (mismatches.isEmpty() && filter.subject) {
        auto reconciled = connection.exec(u"SELECT 1 FROM reconcile_runs WHERE subject_kind = ? AND subject_name = ? "
                                          "LIMIT 1"_s,
                                          {filter.subject->kindName(), filter.subject->name});
        if (!reconciled)
            return Error{u"cannot list mismatches: "_s + reconciled.error()};
        if (!reconciled.value().next()) {
            if (auto exists = requireSubject(connection, *filter.subject); !exists)
                return Error{exists.error()};
        }
    }
    return mismatches;
}

QJsonObject toJson(const Mismatch &mismatch)
{
    return {
        {u"id"_s, mismatch.id},
        {u"run_id"_s, mismatch.runId},
        {u"subject_kind"_s, mismatch.subject.kindName()},
        {u"subject"_s, mismatch.subject.name},
        {u"kind"_s, mismatch.kind},
        {u"reference"_s, mismatch.reference},
        {u"delivery_id"_s, mismatch.deliveryId ? QJsonValue(mismatch.deliveryId) : QJsonValue()},
        {u"inbox_id"_s, mismatch.inboxId.isEmpty() ? QJsonValue() : QJsonValue(mismatch.inboxId)},
        {u"item_at"_s, timeOrNull(mismatch.itemAt)},
        {u"detail"_s, mismatch.detail},
        {u"ours"_s, mismatch.ours.isEmpty() ? QJsonValue() : QJsonValue(mismatch.ours)},
        {u"theirs"_s, mismatch.theirs.isEmpty() ? QJsonValue() : QJsonValue(mismatch.theirs)},
        {u"detected_at"_s, timeOrNull(mismatch.detectedAt)},
        {u"resolved_at"_s, timeOrNull(mismatch.resolvedAt)},
        {u"resolved_by"_s, mismatch.resolvedBy.isEmpty() ? QJsonValue() : QJsonValue(mismatch.resolvedBy)},
        {u"resolution_note"_s, mismatch.resolutionNote.isEmpty() ? QJsonValue() : QJsonValue(mismatch.resolutionNote)}};
}

Result<MismatchOutcome> resendMismatches(const DatabaseConnection &connection, const QList<qint64> &ids,
                                         const QString &reason)
{
    if (ids.isEmpty())
        return MismatchOutcome{};
    auto states = statesOf(connection, ids);
    if (!states)
        return Error{u"cannot re-send: "_s + states.error()};
    if (ids.size() == 1) {
        const qint64 id = ids.first();
        if (const QString why = whyNot(id, states.value()); !why.isEmpty())
            return Error{why};
        const MismatchState &state = states->value(id);
        if (state.subjectKind == u"partner"_s)
            return Error{
                u"mismatch %1 is about a webhook a partner sends us: only the partner can send it again"_s.arg(id)};
        if (state.deliveryId == 0)
            return Error{u"mismatch %1 has no delivery of ours to re-send"_s.arg(id)};
    }
    QList<qint64> deliveries;
    QSet<qint64> seen;
    for (qint64 id : ids) {
        const MismatchState state = states->value(id);
        if (states->contains(id) && !state.resolved && state.deliveryId != 0 && !seen.contains(state.deliveryId)) {
            seen.insert(state.deliveryId);
            deliveries << state.deliveryId;
        }
    }
    if (deliveries.isEmpty())
        return MismatchOutcome{0, int(ids.size())};
    // The replay writes its own audit record in its transaction; its reason names the mismatches.
    const QString which = ids.size() == 1 ? u"reconciliation mismatch %1"_s.arg(ids.first())
                                          : u"reconciliation mismatches "_s + joinedIds(ids);
    auto replayed =
        replayDeliveries(connection, {.deliveryIds = deliveries}, reason.isEmpty() ? which : which + u": "_s + reason);
    if (!replayed)
        return Error{replayed.error()};
    // Checked above, outside the replay's transaction: another replay may have queued it since (found by an
    // adversarial helper: of eight `reconcile resend` at once, several said they had queued it).
    if (ids.size() == 1 && replayed.value() == 0)
        return Error{noLongerReplayable(deliveries.first())};
    return MismatchOutcome{replayed.value(), int(ids.size()) - replayed.value()};
}

Result<MismatchOutcome> resolveMismatches(const DatabaseConnection &connection, const QList<qint64> &ids,
                                          const QString &note)
{
    if (note.trimmed().isEmpty())
        return Error{u"a resolution needs a note saying how it was settled"_s};
    if (ids.isEmpty())
        return MismatchOutcome{};
    if (ids.size() == 1) {
        auto states = statesOf(connection, ids);
        if (!states)
            return Error{u"cannot resolve: "_s + states.error()};
        if (const QString why = whyNot(ids.first(), states.value()); !why.isEmpty())
            return Error{why};
    }
    return inTransaction(connection, [&]() -> Result<MismatchOutcome> {
        auto resolved = connection.exec(
            u"UPDATE reconcile_mismatches SET resolved_at = now(), resolution_note = ?, resolved_by = ? "
            "WHERE id IN (SELECT jsonb_array_elements_text(?::jsonb)::bigint) AND resolved_at IS NULL RETURNING id"_s,
            {note.trimmed(), osUserName(), idList(ids)});
        if (!resolved)
            return Error{u"cannot resolve: "_s + resolved.error()};
        QJsonArray changed;
        while (resolved.value().next())
            changed.append(resolved.value().value(0).toLongLong());
        // One mismatch, checked open above: another resolution took it since (found by an adversarial helper: of
        // eight `reconcile resolve` at once, several said they had resolved it and only one note was kept).
        if (ids.size() == 1 && changed.isEmpty())
            return Error{
                u"mismatch %1 is already resolved: another resolution took it a moment ago"_s.arg(ids.first())};
        if (changed.isEmpty())
            return MismatchOutcome{0, int(ids.size())}; // nothing changed, nothing to record
        if (auto audited = recordAudit(connection, u"reconcile.resolve"_s, subjectOf(ids), note.trimmed(),
                                       {{u"count"_s, changed.size()}, {u"mismatch_ids"_s, changed}});
            !audited)
            return Error{u"cannot resolve: "_s + audited.error()};
        return MismatchOutcome{int(changed.size()), int(ids.size() - changed.size())};
    });
}

Status exportEvidence(const DatabaseConnection &connection, const MismatchFilter &filter, EvidenceFormat format,
                      const std::function<Status(const QByteArray &evidence)> &deliver)
{
    auto mismatches = listMismatches(connection, filter);
    if (!mismatches)
        return Error{mismatches.error()};
    QByteArray bytes;
    if (format == EvidenceFormat::Json) {
        QJsonArray array;
        for (const Mismatch &mismatch : mismatches.value())
            array.append(toJson(mismatch));
        bytes = QJsonDocument(QJsonObject{{u"format"_s, 1},
                                          {u"exported_at"_s, timeOrNull(QDateTime::currentDateTimeUtc())},
                                          {u"mismatches"_s, array}})
                    .toJson(QJsonDocument::Indented);
    } else {
        QStringList lines{
            u"mismatch_id,run_id,subject_kind,subject,kind,reference,delivery_id,inbox_id,item_at,detail,ours_state,"
            "ours_payload_sha256,theirs_state,theirs_payload_sha256,detected_at,resolved_at,resolved_by,"
            "resolution_note,ours,theirs"_s};
        for (const Mismatch &m : mismatches.value()) {
            const QStringList fields{QString::number(m.id),
                                     QString::number(m.runId),
                                     m.subject.kindName(),
                                     m.subject.name,
                                     m.kind,
                                     m.reference,
                                     m.deliveryId ? QString::number(m.deliveryId) : QString(),
                                     m.inboxId,
                                     m.itemAt.toString(Qt::ISODateWithMs),
                                     m.detail,
                                     ourState(m),
                                     m.ours.value(u"payload_sha256"_s).toString(),
                                     theirState(m),
                                     m.theirs.value(u"payload_sha256"_s).toString(),
                                     m.detectedAt.toString(Qt::ISODateWithMs),
                                     m.resolvedAt.isValid() ? m.resolvedAt.toString(Qt::ISODateWithMs) : QString(),
                                     m.resolvedBy,
                                     m.resolutionNote,
                                     compact(m.ours),
                                     compact(m.theirs)};
            QStringList quoted;
            for (const QString &field : fields)
                quoted << csvField(field);
            lines << quoted.join(u',');
        }
        bytes = (lines.join(u"\r\n"_s) + u"\r\n"_s).toUtf8();
    }
    QJsonObject details{{u"count"_s, mismatches->size()},
                        {u"format"_s, format == EvidenceFormat::Json ? u"json"_s : u"csv"_s},
                        {u"run_id"_s, filter.runId > 0 ? QJsonValue(filter.runId) : QJsonValue()},
                        {u"kinds"_s, QJsonArray::fromStringList(filter.kinds)},
                        {u"include_resolved"_s, filter.includeResolved}};
    return inTransaction(connection, [&]() -> Status {
        if (auto audited = recordAudit(connection, u"reconcile.export"_s,
                                       filter.subject ? filter.subject->describe() : u"all subjects"_s, {}, details);
            !audited)
            return Error{u"cannot export: "_s + audited.error()};
        return deliver(bytes);
    });
}

} // namespace hookyard::core
