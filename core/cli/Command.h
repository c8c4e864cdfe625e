#pragma once

// What every subcommand implementation shares. Each subcommand lives in its own <Name>Command.cpp, parses its own
// options, and is listed once in CommandLine.cpp's table.

#include "cli/CommandLine.h"
#include "db/DatabaseSetup.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace hookyard::core::cli {

struct CommandContext
{
    QString databaseUrl;   // --database, "" when not given
    QStringList arguments; // the subcommand's own arguments, [0] = "hookyard <command>"
};

QTextStream &out();
// Prints "hookyard: <message>" on stderr and returns code.
int failWith(const QString &message, int code = ExitFailure);
// Parses the subcommand's arguments; on an error or --help prints what is needed and returns the exit code.
std::optional<int> parseOrExit(QCommandLineParser &parser, const CommandContext &context, const QString &synopsis);
// Resolves, connects and migrates the configured database (never the sandbox: headless commands are explicit).
Result<OpenedDatabase> openConfiguredDatabase(const CommandContext &context);

int runMigrate(const CommandContext &context);
int runStats(const CommandContext &context);
int runSandbox(const CommandContext &context);
int runEndpoint(const CommandContext &context);
int runPartner(const CommandContext &context);
int runRelay(const CommandContext &context);
int runReplay(const CommandContext &context);
int runWorker(const CommandContext &context);
int runReceive(const CommandContext &context);

} // namespace hookyard::core::cli
