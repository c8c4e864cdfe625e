// `hookyard migrate` and `hookyard stats`.

#include "cli/Command.h"
#include "db/Database.h"
#include "db/Migrator.h"
#include "stats/Stats.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

int runMigrate(const CommandContext &context)
{
    QCommandLineParser parser;
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"[--database URL]"_s))
        return *exit;
    auto opened = openConfiguredDatabase(context);
    if (!opened)
        return failWith(opened.error());
    const QList<int> &applied = opened.value().migrationsApplied;
    if (applied.isEmpty())
        out() << "schema is current (version " << Migrator::latestVersion() << ")" << Qt::endl;
    else
        out() << "applied " << applied.size() << " migration(s); schema is at version " << applied.last() << Qt::endl;
    return ExitOk;
}

int runStats(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption json(u"json"_s, u"Print one JSON object (layout: docs/cli.md)."_s);
    parser.addOption(json);
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"[--json]"_s))
        return *exit;

    auto connection = openConfiguredConnection(context, u"stats"_s);
    if (!connection)
        return failWith(connection.error());
    auto stats = collectStats(*connection.value());
    if (!stats)
        return failWith(u"cannot read the counts: "_s + stats.error());
    if (parser.isSet(json)) {
        out() << QJsonDocument(stats.value()).toJson(QJsonDocument::Indented);
        out().flush();
        return ExitOk;
    }
    for (const QString &section :
         {u"outbox"_s, u"deliveries"_s, u"inbox"_s, u"reconciliation"_s, u"rejected"_s, u"engines"_s}) {
        const QJsonObject counts = stats.value().value(section).toObject();
        if (counts.isEmpty())
            continue; // not readable by this role
        out() << section << ":";
        for (auto it = counts.begin(); it != counts.end(); ++it)
            out() << "  " << it.key() << " " << it.value().toInteger();
        out() << Qt::endl;
    }
    if (const QJsonArray notReadable = stats.value().value(u"not_readable"_s).toArray(); !notReadable.isEmpty()) {
        QStringList tables;
        for (const QJsonValue &table : notReadable)
            tables << table.toString();
        out() << "not counted (this database role may not read them): " << tables.join(u", "_s) << Qt::endl;
    }
    return ExitOk;
}

} // namespace hookyard::core::cli
