#pragma once

#include <QStringList>

namespace hookyard::core::cli {

// Exit codes every subcommand uses (documented in --help and docs/cli.md).
enum ExitCode : int
{
    ExitOk = 0,
    ExitFailure = 1, // the job could not be done: database unreachable, migration failed, ...
    ExitUsage = 2,   // the command line itself is wrong
};

// True when the arguments name a subcommand (or ask for help or the version): the binary then runs headless and
// needs no display. With no subcommand it opens the console.
bool isHeadless(const QStringList &arguments);

// Runs a headless subcommand; a QCoreApplication must exist. Errors are one line on stderr.
int run(const QStringList &arguments);

// For the console (no subcommand): what is wrong with its options, or "" when nothing is. Checked before a display
// is needed, so that a mistyped option is a usage error and not a window (or, on a server, a crash).
QString consoleArgumentError(const QStringList &arguments);

// The value of the global --database option, wherever it stands ("" when absent).
QString databaseUrlOption(const QStringList &arguments);

} // namespace hookyard::core::cli
