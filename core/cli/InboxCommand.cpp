// `hookyard inbox list|retry`: the received webhooks that wait or were set aside, and re-checking deferred ones now.

#include "cli/Command.h"
#include "console/ConsoleActions.h"
#include "worker/InboxStore.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QString kNoun = u"inbox"_s;

int runList(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption status(u"status"_s,
                                    u"pending, deferred, quarantined or processed, or several with commas (default "
                                    "deferred,quarantined; with --event-id, all)."_s,
                                    u"S,..."_s);
    const QCommandLineOption partner(u"partner"_s, u"Only this partner's rows."_s, u"name"_s);
    const QCommandLineOption eventId(u"event-id"_s, u"Only the row of the partner's event with this id."_s, u"id"_s);
    const QCommandLineOption limit(u"limit"_s, u"At most this many, newest first (default 100)."_s, u"n"_s);
    parser.addOptions({status, partner, eventId, limit, kJsonOption});
    if (auto exit = parseOptionsOnlyOrExit(parser, context,
                                           u"[--status S,...] [--partner NAME] [--event-id ID] [--limit N] [--json]"_s))
        return *exit;
    InboxListFilter filter;
    if (parser.isSet(status)) {
        // Once each (parseWordList): every status is a walk of its own, and a repeated one listed its rows twice.
        const auto names = parseWordList(u"status"_s, parser.value(status).toLower(),
                                         {u"pending"_s, u"deferred"_s, u"quarantined"_s, u"processed"_s});
        if (!names)
            return failWith(names.error(), ExitUsage);
        filter.statuses.clear();
        for (const QString &name : names.value())
            filter.statuses.append(name.toUpper());
    }
    filter.partnerName = parser.value(partner);
    filter.partnerEventId = parser.value(eventId);
    // Looking up the event a partner quotes, "not listed" must mean "not received", whatever became of it.
    if (parser.isSet(eventId) && !parser.isSet(status))
        filter.statuses = inboxStatuses();
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
                                     {u"next_check_at"_s, timeOrNull(row.nextCheckAt)},
                                     {u"resolved"_s, row.resolved}});
        printJson({{u"format"_s, 1}, {u"rows"_s, array}});
        return ExitOk;
    }
    QList<QStringList> table{
        {u"ID"_s, u"RECEIVED"_s, u"PARTNER"_s, u"EVENT ID"_s, u"TYPE"_s, u"ENTITY"_s, u"STATUS"_s, u"WHY"_s}};
    for (const InboxListRow &row : rows.value())
        table << QStringList{row.id,
                             isoUtc(row.receivedAt),
                             row.partnerName,
                             row.partnerEventId,
                             row.eventType.isEmpty() ? u"-"_s : row.eventType,
                             row.entityId.isEmpty() ? u"-"_s : QString(row.entityType + u' ' + row.entityId).trimmed(),
                             row.resolved ? row.status + u" (resolved)"_s : row.status,
                             row.why.isEmpty() ? u"-"_s : row.why};
    printTable(table);
    if (rows.value().isEmpty() && parser.isSet(eventId))
        QTextStream(stderr) << "hookyard: no inbox row "
                            << (filter.partnerName.isEmpty() ? QString()
                                                             : u"of partner '%1' "_s.arg(filter.partnerName))
                            << "has the event id '" << filter.partnerEventId << "'" << Qt::endl;
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
        return failWith(u"%1 needs at least one inbox ID (see hookyard inbox list)"_s.arg(context.commandName()),
                        ExitUsage);
    QStringList ids;
    for (const QString &text : listed) {
        const std::optional<QString> id = parseInboxId(text);
        if (!id)
            return failWith(u"'%1' is not an inbox id (a UUID, as `hookyard inbox list` shows it)"_s.arg(text),
                            ExitUsage);
        if (!ids.contains(*id))
            ids.append(*id);
    }
    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    // Each row's status first: an unknown id is an error, and a row in a status this does not apply to is named with
    // what does apply (found in review: "left 1 alone" said neither).
    auto statuses = connection.value()->exec(
        u"SELECT w.id::text, w.status, w.raw_body IS NOT NULL FROM webhook_inbox w WHERE w.id = ANY (?::uuid[])"_s,
        {QString(u'{' + ids.join(u',') + u'}')});
    if (!statuses)
        return failWith(statuses.error());
    QHash<QString, QString> statusOf;
    QSet<QString> adopted;
    while (statuses.value().next()) {
        statusOf.insert(statuses.value().value(0).toString(), statuses.value().value(1).toString());
        if (statuses.value().value(2).toBool())
            adopted.insert(statuses.value().value(0).toString());
    }
    QList<RowRef> rows;
    QStringList notApplicable;
    for (const QString &id : std::as_const(ids)) {
        const QString status = statusOf.value(id);
        if (status.isEmpty())
            return failWith(u"inbox row %1 does not exist"_s.arg(id));
        // A row a producer wrote is taken up by a worker first (within its poll interval) and is due at once then.
        if ((status == u"PENDING"_s || status == u"DEFERRED"_s) && !adopted.contains(id))
            notApplicable << u"inbox row %1 was written by a producer and no worker has taken it up yet: a running "
                             "worker takes it up and tries it within its poll interval (1 s by default)"_s.arg(id);
        else if (status == u"PENDING"_s || status == u"DEFERRED"_s)
            rows.append({RowRef::Kind::InboxMessage, id});
        else
            notApplicable << (status == u"QUARANTINED"_s
                                  ? u"inbox row %1 is QUARANTINED: put it back with hookyard replay --inbox %1"_s.arg(
                                        id)
                                  : u"inbox row %1 is %2: nothing is left to check"_s.arg(id, status));
    }
    if (rows.isEmpty())
        return failWith(notApplicable.join(u"; "_s));
    auto retried = retryRowsNow(*connection.value(), rows, parser.value(kReasonOption));
    if (!retried)
        return failWith(retried.error());
    out() << "queued " << retried->changed << " inbox row" << (retried->changed == 1 ? "" : "s")
          << " for the workers now" << Qt::endl;
    for (const QString &line : std::as_const(notApplicable))
        out() << "left alone: " << line << Qt::endl;
    if (retried->skipped > 0)
        out() << "left alone: " << retried->skipped << " being processed by a worker at this moment" << Qt::endl;
    return retried->changed > 0 ? int(ExitOk) : failWith(u"no inbox row was queued"_s);
}

const QList<Action> &actions()
{
    static const QList<Action> table{
        {u"list"_s, runList, u"[--status S,...] [--partner NAME] [--event-id ID] [--limit N] [--json]"_s,
         u"deferred and quarantined rows (or any status), with what they wait for or why"_s},
        {u"retry"_s, runRetry, u"ID... [--reason TEXT]"_s,
         u"check deferred rows (or retry pending ones) now, audited"_s},
    };
    return table;
}

} // namespace

int runInbox(const CommandContext &context)
{
    return runAction(context, kNoun, actions(), 76);
}

} // namespace hookyard::core::cli
