// `hookyard relay` and `hookyard replay`.

#include "cli/Command.h"
#include "db/Database.h"
#include "db/SqlConditions.h"
#include "endpoints/EndpointStore.h"
#include "relay/DeliveryStore.h"
#include "relay/Relay.h"
#include "worker/InboxStore.h"

#include <memory>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

int runRelay(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOptions({
        {u"concurrency"_s, u"HTTP requests in flight per relay thread (default 128)."_s, u"n"_s},
        {u"batch"_s, u"Deliveries claimed per query (default 128)."_s, u"n"_s},
        {u"threads"_s, u"Relay threads in this process, each with its own connections (default 1)."_s, u"n"_s},
        {u"endpoint"_s, u"Only deliveries to this endpoint."_s, u"name"_s},
        {u"event-type"_s, u"Only these event types (exact or a prefix pattern such as order.*)."_s, u"type"_s},
        {u"rate"_s, u"At most this many attempts per second per thread."_s, u"n"_s},
        {u"poll-ms"_s, u"Fallback claim interval when no NOTIFY arrives (default 1000)."_s, u"ms"_s},
        {u"lease-margin"_s,
         u"A claim's lease lasts the endpoint timeout plus this many seconds (default 30): how "
         u"long a crashed relay's deliveries wait before another relay takes them."_s,
         u"s"_s},
    });
    if (auto exit =
            parseOptionsOnlyOrExit(parser, context,
                                   u"[--concurrency N] [--batch N] [--threads N] [--endpoint NAME] [--event-type T] "
                                   "[--rate N] [--poll-ms MS] [--lease-margin S]"_s))
        return *exit;

    QString error;
    // Bounds found by trying bad input: --threads 2147483647 tried to make as many relays.
    const auto concurrency = positiveInt(parser, u"concurrency"_s, 128, error, 100000);
    const auto batch = positiveInt(parser, u"batch"_s, 128, error, 100000);
    const auto threads = positiveInt(parser, u"threads"_s, 1, error, 64);
    const auto rate = positiveInt(parser, u"rate"_s, 0, error);
    const auto pollMs = positiveInt(parser, u"poll-ms"_s, 1000, error, kMaxPollMs);
    const auto leaseMargin = positiveInt(parser, u"lease-margin"_s, 30, error, kMaxLeaseMarginSeconds);
    if (!error.isEmpty())
        return failWith(error, ExitUsage);
    // A scope that can match nothing would leave the relay running and the backlog where it is, with nothing said
    // (found by an exploring helper: --endpoint nope and --event-type 'bogus type!' were taken).
    const ClaimScope scope{parser.value(u"endpoint"_s).trimmed(), parser.value(u"event-type"_s).trimmed()};
    if (parser.isSet(u"event-type"_s) && !EndpointStore::isEventTypePattern(scope.eventType))
        return failWith(u"--event-type '%1' is invalid: use an exact name such as order.paid, '*', or a prefix such "
                        "as order.*"_s.arg(scope.eventType),
                        ExitUsage);

    auto opened = openConfiguredDatabase(context);
    if (!opened)
        return failWith(opened.error());
    if (!scope.endpointName.isEmpty()) {
        auto connection = DatabaseConnection::open(opened.value().settings, u"relay-scope"_s);
        if (!connection)
            return failWith(connection.error());
        if (auto endpoint = EndpointStore(*connection.value()).find(scope.endpointName); !endpoint)
            return failWith(endpoint.error());
    }

    RelayOptions options;
    options.concurrency = *concurrency;
    options.batchSize = *batch;
    options.pollIntervalMs = *pollMs;
    options.leaseMarginSeconds = *leaseMargin;
    options.scope = scope;
    if (parser.isSet(u"rate"_s))
        options.ratePerSecond = *rate;

    QString scopeText; // what the started line says of the scope, so that a narrowed relay says so
    if (!scope.endpointName.isEmpty())
        scopeText += u"; only endpoint "_s + scope.endpointName;
    if (!scope.eventType.isEmpty())
        scopeText += u"; only event types "_s + scope.eventType;

    std::vector<std::unique_ptr<Relay>> relays;
    QList<Relay *> loops;
    for (int i = 0; i < *threads; ++i) {
        relays.push_back(std::make_unique<Relay>(opened.value().settings, options));
        loops << relays.back().get();
    }
    // SIGTERM/SIGINT: stop claiming, finish and record what is in flight, release the rest, exit.
    const int exitCode = runUntilStopped(loops, [&](const Relay &relay) {
        out() << "relay " << relay.instanceName() << " started (concurrency " << options.concurrency << ", batch "
              << options.batchSize << scopeText << ")" << Qt::endl;
    });

    qint64 attempts = 0, delivered = 0;
    for (auto &relay : relays) {
        attempts += relay->attemptsMade();
        delivered += relay->deliveriesSucceeded();
    }
    // A relay that could not record its outcomes (the database went away) says so above; its 2xx answers are then
    // not deliveries yet, as far as the database knows, and are sent again once their leases end.
    out() << "relay stopped: " << attempts << " attempts, " << delivered
          << (exitCode == ExitOk ? " delivered" : " answered 2xx, not every outcome recorded (above)") << Qt::endl;
    return exitCode;
}

int runReplay(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOptions({
        {u"delivery"_s, u"Replay this delivery (dead, unknown, or delivered for a re-send)."_s, u"id"_s},
        {u"dead"_s, u"Replay every dead delivery of --endpoint."_s},
        {u"endpoint"_s, u"The endpoint whose dead deliveries to replay (with --dead)."_s, u"name"_s},
        {u"inbox"_s, u"Replay this quarantined inbox row (its webhook_inbox id)."_s, u"id"_s},
        {u"quarantined"_s, u"Replay every quarantined inbox row of --partner."_s},
        {u"partner"_s, u"The partner whose quarantined inbox rows to replay (with --quarantined)."_s, u"name"_s},
        {u"event-type"_s,
         u"With --dead or --quarantined: only rows of this event type, or of every type under a "
         "prefix (order.*)."_s,
         u"type"_s},
        {u"since"_s,
         u"With --dead or --quarantined: only rows that came at or after this time (ISO 8601, a date, "
         "now-6h)."_s,
         u"time"_s},
        {u"until"_s, u"With --dead or --quarantined: only rows that came before this time."_s, u"time"_s},
        {u"dry-run"_s, u"Say how many rows would be replayed; change nothing."_s},
        kReasonOption,
    });
    if (auto exit = parseOptionsOnlyOrExit(
            parser, context,
            u"--delivery ID | --dead --endpoint NAME | --inbox ID | --quarantined --partner NAME [--event-type TYPE] "
            "[--since TIME] [--until TIME] [--dry-run] [--reason TEXT]"_s))
        return *exit;

    // One selection at a time: with two, the second would be left out without a word.
    const int selections = int(parser.isSet(u"delivery"_s)) + int(parser.isSet(u"dead"_s)) +
                           int(parser.isSet(u"inbox"_s)) + int(parser.isSet(u"quarantined"_s));
    if (selections > 1)
        return failWith(u"give one of --delivery, --dead, --inbox and --quarantined; replay each selection apart"_s,
                        ExitUsage);

    // Found by an adversarial helper: `--inbox ID --partner X` replayed the row and ignored --partner without a word.
    if (parser.isSet(u"partner"_s) && !parser.isSet(u"quarantined"_s))
        return failWith(u"--partner goes with --quarantined"_s, ExitUsage);
    if (parser.isSet(u"endpoint"_s) && !parser.isSet(u"dead"_s))
        return failWith(u"--endpoint goes with --dead"_s, ExitUsage);
    // The filters narrow the replays of many rows; with one row named they would be ignored without a word.
    ReplayFilter filter;
    const bool filtered = parser.isSet(u"event-type"_s) || parser.isSet(u"since"_s) || parser.isSet(u"until"_s);
    if (filtered && !parser.isSet(u"dead"_s) && !parser.isSet(u"quarantined"_s))
        return failWith(u"--event-type, --since and --until narrow --dead and --quarantined, not one row"_s, ExitUsage);
    if (parser.isSet(u"event-type"_s)) {
        filter.eventType = parser.value(u"event-type"_s).trimmed();
        if (filter.eventType.isEmpty() || filter.eventType == u"*"_s)
            return failWith(u"--event-type needs an event type (order.paid) or a prefix (order.*); to replay every "
                            u"type, leave --event-type out"_s,
                            ExitUsage);
        // Found by an exploring helper: 'order*' and '.*' replayed nothing, without a word.
        if (const QString problem = SqlConditions::eventTypeFilterProblem(filter.eventType); !problem.isEmpty())
            return failWith(u"--event-type: "_s + problem, ExitUsage);
    }
    for (const auto &[option, time] : {std::pair{u"since"_s, &filter.from}, std::pair{u"until"_s, &filter.until}}) {
        if (!parser.isSet(option))
            continue;
        auto parsed = parseTime(option, parser.value(option));
        if (!parsed)
            return failWith(parsed.error(), ExitUsage);
        *time = parsed.value();
    }
    if (filter.from.isValid() && filter.until.isValid() && filter.from >= filter.until)
        return failWith(u"--since must be before --until"_s, ExitUsage);

    ReplaySelection deliveries{.filter = filter, .dryRun = parser.isSet(u"dry-run"_s)};
    InboxReplaySelection inbox{.filter = filter, .dryRun = parser.isSet(u"dry-run"_s)};
    bool replayingInbox = false;
    if (parser.isSet(u"delivery"_s)) {
        bool ok = false;
        deliveries.deliveryIds = {parser.value(u"delivery"_s).toLongLong(&ok)};
        if (!ok || deliveries.deliveryIds.first() <= 0) // ids count from 1: `-1` is a typo, not a missing delivery
            return failWith(u"--delivery must be a delivery id (a positive whole number), got '%1'"_s.arg(
                                parser.value(u"delivery"_s)),
                            ExitUsage);
    } else if (parser.isSet(u"dead"_s) && parser.isSet(u"endpoint"_s)) {
        deliveries.endpointName = parser.value(u"endpoint"_s);
    } else if (parser.isSet(u"inbox"_s)) {
        const std::optional<QString> inboxId = parseInboxId(parser.value(u"inbox"_s));
        if (!inboxId)
            return failWith(u"--inbox must be an inbox id (a UUID), got '%1'"_s.arg(parser.value(u"inbox"_s)),
                            ExitUsage);
        inbox.inboxIds = {*inboxId};
        replayingInbox = true;
    } else if (parser.isSet(u"quarantined"_s) && parser.isSet(u"partner"_s)) {
        inbox.partnerName = parser.value(u"partner"_s);
        replayingInbox = true;
    } else {
        return failWith(
            u"say what to replay: --delivery ID, --dead --endpoint NAME, --inbox ID or --quarantined --partner NAME"_s,
            ExitUsage);
    }

    auto connection = openConfiguredConnection(context, u"replay"_s);
    if (!connection)
        return failWith(connection.error());
    const QString reason = parser.value(kReasonOption);
    auto replayed = replayingInbox ? replayInbox(*connection.value(), inbox, reason)
                                   : replayDeliveries(*connection.value(), deliveries, reason);
    if (!replayed)
        return failWith(replayed.error());
    const int count = replayed.value();
    if (!replayingInbox && deliveries.deliveryIds.size() == 1 && count == 0 && !deliveries.dryRun)
        return failWith(noLongerReplayable(deliveries.deliveryIds.first()));
    const QString rows = replayingInbox ? (count == 1 ? u"inbox row"_s : u"inbox rows"_s)
                                        : (count == 1 ? u"delivery"_s : u"deliveries"_s);
    if (parser.isSet(u"dry-run"_s))
        out() << "would replay " << count << " " << rows << " (a dry run: nothing changed)" << Qt::endl;
    else
        out() << "replayed " << count << " " << rows << Qt::endl;
    return ExitOk;
}

} // namespace hookyard::core::cli
