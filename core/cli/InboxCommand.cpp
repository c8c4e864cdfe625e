// `hookyard inbox list|retry`: the received webhooks that wait or were set aside, and re-checking deferred ones now.

#include "cli/Command.h"
#include "console/ConsoleActions.h"
#include "worker/InboxStore.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QString kNoun = u"inbox"_s;

QJsonValue timeOrNullJson(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(isoUtc(time)) : QJsonValue();
}

int runList(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption status(u"status"_s,
                                    u"pending, deferred, quarantined or processed, or several with commas (default "
                                    "deferred,quarantined)."_s,
                                    u"S,..."_s);
    const QCommandLineOption partner(u"partner"_s, u"Only this partner's rows."_s, u"name"_s);
    const QCommandLineOption eventId(u"event-id"_s, u"Only the row of the partner's event with this id."_s, u"id"_s);
    const QCommandLineOption limit(u"limit"_s, u"At most this many, newest first (default 100)."_s, u"n"_s);
    parser.addOptions({status, partner, eventId, limit, kJsonOption});
    if (auto exit = parseOptionsOnlyOrExit(
            parser, context, u"[--status S,...] [--partner NAME] [--event-id ID] [--limit N] [--json]"_s))
        return *exit;
    InboxListFilter filter;
    if (parser.isSet(status)) {
        filter.statuses.clear();
        for (const QString &name : parser.value(status).split(u',', Qt::SkipEmptyParts)) {
            const QString upper = name.trimmed().toUpper();
            if (!inboxStatuses().contains(upper))
                return failWith(u"--status takes pending, deferred, quarantined or processed; not '%1'"_s.arg(name),
                                ExitUsage);
            filter.statuses.append(upper);
        }
        if (filter.statuses.isEmpty())
            return failWith(u"--status needs at least one status"_s, ExitUsage);
    }
    filter.partnerName = parser.value(partner);
    filter.partnerEventId = parser.value(eventId);
    QString error;
    const auto count = positiveInt(parser, u"limit"_s, filter.limit, error);
    if (!count)
        return failWith(error, ExitUsage);
    filter.limit = *count;

    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    auto rows = listInbox(*connection.value(), filter);
    if (!rows)
        return failWith(rows.error());
    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        for (const InboxListRow &row : rows.value())
            array.append(QJsonObject{{u"id"_s, row.id},
                                     {u"received_at"_s, isoUtc(row.receivedAt)},
                                     {u"partner"_s, row.partnerName},
                                     {u"partner_event_id"_s, row.partnerEventId},
                                     {u"status"_s, row.status},
                                     {u"event_type"_s, textOrNull(row.eventType)},
                                     {u"entity_type"_s, textOrNull(row.entityType)},
                                     {u"entity_id"_s, textOrNull(row.entityId)},
                                     {u"why"_s, textOrNull(row.why)},
                                     {u"defer_count"_s, row.deferCount},
                                     {u"attempt_count"_s, row.attemptCount},
                                     {u"next_check_at"_s, timeOrNullJson(row.nextCheckAt)}});
        printJson({{u"format"_s, 1}, {u"rows"_s, array}});
        return ExitOk;
    }
    QList<QStringList> table{{u"ID"_s, u"RECEIVED"_s, u"PARTNER"_s, u"EVENT ID"_s, u"TYPE"_s, u"ENTITY"_s,
                              u"STATUS"_s, u"WHY"_s}};
    for (const InboxListRow &row : rows.value())
        table << QStringList{row.id,
                             isoUtc(row.receivedAt),
                             row.partnerName,
                             row.partnerEventId,
                             row.eventType.isEmpty() ? u"-"_s : row.eventType,
                             row.entityId.isEmpty() ? u"-"_s : QString(row.entityType + u' ' + row.entityId).trimmed(),
                             row.status,
                             row.why.isEmpty() ? u"-"_s : row.why};
    printTable(table);
    return ExitOk;
}

// The console's "Retry now", from the command line: a DEFERRED row is checked against its entity's state at once
// instead of at its next scheduled check (after a fix made outside the entity, such as a transition added), and a
// PENDING row waiting out a handler's retry is tried at once.
int runRetry(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kReasonOption);
    parser.addPositionalArgument(u"ID"_s, u"Inbox rows, as `inbox list` shows them."_s, u"ID..."_s);
    if (auto exit = parseOrExit(parser, context, u"ID... [--reason TEXT]"_s))
        return *exit;
    const QStringList listed = parser.positionalArguments();
    if (listed.isEmpty())
        return failWith(u"%1 needs at least one inbox ID (see hookyard inbox list)"_s.arg(context.arguments.value(0)),
                        ExitUsage);
    QList<RowRef> rows;
    for (const QString &text : listed) {
        const std::optional<QString> id = parseInboxId(text);
        if (!id)
            return failWith(u"'%1' is not an inbox id (a UUID, as `hookyard inbox list` shows it)"_s.arg(text),
                            ExitUsage);
        rows.append({RowRef::Kind::InboxMessage, *id});
    }
    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    auto retried = retryRowsNow(*connection.value(), rows, parser.value(kReasonOption));
    if (!retried)
        return failWith(retried.error());
    out() << "queued " << retried->changed << " inbox row" << (retried->changed == 1 ? "" : "s")
          << " for the workers now";
    if (retried->skipped > 0)
        out() << "; left " << retried->skipped
              << " alone (not pending or deferred, unknown, or being processed at this moment)";
    out() << Qt::endl;
    return retried->changed > 0 ? int(ExitOk) : int(ExitFailure);
}

const QList<Action> &actions()
{
    static const QList<Action> table{
        {u"list"_s, runList, u"[--status S,...] [--partner NAME] [--event-id ID] [--json]"_s,
         u"deferred and quarantined rows (or any status), with what they wait for or why"_s},
        {u"retry"_s, runRetry, u"ID... [--reason TEXT]"_s,
         u"check deferred rows (or retry pending ones) now, audited"_s},
    };
    return table;
}

} // namespace

int runInbox(const CommandContext &context)
{
    return runAction(context, kNoun, actions(), 64);
}

} // namespace hookyard::core::cli
