// `hookyard receive`: the inbound webhook server, with the inbox worker in the same process by default.

#include "cli/Command.h"
#include "http/HttpServer.h"
#include "idempotency/ApiServer.h"
#include "receiver/Receiver.h"
#include "worker/InboxWorker.h"

#include <QHostAddress>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

int runReceive(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOptions({
        {u"listen"_s, u"Address and port to listen on (default 127.0.0.1:8080; 0.0.0.0:8080 for every interface)."_s,
         u"host:port"_s},
        {u"batch"_s, u"Requests sharing one commit at most (default 256)."_s, u"n"_s},
        {u"ingest-connections"_s, u"Commits in flight at once, each on a database connection of its own (default 1)."_s,
         u"n"_s},
        {u"max-connections"_s,
         u"HTTP connections open at once; one more is closed as soon as it is accepted (default %1 here: 4096, or "
         "the open-file limit less 256)."_s.arg(HttpServer::defaultMaxConnections()),
         u"n"_s},
        {u"no-worker"_s, u"Only receive; process the inbox with separate `hookyard worker` processes."_s},
        {u"api-listen"_s, u"Also serve the HTTP API (docs/api.md) on this address and port."_s, u"host:port"_s},
    });
    addApiOptions(parser);
    if (auto exit = parseOptionsOnlyOrExit(
            parser, context,
            u"[--listen HOST:PORT] [--batch N] [--ingest-connections N] [--max-connections N] [--no-worker] "
            "[--api-listen HOST:PORT [--api-connections N] [--key-retention-hours N] "
            "[--key-lock-timeout SECONDS]]"_s))
        return *exit;

    ReceiverOptions options;
    const QString listen = parser.isSet(u"listen"_s) ? parser.value(u"listen"_s) : u"127.0.0.1:8080"_s;
    const auto listenAddress = parseListenAddress(listen);
    if (!listenAddress)
        return failWith(u"--listen: %1"_s.arg(listenAddress.error()), ExitUsage);
    options.address = listenAddress->address;
    options.port = listenAddress->port;
    // Bounded: --ingest-connections 2147483647 would start as many threads.
    QString error;
    const auto batch = positiveInt(parser, u"batch"_s, options.maxBatch, error, 100000);
    const auto connections = positiveInt(parser, u"ingest-connections"_s, options.ingestConnections, error, 64);
    const auto httpConnections = positiveInt(parser, u"max-connections"_s, options.maxConnections, error, 1000000);
    if (!error.isEmpty())
        return failWith(error, ExitUsage);
    options.maxBatch = *batch;
    options.ingestConnections = *connections;
    options.maxConnections = *httpConnections;
    std::optional<ApiServerOptions> apiServerOptions;
    if (parser.isSet(u"api-listen"_s)) {
        auto parsed = apiOptions(parser, parser.value(u"api-listen"_s), u"--api-listen"_s);
        if (!parsed)
            return failWith(parsed.error(), ExitUsage);
        apiServerOptions = parsed.value();
    } else if (const QString stray = apiOptionGiven(parser); !stray.isEmpty()) {
        // Without --api-listen it would be ignored, unread (found by an adversarial helper: `--key-lock-timeout abc`
        // started the receiver).
        return failWith(u"--%1 goes with --api-listen"_s.arg(stray), ExitUsage);
    }

    auto opened = openConfiguredDatabase(context);
    if (!opened)
        return failWith(opened.error());

    // Both ports are taken before either is announced, and a failure names its option (found by an adversarial
    // helper: "receiving on ..." was printed, then a clash of --api-listen with --listen named neither).
    Receiver receiver(opened.value().settings, options);
    auto listening = receiver.listen();
    if (!listening)
        return failWith(u"--listen: "_s + listening.error());
    std::unique_ptr<ApiServer> api;
    quint16 apiPort = 0;
    if (apiServerOptions) {
        api = std::make_unique<ApiServer>(opened.value().settings, *apiServerOptions);
        auto apiListening = api->listen();
        if (!apiListening)
            return failWith(u"--api-listen: "_s + apiListening.error());
        apiPort = apiListening.value();
    }
    out() << "receiving on http://" << options.address.toString() << ":" << listening.value() << "/webhooks/{partner}"
          << Qt::endl;
    if (api)
        out() << "API on http://" << apiServerOptions->address.toString() << ":" << apiPort << "/v1" << Qt::endl;

    std::unique_ptr<InboxWorker> worker;
    if (!parser.isSet(u"no-worker"_s))
        worker = std::make_unique<InboxWorker>(opened.value().settings, InboxWorkerOptions{});
    // SIGTERM/SIGINT: close the ports at once, let the worker finish its rows, and exit once every request received
    // has been answered; a second signal stops at once. (Found by adversarial helpers: while the worker drained, the
    // port still took connections that were never answered, and further signals did nothing; then, requests waiting
    // for their commit were stored but their connections dropped unanswered.)
    return runUntilStopped(
        worker ? QList<InboxWorker *>{worker.get()} : QList<InboxWorker *>{}, [](const InboxWorker &) {},
        [&] {
            receiver.stopListening();
            if (api)
                api->stopListening();
        },
        [&] { return receiver.openConnections() == 0 && (!api || api->openConnections() == 0); });
}

} // namespace hookyard::core::cli
