#include "cli/CommandLine.h"

#include "db/Database.h"
#include "db/DatabaseSetup.h"
#include "db/ManagedCluster.h"
#include "db/Migrator.h"
#include "stats/Stats.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

int failWith(const QString &message, int code = ExitFailure)
{
    QTextStream(stderr) << "hookyard: " << message << Qt::endl;
    return code;
}

const QStringList kCommands{u"migrate"_s, u"stats"_s, u"sandbox"_s};

// The first argument that is not an option or an option's value is the subcommand.
QString commandOf(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == u"--database"_s || argument == u"--data-dir"_s) {
            ++i; // skip the option's value
            continue;
        }
        if (!argument.startsWith(u'-'))
            return argument;
    }
    return {};
}

const QCommandLineOption kDatabaseOption(u"database"_s,
                                         u"PostgreSQL URL (postgresql://user@host:port/db). Default: "
                                         u"HOOKYARD_DATABASE_URL, then the libpq environment."_s,
                                         u"url"_s);

int runMigrate(const QCommandLineParser &parser)
{
    auto opened = openDatabase(parser.value(kDatabaseOption), WhenUnconfigured::Fail);
    if (!opened)
        return failWith(opened.error());
    const QList<int> &applied = opened.value().migrationsApplied;
    if (applied.isEmpty())
        out() << "schema is current (version " << Migrator::latestVersion() << ")" << Qt::endl;
    else
        out() << "applied " << applied.size() << " migration(s); schema is at version " << applied.last()
              << Qt::endl;
    return ExitOk;
}

int runStats(const QCommandLineParser &parser, bool json)
{
    auto opened = openDatabase(parser.value(kDatabaseOption), WhenUnconfigured::Fail);
    if (!opened)
        return failWith(opened.error());
    auto connection = DatabaseConnection::open(opened.value().settings, u"stats"_s);
    if (!connection)
        return failWith(connection.error());
    auto stats = collectStats(*connection.value());
    if (!stats)
        return failWith(u"cannot read the counts: "_s + stats.error());
    if (json) {
        out() << QJsonDocument(stats.value()).toJson(QJsonDocument::Indented);
        out().flush();
        return ExitOk;
    }
    for (const QString &section : {u"outbox"_s, u"deliveries"_s, u"inbox"_s}) {
        const QJsonObject counts = stats.value().value(section).toObject();
        out() << section << ":";
        for (auto it = counts.begin(); it != counts.end(); ++it)
            out() << "  " << it.key() << " " << it.value().toInteger();
        out() << Qt::endl;
    }
    return ExitOk;
}

int runSandbox(const QCommandLineParser &parser, const QCommandLineOption &dataDirOption, bool durable)
{
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(1);
    const QString dataDir =
        parser.isSet(dataDirOption) ? parser.value(dataDirOption) : ManagedCluster::defaultDataDir();
    ManagedCluster cluster({dataDir, durable});

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
        out() << (running ? "running" : "stopped") << " " << dataDir;
        if (running)
            out() << " " << cluster.settings().toUrl();
        out() << Qt::endl;
        return running ? ExitOk : ExitFailure;
    }
    return failWith(u"sandbox needs an action: start, url, status or stop"_s, ExitUsage);
}

} // namespace

QString usage()
{
    return u"Usage: hookyard [--database URL] [command] [options]\n"
           "\n"
           "Without a command, opens the operator console. With nothing configured it runs on the sandbox: a\n"
           "private PostgreSQL cluster Hookyard manages itself.\n"
           "\n"
           "Commands:\n"
           "  migrate                 apply pending schema migrations (every command also does this first)\n"
           "  stats [--json]          counts per state: outbox, deliveries, inbox (JSON layout: docs/cli.md)\n"
           "  sandbox start|url       start the managed PostgreSQL (if needed) and print its URL for psql\n"
           "  sandbox status|stop     tell whether it runs / stop it   [--data-dir DIR]\n"
           "\n"
           "Database: --database URL, else HOOKYARD_DATABASE_URL, else the libpq environment (PGHOST, PGSERVICE,\n"
           "~/.pgpass, ...).\n"
           "\n"
           "Exit codes: 0 ok, 1 the job failed (reason on stderr), 2 the command line is wrong.\n"_s;
}

bool isHeadless(const QStringList &arguments)
{
    if (!commandOf(arguments).isEmpty())
        return true;
    for (const QString &argument : arguments) {
        if (argument == u"--help"_s || argument == u"-h"_s || argument == u"--version"_s)
            return true;
    }
    return false;
}

int run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addOption(kDatabaseOption);
    const QCommandLineOption helpOption(QStringList{u"h"_s, u"help"_s}, u"Show this help."_s);
    const QCommandLineOption versionOption(u"version"_s, u"Show the version."_s);
    const QCommandLineOption jsonOption(u"json"_s, u"stats: print JSON."_s);
    const QCommandLineOption dataDirOption(u"data-dir"_s, u"sandbox: the cluster's data directory."_s, u"dir"_s);
    const QCommandLineOption fastOption(u"fast-unsafe"_s, u"sandbox start: fsync off (tests only)."_s);
    parser.addOptions({helpOption, versionOption, jsonOption, dataDirOption, fastOption});
    parser.addPositionalArgument(u"command"_s, u"migrate, stats, sandbox"_s);

    if (!parser.parse(arguments))
        return failWith(parser.errorText(), ExitUsage);
    if (parser.isSet(helpOption)) {
        out() << usage();
        out().flush();
        return ExitOk;
    }
    if (parser.isSet(versionOption)) {
        out() << "hookyard " << QCoreApplication::applicationVersion() << Qt::endl;
        return ExitOk;
    }

    const QString command = parser.positionalArguments().value(0);
    if (!kCommands.contains(command))
        return failWith(u"unknown command '%1' (see hookyard --help)"_s.arg(command), ExitUsage);
    if (command == u"migrate"_s)
        return runMigrate(parser);
    if (command == u"stats"_s)
        return runStats(parser, parser.isSet(jsonOption));
    return runSandbox(parser, dataDirOption, !parser.isSet(fastOption));
}

} // namespace hookyard::core::cli
