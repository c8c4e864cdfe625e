#include "outbox/OutboxProducer.h"

#include <QJsonDocument>
#include <QJsonParseError>

using namespace Qt::StringLiterals;

namespace hookyard::core {

Result<QUuid> enqueueOutboxEvent(const DatabaseConnection &connection, const OutboxEvent &event)
{
    QJsonParseError parseError;
    QJsonDocument::fromJson(event.payloadJson, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{u"the payload is not JSON: %1 at byte %2"_s.arg(parseError.errorString()).arg(parseError.offset)};
    if (event.eventType.isEmpty())
        return Error{u"an outbox event needs an event type"_s};

    const QUuid id = event.id.isNull() ? QUuid::createUuid() : event.id;
    const QVariant aggregateId = event.aggregateId.isNull()
                                     ? QVariant(QMetaType::fromType<QString>())
                                     : QVariant(event.aggregateId.toString(QUuid::WithoutBraces));
    auto inserted =
        connection.exec(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                        "VALUES (?::uuid, ?, ?::uuid, ?, ?::jsonb)"_s,
                        {id.toString(QUuid::WithoutBraces), event.aggregateType, aggregateId, event.eventType,
                         QString::fromUtf8(event.payloadJson)});
    if (!inserted)
        return Error{u"cannot enqueue the outbox event: "_s + inserted.error()};
    return id;
}

} // namespace hookyard::core
