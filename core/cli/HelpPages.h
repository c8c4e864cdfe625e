#pragma once

// The manual page each subcommand prints for --help: what it does, its options (from its QCommandLineParser), how it
// picks the database, its exit status, examples and where to read more. The prose lives in HelpPages.cpp, one entry
// per command path ("relay", "endpoint add", "reconcile source set"), so that every page reads the same way.

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

namespace hookyard::core::cli {

struct HelpPage
{
    QString command;      // "endpoint add": what follows "hookyard "
    QString summary;      // one line, lower case, for NAME
    QString description;  // paragraphs separated by a blank line; wrapped when printed
    QString exitStatus;   // lines added to the exit codes every command shares ("3  mismatches remain")
    QStringList examples; // "hookyard relay --threads 2    # a comment"
    QString seeAlso;      // documents under docs/
    bool usesDatabase = true;
};

// The page for a command path; nullptr when there is none.
const HelpPage *findHelpPage(const QString &command);

// The full text for `hookyard <command> --help`: the page's sections around the parser's options.
// `synopsis` follows "hookyard <command> "; it may hold several forms, one per line. `actionLines`, for a command
// that also has actions (reconcile), are listed as in formatActionsHelp.
QString formatHelp(const QString &command, const QString &synopsis, const QCommandLineParser &parser,
                   const QStringList &actionLines = {});

// The text for `hookyard <noun> --help` of a command made of actions (endpoint, partner, ...): `actionLines` are
// "name synopsis    summary" lines, already aligned.
QString formatActionsHelp(const QString &noun, const QStringList &actionLines);

} // namespace hookyard::core::cli
