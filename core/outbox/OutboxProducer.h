#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QByteArray>
#include <QString>
#include <QUuid>

namespace hookyard::core {

// One event a C++ producer wants delivered. Producers in other languages write the same row with plain SQL
// (docs/producers.md).
struct OutboxEvent
{
    QUuid id; // generated when null; it becomes the webhook-id and Idempotency-Key of every delivery
    QString aggregateType;
    QUuid aggregateId;
    QString eventType;
    QByteArray payloadJson; // the exact webhook body, a JSON document
};

// Writes the event into outbox_events on `connection`, which should be inside the caller's open business
// transaction: the event then commits or rolls back with the business change, and its deliveries are created by
// the fan-out trigger in that same transaction. Returns the event id.
Result<QUuid> enqueueOutboxEvent(const DatabaseConnection &connection, const OutboxEvent &event);

} // namespace hookyard::core
