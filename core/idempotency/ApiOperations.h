#pragma once

#include "db/Database.h"
#include "idempotency/ApiResponse.h"
#include "util/Result.h"

#include <QByteArray>
#include <QString>
#include <QUuid>

#include <functional>

namespace hookyard::core {

// What the HTTP API does for each route (docs/api.md), on a connection of the calling thread. The server around
// them (ApiServer) authenticates, reserves Idempotency-Keys and sends the answers.

// A request an operation serves, already authenticated.
struct ApiCall
{
    QString tenant;
    QByteArray body;
};

// Records an operation's answer under its Idempotency-Key, in the connection's current transaction (IdempotencyStore::
// settle); a no-op for a request without a key. `resource` is what the operation made, if anything. An operation
// calls it for every answer below 500, inside the transaction of its work when it has one, so that the work and its
// recorded answer commit together; when it fails, the operation rolls back and answers 500.
using SettleAnswer = std::function<Status(const ApiResponse &answer, const QUuid &resource)>;

struct ApiOutcome
{
    ApiResponse response;
    // Only with a 5xx: the work may have been committed although its answer could not be recorded. The key then stays
    // reserved (it becomes stuck and waits for an operator) instead of being released for a retry to run again.
    bool effectMayExist = false;
};

// POST /v1/events: enqueues an outbox event (OutboxProducer) in one transaction with its recorded answer.
ApiOutcome postEvent(const DatabaseConnection &connection, const ApiCall &call, const SettleAnswer &settle);
// GET /v1/events/{id}: the event and every delivery of it.
ApiResponse getEvent(const DatabaseConnection &connection, const QString &id);
// POST /v1/replays: replays deliveries (replayDeliveries, audited), then records the replay and its answer.
ApiOutcome postReplay(const DatabaseConnection &connection, const ApiCall &call, const SettleAnswer &settle);
// GET /v1/replays/{id}: what a replay asked for and did, and where its deliveries are now.
ApiResponse getReplay(const DatabaseConnection &connection, const QString &id);

} // namespace hookyard::core
