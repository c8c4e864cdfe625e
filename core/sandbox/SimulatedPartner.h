#pragma once

#include "sandbox/FaultKnobs.h"
#include "sandbox/RatePacer.h"
#include "sandbox/SandboxSetup.h"
#include "util/Result.h"

#include <QByteArray>
#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QUrl>

#include <atomic>

class QNetworkAccessManager;
class QTimer;

namespace hookyard::core {

class HttpResponder;
class HttpServer;
struct HttpRequest;

struct SimulatedPartnerOptions
{
    // sandbox-acme-v1 answers 503 to this many attempts of each webhook-id, then 200: one more than the endpoint's
    // attempts, so every delivery dies and its replay (the next attempt) is delivered.
    int legacyFailuresPerDelivery = 3;
    // How long an out-of-order order's order.paid follows its order.shipped: the shipped row waits DEFERRED so long.
    int heldBackPaidMs = 8000;
};

// What the simulated partner did since it started; readable from any thread.
struct SimulatedPartnerCounts
{
    qint64 deliveriesReceived = 0; // requests to /hooks and /v1/hooks
    qint64 deliveriesAccepted = 0; // answered 200
    qint64 deliveriesFailed = 0;   // answered 500 (error rate) or 503 (v1)
    qint64 deliveriesDropped = 0;  // closed after the body, unanswered
    qint64 webhooksSent = 0;       // to our receiver, duplicates and poison included
    qint64 duplicatesSent = 0;
    qint64 outOfOrderOrders = 0;
    qint64 poisonSent = 0;
    qint64 sendFailures = 0; // webhooks our receiver did not answer 2xx
};

// Acme, the sandbox's partner, on loopback in both directions (its rows: SandboxSetup):
//  - POST /hooks: our relay's deliveries to sandbox-acme. Verifies the Standard Webhooks signature, then per the
//    knobs waits (slowness), closes the connection after reading the body (drop), answers 500 (error rate) or 200.
//    It keeps a record of each delivery it accepted — except of one it dropped before: that record it "lost", so the
//    sandbox's reconciliation finds it missing on their side once the relay has re-sent it.
//  - POST /v1/hooks: the old API sandbox-acme-v1 delivers refunds to, being retired: 503 to the first
//    legacyFailuresPerDelivery attempts of each webhook-id, 200 after that. Counted in memory: after a restart of the
//    sandbox a delivery dies once more before its replay is delivered.
//  - GET /received?since=&until=&cursor=: its records in a window, 200 per page, in the list API layout of
//    docs/reconciliation.md (the reconcile source of sandbox-acme).
//  - It sends signed webhooks about its own orders (created → paid → shipped) to our receiver at the knobs' rate,
//    some out of order, some twice, some followed by poison (an unknown event type, or no order id).
//
// Lives on the thread that created it, which must run an event loop.
class SimulatedPartner final : public QObject
{
    Q_OBJECT
public:
    SimulatedPartner(const SharedFaultKnobs &knobs, SimulatedPartnerOptions options, QObject *parent = nullptr);
    ~SimulatedPartner() override;
    Q_DISABLE_COPY_MOVE(SimulatedPartner)

    // Listens on 127.0.0.1 (port 0: any free one); returns the port.
    Result<quint16> listen(quint16 port);
    // Verifies deliveries with `keys` and starts sending webhooks to `webhookUrl` (our receiver's
    // /webhooks/sandbox-acme). Until then every delivery is answered 401.
    void start(const SandboxKeys &keys, const QUrl &webhookUrl);

    SimulatedPartnerCounts counts() const;

private:
    struct Webhook
    {
        QByteArray id;
        QByteArray body;
        bool duplicate = false; // a second send of an id already sent
        bool poison = false;
    };
    struct HeldBack
    {
        qint64 dueMs = 0; // on m_clock
        Webhook webhook;
    };
    struct Record
    {
        QByteArray id;
        QByteArray payloadSha256; // lowercase hex
        QDateTime at;
    };

    void handle(const HttpRequest &request, const HttpResponder &responder);
    // Counts the delivery and checks its signature with `secrets`; answers 401 and returns false when it fails.
    bool verifiedDelivery(const HttpRequest &request, const HttpResponder &responder, const QList<QByteArray> &secrets);
    void receiveDelivery(const HttpRequest &request, const HttpResponder &responder);
    void receiveLegacyDelivery(const HttpRequest &request, const HttpResponder &responder);
    void listReceived(const HttpRequest &request, const HttpResponder &responder) const;
    void sendDue();
    void planOrder(const FaultKnobs &knobs);
    void enqueue(const Webhook &webhook, const FaultKnobs &knobs);
    void send(const Webhook &webhook);

    const SharedFaultKnobs &m_knobs;
    const SimulatedPartnerOptions m_options;
    HttpServer *m_server; // a child, so that it moves to the partner's thread with it
    QNetworkAccessManager *m_network;
    QTimer *m_sendTimer;
    SandboxKeys m_keys;
    QUrl m_webhookUrl;

    QList<Record> m_records; // in the order accepted
    QSet<QByteArray> m_recordedIds;
    QHash<QByteArray, QDateTime> m_firstSeen; // of every webhook-id that arrived at /hooks
    QSet<QByteArray> m_lostIds;               // dropped once: never recorded
    QHash<QByteArray, int> m_legacyAttempts;

    RatePacer m_pacer;
    QElapsedTimer m_clock;
    QList<Webhook> m_queue;
    QList<HeldBack> m_heldBack; // by dueMs: each is appended with the same delay
    qint64 m_poisonOrders = 0;  // the kinds of poison take turns

    std::atomic<qint64> m_deliveriesReceived{0};
    std::atomic<qint64> m_deliveriesAccepted{0};
    std::atomic<qint64> m_deliveriesFailed{0};
    std::atomic<qint64> m_deliveriesDropped{0};
    std::atomic<qint64> m_webhooksSent{0};
    std::atomic<qint64> m_duplicatesSent{0};
    std::atomic<qint64> m_outOfOrderOrders{0};
    std::atomic<qint64> m_poisonSent{0};
    std::atomic<qint64> m_sendFailures{0};
};

} // namespace hookyard::core
