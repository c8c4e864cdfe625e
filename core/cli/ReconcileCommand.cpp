// `hookyard reconcile`: compare our records of an endpoint or a partner with theirs over a window, and
// `hookyard reconcile source|list|resolve|resend|export`: configure where theirs come from, and work the mismatches.

#include "cli/Command.h"
#include "console/DetailQueries.h"
#include "reconcile/MismatchActions.h"
#include "reconcile/Reconciler.h"
#include "util/HttpUrl.h"

#include <QFile>

#include <numeric>
#include <variant>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QString kNoun = u"reconcile"_s;
// Unresolved mismatches remain for the subject: for cron and CI, apart from 1 (the run itself failed).
constexpr int kExitMismatches = 3;
constexpr int kDefaultShown = 20;

const QCommandLineOption kEndpointOption(u"endpoint"_s, u"The endpoint (outbox side)."_s, u"name"_s);
const QCommandLineOption kPartnerOption(u"partner"_s, u"The partner (inbox side)."_s, u"name"_s);

// --endpoint NAME or --partner NAME: exactly one when `required`, at most one otherwise. On a usage error it is
// printed and `exitCode` set.
std::optional<Subject> subjectOption(const QCommandLineParser &parser, const CommandContext &context, bool required,
                                     int &exitCode)
{
    const bool endpoint = parser.isSet(kEndpointOption);
    const bool partner = parser.isSet(kPartnerOption);
    if (endpoint && partner) {
        exitCode = failWith(u"give --endpoint or --partner, not both"_s, ExitUsage);
        return std::nullopt;
    }
    if (!endpoint && !partner) {
        if (required)
            exitCode = failWith(
                u"%1 needs --endpoint NAME or --partner NAME (see hookyard %1 --help)"_s.arg(context.commandName()),
                ExitUsage);
        return std::nullopt;
    }
    return endpoint ? Subject{Subject::Kind::Endpoint, parser.value(kEndpointOption)}
                    : Subject{Subject::Kind::Partner, parser.value(kPartnerOption)};
}

std::optional<qint64> idArgument(const QCommandLineParser &parser, const CommandContext &context)
{
    const auto id = singleName(parser, context, u"mismatch ID"_s);
    if (!id)
        return std::nullopt;
    bool isNumber = false;
    const qint64 value = id->toLongLong(&isNumber);
    if (!isNumber || value <= 0) {
        failWith(u"the mismatch ID is a number, not '%1'"_s.arg(*id), ExitUsage);
        return std::nullopt;
    }
    return value;
}

QString sourceWords(const RunSummary &summary, const QString &file)
{
    if (summary.source == u"file"_s)
        return u"from the file %1"_s.arg(file);
    if (summary.source == u"status_url"_s)
        return u"from its status URL, asked about each delivery"_s;
    return u"from its list API"_s;
}

QJsonObject summaryJson(const RunSummary &summary, const ReconcileRequest &request)
{
    QJsonObject counts;
    for (auto it = summary.counts.cbegin(); it != summary.counts.cend(); ++it)
        counts.insert(it.key(), it.value());
    return {{u"id"_s, summary.runId},
            {u"subject_kind"_s, request.subject.kindName()},
            {u"subject"_s, request.subject.name},
            {u"since"_s, isoUtc(request.since)},
            {u"until"_s, isoUtc(request.until)},
            {u"source"_s, summary.source},
            {u"outcome"_s, summary.outcome},
            {u"reason"_s, textOrNull(summary.reason)},
            {u"ours"_s, summary.ours},
            {u"theirs"_s, summary.theirs},
            {u"counts"_s, counts},
            {u"settled"_s, summary.settled},
            {u"resolved_before"_s, summary.resolvedBefore},
            {u"rechecked_earlier"_s, summary.recheckedEarlier},
            {u"unresolved"_s, summary.unresolved}};
}

void printMismatches(const QList<Mismatch> &mismatches, bool withSubject)
{
    QList<QStringList> rows{{u"ID"_s, u"KIND"_s}};
    if (withSubject)
        rows.first() << u"SUBJECT"_s;
    rows.first() << QStringList{u"REFERENCE"_s, u"RUN"_s, u"DETAIL"_s};
    for (const Mismatch &mismatch : mismatches) {
        QStringList row{QString::number(mismatch.id), mismatch.kind};
        if (withSubject)
            row << mismatch.subject.describe();
        // A run's note names the run; a person's is shown with who wrote it.
        QString resolved;
        if (mismatch.resolvedAt.isValid())
            resolved = mismatch.resolvedBy.startsWith(u"run "_s)
                           ? u" [%1]"_s.arg(mismatch.resolutionNote)
                           : u" [resolved by %1: %2]"_s.arg(mismatch.resolvedBy, mismatch.resolutionNote);
        row << QStringList{mismatch.reference, QString::number(mismatch.runId), mismatch.detail + resolved};
        rows << row;
    }
    printTable(rows);
}

const QList<Action> &actions();
constexpr int kActionSynopsisWidth = 58;

int runComparison(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption since(u"since"_s, u"Start of the window (included)."_s, u"time"_s);
    const QCommandLineOption until(u"until"_s, u"End of the window (excluded)."_s, u"time"_s);
    const QCommandLineOption file(u"file"_s, u"Their export to compare with (CSV or JSON) instead of their API."_s,
                                  u"path"_s);
    const QCommandLineOption show(u"show"_s, u"Print at most this many mismatches (default 20)."_s, u"n"_s);
    parser.addOptions({kEndpointOption, kPartnerOption, since, until, file, show, kJsonOption});
    if (auto exit = parseOptionsOnlyOrExit(
            parser, context,
            u"(--endpoint NAME | --partner NAME) --since TIME --until TIME [--file PATH] [--show N] [--json]\n"
            "source|list|resolve|resend|export ..."_s,
            actionLines(actions(), kActionSynopsisWidth)))
        return *exit;
    int exitCode = ExitUsage;
    const auto subject = subjectOption(parser, context, true, exitCode);
    if (!subject)
        return exitCode;
    if (!parser.isSet(since) || !parser.isSet(until))
        return failWith(u"%1 needs --since and --until (see hookyard %1 --help)"_s.arg(context.commandName()),
                        ExitUsage);
    ReconcileRequest request{*subject, {}, {}, parser.value(file)};
    for (const auto &[option, target] : {std::pair{&since, &request.since}, std::pair{&until, &request.until}}) {
        auto time = parseTime(option->names().first(), parser.value(*option));
        if (!time)
            return failWith(time.error(), ExitUsage);
        *target = time.value();
    }
    // A usage error, as in `replay` (found by an exploring helper: this one exited 1 after opening the database).
    if (request.since >= request.until)
        return failWith(u"--since must be before --until: the window %1 to %2 is empty"_s.arg(isoUtc(request.since),
                                                                                              isoUtc(request.until)),
                        ExitUsage);
    QString error;
    const auto shown = positiveInt(parser, u"show"_s, kDefaultShown, error);
    if (!shown)
        return failWith(error, ExitUsage);

    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    auto run = runReconciliation(*connection.value(), request);
    if (!run)
        return failWith(run.error());
    const RunSummary &summary = run.value();
    auto mismatches = listMismatches(*connection.value(), {std::nullopt, summary.runId, {}, true, *shown});
    if (!mismatches)
        return failWith(mismatches.error());

    if (parser.isSet(kJsonOption)) {
        QJsonArray listed;
        for (const Mismatch &mismatch : mismatches.value())
            listed.append(toJson(mismatch));
        printJson({{u"format"_s, 1}, {u"run"_s, summaryJson(summary, request)}, {u"mismatches"_s, listed}});
    } else {
        out() << "run " << summary.runId << ": " << subject->describe() << ", " << isoUtc(request.since) << " to "
              << isoUtc(request.until) << ", " << sourceWords(summary, parser.value(file)) << '\n';
        if (summary.outcome != u"source_unavailable"_s) {
            const int total = std::accumulate(summary.counts.cbegin(), summary.counts.cend(), 0);
            out() << "ours " << summary.ours << ", theirs " << summary.theirs << ": " << total << " mismatch"
                  << (total == 1 ? "" : "es") << '\n';
            for (const QString &kind : mismatchKinds()) {
                if (summary.counts.contains(kind))
                    out() << "  " << kind.leftJustified(26) << summary.counts.value(kind) << '\n';
            }
            if (summary.settled > 0)
                out() << summary.settled << " unknown deliver" << (summary.settled == 1 ? "y" : "ies")
                      << " settled as delivered\n";
            if (summary.resolvedBefore > 0)
                out() << summary.resolvedBefore << " of them resolved by a person before: stored resolved\n";
            if (summary.recheckedEarlier > 0)
                out() << summary.recheckedEarlier << " open mismatch(es) of earlier runs compared again and closed\n";
            if (!mismatches->isEmpty()) {
                out() << '\n';
                printMismatches(mismatches.value(), false);
                if (total > mismatches->size())
                    out() << "... and " << total - mismatches->size() << " more (hookyard reconcile list --run "
                          << summary.runId << ")\n";
            }
        }
        out().flush();
    }
    const QString listOption = u"--%1 %2"_s.arg(subject->kindName(), subject->name);
    if (summary.outcome == u"source_unavailable"_s)
        return failWith(u"the source of %1 is unavailable: %2 (run %3 compared nothing and re-sent nothing; unknown "
                        "deliveries stay unknown)"_s.arg(subject->describe(), summary.reason)
                            .arg(summary.runId));
    if (summary.unresolved > 0)
        return failWith(u"%1 unresolved mismatch(es) for %2 (hookyard reconcile list %3)"_s.arg(summary.unresolved)
                            .arg(subject->describe(), listOption),
                        kExitMismatches);
    return ExitOk;
}

// ---- reconcile source set|show ----

int runSourceSet(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption url(u"url"_s, u"The list API: http(s) URL with {since}, {until} and {cursor}."_s,
                                 u"template"_s);
    const QCommandLineOption header(u"header"_s, u"Request header 'Name: value' (repeatable), e.g. an API key."_s,
                                    u"header"_s);
    const QCommandLineOption timeout(u"timeout-ms"_s, u"Per page, in milliseconds (default 15000)."_s, u"ms"_s);
    const QCommandLineOption allowPrivate(u"allow-private-network"_s,
                                          u"Let the list URL reach loopback, link-local and private addresses "
                                          "(refused by default: the SSRF guard, docs/security.md)."_s);
    const FieldMap defaults;
    QList<QCommandLineOption> pointers;
    for (const auto &[key, fallback] :
         {std::pair{u"items"_s, defaults.items}, std::pair{u"id"_s, defaults.id},
          std::pair{u"status"_s, defaults.status}, std::pair{u"payload-sha256"_s, defaults.payloadSha256},
          std::pair{u"at"_s, defaults.at}, std::pair{u"next-cursor"_s, defaults.nextCursor}}) {
        pointers << QCommandLineOption(key, u"JSON pointer to %1 (default %2)."_s.arg(key, fallback), u"pointer"_s);
    }
    parser.addOptions({kEndpointOption, kPartnerOption, url, header, timeout, allowPrivate, kReasonOption});
    parser.addOptions(pointers);
    if (auto exit =
            parseOptionsOnlyOrExit(parser, context,
                                   u"(--endpoint NAME | --partner NAME) --url TEMPLATE [--header 'Name: value']... "
                                   "[--timeout-ms N] [--items PTR] [--id PTR] [--status PTR] [--payload-sha256 PTR] "
                                   "[--at PTR] [--next-cursor PTR] [--allow-private-network] [--reason TEXT]"_s,
                                   {}, {u"header"_s}))
        return *exit;
    int exitCode = ExitUsage;
    const auto subject = subjectOption(parser, context, true, exitCode);
    if (!subject)
        return exitCode;
    if (!parser.isSet(url))
        return failWith(u"%1 needs --url (see hookyard %1 --help)"_s.arg(context.commandName()), ExitUsage);
    ReconcileSource source;
    source.subject = *subject;
    source.listUrl = parser.value(url);
    source.allowPrivateNetwork = parser.isSet(allowPrivate);
    QJsonObject fields = source.fields.toJson();
    for (const QCommandLineOption &pointer : std::as_const(pointers)) {
        if (parser.isSet(pointer))
            fields.insert(pointer.names().first().replace(u'-', u'_'), parser.value(pointer));
    }
    auto mapped = FieldMap::fromJson(fields);
    if (!mapped)
        return failWith(mapped.error(), ExitUsage);
    source.fields = mapped.value();
    for (const QString &line : parser.values(header)) {
        const auto parsedHeader = parseHeaderOption(line);
        if (!parsedHeader)
            return failWith(parsedHeader.error(), ExitUsage);
        source.headers.insert(parsedHeader.value().first, parsedHeader.value().second);
    }
    QString numberError;
    if (const auto ms = positiveInt(parser, u"timeout-ms"_s, source.timeoutMs, numberError))
        source.timeoutMs = *ms;
    else
        return failWith(numberError, ExitUsage);
    return withStore<ReconcileSources>(context, kNoun, [&](const ReconcileSources &sources) {
        if (auto set = sources.set(source, parser.value(kReasonOption)); !set)
            return failWith(set.error());
        out() << "set the reconciliation source of " << subject->describe() << Qt::endl;
        return int(ExitOk);
    });
}

int runSourceShow(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOptions({kEndpointOption, kPartnerOption, kJsonOption});
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"(--endpoint NAME | --partner NAME) [--json]"_s))
        return *exit;
    int exitCode = ExitUsage;
    const auto subject = subjectOption(parser, context, true, exitCode);
    if (!subject)
        return exitCode;
    return withStore<ReconcileSources>(context, kNoun, [&](const ReconcileSources &sources) {
        auto found = sources.find(*subject);
        if (!found)
            return failWith(found.error());
        if (!found.value())
            return failWith(
                u"%1 has no reconciliation source (hookyard reconcile source set)"_s.arg(subject->describe()));
        const ReconcileSource &source = *found.value();
        // Header values are credentials as a rule: shown masked.
        QJsonObject headers;
        for (auto it = source.headers.begin(); it != source.headers.end(); ++it)
            headers.insert(it.key(), maskSecret(it.value().toString()));
        if (parser.isSet(kJsonOption)) {
            printJson({{u"format"_s, 1},
                       {u"source"_s, QJsonObject{{u"subject_kind"_s, subject->kindName()},
                                                 {u"subject"_s, subject->name},
                                                 {u"list_url"_s, urlWithoutSecrets(source.listUrl)},
                                                 {u"field_map"_s, source.fields.toJson()},
                                                 {u"headers"_s, headers},
                                                 {u"timeout_ms"_s, source.timeoutMs},
                                                 {u"allow_private_network"_s, source.allowPrivateNetwork},
                                                 {u"created_at"_s, isoUtc(source.createdAt)},
                                                 {u"updated_at"_s, isoUtc(source.updatedAt)}}}});
            return int(ExitOk);
        }
        printField("subject", subject->describe());
        printField("list url", urlWithoutSecrets(source.listUrl));
        const QJsonObject fields = source.fields.toJson();
        for (auto it = fields.begin(); it != fields.end(); ++it)
            printField(qPrintable(it.key()), u"\"%1\""_s.arg(it.value().toString()));
        for (auto it = headers.begin(); it != headers.end(); ++it)
            printField("header", it.key() + u": "_s + it.value().toString());
        printField("timeout", u"%1 ms"_s.arg(source.timeoutMs));
        printField("private network", source.allowPrivateNetwork ? u"allowed"_s : u"refused"_s);
        printField("updated", isoUtc(source.updatedAt));
        out().flush();
        return int(ExitOk);
    });
}

const QList<Action> &sourceActions()
{
    static const QList<Action> table{
        {u"set"_s, runSourceSet, u"(--endpoint|--partner NAME) --url TEMPLATE [options]"_s,
         u"where their records come from: a paged list API (audited)"_s},
        {u"show"_s, runSourceShow, u"(--endpoint|--partner NAME) [--json]"_s, u"the list API, header values masked"_s},
    };
    return table;
}

int runSource(const CommandContext &context)
{
    return runAction(context, u"reconcile source"_s, sourceActions(), 56);
}

// ---- reconcile list|resolve|resend|export ----

// The options list and export share: whose, which run, which kinds, resolved ones too.
struct FilterOptions
{
    QCommandLineOption run{u"run"_s, u"Only this run's mismatches."_s, u"id"_s};
    QCommandLineOption kind{u"kind"_s, u"Only these kinds, comma-separated."_s, u"kinds"_s};
    QCommandLineOption all{u"all"_s, u"Resolved mismatches too."_s};

    // Parses the command line with these options and the command's own (`more`, `moreSynopsis`): the filter, or the
    // exit code once --help or a usage error is printed.
    std::variant<MismatchFilter, int> parse(QCommandLineParser &parser, const CommandContext &context,
                                            const QList<QCommandLineOption> &more, const QString &moreSynopsis) const
    {
        parser.addOptions({kEndpointOption, kPartnerOption, run, kind, all});
        parser.addOptions(more);
        if (auto exit = parseOptionsOnlyOrExit(
                parser, context,
                u"[--endpoint NAME | --partner NAME] [--run ID] [--kind K,...] [--all] "_s + moreSynopsis))
            return *exit;
        MismatchFilter filter;
        int exitCode = ExitOk;
        filter.subject = subjectOption(parser, context, false, exitCode);
        if (exitCode != ExitOk)
            return exitCode;
        if (parser.isSet(run)) {
            bool ok = false;
            filter.runId = parser.value(run).toLongLong(&ok);
            if (!ok || filter.runId <= 0)
                return failWith(u"--run needs a run id (a number), not '%1'"_s.arg(parser.value(run)), ExitUsage);
        }
        if (parser.isSet(kind)) {
            auto names = parseWordList(u"kind"_s, parser.value(kind), mismatchKinds());
            if (!names)
                return failWith(names.error(), ExitUsage);
            filter.kinds = names.value();
        }
        filter.includeResolved = parser.isSet(all);
        return filter;
    }
};

int runList(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption limit(u"limit"_s, u"At most this many (default 100)."_s, u"n"_s);
    auto parsed = FilterOptions().parse(parser, context, {limit, kJsonOption}, u"[--limit N] [--json]"_s);
    if (const int *exit = std::get_if<int>(&parsed))
        return *exit;
    MismatchFilter filter = std::get<MismatchFilter>(parsed);
    QString error;
    const auto count = positiveInt(parser, u"limit"_s, 100, error);
    if (!count)
        return failWith(error, ExitUsage);
    filter.limit = *count;
    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    auto mismatches = listMismatches(*connection.value(), filter);
    if (!mismatches)
        return failWith(mismatches.error());
    if (parser.isSet(kJsonOption)) {
        QJsonArray array;
        for (const Mismatch &mismatch : mismatches.value())
            array.append(toJson(mismatch));
        printJson({{u"format"_s, 1}, {u"mismatches"_s, array}});
    } else {
        printMismatches(mismatches.value(), !filter.subject);
    }
    return ExitOk;
}

int runResolve(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption note(u"note"_s, u"How it was settled, for the audit log (required)."_s, u"text"_s);
    parser.addOption(note);
    parser.addPositionalArgument(u"ID"_s, u"The mismatch, as `reconcile list` shows it."_s);
    if (auto exit = parseOrExit(parser, context, u"ID --note TEXT"_s))
        return *exit;
    const auto id = idArgument(parser, context);
    if (!id)
        return ExitUsage;
    if (parser.value(note).trimmed().isEmpty())
        return failWith(u"%1 needs --note saying how it was settled"_s.arg(context.commandName()), ExitUsage);
    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    if (auto resolved = resolveMismatches(*connection.value(), {*id}, parser.value(note)); !resolved)
        return failWith(resolved.error());
    out() << "resolved mismatch " << *id << Qt::endl;
    return ExitOk;
}

int runResend(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kReasonOption);
    parser.addPositionalArgument(u"ID"_s, u"The mismatch, as `reconcile list` shows it."_s);
    if (auto exit = parseOrExit(parser, context, u"ID [--reason TEXT]"_s))
        return *exit;
    const auto id = idArgument(parser, context);
    if (!id)
        return ExitUsage;
    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    auto resent = resendMismatches(*connection.value(), {*id}, parser.value(kReasonOption));
    if (!resent)
        return failWith(resent.error());
    out() << "queued the delivery of mismatch " << *id
          << " again with the same webhook-id; the next run that compares it settles the mismatch" << Qt::endl;
    return ExitOk;
}

int runExport(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption format(u"format"_s, u"csv or json (default json)."_s, u"format"_s);
    const QCommandLineOption output(u"output"_s, u"Write to this file instead of standard output."_s, u"path"_s);
    auto parsed = FilterOptions().parse(parser, context, {format, output}, u"[--format csv|json] [--output PATH]"_s);
    if (const int *exit = std::get_if<int>(&parsed))
        return *exit;
    const QString formatName = parser.isSet(format) ? parser.value(format) : u"json"_s;
    if (formatName != u"csv"_s && formatName != u"json"_s)
        return failWith(u"--format takes csv or json, not '%1'"_s.arg(formatName), ExitUsage);
    auto connection = openConfiguredConnection(context, kNoun);
    if (!connection)
        return failWith(connection.error());
    const auto deliver = [&](const QByteArray &evidence) -> Status {
        if (!parser.isSet(output)) {
            out() << QString::fromUtf8(evidence);
            out().flush();
            if (out().status() != QTextStream::Ok)
                return Error{u"cannot write the evidence to standard output"_s};
            return success();
        }
        QFile file(parser.value(output));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(evidence) < 0 || !file.flush())
            return Error{u"cannot write %1: %2"_s.arg(parser.value(output), file.errorString())};
        return success();
    };
    if (auto exported = exportEvidence(*connection.value(), std::get<MismatchFilter>(parsed),
                                       formatName == u"csv"_s ? EvidenceFormat::Csv : EvidenceFormat::Json, deliver);
        !exported)
        return failWith(exported.error());
    if (parser.isSet(output))
        out() << "wrote the evidence to " << parser.value(output) << Qt::endl;
    return ExitOk;
}

const QList<Action> &actions()
{
    static const QList<Action> table{
        {u"source"_s, runSource, u"set|show ..."_s, u"where an endpoint's or partner's records come from"_s},
        {u"list"_s, runList, u"[--endpoint|--partner NAME] [--run ID] [--all]"_s,
         u"open mismatches by kind (all with --all)"_s},
        {u"resolve"_s, runResolve, u"ID --note TEXT"_s, u"mark a mismatch resolved (audited)"_s},
        {u"resend"_s, runResend, u"ID [--reason TEXT]"_s, u"send its delivery again, same webhook-id (audited)"_s},
        {u"export"_s, runExport, u"[filters] [--format csv|json] [--output PATH]"_s,
         u"the evidence: both sides' facts (audited)"_s},
    };
    return table;
}

} // namespace

int runReconcile(const CommandContext &context)
{
    // `hookyard reconcile --endpoint ...` runs a comparison; `hookyard reconcile <action>` works with the results.
    const QString first = context.arguments.value(1);
    if (first.isEmpty() || first.startsWith(u'-'))
        return runComparison(context);
    return runAction(context, kNoun, actions(), kActionSynopsisWidth);
}

} // namespace hookyard::core::cli
