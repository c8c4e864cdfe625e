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

QString ReplayFilter::condition(const QString &eventTypeColumn, const QString &timeColumn)
{
    // "prefix.*" takes every type that starts with "prefix."; any other text is one type.
    return u"(?::text = '' OR %1 = ? OR (right(?::text, 2) = '.*' AND starts_with(%1, left(?::text, -1)))) "
           "AND (?::timestamptz IS NULL OR %2 >= ?::timestamptz) AND (?::timestamptz IS NULL OR %2 < ?::timestamptz)"_s
               .arg(eventTypeColumn, timeColumn);
}

QVariantList ReplayFilter::values() const
{
    // A null QDateTime binds as SQL NULL; the type's text binds as '' when empty.
    const QVariant fromValue = from.isValid() ? QVariant(from.toUTC()) : QVariant(QMetaType::fromType<QDateTime>());
    const QVariant untilValue = until.isValid() ? QVariant(until.toUTC()) : QVariant(QMetaType::fromType<QDateTime>());
    const QString type = eventType.isNull() ? u""_s : eventType;
    return {type, type, type, type, fromValue, fromValue, untilValue, untilValue};
}

} // namespace hookyard::core
