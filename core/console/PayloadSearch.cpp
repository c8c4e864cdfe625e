#include "console/PayloadSearch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// The fragment for `value` inside `node`, built from the innermost level out; nothing when it is not there.
std::optional<QJsonValue> fragmentWithin(const QJsonValue &node, const QJsonValue &value)
{
    if (node.isObject()) {
        const QJsonObject object = node.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.value() == value)
                return QJsonObject{{it.key(), value}};
            if (auto inner = fragmentWithin(it.value(), value))
                return QJsonObject{{it.key(), *inner}};
        }
    } else if (node.isArray()) {
        for (const QJsonValue &element : node.toArray()) {
            if (element == value)
                return QJsonArray{value};
            if (auto inner = fragmentWithin(element, value))
                return QJsonArray{*inner};
        }
    }
    return std::nullopt;
}

QString compact(const QJsonValue &value)
{
    return QString::fromUtf8(value.isObject() ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
                                              : QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
}

// LIKE matches `_` and `%` as wildcards and `\` as its escape: taken literally here.
QString likeLiteral(QString text)
{
    return text.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
}

} // namespace

QString fragmentFinding(const QJsonValue &document, const QJsonValue &value)
{
    if (!document.isObject() && !document.isArray())
        return {};
    const std::optional<QJsonValue> found = fragmentWithin(document, value);
    return found ? compact(*found) : QString();
}

Result<QString> payloadFragmentFor(const DatabaseConnection &connection, View view, const QString &text)
{
    // The newest rows by an indexed order: outbox events by their creation, inbox rows by their id (time-ordered for
    // what the receiver stores, and the primary key).
    QStringList newestPayloads;
    if (view == View::Outbox || view == View::DeadLetters)
        newestPayloads << u"SELECT payload FROM outbox_events ORDER BY created_at DESC, id DESC LIMIT %1"_s;
    if (view == View::Inbox || view == View::Deferred || view == View::DeadLetters)
        newestPayloads << u"SELECT payload FROM webhook_inbox ORDER BY id DESC LIMIT %1"_s;
    // Text that reads as a number is looked for as a number and as a string: an order number may be either.
    bool isNumber = false;
    const double number = text.toDouble(&isNumber);
    QList<QJsonValue> values{QJsonValue(text)};
    if (isNumber)
        values.prepend(QJsonValue(number));
    // The value as jsonb writes it: a string quoted and escaped (a number's digits are inside either form). A payload
    // whose text holds it may hold it as a key, or inside a longer value: each candidate is walked to be sure.
    const QString written = isNumber ? text : compact(QJsonArray{text}).mid(1).chopped(1);
    for (const QString &newest : std::as_const(newestPayloads)) {
        auto candidates =
            connection.exec(u"SELECT payload::text FROM (%1) newest WHERE payload::text LIKE ? LIMIT 20"_s.arg(
                                newest.arg(kPayloadsLooked)),
                            {QString(u'%' + likeLiteral(written) + u'%')});
        if (!candidates)
            return Error{u"cannot look for %1 in the payloads: %2"_s.arg(text, candidates.error())};
        while (candidates.value().next()) {
            const QJsonDocument payload = QJsonDocument::fromJson(candidates.value().value(0).toString().toUtf8());
            for (const QJsonValue &value : std::as_const(values)) {
                const QString fragment = fragmentFinding(
                    payload.isObject() ? QJsonValue(payload.object()) : QJsonValue(payload.array()), value);
                if (!fragment.isEmpty())
                    return fragment;
            }
        }
    }
    return QString();
}

} // namespace hookyard::core
