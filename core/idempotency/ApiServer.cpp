#include "idempotency/ApiServer.h"

#include "db/Database.h"
#include "http/HttpServer.h"
#include "idempotency/ApiOperations.h"
#include "idempotency/ApiTokens.h"
#include "idempotency/IdempotencyStore.h"
#include "util/ControlCharacters.h"

#include <QDateTime>
#include <QLoggingCategory>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

Q_LOGGING_CATEGORY(lcApiServer, "hookyard.api")

constexpr qsizetype kMaxKeyLength = 255;

// Why an Idempotency-Key header value is no key; nothing when it is one. Found by trying bad input: bytes that are not
// UTF-8 became U+FFFD, so two different keys shared one record and the second request was answered from the first's
// (its operation never ran); control characters reached the terminal of whoever listed the records; and the length
// was counted in UTF-16 units, unlike the records' own CHECK.
std::optional<QString> keyProblem(const QByteArray &value)
{
    if (!QByteArrayView(value).isValidUtf8())
        return u"An Idempotency-Key is UTF-8 text; this one holds bytes that are not UTF-8."_s;
    const QString key = QString::fromUtf8(value);
    if (holdsControlCharacter(key))
        return u"An Idempotency-Key holds no control characters; this one does."_s;
    const qsizetype characters = key.toUcs4().size();
    if (characters < 1 || characters > kMaxKeyLength)
        return u"An Idempotency-Key has 1 to %1 characters; this one has %2."_s.arg(kMaxKeyLength).arg(characters);
    return std::nullopt;
}

// Whether a request's Content-Type lets its body be read as JSON: application/json or a type of the +json family
// (parameters such as a charset aside), or none at all. Found by trying bad input: a body curl sent with -d (declared
// a form) was read as JSON, so a client's mistake in its headers went unnoticed until another server refused it.
bool declaresJsonOrNothing(const QByteArray &contentType)
{
    if (contentType.isEmpty())
        return true;
    const qsizetype parameters = contentType.indexOf(';');
    const QByteArray mediaType = (parameters < 0 ? contentType : contentType.left(parameters)).trimmed().toLower();
    return mediaType == "application/json" || (mediaType.startsWith("application/") && mediaType.endsWith("+json"));
}

// The answer to a request the HTTP server cannot read (HttpServer::RefusalFormatter), in the API's problem format.
HttpServer::RefusalBody refusalProblem(int status, const QString &reason)
{
    const auto [slug, title] = [status]() -> std::pair<QString, QString> {
        switch (status) {
        case 408:
            return {u"request-timeout"_s, u"Request timeout"_s};
        case 411:
            return {u"length-required"_s, u"Length required"_s};
        case 413:
            return {u"body-too-large"_s, u"Body too large"_s};
        case 431:
            return {u"header-too-large"_s, u"Request header fields too large"_s};
        default:
            return {u"malformed-request"_s, u"Malformed request"_s};
        }
    }();
    const ApiResponse problem =
        problemResponse(status, slug, title, u"The request cannot be read: %1. The connection closes."_s.arg(reason));
    return {"application/problem+json"_ba, problem.body};
}

// What a request's path asks for.
struct Route
{
    enum class Kind
    {
        Events,  // POST /v1/events
        Event,   // GET /v1/events/{id}
        Replays, // POST /v1/replays
        Replay,  // GET /v1/replays/{id}
    };
    Kind kind;
    QString id;        // of Event and Replay
    QByteArray method; // the one the route takes
    QString operation; // of a POST, the idempotency scope's operation: "POST /v1/events"
};

std::optional<Route> routeOf(QByteArrayView path)
{
    const auto collection = [&](QByteArrayView name, Route::Kind post, Route::Kind get) -> std::optional<Route> {
        const QByteArray prefix = "/v1/" + name.toByteArray();
        if (path == prefix)
            return Route{post, {}, "POST"_ba, u"POST "_s + QString::fromLatin1(prefix)};
        if (path.startsWith(QByteArray(prefix + '/'))) {
            const QByteArrayView id = path.sliced(prefix.size() + 1);
            if (!id.isEmpty() && !id.contains('/'))
                return Route{get, QString::fromUtf8(QByteArray::fromPercentEncoding(id.toByteArray())), "GET"_ba, {}};
        }
        return std::nullopt;
    };
    if (auto events = collection("events", Route::Kind::Events, Route::Kind::Event))
        return events;
    return collection("replays", Route::Kind::Replays, Route::Kind::Replay);
}

void respond(const HttpResponder &responder, const ApiResponse &answer)
{
    responder.respond(answer.status, answer.headers, answer.body);
}

ApiResponse unauthorized(const QString &detail, const QByteArray &challenge)
{
    return problemResponse(401, u"unauthorized"_s, u"Unauthorized"_s, detail, {}, {{"WWW-Authenticate"_ba, challenge}});
}

} // namespace

ApiServer::ApiServer(ConnectionSettings settings, ApiServerOptions options, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_options(options)
    , m_server(std::make_unique<HttpServer>())
{
    m_pool.setMaxThreadCount(std::max(1, options.connections));
    m_pool.setExpiryTimeout(-1); // a thread keeps its connection for the server's life
    m_server->setMaxBodyBytes(options.maxBodyBytes);
    m_server->setRefusalFormatter(refusalProblem);
    m_server->setHeadHandler([this](const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder) {
        checkHead(head, bodyBytes, responder);
    });
    m_server->setHandler([this](const HttpRequest &request, const HttpResponder &responder) {
        m_pool.start([this, request, responder] {
            const ApiResponse answer = execute(request);
            // The responder is used on the server's thread only, which is this object's.
            QMetaObject::invokeMethod(
                this, [responder, answer] { respond(responder, answer); }, Qt::QueuedConnection);
        });
    });
    m_purgeTimer.setInterval(int(options.purgeInterval.count()));
    connect(&m_purgeTimer, &QTimer::timeout, this, &ApiServer::purge);
}

ApiServer::~ApiServer()
{
    m_purgeTimer.stop();
    m_pool.waitForDone();
}

void ApiServer::stopListening()
{
    m_server->stopListening();
}

int ApiServer::openConnections() const
{
    return m_server->openConnections();
}

Result<quint16> ApiServer::listen()
{
    auto port = m_server->listen(m_options.address, m_options.port);
    if (port)
        m_purgeTimer.start();
    return port;
}

void ApiServer::checkHead(const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder)
{
    const std::optional<Route> route = routeOf(head.path());
    if (!route) {
        respond(responder,
                problemResponse(404, u"not-found"_s, u"Not found"_s,
                                u"Nothing is served at %1; the API is under /v1/events and /v1/replays."_s.arg(
                                    QString::fromUtf8(head.path()))));
        return;
    }
    // HEAD is a GET answered without its body (the HTTP server leaves the body out), as RFC 9110 has every server
    // support it; it was a 405 (found by an adversarial helper).
    const bool headOfGet = route->method == "GET" && head.method == "HEAD";
    if (head.method != route->method && !headOfGet) {
        const QByteArray allowed = route->method == "GET" ? "GET, HEAD"_ba : route->method;
        respond(responder, problemResponse(
                               405, u"method-not-allowed"_s, u"Method not allowed"_s,
                               u"%1 takes %2 only."_s.arg(QString::fromUtf8(head.path()), QString::fromLatin1(allowed)),
                               {}, {{"Allow"_ba, allowed}}));
        return;
    }
    if (head.method == "POST" && !declaresJsonOrNothing(head.header("content-type"))) {
        respond(responder, problemResponse(415, u"unsupported-media-type"_s, u"Unsupported media type"_s,
                                           u"The body is read as JSON; this one is declared \"%1\". Send it with "
                                           "\"Content-Type: application/json\"."_s.arg(withoutControlCharacters(
                                               QString::fromLatin1(head.header("content-type")), 100)),
                                           {}, {{"Accept-Post"_ba, "application/json"_ba}}));
        return;
    }
    // PRODUCT.md §6: a body over the limit does not keep the connection open.
    if (bodyBytes > m_options.maxBodyBytes)
        respond(responder, problemResponse(413, u"body-too-large"_s, u"Body too large"_s,
                                           u"The body of %1 bytes is over the limit of %2."_s.arg(bodyBytes).arg(
                                               m_options.maxBodyBytes),
                                           {}, {{"Connection"_ba, "close"_ba}}));
}

const DatabaseConnection *ApiServer::threadConnection()
{
    // A connection PostgreSQL cut while it sat idle in the pool (a restart, a failover) is opened again here, instead
    // of answering 503 once per pool thread (found by an exploring helper).
    if (m_connections.hasLocalData() && m_connections.localData() && !m_connections.localData()->isLost())
        return m_connections.localData();
    auto opened = DatabaseConnection::open(m_settings, u"api"_s);
    if (!opened) {
        qCWarning(lcApiServer).noquote() << opened.error();
        m_connections.setLocalData(nullptr);
        return nullptr;
    }
    m_connections.setLocalData(opened.value().release()); // deletes the lost connection, if any
    return m_connections.localData();
}

ApiResponse ApiServer::execute(const HttpRequest &request)
{
    // checkHead answered every request without a route.
    const std::optional<Route> route = routeOf(request.path());
    Q_ASSERT(route);
    const DatabaseConnection *connection = threadConnection();
    if (!connection)
        return storeUnavailableResponse();

    // Two tokens: which tenant acts would depend on which one is read (the last one did; found by an adversarial
    // helper). Refused as two Idempotency-Keys are.
    if (request.headers.isRepeated("authorization"))
        return unauthorized(u"This request has more than one Authorization header; send one."_s, "Bearer"_ba);
    const QByteArray authorization = request.header("authorization");
    if (authorization.left(7).toLower() != "bearer ") // the scheme's name is case-insensitive
        return unauthorized(u"Send the tenant's API token as \"Authorization: Bearer <token>\"."_s, "Bearer"_ba);
    auto tenant = ApiTokens(*connection).authenticate(authorization.mid(7).trimmed());
    if (!tenant && !connection->database().isOpen()) {
        // Lost after threadConnection's check (isLost sees only what the server sent before it): the token check
        // changes nothing, so it is simply asked again on a new connection.
        connection = threadConnection();
        if (!connection)
            return storeUnavailableResponse();
        tenant = ApiTokens(*connection).authenticate(authorization.mid(7).trimmed());
    }
    if (!tenant) {
        qCWarning(lcApiServer).noquote() << u"cannot check an API token: "_s + tenant.error();
        return storeUnavailableResponse();
    }
    if (!tenant.value())
        return unauthorized(u"The API token is not valid: unknown, malformed or revoked."_s,
                            "Bearer error=\"invalid_token\""_ba);

    switch (route->kind) {
    case Route::Kind::Event:
        return getEvent(*connection, route->id);
    case Route::Kind::Replay:
        return getReplay(*connection, route->id);
    case Route::Kind::Events:
    case Route::Kind::Replays:
        break;
    }
    const auto operation = route->kind == Route::Kind::Events ? postEvent : postReplay;
    const ApiCall call{*tenant.value(), request.body};

    if (!request.headers.contains("idempotency-key")) // no key: no deduplication
        return operation(*connection, call, [](const ApiResponse &, const QUuid &) { return success(); }).response;
    // Two keys: whichever one a proxy or a log reads, the other request might be the one run.
    if (request.headers.isRepeated("idempotency-key"))
        return problemResponse(422, u"invalid-idempotency-key"_s, u"Invalid Idempotency-Key"_s,
                               u"This request has more than one Idempotency-Key header; send one."_s, u"E01001"_s);
    if (const std::optional<QString> problem = keyProblem(request.header("idempotency-key")))
        return problemResponse(422, u"invalid-idempotency-key"_s, u"Invalid Idempotency-Key"_s, *problem, u"E01001"_s);
    const QString key = QString::fromUtf8(request.header("idempotency-key"));

    releaseLeftovers(*connection);
    const IdempotencyStore store(*connection);
    const qsizetype queryStart = request.target.indexOf('?');
    const QByteArray query = queryStart < 0 ? QByteArray() : request.target.mid(queryStart + 1);
    auto reservation =
        store.reserve({call.tenant, route->operation, key},
                      requestFingerprint(request.method, request.path().toByteArray(), query, request.body),
                      m_options.lockTimeout, m_options.retention);
    if (!reservation) {
        qCWarning(lcApiServer).noquote() << reservation.error();
        return storeUnavailableResponse();
    }
    switch (reservation->kind) {
    case Reservation::Kind::Replay: {
        ApiResponse stored = reservation->stored;
        stored.headers.append({"Idempotency-Replay"_ba, "true"_ba});
        return stored;
    }
    case Reservation::Kind::Mismatch:
        return problemResponse(409, u"idempotency-key-reused"_s, u"Idempotency-Key reused"_s,
                               u"This Idempotency-Key was used for a different request (method, path, query or body "
                               "bytes differ). Use a new key for a new request."_s,
                               u"E01005"_s);
    case Reservation::Kind::InProgress: {
        const bool stuck = reservation->lockedUntil < QDateTime::currentDateTimeUtc();
        return problemResponse(
            409, u"request-in-progress"_s, u"Request in progress"_s,
            stuck ? u"A request with this Idempotency-Key started and has not finished (idempotency record %1); "
                    "it is not run again until an operator settles it."_s.arg(reservation->recordId)
                  : u"A request with this Idempotency-Key is being executed. Retry after it finished."_s,
            // A stuck request waits for a person: no Retry-After to invite a client to ask every second.
            u"E01004"_s, stuck ? HttpHeaders{} : HttpHeaders{{"Retry-After"_ba, "1"_ba}});
    }
    case Reservation::Kind::Reserved:
        break;
    }

    const qint64 recordId = reservation->recordId;
    const ApiOutcome outcome = operation(*connection, call, [&](const ApiResponse &answer, const QUuid &resource) {
        return store.settle(recordId, answer, resource);
    });
    if (outcome.response.status >= 500 && !outcome.effectMayExist) {
        // Nothing was committed: a retry with the key runs again. A record that cannot be released now (the
        // database went away) is released by the next keyed request this server takes with the database back, as
        // the answer promises; a retry another instance takes first is told it is being executed. Found by an exploring
        // helper: it stayed 'processing' and became stuck, for an operator.
        if (auto released = store.release(recordId); !released) {
            qCWarning(lcApiServer).noquote() << released.error();
            QMutexLocker locked(&m_leftoversMutex);
            m_unreleased.append(recordId);
        }
    }
    return outcome.response;
}

void ApiServer::releaseLeftovers(const DatabaseConnection &connection)
{
    // Taken out of the list first, so that no other pool thread waits on this one's statements.
    QList<qint64> leftovers;
    {
        QMutexLocker locked(&m_leftoversMutex);
        leftovers.swap(m_unreleased);
    }
    if (leftovers.isEmpty())
        return;
    const IdempotencyStore store(connection);
    QList<qint64> stillHeld; // the database is not back yet: the next request tries again
    for (const qint64 recordId : std::as_const(leftovers)) {
        if (!store.release(recordId))
            stillHeld.append(recordId);
    }
    if (!stillHeld.isEmpty()) {
        QMutexLocker locked(&m_leftoversMutex);
        m_unreleased += stillHeld;
    }
}

void ApiServer::purge()
{
    m_pool.start([this] {
        const DatabaseConnection *connection = threadConnection();
        if (!connection)
            return;
        // Keys left reserved by requests that lost the database are released here too, without waiting for a keyed
        // request to this server: a retry that went to another instance gets 409 only until then.
        releaseLeftovers(*connection);
        const IdempotencyStore store(*connection);
        constexpr int kBatch = 10000;
        while (true) {
            auto purged = store.purgeExpired(kBatch);
            if (!purged) {
                qCWarning(lcApiServer).noquote() << purged.error();
                return;
            }
            if (purged.value() < kBatch)
                return;
        }
    });
}

} // namespace hookyard::core
