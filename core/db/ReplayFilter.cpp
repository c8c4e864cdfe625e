#include "db/ReplayFilter.h"

using namespace Qt::StringLiterals;

namespace hookyard::core {

QString ReplayFilter::describe() const
{
    QStringList parts;
    if (!eventType.isEmpty())
        parts << u"of type "_s + eventType;
    if (from.isValid())
        parts << u"from "_s + from.toUTC().toString(Qt::ISODate);
    if (until.isValid())
        parts << u"until "_s + until.toUTC().toString(Qt::ISODate);
    return parts.isEmpty() ? QString() : u" "_s + parts.join(u", "_s);
}

SqlConditions ReplayFilter::conditions(const QString &eventTypeColumn, const QString &timeColumn) const
{
    SqlConditions conditions;
    conditions.requireEventType(eventTypeColumn, eventType);
    conditions.requireTimeRange(timeColumn, from, until);
    return conditions;
}

} // namespace hookyard::core
