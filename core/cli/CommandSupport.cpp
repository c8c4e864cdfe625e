// Helpers several subcommands share (declared in Command.h).

#include "cli/Command.h"
#include "cli/HelpPages.h"
#include "util/ControlCharacters.h"

#include <QHash>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

const QCommandLineOption kReasonOption(u"reason"_s, u"Why, for the audit log."_s, u"text"_s);
const QCommandLineOption kJsonOption(u"json"_s, u"Print JSON (layout: docs/cli.md)."_s);

Result<std::unique_ptr<DatabaseConnection>> openConfiguredConnection(const CommandContext &context,
                                                                     const QString &purpose)
{
    auto opened = openConfiguredDatabase(context);
    if (!opened)
        return Error{opened.error()};
    return DatabaseConnection::open(opened.value().settings, purpose);
}

QStringList actionLines(const QList<Action> &actions, int synopsisWidth)
{
    QStringList lines;
    for (const Action &action : actions)
        lines << u"%1 %2"_s.arg(QString(action.name + u' ' + action.synopsis).leftJustified(synopsisWidth),
                                action.summary);
    return lines;
}

int runAction(const CommandContext &context, const QString &noun, const QList<Action> &actions, int synopsisWidth)
{
    const QString actionName = context.arguments.value(1);
    if (actionName == u"--help"_s || actionName == u"-h"_s) {
        out() << formatActionsHelp(noun, actionLines(actions, synopsisWidth));
        out().flush();
        return ExitOk;
    }
    const auto action = std::find_if(actions.begin(), actions.end(),
                                     [&](const Action &candidate) { return candidate.name == actionName; });
    if (action == actions.end()) {
        QStringList names;
        for (const Action &candidate : actions)
            names << candidate.name;
        const QString choices = names.mid(0, names.size() - 1).join(u", "_s) + u" or "_s + names.last();
        const QString problem = actionName.isEmpty() ? u"%1 needs an action"_s.arg(noun)
                                                     : u"unknown %1 action '%2'"_s.arg(noun, actionName);
        return failWith(problem + u": "_s + choices, ExitUsage);
    }
    CommandContext actionContext{context.databaseUrl, {context.arguments.value(0) + u' ' + actionName}};
    actionContext.arguments += context.arguments.mid(2);
    return action->run(actionContext);
}

std::optional<QString> singleName(const QCommandLineParser &parser, const CommandContext &context, const QString &noun)
{
    const QStringList names = parser.positionalArguments();
    if (names.size() == 1 && !names.first().isEmpty())
        return names.first();
    // "record ID" and "token LOOKUP" name their placeholder already; "endpoint" becomes "endpoint NAME".
    const QString last = noun.section(u' ', -1);
    const QString what = last == last.toUpper() ? noun : noun + u" NAME"_s;
    failWith(u"%1 needs exactly one %2 (see hookyard %1 --help)"_s.arg(context.commandName(), what), ExitUsage);
    return std::nullopt;
}

QString SettingOptionsBase::defaultText(const QString &text) const
{
    return forSet ? QString() : u" (default: "_s + text + u")"_s;
}

std::optional<int> refuseNoSetting(const QCommandLineParser &parser, const CommandContext &context,
                                   const QList<QCommandLineOption> &options)
{
    if (std::any_of(options.begin(), options.end(),
                    [&](const QCommandLineOption &option) { return parser.isSet(option); }))
        return std::nullopt;
    return failWith(u"%1 needs at least one setting to change (see hookyard %1 --help)"_s.arg(context.commandName()),
                    ExitUsage);
}

std::optional<int> parseInt(const QString &text)
{
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    return ok ? std::optional<int>(value) : std::nullopt;
}

Result<QList<int>> parseRetrySchedule(const QString &text)
{
    // A wait beyond a week, or a schedule of more than 100 waits, is a slip more often than a plan (found by an
    // adversarial helper: a wait of 2147483647 s was taken, and put the next attempt in 2105).
    constexpr int kMaxWaitSeconds = 7 * 24 * 3600;
    constexpr qsizetype kMaxWaits = 100;
    const QStringList parts = text.split(u',');
    if (parts.size() > kMaxWaits)
        return Error{u"--retry takes %1 waits at most, got %2"_s.arg(kMaxWaits).arg(parts.size())};
    QList<int> schedule;
    // Empty parts are kept and refused: "60,,300" is a wait left out by mistake, not two waits.
    for (const QString &part : parts) {
        const auto seconds = parseInt(part);
        // A wait of 0 or less is the command line's mistake as much as "6o" is (exit 2, not the store's 1).
        if (!seconds || *seconds <= 0 || *seconds > kMaxWaitSeconds)
            return Error{u"--retry needs whole seconds from 1 to %1 (a week), separated by commas, such as "
                         "60,300,600"_s.arg(kMaxWaitSeconds)};
        schedule << *seconds;
    }
    return schedule;
}

Result<QStringList> parseWordList(const QString &optionName, const QString &text, const QStringList &allowed)
{
    QStringList words;
    for (const QString &part : text.split(u',')) {
        const QString word = part.trimmed();
        if (word.isEmpty())
            return Error{u"--%1 has an empty word in '%2' (words separated by commas: %3)"_s.arg(optionName, text,
                                                                                                 allowed.join(u','))};
        if (!allowed.contains(word))
            return Error{u"--%1 takes %2; not '%3'"_s.arg(optionName, allowed.join(u", "_s), word)};
        if (!words.contains(word))
            words << word;
    }
    return words;
}

Result<std::chrono::seconds> graceOption(const QCommandLineParser &parser, const QCommandLineOption &option,
                                         std::chrono::seconds fallback)
{
    if (!parser.isSet(option))
        return fallback;
    // Found by trying bad input: 87600000 hours made an expiry past the year 9999, which `show` printed as none.
    constexpr int kMaxGraceHours = 8760; // a year: the old secret of a rotation is meant to stop
    const auto hours = parseInt(parser.value(option));
    if (!hours || *hours < 0 || *hours > kMaxGraceHours)
        return Error{
            u"--grace-hours needs a whole number of hours from 0 to %1 (a year), got '%2'"_s.arg(kMaxGraceHours)
                .arg(parser.value(option))};
    return std::chrono::seconds(std::chrono::hours(*hours));
}

std::optional<int> positiveInt(const QCommandLineParser &parser, const QString &name, int fallback, QString &error,
                               int maximum)
{
    if (!parser.isSet(name))
        return fallback;
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok || value <= 0 || value > maximum) {
        // The range is said whatever the maximum: "a positive integer" refused 99999999999 (found by an adversarial
        // helper).
        error = u"--%1 must be a whole number from 1 to %2, got '%3'"_s.arg(name).arg(maximum).arg(parser.value(name));
        return std::nullopt;
    }
    return value;
}

Result<std::pair<QString, QString>> parseHeaderOption(const QString &line)
{
    const qsizetype colon = line.indexOf(u':');
    if (colon < 0) {
        // Its first word is quoted only when it could be a header's name: `--header "$API_TOKEN"` is all secret.
        static const QRegularExpression fieldName(u"^[A-Za-z][A-Za-z0-9-]{0,39}$"_s);
        const QString first = line.trimmed().section(u' ', 0, 0);
        return Error{fieldName.match(first).hasMatch() && first.size() < line.trimmed().size()
                         ? u"--header needs 'Name: value'; the one that starts '%1' has no ':' (the rest is not "
                           "shown: a header may hold a secret)"_s.arg(first)
                         : u"--header needs 'Name: value', and one given has no ':' (not shown: a header may hold a "
                           "secret)"_s};
    }
    // HTTP allows no space in a name, nor between the name and the colon.
    const QString name = line.left(colon);
    if (name.trimmed().isEmpty() || name.contains(QRegularExpression(u"\\s"_s)))
        return Error{
            u"--header needs 'Name: value' with no space in or after the name; the name given is '%1'"_s.arg(name)};
    return std::pair{name, line.mid(colon + 1).trimmed()};
}

Result<QDateTime> parseTime(const QString &option, const QString &text)
{
    static const QRegularExpression relative(u"^now(?:([+-])([0-9]{1,6})([smhd]))?$"_s);
    if (const auto match = relative.match(text.trimmed()); match.hasMatch()) {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        if (match.captured(1).isEmpty())
            return now;
        static const QHash<QString, qint64> unit{{u"s"_s, 1}, {u"m"_s, 60}, {u"h"_s, 3600}, {u"d"_s, 86400}};
        const qint64 seconds = match.captured(2).toLongLong() * unit.value(match.captured(3));
        const QDateTime time = now.addSecs(match.captured(1) == u"-"_s ? -seconds : seconds);
        // Found in review: now-999999d lands before the year 1, which PostgreSQL cannot compare with.
        if (time.date().year() < 1 || time.date().year() > 9999)
            return Error{u"--%1 '%2' is outside the years 1 to 9999"_s.arg(option, text)};
        return time;
    }
    if (const QDate date = QDate::fromString(text.trimmed(), Qt::ISODate);
        date.isValid() && text.trimmed().size() == 10)
        return QDateTime(date, QTime(0, 0), Qt::UTC);
    const QDateTime time = QDateTime::fromString(text.trimmed(), Qt::ISODateWithMs);
    if (!time.isValid())
        return Error{u"--%1 '%2' is not a time: give ISO 8601 (2026-11-30T06:00:00Z), a date (2026-11-30), now or "
                     "now-24h"_s.arg(option, text)};
    return time.timeSpec() == Qt::LocalTime ? QDateTime(time.date(), time.time(), Qt::UTC) : time.toUTC();
}

QString isoUtc(const QDateTime &time)
{
    return time.isValid() ? time.toString(Qt::ISODateWithMs) : QString();
}

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(isoUtc(time)) : QJsonValue();
}

namespace {

// A rotated-out secret is kept after its grace period ends, until the next rotation drops it.
bool hasExpired(const SecretInfo &secret)
{
    return secret.expiresAt.isValid() && secret.expiresAt <= QDateTime::currentDateTimeUtc();
}

} // namespace

QJsonArray secretsJson(const QList<SecretInfo> &secrets)
{
    QJsonArray array;
    for (const SecretInfo &secret : secrets)
        array.append(QJsonObject{
            {u"created_at"_s, isoUtc(secret.createdAt)},
            {u"expires_at"_s, secret.expiresAt.isValid() ? QJsonValue(isoUtc(secret.expiresAt)) : QJsonValue()},
            {u"expired"_s, hasExpired(secret)}});
    return array;
}

QString secretDatesText(const SecretInfo &secret)
{
    // Found by an adversarial helper: after two rotations `show` listed three secrets "expires ..." beside "1 active",
    // and nothing said which two no longer counted.
    const QString end = !secret.expiresAt.isValid() ? u"no expiry"_s
                        : hasExpired(secret)        ? u"expired %1, no longer used"_s.arg(isoUtc(secret.expiresAt))
                                                    : u"expires %1"_s.arg(isoUtc(secret.expiresAt));
    return u"created %1, %2"_s.arg(isoUtc(secret.createdAt), end);
}

void printJson(const QJsonObject &object)
{
    out() << QJsonDocument(object).toJson(QJsonDocument::Indented);
    out().flush();
}

void printTable(const QList<QStringList> &printed)
{
    // A cell is one line of text: a control character that reached the database some other way (a line break, an
    // escape sequence) is shown as U+FFFD, so it neither breaks the table nor acts on the terminal.
    QList<QStringList> rows;
    for (const QStringList &row : printed) {
        QStringList cells;
        for (const QString &cell : row)
            cells << withoutControlCharacters(cell, cell.size());
        rows << cells;
    }
    QList<qsizetype> widths(rows.first().size(), 0);
    for (const QStringList &row : std::as_const(rows))
        for (qsizetype column = 0; column < row.size(); ++column)
            widths[column] = std::max(widths[column], row.at(column).size());
    for (const QStringList &row : std::as_const(rows)) {
        QString line;
        for (qsizetype column = 0; column < row.size(); ++column)
            line += row.at(column).leftJustified(widths[column] + 2);
        out() << line.trimmed() << '\n';
    }
    out().flush();
}

void printField(const char *label, const QString &value)
{
    out() << QString::fromLatin1(label).leftJustified(20) << value << '\n';
}

QString secondsList(const QList<int> &seconds)
{
    QStringList parts;
    for (int wait : seconds)
        parts << u"%1 s"_s.arg(wait);
    return parts.join(u", "_s);
}

} // namespace hookyard::core::cli
