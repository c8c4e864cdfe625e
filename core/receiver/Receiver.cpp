#include "receiver/Receiver.h"

#include "db/Database.h"
#include "db/Jsonb.h"
#include "http/HttpServer.h"
#include "inbox/PartnerStore.h"
#include "signing/Signatures.h"
#include "util/ControlCharacters.h"
#include "util/CredentialHeaders.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <utility>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

constexpr QByteArrayView WebhooksPrefix("/webhooks/");

// What a request's path asks for.
struct Route
{
    enum class Kind
    {
        Webhook,
        Health,
        Metrics
    };
    Kind kind;
    QString partnerName; // of a webhook
};

// Every '%' starts an escape of two hex digits (RFC 3986 §2.1).
bool hasValidPercentEscapes(QByteArrayView text)
{
    const auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
    for (qsizetype i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
        if (i + 2 >= text.size() || !hex(text[i + 1]) || !hex(text[i + 2]))
            return false;
    }
    return true;
}

std::optional<Route> routeOf(const HttpRequest &request)
{
    const QByteArrayView path = request.path();
    if (path == "/health")
        return Route{Route::Kind::Health, {}};
    if (path == "/metrics")
        return Route{Route::Kind::Metrics, {}};
    if (path.startsWith(WebhooksPrefix)) {
        const QByteArrayView name = path.sliced(WebhooksPrefix.size());
        if (!name.isEmpty() && !name.contains('/')) {
            // QByteArray::fromPercentEncoding decodes what it can of a broken escape ("%wshop" came out as "shop",
            // found by an adversarial helper): a name with one is kept as sent, which names no partner.
            if (!hasValidPercentEscapes(name)) {
                QByteArray asSent; // printable ASCII as it came, any other byte percent-encoded
                for (const char c : name)
                    asSent += c > ' ' && c < 0x7f ? QByteArray(1, c) : QByteArray(1, c).toPercentEncoding();
                return Route{Route::Kind::Webhook, QString::fromLatin1(asSent)};
            }
            const QByteArray decoded = QByteArray::fromPercentEncoding(name.toByteArray());
            const QString partnerName = QString::fromUtf8(decoded);
            // A name that is not UTF-8 text or holds a control character is no partner's; it is kept percent-encoded
            // (%FF, %00), in ASCII, so that its rejected-requests row shows what was sent (found by trying bad input:
            // it showed U+FFFD, or nothing) and no control character reaches a terminal.
            if (!QByteArrayView(decoded).isValidUtf8() || holdsControlCharacter(partnerName))
                return Route{Route::Kind::Webhook, QString::fromLatin1(decoded.toPercentEncoding())};
            return Route{Route::Kind::Webhook, partnerName};
        }
    }
    return std::nullopt;
}

// The request's headers as kept with a webhook or a rejected request: without the standard credential headers, and any
// other credential's value replaced by "(redacted)" under its name. Found by trying bad input: X-Gitlab-Token (the
// webhook's secret itself) was stored. Header names arrive in lower case.
HeaderMap keptHeaders(const HttpRequest &request)
{
    constexpr std::array<QByteArrayView, 3> dropped{"authorization", "cookie", "proxy-authorization"};
    HeaderMap headers = request.headers;
    for (const QByteArrayView name : dropped)
        headers.remove(name); // copies the shared list only when the name is there
    for (const auto &[name, value] : request.headers) {
        if (namesACredential(name) && std::find(dropped.begin(), dropped.end(), name) == dropped.end())
            headers.insert(name, "(redacted)"_ba);
    }
    return headers;
}

// The one header of a name the partner's verification or field mapping reads that the request repeats, if any: with
// two webhook-id headers, which one is the event is a guess (the sender's code and ours may guess differently).
std::optional<QByteArray> repeatedHeaderRead(const PartnerConfig &partner, const HeaderMap &headers)
{
    if (!headers.hasRepeatedNames()) // nearly every request: no list of names is built
        return std::nullopt;
    QList<QByteArray> read;
    switch (partner.scheme) {
    case PartnerScheme::StandardWebhooks:
        read = {"webhook-id", "webhook-timestamp", "webhook-signature", "svix-id", "svix-timestamp", "svix-signature"};
        break;
    case PartnerScheme::Stripe:
        read = {"stripe-signature"};
        break;
    case PartnerScheme::GitHub:
        read = {"x-hub-signature-256"};
        break;
    case PartnerScheme::GenericHmac:
        if (partner.hmac)
            read = {partner.hmac->signatureHeader, partner.hmac->timestampHeader};
        break;
    }
    for (const FieldSource *source :
         {&partner.eventId, &partner.eventType, &partner.entityType, &partner.entityId, &partner.eventTime}) {
        if (source->kind == FieldSource::Kind::Header)
            read.append(source->header);
    }
    for (const QByteArray &name : std::as_const(read)) {
        if (!name.isEmpty() && headers.isRepeated(name))
            return name;
    }
    return std::nullopt;
}

void respondJson(const HttpResponder &responder, int status, const QByteArray &json, HttpHeaders headers = {})
{
    headers.prepend({"Content-Type"_ba, "application/json"_ba});
    responder.respond(status, headers, json);
}

void respondJson(const HttpResponder &responder, int status, const QJsonObject &body, HttpHeaders headers = {})
{
    respondJson(responder, status, QJsonDocument(body).toJson(QJsonDocument::Compact), std::move(headers));
}

QString overLimit(qint64 bodyBytes, qint64 limit)
{
    return u"body of %1 bytes is over the limit of %2"_s.arg(bodyBytes).arg(limit);
}

signing::Verdict verify(const PartnerConfig &partner, const HeaderMap &headers, const QByteArray &body, qint64 now)
{
    switch (partner.scheme) {
    case PartnerScheme::StandardWebhooks: {
        QList<QByteArray> keys;
        for (const QByteArray &secret : partner.secrets) {
            if (auto key = signing::standardSecretKey(QString::fromUtf8(secret)))
                keys.append(key.value());
        }
        // Standard Webhooks and Svix spell the same headers differently; verifiers accept either set.
        const bool svix = !headers.contains("webhook-id") && headers.contains("svix-id");
        return signing::verifyStandard(keys, headers.value(svix ? "svix-id" : "webhook-id"),
                                       headers.value(svix ? "svix-timestamp" : "webhook-timestamp"),
                                       headers.value(svix ? "svix-signature" : "webhook-signature"), body, now,
                                       partner.toleranceSeconds);
    }
    case PartnerScheme::Stripe:
        return signing::verifyStripe(partner.secrets, headers.value("stripe-signature"), body, now,
                                     partner.toleranceSeconds);
    case PartnerScheme::GitHub:
        return signing::verifyGitHub(partner.secrets, headers.value("x-hub-signature-256"), body);
    case PartnerScheme::GenericHmac:
        if (!partner.hmac)
            return {false, u"partner has no hmac settings"_s};
        return signing::verifyGenericHmac(*partner.hmac, partner.secrets, headers, body, now, partner.toleranceSeconds);
    }
    return {false, u"unknown signature scheme"_s};
}

// A partner set up with the wrong scheme is a common mistake, and "missing Stripe-Signature header" alone does not
// point at it: when the request carries none of the signature headers the partner's scheme reads, and another
// scheme's instead, the reason (of a failed verification) says so.
QString withSchemeHint(const QString &reason, const PartnerConfig &partner, const HeaderMap &headers)
{
    constexpr std::pair<PartnerScheme, QByteArrayView> SignatureHeaders[] = {
        {PartnerScheme::StandardWebhooks, "webhook-signature"},
        {PartnerScheme::StandardWebhooks, "svix-signature"},
        {PartnerScheme::Stripe, "stripe-signature"},
        {PartnerScheme::GitHub, "x-hub-signature-256"}};
    const auto isOwn = [&](PartnerScheme scheme, QByteArrayView header) {
        return scheme == partner.scheme || (partner.hmac && partner.hmac->signatureHeader == header);
    };
    for (const auto &[scheme, header] : SignatureHeaders) {
        if (isOwn(scheme, header) && headers.contains(header))
            return reason;
    }
    if (partner.hmac && headers.contains(partner.hmac->signatureHeader))
        return reason;
    for (const auto &[scheme, header] : SignatureHeaders) {
        if (!isOwn(scheme, header) && headers.contains(header))
            return u"%1; the request carries %2, as the '%3' scheme signs: is the partner's scheme ('%4') right?"_s.arg(
                reason, QString::fromLatin1(header), partnerSchemeName(scheme), partnerSchemeName(partner.scheme));
    }
    return reason;
}

} // namespace

std::variant<IngestItem, WebhookRejection> checkWebhook(const PartnerConfig &partner, const HttpRequest &request,
                                                        qint64 nowSeconds)
{
    const QByteArray &body = request.body;
    if (body.size() > partner.maxBodyBytes)
        return WebhookRejection{413, overLimit(body.size(), partner.maxBodyBytes)};

    const HeaderMap &headers = request.headers;
    if (const std::optional<QByteArray> repeated = repeatedHeaderRead(partner, headers))
        return WebhookRejection{
            400, u"the request has more than one %1 header; send one"_s.arg(QString::fromLatin1(*repeated))};
    if (const signing::Verdict verdict = verify(partner, headers, body, nowSeconds); !verdict.valid)
        return WebhookRejection{401, withSchemeHint(verdict.reason, partner, headers)};
    // RFC 8259 §8.1: JSON text has no byte order mark; Qt's parser skips one, PostgreSQL's jsonb refuses it.
    if (body.startsWith("\xEF\xBB\xBF"))
        return WebhookRejection{400, u"body starts with a UTF-8 byte order mark, which JSON text may not have "
                                     "(RFC 8259 §8.1)"_s};

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt's parser takes an object or an array only; a bare number or string is JSON too, but no webhook.
        const QByteArray start = body.trimmed().left(1);
        if (start != "{" && start != "[")
            return WebhookRejection{400, u"body is not a JSON object or array"_s};
        // Qt reads numbers as doubles: 1e400 is JSON, but none Qt can read.
        if (parseError.error == QJsonParseError::IllegalNumber)
            return WebhookRejection{400, u"body holds a number Hookyard cannot read at byte %1: malformed, or beyond "
                                         "what a double holds (such as 1e400)"_s.arg(parseError.offset)};
        return WebhookRejection{
            400, u"body is not JSON: %1 at byte %2"_s.arg(parseError.errorString()).arg(parseError.offset)};
    }
    // Such a body is refused on its own, before the ingest queue, where it would fail its batch.
    if (mayHoldUnstorableJson(body) &&
        !jsonbCanStore(document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array())))
        return WebhookRejection{
            400, u"body contains \\u0000 or an unpaired surrogate (\\ud800-\\udfff), which jsonb cannot store"_s};

    IngestItem item;
    item.partnerId = partner.id;
    item.partnerName = partner.name;
    const HeaderMap fieldHeaders = withVerifiedSpelling(partner, headers);
    const std::optional<QString> eventId = extractField(partner.eventId, fieldHeaders, document);
    // webhook_inbox.partner_event_id is VARCHAR(100): 100 characters, where QString::size() counts UTF-16 units, at
    // least one per character; only a longer id is counted again (toUcs4 copies it), off the common path. A blank id,
    // or one with control characters (which would reach the terminal of whoever lists it), is no id either.
    if (!eventId || (eventId->size() > 100 && eventId->toUcs4().size() > 100) || eventId->trimmed().isEmpty() ||
        holdsControlCharacter(*eventId))
        return WebhookRejection{
            400, u"no usable event id at %1, where the partner configuration says it is: it must be text of 1 to 100 "
                 "characters in UTF-8 without control characters, not blank, or a number (an integer beyond 64 bits "
                 "only as text)"_s.arg(fieldSourceSpec(partner.eventId))};
    item.partnerEventId = *eventId;
    const MappedFields fields = readMappedFields(partner, fieldHeaders, document);
    // kMaxEntityKeyCharacters. Found by an adversarial helper: an 8,000-character id was refused with PostgreSQL's
    // index error as the reason.
    for (const auto &[what, value] :
         {std::pair{u"entity type"_s, &fields.entityType}, std::pair{u"entity id"_s, &fields.entityId}}) {
        if (value->size() > kMaxEntityKeyCharacters && value->toUcs4().size() > kMaxEntityKeyCharacters)
            return WebhookRejection{400, u"the %1 the partner configuration reads has %2 characters; an entity's type "
                                         "and id have %3 at most"_s.arg(what)
                                             .arg(value->toUcs4().size())
                                             .arg(kMaxEntityKeyCharacters)};
        // As for event ids: a line break or an escape sequence would reach the terminal of whoever lists the entity
        // (found by an adversarial helper: a multi-line entity id was stored as an entity).
        if (holdsControlCharacter(*value))
            return WebhookRejection{400,
                                    u"the %1 the partner configuration reads holds a control character"_s.arg(what)};
    }
    // The event type as well: `inbox list` and the worker's reasons ("unknown event type ...") print it. Found by an
    // adversarial helper: an escape sequence in it cleared and recoloured the terminal of whoever listed the inbox.
    if (holdsControlCharacter(fields.eventType))
        return WebhookRejection{400, u"the event type the partner configuration reads holds a control character"_s};
    item.eventType = fields.eventType;
    item.entityType = fields.entityType;
    item.entityId = fields.entityId;
    item.eventTime = fields.eventTime;
    // The timestamp mode orders a partner's events by their time: one whose time is there but unreadable could never
    // be processed. Found by trying bad input: it was stored, retried for its "missing event time" and quarantined.
    if (partner.mode == ProcessingMode::Timestamp && fields.eventTimeText && !fields.eventTime)
        return WebhookRejection{
            400, u"the event time '%1' is not a time: the timestamp mode needs ISO 8601 or Unix seconds, from the year "
                 "1 to 9999"_s.arg(withoutControlCharacters(*fields.eventTimeText, 40))};
    item.rawBody = body;
    item.headers = keptHeaders(request);
    return item;
}

Receiver::Receiver(ConnectionSettings settings, ReceiverOptions options, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_options(options)
    , m_server(std::make_unique<HttpServer>())
    , m_ingest(std::make_unique<IngestQueue>(m_settings, options.maxBatch, options.ingestConnections))
    , m_partners(m_settings, options.partnerRefreshMs)
    , m_partnersInUse(m_partners.snapshot())
    , m_awaitingCheck(new QTimer(this))
{
    m_partners.setReadListener(
        [this] { QMetaObject::invokeMethod(this, &Receiver::retryAwaitingPartners, Qt::QueuedConnection); });
    m_awaitingCheck->setInterval(kPartnerReadWaitMs / 8);
    connect(m_awaitingCheck, &QTimer::timeout, this, &Receiver::retryAwaitingPartners);
    m_server->setHeadHandler([this](const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder) {
        checkHead(head, bodyBytes, responder);
    });
    m_server->setHandler(
        [this](const HttpRequest &request, const HttpResponder &responder) { handle(request, responder); });
    m_server->setRefusedHandler(
        [this](const HttpRequest &request, int status, const QString &reason) { refused(request, status, reason); });
    // checkHead holds every body to its partner's limit, and partners.max_body_bytes is an INTEGER.
    m_server->setMaxBodyBytes(std::numeric_limits<int>::max());
    m_server->setMaxConnections(m_options.maxConnections);
}

Receiver::~Receiver() = default;

Result<quint16> Receiver::listen()
{
    m_partners.start();
    return m_server->listen(m_options.address, m_options.port);
}

void Receiver::stopListening()
{
    m_server->stopListening();
}

int Receiver::openConnections() const
{
    return m_server->openConnections();
}

const PartnerConfig *Receiver::partner(const QString &name)
{
    m_partnersInUse = m_partners.snapshot();
    const auto found = m_partnersInUse->partners.constFind(name);
    if (found != m_partnersInUse->partners.cend())
        return &*found;
    m_partners.requestRead(); // a partner added since the last read, perhaps
    return nullptr;
}

bool Receiver::mayBeNewPartner(const QString &name) const
{
    return !m_partnersInUse->read || PartnerStore::problemOf(m_partnersInUse->problems, name).isEmpty();
}

void Receiver::retryAwaitingPartners()
{
    // Due: a read that began after the request arrived has finished, or its deadline passed (a database that stopped
    // answering holds the read up).
    const PartnerDirectory::Read read = m_partners.lastRead();
    m_lastPartnerReadFailed = !read.succeeded;
    std::vector<AwaitingPartner> readSince;
    std::vector<AwaitingPartner> timedOut;
    std::erase_if(m_awaitingPartners, [&](AwaitingPartner &awaiting) {
        if (read.number > awaiting.readsStartedBefore)
            readSince.push_back(std::move(awaiting));
        else if (awaiting.deadline.hasExpired())
            timedOut.push_back(std::move(awaiting));
        else
            return false;
        return true;
    });
    if (m_awaitingPartners.empty())
        m_awaitingCheck->stop();
    for (const AwaitingPartner &awaiting : readSince)
        handleWebhook(awaiting.partnerName, awaiting.request, awaiting.responder, true);
    for (const AwaitingPartner &awaiting : timedOut)
        rejectUnreadPartners(awaiting.partnerName, awaiting.request, awaiting.responder, std::nullopt);
}

void Receiver::rejectUnreadPartners(const QString &name, const HttpRequest &request, const HttpResponder &responder,
                                    std::optional<qint64> unreadBodyBytes)
{
    recordRejection(name, request, 503, u"the partners could not be read: the database is unavailable"_s,
                    unreadBodyBytes);
    respondJson(responder, 503, {{u"error"_s, u"the database is unavailable; send again later"_s}},
                {{"Retry-After"_ba, "10"_ba}});
}

void Receiver::rejectMissingPartner(const QString &name, const HttpRequest &request, const HttpResponder &responder,
                                    std::optional<qint64> unreadBodyBytes)
{
    // Not found, but not known to be unknown either: the partners have not been read since the database went away.
    if (!m_partnersInUse->read || m_lastPartnerReadFailed) {
        rejectUnreadPartners(name, request, responder, unreadBodyBytes);
        return;
    }
    const QString problem = PartnerStore::problemOf(m_partnersInUse->problems, name);
    if (problem.isEmpty()) {
        reject(name, request, responder, 404, u"unknown partner '%1'"_s.arg(name), unreadBodyBytes);
        return;
    }
    // Found by an exploring helper: this was a 404 that told any caller the configuration's keys.
    recordRejection(name, request, 503, problem, unreadBodyBytes);
    respondJson(responder, 503,
                {{u"error"_s, u"partner '%1' cannot take webhooks until its configuration is fixed here; send again "
                              "later"_s.arg(name)}},
                {{"Retry-After"_ba, "60"_ba}});
}

void Receiver::keepRequest(const QString &partnerName, const HttpRequest &request, int status, const QString &reason,
                           std::optional<qint64> unreadBodyBytes)
{
    m_ingest->reject({.partnerName = partnerName,
                      .remoteAddress = request.remoteAddress.toString(),
                      .statusCode = status,
                      .reason = reason,
                      .headers = keptHeaders(request),
                      .body = request.body,
                      .unreadBodyBytes = unreadBodyBytes,
                      .receivedAt = {}}); // IngestQueue::reject() notes the time
}

void Receiver::recordRejection(const QString &partnerName, const HttpRequest &request, int status,
                               const QString &reason, std::optional<qint64> unreadBodyBytes)
{
    keepRequest(partnerName, request, status, reason, unreadBodyBytes);
    if (status != 0) // 0: the client left before its request was whole, and nothing was answered
        ++m_answeredByStatus[status];
}

void Receiver::refused(const HttpRequest &request, int status, const QString &reason)
{
    // As for every other path, refusals elsewhere (scanners, a TLS handshake sent to the plain port) are not kept:
    // they would crowd the partners' rows out of the bounded table.
    const std::optional<Route> route = routeOf(request);
    if (!route || route->kind != Route::Kind::Webhook)
        return;
    // The server read no body; the length the head announced is what the sender meant to send (0 when unknown).
    recordRejection(route->partnerName, request, status, reason,
                    parseContentLength(request.header("content-length"_ba)).value_or(0));
}

void Receiver::reject(const QString &partnerName, const HttpRequest &request, const HttpResponder &responder,
                      int status, const QString &reason, std::optional<qint64> unreadBodyBytes)
{
    recordRejection(partnerName, request, status, reason, unreadBodyBytes);
    // PRODUCT.md §6: a body over the limit does not keep the connection open.
    respondJson(responder, status, {{u"error"_s, reason}},
                status == 413 ? HttpHeaders{{"Connection"_ba, "close"_ba}} : HttpHeaders{});
}

void Receiver::checkHead(const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder)
{
    const std::optional<Route> route = routeOf(head);
    if (!route) {
        respondJson(responder, 404, {{u"error"_s, u"nothing is served at %1"_s.arg(QString::fromUtf8(head.path()))}});
        return;
    }
    // RFC 9110 §9.1: HEAD wherever GET is served (found by an adversarial helper: /health answered it 405); the
    // server sends a HEAD's answer without its body.
    const bool webhook = route->kind == Route::Kind::Webhook;
    const QByteArray allowed = webhook ? "POST"_ba : "GET, HEAD"_ba;
    if (webhook ? head.method != "POST" : head.method != "GET" && head.method != "HEAD") {
        const QString reason = u"%1 takes %2 only"_s.arg(QString::fromUtf8(head.path()), QString::fromLatin1(allowed));
        // A sender that uses the wrong method on a webhook URL is a partner misconfigured: the console shows it.
        if (webhook)
            recordRejection(route->partnerName, head, 405, reason, bodyBytes);
        respondJson(responder, 405, {{u"error"_s, reason}}, {{"Allow"_ba, allowed}});
        return;
    }
    if (route->kind != Route::Kind::Webhook) {
        if (bodyBytes > 0)
            respondJson(responder, 400, {{u"error"_s, u"a GET or HEAD takes no body"_s}}); // however small
        return;
    }
    // A name the partners read lack may be a partner added a moment ago: a body within the default limit is read, and
    // handleWebhook waits for the next read. A larger one, or a name known to be unusable, is turned away here.
    const PartnerConfig *config = partner(route->partnerName);
    if (!config) {
        if (!mayBeNewPartner(route->partnerName) || bodyBytes > kAwaitedBodyBytes ||
            m_awaitingPartners.size() >= kMostAwaitingPartners)
            rejectMissingPartner(route->partnerName, head, responder, bodyBytes);
    } else if (bodyBytes > config->maxBodyBytes)
        reject(route->partnerName, head, responder, 413, overLimit(bodyBytes, config->maxBodyBytes), bodyBytes);
}

void Receiver::handle(const HttpRequest &request, const HttpResponder &responder)
{
    // checkHead answered every request without a route.
    const std::optional<Route> route = routeOf(request);
    Q_ASSERT(route);
    switch (route->kind) {
    case Route::Kind::Webhook:
        handleWebhook(route->partnerName, request, responder);
        return;
    case Route::Kind::Health:
        health(responder);
        return;
    case Route::Kind::Metrics:
        metrics(responder);
        return;
    }
}

void Receiver::handleWebhook(const QString &partnerName, const HttpRequest &request, const HttpResponder &responder,
                             bool afterRead)
{
    // Partners may have been read again since checkHead saw this request's head.
    const PartnerConfig *config = partner(partnerName);
    if (!config && !afterRead && mayBeNewPartner(partnerName)) {
        m_awaitingPartners.push_back(
            {partnerName, request, responder, m_partners.readsStarted(), QDeadlineTimer(kPartnerReadWaitMs)});
        if (!m_awaitingCheck->isActive()) // restarted by every arrival, it would never fire under a steady trickle
            m_awaitingCheck->start();
        return;
    }
    if (!config) {
        rejectMissingPartner(partnerName, request, responder);
        return;
    }
    auto checked = checkWebhook(*config, request, QDateTime::currentSecsSinceEpoch());
    if (const auto *rejection = std::get_if<WebhookRejection>(&checked)) {
        reject(partnerName, request, responder, rejection->status, rejection->reason);
        return;
    }
    IngestItem &item = std::get<IngestItem>(checked);
    // The request is kept (its parts are shared, not copied) for the rejected-requests row of a Refused outcome.
    // Called once, so it hands its captures on rather than copying them again.
    m_ingest->submit(std::move(item), [this, partnerName, request, responder](const IngestOutcome &outcome) mutable {
        // On the ingest thread, once the batch holding this request is committed (or failed); the responder is only
        // used on the server's thread, which is this object's.
        QMetaObject::invokeMethod(
            this,
            [this, outcome, partnerName = std::move(partnerName), request = std::move(request),
             responder = std::move(responder)] { answerIngest(outcome, partnerName, request, responder); },
            Qt::QueuedConnection);
    });
}

void Receiver::answerIngest(const IngestOutcome &outcome, const QString &partnerName, const HttpRequest &request,
                            const HttpResponder &responder)
{
    if (outcome.result == IngestResult::Refused) {
        // Valid JSON to Qt that the inbox cannot hold: resending it would fail the same way.
        reject(partnerName, request, responder, 400, u"the inbox database refused the body: "_s + outcome.reason);
        return;
    }
    // Written out rather than built as QJsonObjects: every answer of the hot path has one of these bodies.
    int status = 200;
    QByteArray body;
    HttpHeaders headers;
    switch (outcome.result) {
    case IngestResult::Stored:
        ++m_stored;
        body = R"({"status":"stored"})"_ba;
        break;
    case IngestResult::Duplicate:
        body = R"({"status":"duplicate"})"_ba;
        // Its body differs from the stored event's: a sender's bug, or a changed event re-sent under an old id. The
        // console shows it beside the requests turned away, since this body, too, was not kept.
        if (!outcome.reason.isEmpty())
            keepRequest(partnerName, request, status, outcome.reason);
        break;
    case IngestResult::Unavailable:
        // Never a 200 for what was not stored: the sender keeps the event and retries.
        status = 503;
        body = R"({"error":"the inbox database is unavailable"})"_ba;
        headers = {{"Retry-After"_ba, "5"_ba}};
        break;
    case IngestResult::Refused:
        Q_UNREACHABLE();
    }
    // Counted only when it can still be answered (found by an adversarial helper: a client that had closed its
    // sending side had lost its connection, and its 200 was counted all the same).
    if (responder.isOpen())
        ++m_answeredByStatus[status];
    respondJson(responder, status, body, headers);
}

void Receiver::health(const HttpResponder &responder) const
{
    if (!m_ingest->databaseReachable()) {
        respondJson(responder, 503, {{u"status"_s, u"database unavailable"_s}});
        return;
    }
    // A database that takes connections but answers nothing (stopped, or cut off without a reset) leaves requests
    // waiting for their commits while it still counts as reachable (found by an adversarial helper: /health said "ok"
    // while no webhook was answered).
    if (const qint64 waitedMs = m_ingest->longestDatabaseWaitMs(); waitedMs > kDatabaseStalledMs) {
        respondJson(responder, 503,
                    {{u"status"_s, u"database not answering"_s}, {u"waited_s"_s, double(waitedMs / 100) / 10}});
        return;
    }
    respondJson(responder, 200, {{u"status"_s, u"ok"_s}});
}

void Receiver::metrics(const HttpResponder &responder) const
{
    QByteArray text = "# HELP hookyard_receiver_requests_total Webhook requests answered, by HTTP status.\n"
                      "# TYPE hookyard_receiver_requests_total counter\n";
    for (const auto &[status, total] : m_answeredByStatus)
        text += "hookyard_receiver_requests_total{code=\"" + QByteArray::number(status) + "\"} " +
                QByteArray::number(total) + '\n';
    auto gauge = [&](const char *name, const char *help, const char *type, qint64 value) {
        text += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n' + name + ' ' +
                QByteArray::number(value) + '\n';
    };
    gauge("hookyard_receiver_commits_total", "Inbox transactions committed.", "counter", m_ingest->commits());
    gauge("hookyard_receiver_rows_total", "New inbox rows committed.", "counter", m_ingest->rowsCommitted());
    gauge("hookyard_receiver_duplicates_total", "Requests whose event id was already stored.", "counter",
          m_ingest->duplicates());
    gauge("hookyard_receiver_changed_duplicates_total",
          "Duplicates whose JSON differed from the stored event's (answered 200; kept in rejected_requests).",
          "counter", m_ingest->changedDuplicates());
    gauge("hookyard_receiver_queue_depth", "Verified requests waiting for a commit.", "gauge", m_ingest->queueDepth());
    gauge("hookyard_receiver_database_up", "1 when the inbox database is reachable.", "gauge",
          m_ingest->databaseReachable() ? 1 : 0);
    text += "# HELP hookyard_receiver_database_wait_seconds How long the longest inbox database call in progress has "
            "waited (0: none is in progress).\n# TYPE hookyard_receiver_database_wait_seconds gauge\n"
            "hookyard_receiver_database_wait_seconds " +
            QByteArray::number(double(m_ingest->longestDatabaseWaitMs()) / 1000, 'f', 3) + '\n';
    responder.respond(200, {{"Content-Type"_ba, "text/plain; version=0.0.4"_ba}}, text);
}

} // namespace hookyard::core
