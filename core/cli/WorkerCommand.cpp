// `hookyard worker`: processes the inbox, alone (the receiver runs one in its own process by default).

#include "cli/Command.h"
#include "worker/InboxWorker.h"

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

int runWorker(const CommandContext &context)
{
    const InboxWorkerOptions defaults;
    QCommandLineParser parser;
    parser.addOptions({
        {u"concurrency"_s,
         u"Inbox rows processed at once, each on a database connection of its own (default %1)."_s.arg(
             defaults.concurrency),
         u"n"_s},
        {u"poll-ms"_s, u"Fallback claim interval when no NOTIFY arrives (default %1)."_s.arg(defaults.pollIntervalMs),
         u"ms"_s},
        {u"lease-margin"_s,
         u"A claim's lease lasts the longest handler timeout plus this many seconds (default %1): how long a "
         u"killed worker's rows wait before another worker takes them."_s.arg(defaults.leaseMarginSeconds),
         u"s"_s},
    });
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"[--concurrency N] [--poll-ms MS] [--lease-margin S]"_s))
        return *exit;

    QString error;
    InboxWorkerOptions options;
    // Bounds found by trying bad input: --concurrency 200000000 ran out of memory, and --lease-margin 2147483647
    // overflowed the lease into the past, so that no row was ever processed.
    const auto concurrency = positiveInt(parser, u"concurrency"_s, defaults.concurrency, error, kMaxWorkerConcurrency);
    const auto pollMs = positiveInt(parser, u"poll-ms"_s, defaults.pollIntervalMs, error, kMaxPollMs);
    const auto leaseMargin =
        positiveInt(parser, u"lease-margin"_s, defaults.leaseMarginSeconds, error, kMaxLeaseMarginSeconds);
    if (!error.isEmpty())
        return failWith(error, ExitUsage);
    options.concurrency = *concurrency;
    options.pollIntervalMs = *pollMs;
    options.leaseMarginSeconds = *leaseMargin;

    auto opened = openConfiguredDatabase(context);
    if (!opened)
        return failWith(opened.error());

    InboxWorker worker(opened.value().settings, options);
    // SIGTERM/SIGINT: stop claiming, let handler calls in progress finish and commit, give the rest back, exit.
    const int exitCode = runUntilStopped(QList<InboxWorker *>{&worker}, [&](const InboxWorker &started) {
        out() << "worker " << started.instanceName() << " started (concurrency " << options.concurrency << ")"
              << Qt::endl;
    });

    out() << "worker stopped: " << worker.processedCount() << " processed, " << worker.deferredCount() << " deferred, "
          << worker.quarantinedCount() << " quarantined, " << worker.failedAttemptCount() << " failed attempts"
          << Qt::endl;
    return exitCode;
}

} // namespace hookyard::core::cli
