// `hookyard api` (the HTTP API on its own), `hookyard api-token add|list|revoke` and
// `hookyard idempotency list|resolve|purge`.

#include "cli/Command.h"
#include "http/HttpServer.h"
#include "idempotency/ApiServer.h"
#include "idempotency/ApiTokens.h"
#include "idempotency/IdempotencyStore.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QCommandLineOption kApiConnections(u"api-connections"_s,
                                         u"API requests executing at once, each on a database connection of its own "
                                         "(default 4)."_s,
                                         u"n"_s);
const QCommandLineOption kRetentionHours(u"key-retention-hours"_s,
                                         u"How long an Idempotency-Key's answer is kept and replayed (default 3)."_s,
                                         u"hours"_s);
const QCommandLineOption kLockTimeout(u"key-lock-timeout"_s,
                                      u"Seconds after which a request still running under its key is shown as stuck "
                                      "(default 60)."_s,
                                      u"seconds"_s);

// ---- hookyard api-token ----

const QString kTokenNoun = u"api-token"_s;

int runTokenAdd(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption tenant(u"tenant"_s, u"The tenant the token acts for (its keys' scope)."_s, u"name"_s);
    parser.addOptions({tenant, kReasonOption});
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"--tenant NAME [--reason TEXT]"_s))
        return *exit;
    if (!parser.isSet(tenant))
        return failWith(u"%1 needs --tenant (see hookyard %1 --help)"_s.arg(context.commandName()), ExitUsage);
    return withStore<ApiTokens>(context, kTokenNoun, [&](const ApiTokens &tokens) {
        auto added = tokens.add(parser.value(tenant), parser.value(kReasonOption));
        if (!added)
            return failWith(added.error());
        out() << "added an API token for tenant '" << parser.value(tenant) << "'; it is shown once:" << Qt::endl;
        out() << "token: " << added.value() << Qt::endl;
        return int(ExitOk);
    });
}

int runTokenList(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kJsonOption);
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"[--json]"_s))
        return *exit;
    return withStore<ApiTokens>(context, kTokenNoun, [&](const ApiTokens &tokens) {
        auto listed = tokens.list();
        if (!listed)
            return failWith(listed.error());
        if (parser.isSet(kJsonOption)) {
            QJsonArray array;
            for (const ApiTokenInfo &token : listed.value())
                array.append(QJsonObject{{u"tenant"_s, token.tenant},
                                         {u"lookup"_s, token.lookup},
                                         {u"created_at"_s, isoUtc(token.createdAt)},
                                         {u"revoked_at"_s, timeOrNull(token.revokedAt)}});
            printJson({{u"format"_s, 1}, {u"tokens"_s, array}});
            return int(ExitOk);
        }
        QList<QStringList> rows{{u"TENANT"_s, u"LOOKUP"_s, u"CREATED"_s, u"REVOKED"_s}};
        for (const ApiTokenInfo &token : listed.value())
            rows << QStringList{token.tenant, token.lookup, isoUtc(token.createdAt),
                                token.revokedAt.isValid() ? isoUtc(token.revokedAt) : u"-"_s};
        printTable(rows);
        return int(ExitOk);
    });
}

int runTokenRevoke(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kReasonOption);
    parser.addPositionalArgument(u"LOOKUP"_s, u"The token's lookup, as `api-token list` shows it."_s);
    if (auto exit = parseOrExit(parser, context, u"LOOKUP [--reason TEXT]"_s))
        return *exit;
    const auto lookup = singleName(parser, context, u"token LOOKUP"_s);
    if (!lookup)
        return ExitUsage;
    return withStore<ApiTokens>(context, kTokenNoun, [&](const ApiTokens &tokens) {
        auto revoked = tokens.revoke(*lookup, parser.value(kReasonOption));
        if (!revoked)
            return failWith(revoked.error());
        // By its lookup: given the whole token, the secret part was echoed (found by an adversarial helper).
        out() << "revoked API token hyk_" << revoked.value() << Qt::endl;
        return int(ExitOk);
    });
}

const QList<Action> &tokenActions()
{
    static const QList<Action> table{
        {u"add"_s, runTokenAdd, u"--tenant NAME [--reason TEXT]"_s, u"a new token for a tenant, printed once"_s},
        {u"list"_s, runTokenList, u"[--json]"_s, u"every token: tenant, lookup, when made and revoked"_s},
        {u"revoke"_s, runTokenRevoke, u"LOOKUP [--reason TEXT]"_s, u"the token stops working at once"_s},
    };
    return table;
}

// ---- hookyard idempotency ----

const QString kRecordNoun = u"idempotency"_s;

int runRecordList(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption tenant(u"tenant"_s, u"Only this tenant's records."_s, u"name"_s);
    const QCommandLineOption status(u"status"_s, u"Only these statuses: processing, succeeded, failed, unknown."_s,
                                    u"list"_s);
    const QCommandLineOption stuck(u"stuck"_s, u"Only records still processing past their lock timeout."_s);
    const QCommandLineOption limit(u"limit"_s, u"At most this many (default 100)."_s, u"n"_s);
    parser.addOptions({tenant, status, stuck, limit, kJsonOption});
    if (auto exit = parseOptionsOnlyOrExit(parser, context,
                                           u"[--tenant NAME] [--status S,...] [--stuck] [--limit N] [--json]"_s))
        return *exit;
    IdempotencyListFilter filter;
    filter.tenant = parser.value(tenant);
    if (parser.isSet(status)) {
        auto names = parseWordList(u"status"_s, parser.value(status),
                                   {u"processing"_s, u"succeeded"_s, u"failed"_s, u"unknown"_s});
        if (!names)
            return failWith(names.error(), ExitUsage);
        filter.statuses = names.value();
    }
    filter.stuckOnly = parser.isSet(stuck);
    QString error;
    const auto count = positiveInt(parser, u"limit"_s, filter.limit, error);
    if (!count)
        return failWith(error, ExitUsage);
    filter.limit = *count;

    return withStore<IdempotencyStore>(context, kRecordNoun, [&](const IdempotencyStore &store) {
        auto records = store.list(filter);
        if (!records)
            return failWith(records.error());
        if (parser.isSet(kJsonOption)) {
            QJsonArray array;
            for (const IdempotencyRecord &record : records.value())
                array.append(QJsonObject{
                    {u"id"_s, record.id},
                    {u"tenant"_s, record.tenant},
                    {u"operation"_s, record.operation},
                    {u"key"_s, record.key},
                    {u"status"_s, record.status},
                    {u"stuck"_s, record.stuck},
                    {u"created_at"_s, isoUtc(record.createdAt)},
                    {u"locked_until"_s, isoUtc(record.lockedUntil)},
                    {u"completed_at"_s, timeOrNull(record.completedAt)},
                    {u"expires_at"_s, isoUtc(record.expiresAt)},
                    {u"response_status"_s, record.responseStatus ? QJsonValue(*record.responseStatus) : QJsonValue()},
                    {u"resource_id"_s, textOrNull(record.resourceId)},
                    {u"resolution_note"_s, textOrNull(record.resolutionNote)}});
            printJson({{u"format"_s, 1}, {u"records"_s, array}});
            return int(ExitOk);
        }
        QList<QStringList> rows{
            {u"ID"_s, u"STATUS"_s, u"TENANT"_s, u"OPERATION"_s, u"KEY"_s, u"CREATED"_s, u"ANSWER"_s}};
        for (const IdempotencyRecord &record : records.value())
            rows << QStringList{QString::number(record.id),
                                record.stuck ? u"STUCK"_s : record.status,
                                record.tenant,
                                record.operation,
                                record.key,
                                isoUtc(record.createdAt),
                                record.responseStatus ? QString::number(*record.responseStatus) : u"-"_s};
        printTable(rows);
        return int(ExitOk);
    });
}

int runRecordResolve(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption as(u"as"_s, u"failed (it did not take effect) or unknown (nobody can tell)."_s,
                                u"status"_s);
    const QCommandLineOption note(u"note"_s, u"How it was settled, for the audit log (required)."_s, u"text"_s);
    parser.addOptions({as, note});
    parser.addPositionalArgument(u"ID"_s, u"The record, as `idempotency list` shows it."_s);
    if (auto exit = parseOrExit(parser, context, u"ID --as failed|unknown --note TEXT"_s))
        return *exit;
    const auto id = singleName(parser, context, u"record ID"_s);
    if (!id)
        return ExitUsage;
    bool isNumber = false;
    const qint64 recordId = id->toLongLong(&isNumber);
    if (!isNumber)
        return failWith(u"the record ID is a number, not '%1'"_s.arg(*id), ExitUsage);
    // A blank note too is the command line's mistake, as for `reconcile resolve` (found by an adversarial helper: it
    // exited 1 here and 2 there).
    if (!parser.isSet(as) || parser.value(note).trimmed().isEmpty())
        return failWith(
            u"%1 needs --as failed|unknown and --note (see hookyard %1 --help)"_s.arg(context.commandName()),
            ExitUsage);
    // A word --as does not take is the command line's mistake, found before connecting; the store checks it too.
    if (const QString status = parser.value(as); status != u"failed"_s && status != u"unknown"_s)
        return failWith(u"--as takes failed or unknown, not '%1'"_s.arg(status), ExitUsage);
    return withStore<IdempotencyStore>(context, kRecordNoun, [&](const IdempotencyStore &store) {
        if (auto resolved = store.resolve(recordId, parser.value(as), parser.value(note)); !resolved)
            return failWith(resolved.error());
        out() << "resolved idempotency record " << recordId << " as " << parser.value(as) << Qt::endl;
        return int(ExitOk);
    });
}

int runRecordPurge(const CommandContext &context)
{
    QCommandLineParser parser;
    if (auto exit = parseOptionsOnlyOrExit(parser, context, QString()))
        return *exit;
    return withStore<IdempotencyStore>(context, kRecordNoun, [&](const IdempotencyStore &store) {
        int total = 0;
        while (true) {
            auto purged = store.purgeExpired();
            if (!purged)
                return failWith(purged.error());
            total += purged.value();
            if (purged.value() == 0)
                break;
        }
        out() << "purged " << total << " expired idempotency record" << (total == 1 ? "" : "s") << Qt::endl;
        return int(ExitOk);
    });
}

const QList<Action> &recordActions()
{
    static const QList<Action> table{
        {u"list"_s, runRecordList, u"[--tenant NAME] [--status S,...] [--stuck] [--json]"_s,
         u"Idempotency-Key records, stuck ones first"_s},
        {u"resolve"_s, runRecordResolve, u"ID --as failed|unknown --note TEXT"_s,
         u"settle a stuck record (audited); never re-runs it"_s},
        {u"purge"_s, runRecordPurge, QString(), u"delete settled records past their retention"_s},
    };
    return table;
}

} // namespace

void addApiOptions(QCommandLineParser &parser)
{
    parser.addOptions({kApiConnections, kRetentionHours, kLockTimeout});
}

QString apiOptionGiven(const QCommandLineParser &parser)
{
    for (const QCommandLineOption &option : {kApiConnections, kRetentionHours, kLockTimeout}) {
        if (parser.isSet(option))
            return option.names().first();
    }
    return {};
}

Result<ApiServerOptions> apiOptions(const QCommandLineParser &parser, const QString &listen,
                                    const QString &listenOption)
{
    ApiServerOptions options;
    const auto address = parseListenAddress(listen);
    if (!address)
        return Error{listenOption + u": "_s + address.error()};
    options.address = address->address;
    options.port = address->port;
    QString error;
    const auto connections = positiveInt(parser, kApiConnections.names().first(), options.connections, error);
    const auto hours = positiveInt(parser, kRetentionHours.names().first(), 3, error);
    const auto lockSeconds = positiveInt(parser, kLockTimeout.names().first(), int(options.lockTimeout.count()), error);
    if (!connections || !hours || !lockSeconds)
        return Error{error};
    options.connections = *connections;
    options.retention = std::chrono::hours(*hours);
    options.lockTimeout = std::chrono::seconds(*lockSeconds);
    return options;
}

int runApi(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption({u"listen"_s, u"Address and port to listen on (default 127.0.0.1:8081)."_s, u"host:port"_s});
    addApiOptions(parser);
    if (auto exit = parseOptionsOnlyOrExit(parser, context,
                                           u"[--listen HOST:PORT] [--api-connections N] [--key-retention-hours N] "
                                           "[--key-lock-timeout SECONDS]"_s))
        return *exit;
    auto options =
        apiOptions(parser, parser.isSet(u"listen"_s) ? parser.value(u"listen"_s) : u"127.0.0.1:8081"_s, u"--listen"_s);
    if (!options)
        return failWith(options.error(), ExitUsage);

    auto opened = openConfiguredDatabase(context);
    if (!opened)
        return failWith(opened.error());
    ApiServer server(opened.value().settings, options.value());
    auto listening = server.listen();
    if (!listening)
        return failWith(listening.error());
    out() << "API on http://" << options->address.toString() << ":" << listening.value() << "/v1" << Qt::endl;

    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, qApp, &QCoreApplication::quit);
    QCoreApplication::exec();
    return ExitOk;
}

int runApiToken(const CommandContext &context)
{
    return runAction(context, kTokenNoun, tokenActions(), 36);
}

int runIdempotency(const CommandContext &context)
{
    return runAction(context, kRecordNoun, recordActions(), 58);
}

} // namespace hookyard::core::cli
