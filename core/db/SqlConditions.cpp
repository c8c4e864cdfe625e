#include "db/SqlConditions.h"

using namespace Qt::StringLiterals;

namespace hookyard::core {

void SqlConditions::require(const QString &clause, const QVariantList &bound)
{
    clauses << clause;
    values << bound;
}

void SqlConditions::requireEventType(const QString &column, const QString &eventType)
{
    if (eventType.isEmpty() || eventType == u"*"_s)
        return;
    if (eventType.endsWith(u".*"_s))
        require(u"starts_with(%1, ?)"_s.arg(column), {eventType.chopped(1)});
    else
        require(u"%1 = ?"_s.arg(column), {eventType});
}

QString SqlConditions::eventTypeFilterProblem(const QString &eventType)
{
    if (eventType == u"*"_s || !eventType.contains(u'*'))
        return {};
    const bool prefix = eventType.endsWith(u".*"_s) && eventType.size() > 2 && eventType.count(u'*') == 1;
    if (prefix)
        return {};
    return u"event type filter '%1' cannot match: '*' stands alone (every type) or ends a prefix such as "
           "order.*"_s.arg(eventType);
}

void SqlConditions::requireTimeRange(const QString &column, const QDateTime &from, const QDateTime &until)
{
    // ISO 8601 text in UTC, to the millisecond, cast by the server.
    const auto text = [](const QDateTime &time) { return time.toUTC().toString(Qt::ISODateWithMs); };
    if (from.isValid())
        require(u"%1 >= ?::timestamptz"_s.arg(column), {text(from)});
    if (until.isValid())
        require(u"%1 < ?::timestamptz"_s.arg(column), {text(until)});
}

QString SqlConditions::sql() const
{
    return clauses.isEmpty() ? u"true"_s : clauses.join(u" AND "_s);
}

} // namespace hookyard::core
