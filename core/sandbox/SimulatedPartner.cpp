#include "sandbox/SimulatedPartner.h"

#include "http/HttpServer.h"
#include "signing/Signatures.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QTimer>
#include <QUrlQuery>
#include <QUuid>

#include <functional>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

constexpr int kSendTickMs = 100;
constexpr int kSignatureToleranceS = 300;
constexpr qsizetype kPageSize = 200;

bool roll(int percent)
{
    return int(QRandomGenerator::global()->bounded(100)) < percent;
}

const HttpHeaders kTextPlain{{"content-type"_ba, "text/plain"_ba}};
const HttpHeaders kJson{{"content-type"_ba, "application/json"_ba}};
// Deliveries are answered on connections that close after the answer, so that each one arrives on a fresh
// connection: libcurl silently sends a request again when a reused connection closes before answering, which would
// hide a drop from the relay (no unknown outcome, and the re-sent request accepted at once).
const HttpHeaders kTextPlainThenClose{{"content-type"_ba, "text/plain"_ba}, {"connection"_ba, "close"_ba}};
const HttpHeaders kJsonThenClose{{"content-type"_ba, "application/json"_ba}, {"connection"_ba, "close"_ba}};

} // namespace

SimulatedPartner::SimulatedPartner(const SharedFaultKnobs &knobs, SimulatedPartnerOptions options, QObject *parent)
    : QObject(parent)
    , m_knobs(knobs)
    , m_options(options)
    , m_server(new HttpServer(this))
    , m_network(new QNetworkAccessManager(this))
    , m_sendTimer(new QTimer(this))
{
    m_server->setHandler(
        [this](const HttpRequest &request, const HttpResponder &responder) { handle(request, responder); });
    // Loopback to our own receiver: a proxy from the environment must not come between them.
    m_network->setProxy(QNetworkProxy::NoProxy);
    m_sendTimer->setInterval(kSendTickMs);
    connect(m_sendTimer, &QTimer::timeout, this, &SimulatedPartner::sendDue);
    m_clock.start();
}

SimulatedPartner::~SimulatedPartner() = default;

Result<quint16> SimulatedPartner::listen(quint16 port)
{
    auto listening = m_server->listen(QHostAddress::LocalHost, port);
    if (!listening)
        return Error{u"the simulated partner cannot listen on 127.0.0.1:%1: %2"_s.arg(port).arg(listening.error())};
    return listening;
}

void SimulatedPartner::start(const SandboxKeys &keys, const QUrl &webhookUrl)
{
    m_keys = keys;
    m_webhookUrl = webhookUrl;
    m_pacer.reset();
    m_sendTimer->start();
}

SimulatedPartnerCounts SimulatedPartner::counts() const
{
    return {m_deliveriesReceived.load(), m_deliveriesAccepted.load(), m_deliveriesFailed.load(),
            m_deliveriesDropped.load(),  m_webhooksSent.load(),       m_duplicatesSent.load(),
            m_outOfOrderOrders.load(),   m_poisonSent.load(),         m_sendFailures.load()};
}

void SimulatedPartner::handle(const HttpRequest &request, const HttpResponder &responder)
{
    const QByteArrayView path = request.path();
    if (request.method == "POST" && path == "/hooks")
        return receiveDelivery(request, responder);
    if (request.method == "POST" && path == "/v1/hooks")
        return receiveLegacyDelivery(request, responder);
    if (request.method == "GET" && path == "/received")
        return listReceived(request, responder);
    responder.respond(404, kTextPlain, "no such route\n"_ba);
}

bool SimulatedPartner::verifiedDelivery(const HttpRequest &request, const HttpResponder &responder,
                                        const QList<QByteArray> &secrets)
{
    m_deliveriesReceived.fetch_add(1);
    const signing::Verdict verdict = signing::verifyStandard(
        secrets, request.header("webhook-id"_ba), request.header("webhook-timestamp"_ba),
        request.header("webhook-signature"_ba), request.body, QDateTime::currentSecsSinceEpoch(), kSignatureToleranceS);
    if (verdict.valid)
        return true;
    m_deliveriesFailed.fetch_add(1);
    responder.respond(401, kTextPlainThenClose, verdict.reason.toUtf8());
    return false;
}

void SimulatedPartner::receiveDelivery(const HttpRequest &request, const HttpResponder &responder)
{
    if (!verifiedDelivery(request, responder, m_keys.endpoint))
        return;
    const QByteArray id = request.header("webhook-id"_ba);

    // A record's time is when the webhook-id first arrived, whatever became of that attempt: a delivery made before a
    // reconciliation window closes is then listed in that window, however many retries it took.
    const QDateTime firstSeen = m_firstSeen.value(id, QDateTime::currentDateTimeUtc());
    m_firstSeen.insert(id, firstSeen);

    const FaultKnobs knobs = m_knobs.get();
    std::function<void()> answer;
    if (roll(knobs.dropAfterBodyPercent)) {
        m_deliveriesDropped.fetch_add(1);
        m_lostIds.insert(id);
        answer = [responder] { responder.close(); };
    } else if (roll(knobs.errorRatePercent)) {
        m_deliveriesFailed.fetch_add(1);
        answer = [responder] {
            responder.respond(500, kTextPlainThenClose, "simulated failure (error rate knob)\n"_ba);
        };
    } else {
        m_deliveriesAccepted.fetch_add(1);
        // A re-sent delivery is accepted again (same webhook-id: the partner deduplicates) but recorded once.
        if (!m_lostIds.contains(id) && !m_recordedIds.contains(id)) {
            m_recordedIds.insert(id);
            m_records.append(
                {id, QCryptographicHash::hash(request.body, QCryptographicHash::Sha256).toHex(), firstSeen});
        }
        answer = [responder] { responder.respond(200, kJsonThenClose, R"({"received": true})"_ba); };
    }
    if (knobs.slownessMs > 0)
        QTimer::singleShot(knobs.slownessMs, this, answer);
    else
        answer();
}

void SimulatedPartner::receiveLegacyDelivery(const HttpRequest &request, const HttpResponder &responder)
{
    if (!verifiedDelivery(request, responder, m_keys.legacyEndpoint))
        return;
    const QByteArray id = request.header("webhook-id"_ba);
    if (++m_legacyAttempts[id] <= m_options.legacyFailuresPerDelivery) {
        m_deliveriesFailed.fetch_add(1);
        responder.respond(503, kTextPlainThenClose, "v1 is being retired: refunds fail until replayed\n"_ba);
        return;
    }
    m_deliveriesAccepted.fetch_add(1);
    responder.respond(200, kJsonThenClose, R"({"received": true})"_ba);
}

void SimulatedPartner::listReceived(const HttpRequest &request, const HttpResponder &responder) const
{
    const QUrlQuery query(QUrl::fromEncoded(request.target));
    const QDateTime since = QDateTime::fromString(query.queryItemValue(u"since"_s, QUrl::FullyDecoded), Qt::ISODate);
    const QDateTime until = QDateTime::fromString(query.queryItemValue(u"until"_s, QUrl::FullyDecoded), Qt::ISODate);
    bool cursorOk = true;
    const QString cursor = query.queryItemValue(u"cursor"_s, QUrl::FullyDecoded);
    const qsizetype offset = cursor.isEmpty() ? 0 : cursor.toLongLong(&cursorOk);
    if (!since.isValid() || !until.isValid() || !cursorOk || offset < 0) {
        responder.respond(400, kTextPlain, "since and until (ISO 8601) are required; cursor is an offset\n"_ba);
        return;
    }

    QJsonArray items;
    qsizetype matched = 0;
    bool more = false;
    for (const Record &record : m_records) {
        if (record.at < since || record.at >= until)
            continue;
        if (matched++ < offset)
            continue;
        if (items.size() == kPageSize) {
            more = true;
            break;
        }
        items.append(QJsonObject{{u"id"_s, QString::fromLatin1(record.id)},
                                 {u"status"_s, u"received"_s},
                                 {u"payload_sha256"_s, QString::fromLatin1(record.payloadSha256)},
                                 {u"at"_s, record.at.toString(Qt::ISODateWithMs)}});
    }
    const QJsonObject page{{u"items"_s, items},
                           {u"next_cursor"_s, more ? QJsonValue(QString::number(offset + kPageSize)) : QJsonValue()}};
    responder.respond(200, kJson, QJsonDocument(page).toJson(QJsonDocument::Compact));
}

void SimulatedPartner::sendDue()
{
    if (m_knobs.paused()) {
        m_pacer.reset();
        return;
    }
    const FaultKnobs knobs = m_knobs.get();
    for (int due = m_pacer.due(knobs.eventsPerSecond); due > 0; --due) {
        if (!m_heldBack.isEmpty() && m_heldBack.first().dueMs <= m_clock.elapsed()) {
            send(m_heldBack.takeFirst().webhook);
            continue;
        }
        if (m_queue.isEmpty())
            planOrder(knobs);
        send(m_queue.takeFirst());
    }
}

// One of Acme's orders: its events in order, or with order.shipped first and order.paid held back (out of order),
// each maybe sent twice (duplicates), maybe followed by an event our worker cannot apply (poison).
void SimulatedPartner::planOrder(const FaultKnobs &knobs)
{
    auto *random = QRandomGenerator::global();
    const QString orderId = u"SO-%1"_s.arg(random->generate(), 8, 16, QChar(u'0'));
    const int amountCents = 500 + int(random->bounded(20000));
    const auto webhook = [&](const QString &eventType, const QJsonObject &data) {
        // The Standard Webhooks payload structure: its timestamp is when the event happened (the partner's default
        // event time), not when a request carrying it is sent.
        const QJsonObject body{{u"type"_s, eventType},
                               {u"timestamp"_s, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
                               {u"data"_s, data}};
        return Webhook{"msg_"_ba + QUuid::createUuid().toByteArray(QUuid::Id128),
                       QJsonDocument(body).toJson(QJsonDocument::Compact)};
    };
    const QJsonObject order{{u"id"_s, orderId}, {u"amount_cents"_s, amountCents}, {u"currency"_s, u"EUR"_s}};

    enqueue(webhook(u"order.created"_s, order), knobs);
    if (roll(knobs.outOfOrderPercent)) {
        m_outOfOrderOrders.fetch_add(1);
        enqueue(webhook(u"order.shipped"_s, order), knobs);
        m_heldBack.append({m_clock.elapsed() + m_options.heldBackPaidMs, webhook(u"order.paid"_s, order)});
    } else {
        enqueue(webhook(u"order.paid"_s, order), knobs);
        enqueue(webhook(u"order.shipped"_s, order), knobs);
    }
    if (roll(knobs.poisonPercent)) {
        // Two kinds, in turn: an event type the order's state machine does not know, and an event without the
        // order's id. The worker fails each on the partner's short schedule and then quarantines it with the reason.
        Webhook poison = m_poisonOrders++ % 2 == 0
                             ? webhook(u"order.teleported"_s, order)
                             : webhook(u"order.paid"_s, QJsonObject{{u"amount_cents"_s, amountCents}});
        poison.poison = true;
        m_queue.append(poison);
    }
}

void SimulatedPartner::enqueue(const Webhook &webhook, const FaultKnobs &knobs)
{
    m_queue.append(webhook);
    if (roll(knobs.duplicatePercent)) {
        Webhook again = webhook;
        again.duplicate = true;
        m_queue.append(again);
    }
}

void SimulatedPartner::send(const Webhook &webhook)
{
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QNetworkRequest request(m_webhookUrl);
    request.setHeader(QNetworkRequest::ContentTypeHeader, u"application/json"_s);
    request.setRawHeader("webhook-id"_ba, webhook.id);
    request.setRawHeader("webhook-timestamp"_ba, QByteArray::number(now));
    request.setRawHeader("webhook-signature"_ba,
                         signing::standardSignatureHeader({m_keys.partner}, webhook.id, now, webhook.body));
    QNetworkReply *reply = m_network->post(request, webhook.body);
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        if (reply->error() != QNetworkReply::NoError)
            m_sendFailures.fetch_add(1);
        reply->deleteLater();
    });
    m_webhooksSent.fetch_add(1);
    if (webhook.duplicate)
        m_duplicatesSent.fetch_add(1);
    if (webhook.poison)
        m_poisonSent.fetch_add(1);
}

} // namespace hookyard::core
