// `hookyard sandbox [run]`: the managed PostgreSQL with the simulation on it, until SIGTERM;
// `hookyard sandbox start|url|status|stop`: the managed PostgreSQL alone.

#include "cli/Command.h"
#include "db/Database.h"
#include "db/ManagedCluster.h"
#include "db/Migrator.h"
#include "sandbox/Sandbox.h"

#include <QElapsedTimer>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QString kSynopsis = u"[run] [options]\nstart|url|status|stop [--data-dir DIR]"_s;

// A knob's value from its option: a whole number in [0, max] (or a decimal for events per second).
std::optional<double> knobValue(const QCommandLineParser &parser, const QString &name, double fallback, double min,
                                double max, bool whole, QString &error)
{
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const QString text = parser.value(name);
    const double value = whole ? double(text.toInt(&ok)) : text.toDouble(&ok);
    if (!ok || value < min || value > max) {
        error = u"--%1 must be %2 from %3 to %4, got '%5'"_s.arg(name, whole ? u"a whole number"_s : u"a number"_s,
                                                                 QString::number(min), QString::number(max), text);
        return std::nullopt;
    }
    return value;
}

Status startAndMigrate(ManagedCluster &cluster)
{
    // Said when this command starts the server, not each time `sandbox url` finds it running.
    if (const QString notice = ManagedCluster::privilegeNotice(); !notice.isEmpty() && !cluster.isRunning())
        QTextStream(stderr) << "hookyard: " << notice << Qt::endl;
    if (auto started = cluster.start(); !started)
        return started;
    auto connection = DatabaseConnection::open(cluster.settings(), u"migrate"_s);
    if (!connection)
        return Error{connection.error()};
    if (auto migrated = Migrator::migrate(*connection.value()); !migrated)
        return Error{migrated.error()};
    return success();
}

// Runs the simulation on `settings` until SIGTERM/SIGINT, printing the summary whenever it changes.
int runSimulation(const ConnectionSettings &settings, const FaultKnobs &knobs)
{
    SandboxOptions options;
    options.knobs = knobs;
    Sandbox sandbox(settings, options);
    if (auto started = sandbox.start(); !started)
        return failWith(u"the sandbox did not start: "_s + started.error());

    const QString url = settings.toUrl();
    out() << "sandbox on " << url << "\n"
          << "  Acme (the simulated partner) on 127.0.0.1:" << sandbox.partnerPort()
          << ", our receiver on 127.0.0.1:" << sandbox.receiverPort() << "\n"
          << "  knobs: " << sandbox.knobs().describe() << "\n"
          << "  the console on it:   hookyard --database '" << url << "'\n"
          << "  replay dead letters: hookyard --database '" << url << "' replay --dead --endpoint "
          << kSandboxLegacyEndpoint << " --reason 'v1 is back'\n"
          << "  Ctrl+C stops." << Qt::endl;

    QElapsedTimer running;
    running.start();
    QString lastLine;
    QString lastProblem;
    QObject::connect(&sandbox, &Sandbox::summaryChanged, &sandbox, [&](const SandboxSummary &summary) {
        if (const QString line = summary.describe(); line != lastLine) {
            out() << QString::number(running.elapsed() / 1000).rightJustified(5) << " s  " << line << Qt::endl;
            lastLine = line;
        }
        if (summary.problem != lastProblem && !summary.problem.isEmpty())
            QTextStream(stderr) << "hookyard: sandbox: " << summary.problem << Qt::endl;
        lastProblem = summary.problem;
    });
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, qApp, &QCoreApplication::quit);
    QCoreApplication::exec();
    out() << "stopping: the relay finishes what is in flight" << Qt::endl;
    return ExitOk;
}

} // namespace

int runSandbox(const CommandContext &context)
{
    QCommandLineParser parser;
    const FaultKnobs defaults;
    const QCommandLineOption dataDirOption(
        u"data-dir"_s, u"The cluster's data directory (default: %1)."_s.arg(ManagedCluster::defaultDataDir()),
        u"dir"_s);
    const QCommandLineOption fastOption(u"fast-unsafe"_s, u"Run the cluster with fsync off; for throwaway clusters."_s);
    const QCommandLineOption onDatabaseOption(
        u"on-configured-database"_s,
        u"run: simulate on the database given with --database instead of the sandbox's own cluster."_s);
    parser.addOptions({
        dataDirOption,
        fastOption,
        {u"error-rate"_s,
         u"Deliveries to sandbox-acme answered 500, in percent (default %1)."_s.arg(defaults.errorRatePercent),
         u"percent"_s},
        {u"slowness"_s,
         u"Milliseconds Acme waits before each answer (default %1; over 5000 the relay times out)."_s.arg(
             defaults.slownessMs),
         u"ms"_s},
        {u"drop-rate"_s,
         u"Deliveries whose connection Acme closes after reading the body, in percent (default %1)."_s.arg(
             defaults.dropAfterBodyPercent),
         u"percent"_s},
        {u"out-of-order"_s,
         u"Acme's orders whose shipped comes before paid, in percent (default %1)."_s.arg(defaults.outOfOrderPercent),
         u"percent"_s},
        {u"duplicates"_s, u"Acme's webhooks sent twice, in percent (default %1)."_s.arg(defaults.duplicatePercent),
         u"percent"_s},
        {u"poison"_s,
         u"Acme's orders followed by an event we cannot apply, in percent (default %1)."_s.arg(defaults.poisonPercent),
         u"percent"_s},
        {u"events-per-second"_s,
         u"Order events we make, and webhooks Acme sends, per second each (default %1)."_s.arg(
             defaults.eventsPerSecond),
         u"n"_s},
        onDatabaseOption,
    });
    parser.addPositionalArgument(u"action"_s, u"run (the default), start (alias url), status or stop"_s);
    if (auto exit = parseOrExit(parser, context, kSynopsis))
        return *exit;

    if (parser.positionalArguments().size() > 1)
        return failWith(u"hookyard sandbox takes one action at most, not '%1' (see hookyard sandbox --help)"_s.arg(
                            parser.positionalArguments().join(u' ')),
                        ExitUsage);
    const QString action = parser.positionalArguments().value(0, u"run"_s);
    const QString dataDir =
        parser.isSet(dataDirOption) ? parser.value(dataDirOption) : ManagedCluster::defaultDataDir();
    ManagedCluster cluster({dataDir, !parser.isSet(fastOption)});

    if (action == u"run"_s) {
        QString error;
        FaultKnobs knobs;
        const auto percent = [&](const QString &name, int fallback) {
            return int(knobValue(parser, name, fallback, 0, 100, true, error).value_or(fallback));
        };
        knobs.errorRatePercent = percent(u"error-rate"_s, defaults.errorRatePercent);
        knobs.dropAfterBodyPercent = percent(u"drop-rate"_s, defaults.dropAfterBodyPercent);
        knobs.outOfOrderPercent = percent(u"out-of-order"_s, defaults.outOfOrderPercent);
        knobs.duplicatePercent = percent(u"duplicates"_s, defaults.duplicatePercent);
        knobs.poisonPercent = percent(u"poison"_s, defaults.poisonPercent);
        knobs.slownessMs =
            int(knobValue(parser, u"slowness"_s, defaults.slownessMs, 0, FaultKnobs::kMaxSlownessMs, true, error)
                    .value_or(defaults.slownessMs));
        knobs.eventsPerSecond =
            knobValue(parser, u"events-per-second"_s, defaults.eventsPerSecond, FaultKnobs::kMinEventsPerSecond,
                      FaultKnobs::kMaxEventsPerSecond, false, error)
                .value_or(defaults.eventsPerSecond);
        if (!error.isEmpty())
            return failWith(error, ExitUsage);

        if (!context.databaseUrl.isEmpty()) {
            if (!parser.isSet(onDatabaseOption))
                return failWith(u"the sandbox adds sandbox-* endpoints and a partner and fills the database with "
                                u"simulated traffic: it runs on its own cluster; to run it on --database, add "
                                u"--on-configured-database"_s,
                                ExitUsage);
            auto opened = openConfiguredDatabase(context);
            if (!opened)
                return failWith(opened.error());
            return runSimulation(opened.value().settings, knobs);
        }
        if (auto started = startAndMigrate(cluster); !started)
            return failWith(started.error());
        const int exitCode = runSimulation(cluster.settings(), knobs);
        if (cluster.startedHere()) {
            if (auto stopped = cluster.stop(); !stopped)
                return failWith(stopped.error());
        }
        return exitCode;
    }
    if (action == u"start"_s || action == u"url"_s) {
        if (auto started = startAndMigrate(cluster); !started)
            return failWith(started.error());
        out() << cluster.settings().toUrl() << Qt::endl;
        return ExitOk;
    }
    if (action == u"stop"_s) {
        if (auto stopped = cluster.stop(); !stopped)
            return failWith(stopped.error());
        return ExitOk;
    }
    if (action == u"status"_s) {
        const bool running = cluster.isRunning();
        out() << (running ? "running " : "stopped ") << dataDir;
        if (running)
            out() << " " << cluster.settings().toUrl();
        out() << Qt::endl;
        return running ? ExitOk : ExitFailure;
    }
    return failWith(u"unknown sandbox action '%1': run, start, url, status or stop"_s.arg(action), ExitUsage);
}

} // namespace hookyard::core::cli
