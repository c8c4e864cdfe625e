#include "idempotency/ApiOperations.h"

#include "db/Jsonb.h"
#include "outbox/OutboxProducer.h"
#include "relay/DeliveryStore.h"
#include "util/ControlCharacters.h"
#include "util/JsonDuplicateMembers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSqlQuery>
#include <QStringList>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

Q_LOGGING_CATEGORY(lcApi, "hookyard.api")

constexpr int kMaxReplayIds = 10000;

ApiResponse invalidRequest(const QString &detail)
{
    return problemResponse(422, u"invalid-request"_s, u"Invalid request"_s, detail);
}

ApiResponse notFound(const QString &detail)
{
    return problemResponse(404, u"not-found"_s, u"Not found"_s, detail);
}

// A failure of the operation itself (the database refused or lost a statement): nothing of it was committed unless
// the outcome says otherwise. The reason goes to the log, not to the client.
ApiOutcome operationFailed(const QString &what, const QString &why, bool effectMayExist = false)
{
    qCWarning(lcApi).noquote() << what + u": "_s + why;
    return {problemResponse(500, u"operation-failed"_s, u"Operation failed"_s,
                            effectMayExist ? what + u"; its effect may have been committed but its answer could "
                                                    "not be recorded, so its Idempotency-Key stays reserved for an "
                                                    "operator."_s
                                           : what + u"; nothing was committed. Retry later with the same "
                                                    "Idempotency-Key."_s),
            effectMayExist};
}

// An answer without work to commit with it (the request was refused): recorded on its own.
ApiOutcome refused(const ApiResponse &answer, const SettleAnswer &settle)
{
    if (auto settled = settle(answer, {}); !settled)
        return operationFailed(u"the answer could not be recorded"_s, settled.error());
    return {answer};
}

// The body as a JSON object with no other members than `allowed`; the problem to answer otherwise.
std::optional<ApiResponse> readObject(const QByteArray &body, const QStringList &allowed, QJsonObject &object)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError)
        return problemResponse(400, u"invalid-json"_s, u"Body is not JSON"_s,
                               u"The body is not JSON: %1 at byte %2."_s.arg(error.errorString()).arg(error.offset));
    if (!document.isObject())
        return problemResponse(400, u"invalid-json"_s, u"Body is not a JSON object"_s,
                               u"The body must be a JSON object."_s);
    // Found by an adversarial helper: of two "payload" members the last one was stored, without a word.
    if (const std::optional<QString> twice = firstDuplicateMember(body))
        return invalidRequest(u"The member at %1 is given twice; give each member once."_s.arg(*twice));
    object = document.object();
    // Valid JSON that PostgreSQL's jsonb cannot store: bad input, not a failure to retry (found by trying bad input:
    // an unpaired surrogate got a 500 that asked for a retry with the same key, for ever).
    if (mayHoldUnstorableJson(body) && !jsonbCanStore(object))
        return problemResponse(400, u"invalid-json"_s, u"Body holds text that cannot be stored"_s,
                               u"The body contains \\u0000 or an unpaired surrogate (\\ud800-\\udfff), which cannot "
                               "be stored."_s);
    for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
        if (!allowed.contains(it.key()))
            return invalidRequest(u"Unknown member \"%1\"; the members are %2."_s.arg(it.key(), allowed.join(u", "_s)));
    }
    return std::nullopt;
}

// A member that is absent, null or a string of at most `maxLength` characters (at least one when required).
std::optional<ApiResponse> readText(const QJsonObject &object, const QString &name, qsizetype maxLength, bool required,
                                    QString &text)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            return invalidRequest(u"\"%1\" is required."_s.arg(name));
        return std::nullopt;
    }
    // Characters as the columns' VARCHAR(n) counts them, not UTF-16 units (an emoji is one).
    const qsizetype characters = value.isString() ? value.toString().toUcs4().size() : 0;
    if (characters < 1 || characters > maxLength)
        return invalidRequest(u"\"%1\" must be a string of 1 to %2 characters."_s.arg(name).arg(maxLength));
    text = value.toString();
    return std::nullopt;
}

// A member that is absent, null or a UUID in its usual form (36 characters, no braces).
std::optional<ApiResponse> readUuid(const QJsonObject &object, const QString &name, QUuid &uuid)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    const QString text = value.toString();
    uuid = QUuid::fromString(text);
    if (!value.isString() || text.size() != 36 || uuid.isNull())
        return invalidRequest(u"\"%1\" must be a UUID such as 4f0c6ee5-1f52-4c49-9d8e-4bde5a0d3c1a."_s.arg(name));
    return std::nullopt;
}

// The one row `sql` selects for the resource named by a path segment, `id` (bound as the only '?', in its canonical
// form, which `idText` receives). The problem to answer instead when `id` is no UUID, no row has it (404, naming
// `what`) or the database fails.
std::optional<ApiResponse> readResource(const DatabaseConnection &connection, const QString &what, const QString &id,
                                        const QString &sql, QSqlQuery &row, QString &idText)
{
    const QUuid uuid = id.size() == 36 ? QUuid::fromString(id) : QUuid();
    if (uuid.isNull())
        return notFound(u"No %1 has the id \"%2\": %1 ids are UUIDs."_s.arg(what, id));
    idText = uuid.toString(QUuid::WithoutBraces);
    auto query = connection.exec(sql, {idText});
    if (!query)
        return storeUnavailableResponse();
    row = std::move(query.value());
    if (!row.next())
        return notFound(u"No %1 has the id %2."_s.arg(what, idText));
    return std::nullopt;
}

QJsonValue timeOrNull(const QVariant &value)
{
    return value.isNull() ? QJsonValue() : QJsonValue(toUtc(value).toString(Qt::ISODateWithMs));
}

QJsonValue textOrNull(const QVariant &value)
{
    return value.isNull() ? QJsonValue() : QJsonValue(value.toString());
}

QJsonValue integerOrNull(const QVariant &value)
{
    return value.isNull() ? QJsonValue() : QJsonValue(value.toLongLong());
}

// The deliveries listed with their endpoint and where they stand now.
Result<QJsonArray> deliveriesJson(const DatabaseConnection &connection, const QString &condition, const QVariant &value)
{
    auto query = connection.exec(
        u"SELECT d.id, ep.name, d.state, d.attempt_count, d.last_status_code, d.last_error, d.dead_reason,"
        " CASE WHEN d.state = 'pending' THEN d.next_attempt_at END, d.delivered_at, d.resolved_at"
        " FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id WHERE %1 ORDER BY d.id"_s.arg(condition),
        {value});
    if (!query)
        return Error{query.error()};
    QJsonArray deliveries;
    while (query.value().next()) {
        const QSqlQuery &row = query.value();
        deliveries.append(QJsonObject{{u"id"_s, row.value(0).toLongLong()},
                                      {u"endpoint"_s, row.value(1).toString()},
                                      {u"state"_s, row.value(2).toString()},
                                      {u"attempts"_s, row.value(3).toLongLong()},
                                      {u"last_status_code"_s, integerOrNull(row.value(4))},
                                      {u"last_error"_s, textOrNull(row.value(5))},
                                      {u"dead_reason"_s, textOrNull(row.value(6))},
                                      {u"next_attempt_at"_s, timeOrNull(row.value(7))},
                                      {u"delivered_at"_s, timeOrNull(row.value(8))},
                                      {u"resolved_at"_s, timeOrNull(row.value(9))}});
    }
    return deliveries;
}

// An event's most urgent delivery state, as the console's Outbox view shows it; "none" without deliveries.
QString eventState(const QJsonArray &deliveries)
{
    QStringList states;
    for (const QJsonValue &delivery : deliveries)
        states << delivery[u"state"_s].toString();
    for (const QString &state : {u"dead"_s, u"unknown"_s, u"held"_s, u"pending"_s, u"delivered"_s}) {
        if (states.contains(state))
            return state;
    }
    return u"none"_s;
}

// What a replay request asks for, checked against the database. A refused request gets its problem.
struct ReplayRequest
{
    ReplaySelection selection;
    QJsonObject selectionJson;
    QString reason;
};

std::optional<ApiResponse> readReplayRequest(const DatabaseConnection &connection, const QByteArray &body,
                                             ReplayRequest &request, QString &failure)
{
    QJsonObject object;
    if (auto problem = readObject(body, {u"endpoint"_s, u"delivery_ids"_s, u"reason"_s}, object))
        return problem;
    if (object.contains(u"endpoint"_s) == object.contains(u"delivery_ids"_s))
        return invalidRequest(u"Say what to replay: either \"endpoint\" (its dead deliveries) or \"delivery_ids\"."_s);
    if (auto problem = readText(object, u"reason"_s, 1000, false, request.reason))
        return problem;

    if (object.contains(u"endpoint"_s)) {
        if (auto problem = readText(object, u"endpoint"_s, 63, true, request.selection.endpointName))
            return problem;
        request.selectionJson = {{u"endpoint"_s, request.selection.endpointName}};
        auto exists =
            connection.exec(u"SELECT state FROM endpoints WHERE name = ?"_s, {request.selection.endpointName});
        if (!exists) {
            failure = exists.error();
            return std::nullopt;
        }
        if (!exists.value().next())
            return invalidRequest(u"No endpoint is named \"%1\"."_s.arg(request.selection.endpointName));
        // replayDeliveries refuses it too; refused here it is a 409, not a failure to retry (found in review).
        if (exists.value().value(0).toString() == u"disabled"_s)
            return problemResponse(
                409, u"not-replayable"_s, u"Not replayable"_s,
                u"Endpoint \"%1\" is disabled: resume it first."_s.arg(request.selection.endpointName));
        return std::nullopt;
    }

    const QJsonValue ids = object.value(u"delivery_ids"_s);
    const QJsonArray array = ids.toArray();
    if (!ids.isArray() || array.isEmpty() || array.size() > kMaxReplayIds)
        return invalidRequest(u"\"delivery_ids\" must be an array of 1 to %1 delivery ids."_s.arg(kMaxReplayIds));
    QStringList listed;
    for (const QJsonValue &id : array) {
        const double number = id.toDouble();
        if (!id.isDouble() || number < 1 || number > 9007199254740991.0 || number != double(qint64(number)))
            return invalidRequest(u"\"delivery_ids\" must hold delivery ids: positive whole numbers."_s);
        if (!request.selection.deliveryIds.contains(qint64(number))) {
            request.selection.deliveryIds << qint64(number);
            listed << QString::number(qint64(number));
        }
    }
    request.selectionJson = {{u"delivery_ids"_s, array}};
    auto found = connection.exec(
        u"SELECT d.id, CASE WHEN ep.state = 'disabled' AND d.state <> 'pending' THEN 'held' ELSE d.state END "
        "FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id "
        "WHERE d.id = ANY (string_to_array(?, ',')::bigint[])"_s,
        {listed.join(u',')});
    if (!found) {
        failure = found.error();
        return std::nullopt;
    }
    QHash<qint64, QString> states;
    while (found.value().next())
        states.insert(found.value().value(0).toLongLong(), found.value().value(1).toString());
    QStringList missing;
    for (qint64 id : std::as_const(request.selection.deliveryIds)) {
        if (!states.contains(id))
            missing << QString::number(id);
    }
    // The first few name the mistake; all of 10,000 made an answer of 60 kB (found by an adversarial helper).
    constexpr qsizetype kMissingIdsNamed = 20;
    if (missing.size() == 1)
        return invalidRequest(u"No delivery has the id %1."_s.arg(missing.first()));
    if (!missing.isEmpty())
        return invalidRequest(u"%1 of the %2 listed delivery ids are no delivery's: %3%4."_s.arg(missing.size())
                                  .arg(request.selection.deliveryIds.size())
                                  .arg(missing.mid(0, kMissingIdsNamed).join(u", "_s),
                                       missing.size() > kMissingIdsNamed ? u", …"_s : QString()));
    // One delivery that cannot be replayed is refused with the reason; in a list, such deliveries are skipped. A
    // delivery of a disabled endpoint counts as held: replayDeliveries leaves it alone until the endpoint is resumed.
    if (request.selection.deliveryIds.size() == 1) {
        const qint64 id = request.selection.deliveryIds.first();
        const QString state = states.value(id);
        if (state == u"pending"_s || state == u"held"_s)
            return problemResponse(409, u"not-replayable"_s, u"Not replayable"_s,
                                   state == u"pending"_s
                                       ? u"Delivery %1 is already queued (pending)."_s.arg(id)
                                       : u"Delivery %1's endpoint is disabled: resume the endpoint first."_s.arg(id));
    }
    return std::nullopt;
}

} // namespace

ApiOutcome postEvent(const DatabaseConnection &connection, const ApiCall &call, const SettleAnswer &settle)
{
    QJsonObject request;
    if (auto problem = readObject(
            call.body, {u"id"_s, u"event_type"_s, u"aggregate_type"_s, u"aggregate_id"_s, u"payload"_s}, request))
        return refused(*problem, settle);
    OutboxEvent event;
    for (auto problem :
         {readText(request, u"event_type"_s, 100, true, event.eventType),
          readText(request, u"aggregate_type"_s, 50, false, event.aggregateType),
          readUuid(request, u"aggregate_id"_s, event.aggregateId), readUuid(request, u"id"_s, event.id)}) {
        if (problem)
            return refused(*problem, settle);
    }
    // Endpoints subscribe to event types by name and pattern: one with a blank or a control character in it could
    // only be matched by "*" (found by trying bad input: "   " was accepted).
    if (holdsControlCharacter(event.eventType) ||
        std::any_of(event.eventType.cbegin(), event.eventType.cend(), [](QChar c) { return c.isSpace(); }))
        return refused(invalidRequest(u"\"event_type\" is a name such as order.paid, without blanks or control "
                                      "characters."_s),
                       settle);
    const QJsonValue payload = request.value(u"payload"_s);
    if (!payload.isObject() && !payload.isArray())
        return refused(invalidRequest(u"\"payload\" is required: the webhook body, a JSON object or array."_s), settle);
    const QUuid id = event.id.isNull() ? QUuid::createUuid() : event.id;
    event.id = id;
    const QString idText = id.toString(QUuid::WithoutBraces);

    auto answered = inTransaction(connection, [&]() -> Result<ApiResponse> {
        // The producers' primary key is the second line of defence: an id that exists is refused here, and one that
        // a concurrent request inserts first fails the INSERT below.
        auto exists = connection.exec(u"SELECT 1 FROM outbox_events WHERE id = ?::uuid"_s, {idText});
        if (!exists)
            return Error{exists.error()};
        if (exists.value().next()) {
            const ApiResponse answer = problemResponse(
                409, u"event-exists"_s, u"Event exists"_s,
                u"An outbox event with the id %1 exists already; it was not enqueued again."_s.arg(idText));
            if (auto settled = settle(answer, {}); !settled)
                return Error{settled.error()};
            return answer;
        }
        // The payload as PostgreSQL reads it from the body: numbers keep every digit (a double would not).
        auto payloadText = connection.exec(u"SELECT (?::jsonb -> 'payload')::text"_s, {QString::fromUtf8(call.body)});
        if (!payloadText)
            return Error{payloadText.error()};
        payloadText.value().next();
        event.payloadJson = payloadText.value().value(0).toString().toUtf8();
        if (auto enqueued = enqueueOutboxEvent(connection, event); !enqueued)
            return Error{enqueued.error()};
        auto fannedOut = connection.exec(u"SELECT count(*) FROM deliveries WHERE event_id = ?::uuid"_s, {idText});
        if (!fannedOut)
            return Error{fannedOut.error()};
        fannedOut.value().next();
        const QString location = u"/v1/events/"_s + idText;
        const ApiResponse answer = jsonResponse(201,
                                                {{u"id"_s, idText},
                                                 {u"event_type"_s, event.eventType},
                                                 {u"deliveries"_s, fannedOut.value().value(0).toLongLong()},
                                                 {u"status_url"_s, location}},
                                                {{"Location"_ba, location.toLatin1()}});
        if (auto settled = settle(answer, id); !settled)
            return Error{settled.error()};
        return answer;
    });
    if (!answered)
        return operationFailed(u"the event could not be enqueued"_s, answered.error());
    return {answered.value()};
}

ApiResponse getEvent(const DatabaseConnection &connection, const QString &id)
{
    QSqlQuery row;
    QString idText;
    if (auto problem = readResource(
            connection, u"event"_s, id,
            u"SELECT e.event_type, e.aggregate_type, e.aggregate_id::text, e.created_at::timestamptz,"
            " e.processed_at::timestamptz, n.note"
            " FROM outbox_events e LEFT JOIN outbox_event_notes n ON n.event_id = e.id WHERE e.id = ?::uuid"_s,
            row, idText))
        return *problem;
    auto deliveries = deliveriesJson(connection, u"d.event_id = ?::uuid"_s, idText);
    if (!deliveries)
        return storeUnavailableResponse();
    return jsonResponse(200, {{u"id"_s, idText},
                              {u"event_type"_s, textOrNull(row.value(0))},
                              {u"aggregate_type"_s, textOrNull(row.value(1))},
                              {u"aggregate_id"_s, textOrNull(row.value(2))},
                              {u"created_at"_s, timeOrNull(row.value(3))},
                              {u"processed_at"_s, timeOrNull(row.value(4))},
                              {u"state"_s, eventState(deliveries.value())},
                              {u"note"_s, textOrNull(row.value(5))},
                              {u"deliveries"_s, deliveries.value()}});
}

ApiOutcome postReplay(const DatabaseConnection &connection, const ApiCall &call, const SettleAnswer &settle)
{
    ReplayRequest request;
    QString failure;
    if (auto problem = readReplayRequest(connection, call.body, request, failure))
        return refused(*problem, settle);
    if (!failure.isEmpty())
        return operationFailed(u"the replay could not be checked"_s, failure);

    // The replay id names the replay in its audit record, where it is found again below.
    const QUuid id = QUuid::createUuid();
    const QString idText = id.toString(QUuid::WithoutBraces);
    QString reason = u"API replay %1 for tenant %2"_s.arg(idText, call.tenant);
    if (!request.reason.isEmpty())
        reason += u": "_s + request.reason;
    auto replayed = replayDeliveries(connection, request.selection, reason);
    // replayDeliveries rolled its transaction back, unless the connection was lost: then its COMMIT may have been
    // carried out without its answer arriving, and running it again on a retry could replay twice.
    if (!replayed)
        return operationFailed(u"the replay failed"_s, replayed.error(), !connection.database().isOpen());
    if (request.selection.deliveryIds.size() == 1 && replayed.value() == 0)
        return refused(problemResponse(409, u"not-replayable"_s, u"Not replayable"_s,
                                       noLongerReplayable(request.selection.deliveryIds.first()) + u'.'),
                       settle);

    // The replay and its audit record are committed; recording them here is a transaction of its own.
    auto answered = inTransaction(connection, [&]() -> Result<ApiResponse> {
        auto recorded = connection.exec(
            u"INSERT INTO api_replays (id, tenant, selection, replayed, audit_id)"
            " VALUES (?::uuid, ?, ?::jsonb, ?, (SELECT id FROM audit_log WHERE action = 'replay' AND reason = ?"
            "   AND at > now() - interval '1 hour' ORDER BY at DESC, id DESC LIMIT 1))"_s,
            {idText, call.tenant,
             QString::fromUtf8(QJsonDocument(request.selectionJson).toJson(QJsonDocument::Compact)), replayed.value(),
             reason});
        if (!recorded)
            return Error{recorded.error()};
        const QString location = u"/v1/replays/"_s + idText;
        QJsonObject body{{u"id"_s, idText}, {u"replayed"_s, replayed.value()}, {u"status_url"_s, location}};
        if (!request.selection.deliveryIds.isEmpty())
            body.insert(u"skipped"_s, request.selection.deliveryIds.size() - replayed.value());
        const ApiResponse answer = jsonResponse(201, body, {{"Location"_ba, location.toLatin1()}});
        if (auto settled = settle(answer, id); !settled)
            return Error{settled.error()};
        return answer;
    });
    if (!answered)
        return operationFailed(u"replay %1 was done but could not be recorded"_s.arg(idText), answered.error(), true);
    return {answered.value()};
}

ApiResponse getReplay(const DatabaseConnection &connection, const QString &id)
{
    QSqlQuery row;
    QString idText;
    if (auto problem = readResource(connection, u"replay"_s, id,
                                    u"SELECT r.tenant, r.selection::text, r.replayed, r.created_at, a.id, a.os_user,"
                                    " a.db_role, coalesce(a.details -> 'delivery_ids', '[]')::text"
                                    " FROM api_replays r LEFT JOIN audit_log a ON a.id = r.audit_id"
                                    " WHERE r.id = ?::uuid"_s,
                                    row, idText))
        return *problem;
    // The deliveries the replay put back in the queue, as its audit record lists them, and where they are now.
    QStringList replayedIds;
    for (const QJsonValue &delivery : QJsonDocument::fromJson(row.value(7).toString().toUtf8()).array())
        replayedIds << QString::number(delivery.toInteger());
    auto deliveries =
        deliveriesJson(connection, u"d.id = ANY (string_to_array(?, ',')::bigint[])"_s, replayedIds.join(u','));
    if (!deliveries)
        return storeUnavailableResponse();
    return jsonResponse(200, {{u"id"_s, idText},
                              {u"tenant"_s, row.value(0).toString()},
                              {u"selection"_s, QJsonDocument::fromJson(row.value(1).toString().toUtf8()).object()},
                              {u"replayed"_s, row.value(2).toLongLong()},
                              {u"created_at"_s, timeOrNull(row.value(3))},
                              {u"audit_id"_s, integerOrNull(row.value(4))},
                              {u"os_user"_s, textOrNull(row.value(5))},
                              {u"db_role"_s, textOrNull(row.value(6))},
                              {u"deliveries"_s, deliveries.value()}});
}

} // namespace hookyard::core
