#pragma once

// What every subcommand implementation shares. Each subcommand lives in its own <Name>Command.cpp, parses its own
// options, and is listed once in CommandLine.cpp's table. The helpers from out() to openConfiguredDatabase() are
// defined in CommandLine.cpp, the others in CommandSupport.cpp.

#include "cli/CommandLine.h"
#include "db/Database.h"
#include "db/DatabaseSetup.h"
#include "signing/SecretTables.h"
#include "util/TerminationSignals.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>
#include <QTimer>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <utility>

namespace hookyard::core {
struct ApiServerOptions;
}

namespace hookyard::core::cli {

struct CommandContext
{
    QString databaseUrl;   // --database, "" when not given
    QStringList arguments; // the subcommand's own arguments, [0] = "hookyard <command>"

    // "endpoint set": how a message about the command starts, after failWith's "hookyard: ".
    QString commandName() const { return arguments.value(0).mid(QStringLiteral("hookyard ").size()); }
};

QTextStream &out();
// Prints "hookyard: <message>" on stderr and returns code.
int failWith(const QString &message, int code = ExitFailure);
// Parses the subcommand's arguments; on an error or --help prints what is needed (the manual page of HelpPages.cpp,
// listing `actionLines` too when the command also has actions) and returns the exit code. An option given twice is
// an error unless `repeatable` names it (the command reads all its values).
std::optional<int> parseOrExit(QCommandLineParser &parser, const CommandContext &context, const QString &synopsis,
                               const QStringList &actionLines = {}, const QStringList &repeatable = {});
// The same for a command that takes options only: a word beside them (`replay --inbox A B`) is a usage error, not
// something to leave out without a word.
std::optional<int> parseOptionsOnlyOrExit(QCommandLineParser &parser, const CommandContext &context,
                                          const QString &synopsis, const QStringList &actionLines = {},
                                          const QStringList &repeatable = {});
// Resolves, connects and migrates the configured database (never the sandbox: headless commands are explicit).
Result<OpenedDatabase> openConfiguredDatabase(const CommandContext &context);
// The same, then a connection of its own for `purpose`.
Result<std::unique_ptr<DatabaseConnection>> openConfiguredConnection(const CommandContext &context,
                                                                     const QString &purpose);

extern const QCommandLineOption kReasonOption; // --reason TEXT, for the audit log
extern const QCommandLineOption kJsonOption;   // --json

std::optional<int> parseInt(const QString &text);
// --name N, a positive whole number; `fallback` when not given. A bad value is described in `error`.
// Bounds shared by the commands that claim rows: a poll interval of an hour, a lease margin of an hour (a lease is
// counted in seconds in an int with the handler's timeout), and a worker's connections.
constexpr int kMaxPollMs = 3600 * 1000;
constexpr int kMaxLeaseMarginSeconds = 3600;
constexpr int kMaxWorkerConcurrency = 1000;

std::optional<int> positiveInt(const QCommandLineParser &parser, const QString &name, int fallback, QString &error,
                               int maximum = std::numeric_limits<int>::max());

// ---- commands with actions on named things: `hookyard endpoint|partner <action> [NAME]` ----

struct Action
{
    QString name;
    int (*run)(const CommandContext &);
    QString synopsis;
    QString summary;
};

// The actions as --help lists them: "name synopsis" in a column `synopsisWidth` wide, then the summary.
QStringList actionLines(const QList<Action> &actions, int synopsisWidth);
// Runs the action named after `hookyard <noun>`, or prints the actions' usage (their synopses in a column
// `synopsisWidth` wide) for --help.
int runAction(const CommandContext &context, const QString &noun, const QList<Action> &actions, int synopsisWidth);
// The one NAME of a `noun` that an action takes; prints the usage error otherwise.
std::optional<QString> singleName(const QCommandLineParser &parser, const CommandContext &context, const QString &noun);

// What the setting options of an `add` and of the `set` that changes them later share (EndpointCommand.cpp,
// PartnerCommand.cpp): `set` starts from what is there, so its help texts name no defaults.
struct SettingOptionsBase
{
    enum class For
    {
        Add,
        Set
    };

    explicit SettingOptionsBase(For command)
        : forSet(command == For::Set)
    {}

    // " (default: TEXT)" for add; nothing for set.
    QString defaultText(const QString &text) const;

    const bool forSet;
};
// A `set` given none of its setting `options` is a usage error (exit 2, printed); nullopt when one is given.
std::optional<int> refuseNoSetting(const QCommandLineParser &parser, const CommandContext &context,
                                   const QList<QCommandLineOption> &options);

// Runs `work` with a Store (EndpointStore, PartnerStore) on a connection to the configured database, named after
// `noun`; prints the error and returns ExitFailure when there is none.
template<typename Store, typename Work> int withStore(const CommandContext &context, const QString &noun, Work work)
{
    auto connection = openConfiguredConnection(context, noun);
    if (!connection)
        return failWith(connection.error());
    return work(Store(*connection.value()));
}

// --retry: whole seconds separated by commas.
Result<QList<int>> parseRetrySchedule(const QString &text);
// A list option's words (--status pending,deferred), each once, in the order given. Each must be one of `allowed`;
// an empty one ("a,,b", a trailing comma) is refused as it is in --retry: a word left out by mistake.
Result<QStringList> parseWordList(const QString &optionName, const QString &text, const QStringList &allowed);
// One --header 'Name: value', as its name and value, trimmed. The error shows no more than the line's first word: a
// header may hold a secret (an API key).
Result<std::pair<QString, QString>> parseHeaderOption(const QString &line);
// --grace-hours: whole hours, 0 to a year; `fallback` when the option is not given.
Result<std::chrono::seconds> graceOption(const QCommandLineParser &parser, const QCommandLineOption &option,
                                         std::chrono::seconds fallback);

// The time an option such as --since names: ISO 8601 (a time without an offset is UTC), a date (its midnight UTC),
// "now", or "now-24h" / "now+15m" with s, m, h or d. The error names --`option`.
Result<QDateTime> parseTime(const QString &option, const QString &text);

QString isoUtc(const QDateTime &time);
QJsonValue textOrNull(const QString &text);
// A time as isoUtc writes it, or null when there is none.
QJsonValue timeOrNull(const QDateTime &time);
// Secrets as `show` prints them: their dates, never their values.
QJsonArray secretsJson(const QList<SecretInfo> &secrets);
QString secretDatesText(const SecretInfo &secret);
void printJson(const QJsonObject &object);
// Left-aligned columns as wide as their widest cell; the first row is the heading.
void printTable(const QList<QStringList> &rows);
// One "label    value" line of a `show` listing, labels padded to one column.
void printField(const char *label, const QString &value);
// "60 s, 300 s, 600 s": a retry schedule for people.
QString secondsList(const QList<int> &seconds);

// ---- commands that run background loops until SIGTERM: `hookyard relay|worker` ----

// Starts the loops (relays, inbox workers), runs the event loop until every one has stopped, and asks them all to
// stop on SIGTERM/SIGINT, after `stopping` (if given) has run; `started` reports each one as it starts. Once every
// loop has stopped (at once without loops, after a signal), it waits for `settled` (if given) to hold, looking every
// 10 ms: a receiver's answers still on their way. Returns ExitFailure when one stopped with an error (printed), else
// ExitOk.
template<typename Loop, typename Started>
int runUntilStopped(const QList<Loop *> &loops, Started started, const std::function<void()> &stopping = {},
                    const std::function<bool()> &settled = {})
{
    qsizetype running = loops.size();
    int exitCode = ExitOk;
    QTimer settling;
    settling.setInterval(10);
    QObject::connect(&settling, &QTimer::timeout, qApp, [&] {
        if (settled())
            QCoreApplication::quit();
    });
    bool stoppingRan = false;
    const auto runStopping = [&] {
        if (stopping && !std::exchange(stoppingRan, true))
            stopping();
    };
    // Also when the loops stopped on their own (an error): `stopping` has run before anything settles.
    const auto quitWhenSettled = [&] {
        runStopping();
        if (!settled || settled())
            QCoreApplication::quit();
        else
            settling.start();
    };
    // Connected before any loop starts, so that a loop stopping at once is not missed.
    for (Loop *loop : loops) {
        QObject::connect(
            loop, &Loop::stopped, qApp,
            [&](const QString &reason) {
                if (!reason.isEmpty()) {
                    failWith(reason);
                    exitCode = ExitFailure;
                }
                if (--running == 0)
                    quitWhenSettled();
            },
            Qt::QueuedConnection);
    }
    TerminationSignals termination;
    // The first signal drains: what is in flight finishes and is recorded. A second one stops at once, for an operator
    // who cannot wait for a hanging handler or endpoint; what was in flight returns to the queue when its lease ends
    // and may be sent again, with the same key. (Found by an adversarial helper: further signals did nothing, and
    // nothing said what the process was waiting for.)
    int signalsSeen = 0;
    QObject::connect(&termination, &TerminationSignals::terminationRequested, qApp, [&] {
        if (++signalsSeen == 1) {
            out() << "stopping: finishing the work in flight (a second signal stops at once)" << Qt::endl;
            runStopping();
            for (Loop *loop : loops)
                loop->requestStop();
            if (loops.isEmpty())
                quitWhenSettled();
            return;
        }
        failWith(QStringLiteral(
            "stopped at once by a second signal: the work in flight returns to the queue when its lease ends"));
        std::fflush(nullptr);
        std::_Exit(ExitFailure);
    });
    for (Loop *loop : loops) {
        loop->start();
        started(*loop);
    }
    QCoreApplication::exec();
    return exitCode;
}

// ---- the HTTP API's options, shared by `hookyard api` and `hookyard receive --api-listen` (ApiCommand.cpp) ----

// Adds --api-connections, --key-retention-hours and --key-lock-timeout.
void addApiOptions(QCommandLineParser &parser);
// The first of those options set on `parser`, without its dashes, or an empty string.
QString apiOptionGiven(const QCommandLineParser &parser);
// The API server's options from those and `listen` ("HOST:PORT", given with `listenOption`).
Result<ApiServerOptions> apiOptions(const QCommandLineParser &parser, const QString &listen,
                                    const QString &listenOption);

int runMigrate(const CommandContext &context);
int runStats(const CommandContext &context);
int runSandbox(const CommandContext &context);
int runEndpoint(const CommandContext &context);
int runPartner(const CommandContext &context);
int runRelay(const CommandContext &context);
int runReplay(const CommandContext &context);
int runWorker(const CommandContext &context);
int runReceive(const CommandContext &context);
int runApi(const CommandContext &context);
int runApiToken(const CommandContext &context);
int runIdempotency(const CommandContext &context);
int runInbox(const CommandContext &context);
int runReconcile(const CommandContext &context);

} // namespace hookyard::core::cli
