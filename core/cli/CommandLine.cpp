#include "cli/CommandLine.h"

#include "cli/Command.h"
#include "cli/HelpPages.h"
#include "console/ViewQueries.h"
#include "util/ControlCharacters.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <functional>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

struct CommandEntry
{
    QString name;
    int (*run)(const CommandContext &);
};

const QList<CommandEntry> &commands()
{
    static const QList<CommandEntry> table{
        {u"migrate"_s, runMigrate},     {u"stats"_s, runStats},
        {u"sandbox"_s, runSandbox},     {u"endpoint"_s, runEndpoint},
        {u"relay"_s, runRelay},         {u"replay"_s, runReplay},
        {u"worker"_s, runWorker},       {u"receive"_s, runReceive},
        {u"partner"_s, runPartner},     {u"api"_s, runApi},
        {u"api-token"_s, runApiToken},  {u"idempotency"_s, runIdempotency},
        {u"reconcile"_s, runReconcile}, {u"inbox"_s, runInbox},
    };
    return table;
}

bool isDatabaseOption(const QString &argument)
{
    return argument == u"--database"_s || argument == u"-database"_s;
}

// Index of the subcommand: the first argument that is neither an option nor the value of --database.
qsizetype commandIndex(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (isDatabaseOption(arguments.at(i))) {
            ++i;
            continue;
        }
        if (!arguments.at(i).startsWith(u'-'))
            return i;
    }
    return -1;
}

bool isCommandName(const QString &word)
{
    return std::any_of(commands().begin(), commands().end(),
                       [&](const CommandEntry &command) { return command.name == word; });
}

// What is wrong with the global --database option, or "" when nothing is (found by an adversarial helper: given twice,
// the first was used without a word; given without a URL, it took the command as one).
QString databaseOptionError(const QStringList &arguments)
{
    int given = 0;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument.startsWith(u"--database="_s)) {
            ++given;
            if (argument.size() == 11)
                return u"--database needs a URL"_s;
            continue;
        }
        if (!isDatabaseOption(argument))
            continue;
        ++given;
        const QString value = arguments.value(++i);
        if (value.isEmpty() || value.startsWith(u'-'))
            return u"--database needs a URL"_s;
        if (isCommandName(value))
            return u"--database needs a URL before '%1'"_s.arg(value);
    }
    if (given > 1)
        return u"--database is given more than once; give it once"_s;
    return {};
}

QString usage()
{
    return u"Usage: hookyard [--database URL] [command] [options]\n"
           "\n"
           "Without a command, opens the operator console. With nothing configured it runs on the sandbox: a\n"
           "private PostgreSQL cluster Hookyard manages itself. Console options: --view=NAME opens a view\n"
           "(overview, outbox, inbox, deferred, dead-letters, rejected, audit, endpoints, partners, idempotency,\n"
           "reconciliation),\n"
           "--read-only disables every action, --dark uses the dark theme, --local-engine opens the Local engine\n"
           "panel (a relay and a receiver run by the console), --language=CODE shows it in en, be, lv or id (else\n"
           "the language chosen in View > Language, else the system's). On the sandbox the console also runs its\n"
           "simulated partner (see hookyard sandbox --help), with the knobs in a Sandbox panel; --sandbox-simulation\n"
           "runs it on the --database given instead.\n"
           "\n"
           "Commands (hookyard <command> --help for each one's options):\n"
           "  migrate                 apply pending schema migrations (every command also does this first)\n"
           "  stats [--json]          counts per state: outbox, deliveries, inbox (JSON layout: docs/cli.md)\n"
           "  sandbox [run]           the managed PostgreSQL plus a simulated partner with fault knobs, until SIGTERM\n"
           "  sandbox start|url       start the managed PostgreSQL (if needed) and print its URL for psql\n"
           "  sandbox status|stop     tell whether it runs / stop it\n"
           "  endpoint <action>       where events go, audited: add|list|show|set|pause|resume|rotate-secret|\n"
           "                          remove|set-status-url|set-private-network\n"
           "  partner <action>        who sends us webhooks: add|list|show|set|rotate-secret|remove (audited)\n"
           "  relay                   deliver outbox events to endpoints until SIGTERM (scope, rate cap, threads)\n"
           "  receive                 receive partners' webhooks into the inbox (and run the worker) until SIGTERM\n"
           "  worker                  process the inbox until SIGTERM: state machines, deferral, handler, quarantine\n"
           "  inbox <action>          received webhooks: list (deferred and quarantined first, with why)|retry\n"
           "  replay                  put dead deliveries or quarantined inbox rows back in the queue, audited\n"
           "  api                     serve the HTTP API with Idempotency-Key (docs/api.md) until SIGTERM\n"
           "  api-token <action>      the API's per-tenant tokens: add|list|revoke (audited)\n"
           "  idempotency <action>    Idempotency-Key records: list|resolve|purge (stuck ones first)\n"
           "  reconcile               compare our records with a partner's over a window; exits 3 while mismatches\n"
           "                          remain; reconcile source|list|resolve|resend|export for the rest\n"
           "\n"
           "Database: --database URL, else HOOKYARD_DATABASE_URL, else the libpq environment (PGHOST, PGSERVICE,\n"
           "~/.pgpass, ...).\n"
           "\n"
           "Exit codes: 0 ok, 1 the job failed (reason on stderr), 2 the command line is wrong.\n"_s;
}

} // namespace

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

int failWith(const QString &message, int code)
{
    // One line whatever it quotes (found by an adversarial helper: a name with a line break printed a second,
    // made-up "hookyard:" line).
    const QString line = message.simplified(); // line breaks become spaces
    QTextStream(stderr) << "hookyard: " << withoutControlCharacters(line, line.size()) << Qt::endl;
    return code;
}

namespace {

// QCommandLineParser's error in the wording of Hookyard's other errors: options as they are typed ("unknown option
// --colour", not "Unknown option 'colour'."), lower case, no full stop.
QString parseErrorText(const QCommandLineParser &parser)
{
    QStringList unknown = parser.unknownOptionNames();
    if (!unknown.isEmpty()) {
        for (QString &name : unknown)
            name.prepend(name.size() == 1 ? u"-"_s : u"--"_s);
        return (unknown.size() == 1 ? u"unknown option "_s : u"unknown options "_s) + unknown.join(u", "_s);
    }
    QString text = parser.errorText();
    if (text.endsWith(u'.'))
        text.chop(1);
    if (!text.isEmpty())
        text[0] = text[0].toLower();
    return text;
}

} // namespace

std::optional<int> parseOrExit(QCommandLineParser &parser, const CommandContext &context, const QString &synopsis,
                               const QStringList &actionLines, const QStringList &repeatable)
{
    const QCommandLineOption help(QStringList{u"h"_s, u"help"_s}, u"Show this help."_s);
    parser.addOption(help);
    if (!parser.parse(context.arguments))
        return failWith(parseErrorText(parser) + u" (see "_s + context.arguments.value(0) + u" --help)"_s, ExitUsage);
    if (parser.isSet(help)) {
        out() << formatHelp(context.commandName(), synopsis, parser, actionLines);
        out().flush();
        return ExitOk;
    }
    // An option that takes one value, given twice, kept the last without a word (found by trying bad input:
    // `--tolerance-s 5 --tolerance-s 10`). An empty value is refused too: it is an unset shell variable more often
    // than a choice (found by an adversarial helper: `--secret "$NEW"` made a secret nobody saw).
    const QStringList given = parser.optionNames();
    for (qsizetype i = 0; i < given.size(); ++i) {
        const QString &name = given.at(i);
        if (parser.values(name).contains(QString()))
            return failWith(u"--%1 is given an empty value; give one or leave the option out (see %2 --help)"_s.arg(
                                name, context.arguments.value(0)),
                            ExitUsage);
        if (!repeatable.contains(name) && given.indexOf(name, i + 1) > 0)
            return failWith(
                u"--%1 is given more than once; give it once (see %2 --help)"_s.arg(name, context.arguments.value(0)),
                ExitUsage);
    }
    return std::nullopt;
}

std::optional<int> parseOptionsOnlyOrExit(QCommandLineParser &parser, const CommandContext &context,
                                          const QString &synopsis, const QStringList &actionLines,
                                          const QStringList &repeatable)
{
    if (auto exit = parseOrExit(parser, context, synopsis, actionLines, repeatable))
        return exit;
    const QStringList words = parser.positionalArguments();
    if (words.isEmpty())
        return std::nullopt;
    return failWith(u"%1 takes options only; '%2' is not one of them (see hookyard %1 --help)"_s.arg(
                        context.commandName(), words.first()),
                    ExitUsage);
}

Result<OpenedDatabase> openConfiguredDatabase(const CommandContext &context)
{
    return openDatabase(context.databaseUrl, WhenUnconfigured::Fail);
}

QString databaseUrlOption(const QStringList &arguments)
{
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (isDatabaseOption(arguments.at(i)))
            return arguments.value(i + 1);
        if (arguments.at(i).startsWith(u"--database="_s))
            return arguments.at(i).mid(11);
    }
    return {};
}

bool isHeadless(const QStringList &arguments)
{
    if (commandIndex(arguments) >= 0)
        return true;
    for (const QString &argument : arguments) {
        if (argument == u"--help"_s || argument == u"-h"_s || argument == u"--version"_s)
            return true;
    }
    return false;
}

QString consoleArgumentError(const QStringList &arguments)
{
    if (QString error = databaseOptionError(arguments); !error.isEmpty())
        return error + u" (see hookyard --help)"_s;
    static const QStringList flags{u"--read-only"_s, u"--dark"_s, u"--local-engine"_s, u"--sandbox-simulation"_s};
    QSet<QString> given; // the options with a value seen so far, each allowed once as for a command
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (isDatabaseOption(argument)) {
            ++i;
            continue;
        }
        if (flags.contains(argument) || argument.startsWith(u"--database="_s))
            continue;
        if (argument.startsWith(u"--view="_s) || argument.startsWith(u"--language="_s)) {
            const QString option = argument.section(u'=', 0, 0);
            const QString value = argument.section(u'=', 1);
            if (given.contains(option))
                return u"%1 is given more than once"_s.arg(option);
            given.insert(option);
            if (option == u"--language"_s) {
                // A language Qt does not know is a typo; a known one without a translation opens in English.
                if (value.isEmpty() || QLocale(value).language() == QLocale::C)
                    return u"unknown language '%1': give a code such as en, be, lv or id"_s.arg(value);
                continue;
            }
            QStringList keys{u"overview"_s}; // the window's first page, not a table view
            for (View view : allViews())
                keys << describe(view).key;
            if (!keys.contains(value))
                return u"unknown view '%1': give one of %2"_s.arg(value, keys.join(u", "_s));
            continue;
        }
        // Qt reads options of its own for the console (-platform, -style, ...): words after one dash, which are left
        // to it. A single letter is none of them (`-v`), and ours have two dashes.
        if (argument.startsWith(u"--"_s) || (argument.size() == 2 && argument.startsWith(u'-')))
            return u"unknown option '%1' (see hookyard --help)"_s.arg(argument);
    }
    return {};
}

int run(const QStringList &arguments)
{
    if (const QString error = databaseOptionError(arguments); !error.isEmpty())
        return failWith(error + u" (see hookyard --help)"_s, ExitUsage);
    const qsizetype at = commandIndex(arguments);
    if (at < 0) {
        if (arguments.contains(u"--version"_s)) {
            out() << "hookyard " << QCoreApplication::applicationVersion() << Qt::endl;
            return ExitOk;
        }
        out() << usage();
        out().flush();
        return ExitOk;
    }

    const QString name = arguments.at(at);
    const auto entry = std::find_if(commands().begin(), commands().end(),
                                    [&](const CommandEntry &candidate) { return candidate.name == name; });
    if (entry == commands().end())
        return failWith(u"unknown command '%1' (see hookyard --help)"_s.arg(name), ExitUsage);

    // The subcommand sees its own arguments only; --database is global and may stand before or after it.
    CommandContext context{databaseUrlOption(arguments), {u"hookyard "_s + name}};
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (i == at)
            continue;
        if (isDatabaseOption(arguments.at(i))) {
            ++i;
            continue;
        }
        if (arguments.at(i).startsWith(u"--database="_s))
            continue;
        context.arguments << arguments.at(i);
    }
    return entry->run(context);
}

} // namespace hookyard::core::cli
