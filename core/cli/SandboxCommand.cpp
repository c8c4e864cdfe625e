// `hookyard sandbox start|url|status|stop`: the managed PostgreSQL.

#include "cli/Command.h"
#include "db/Database.h"
#include "db/ManagedCluster.h"
#include "db/Migrator.h"

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

int runSandbox(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption dataDirOption(
        u"data-dir"_s, u"The cluster's data directory (default: %1)."_s.arg(ManagedCluster::defaultDataDir()),
        u"dir"_s);
    const QCommandLineOption fastOption(u"fast-unsafe"_s, u"start: fsync off; for throwaway test clusters."_s);
    parser.addOptions({dataDirOption, fastOption});
    parser.addPositionalArgument(u"action"_s, u"start (alias url), status or stop"_s);
    if (auto exit = parseOrExit(parser, context, u"start|url|status|stop [--data-dir DIR]"_s))
        return *exit;

    const QString action = parser.positionalArguments().value(0);
    const QString dataDir =
        parser.isSet(dataDirOption) ? parser.value(dataDirOption) : ManagedCluster::defaultDataDir();
    ManagedCluster cluster({dataDir, !parser.isSet(fastOption)});

    if (action == u"start"_s || action == u"url"_s) {
        if (const QString notice = ManagedCluster::privilegeNotice(); !notice.isEmpty())
            QTextStream(stderr) << "hookyard: " << notice << Qt::endl;
        if (auto started = cluster.start(); !started)
            return failWith(started.error());
        auto connection = DatabaseConnection::open(cluster.settings(), u"migrate"_s);
        if (!connection)
            return failWith(connection.error());
        if (auto migrated = Migrator::migrate(*connection.value()); !migrated)
            return failWith(migrated.error());
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
    return failWith(u"sandbox needs an action: start, url, status or stop"_s, ExitUsage);
}

} // namespace hookyard::core::cli
