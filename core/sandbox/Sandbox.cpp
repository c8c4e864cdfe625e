#include "sandbox/Sandbox.h"

#include "console/LocalEngine.h"
#include "outbox/OutboxProducer.h"
#include "reconcile/Reconciler.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {
constexpr int kProduceTickMs = 100;
} // namespace

QString SandboxSummary::describe() const
{
    return u"delivered %1 · retries %2 · dead %3 · deferred %4 (healed %5) · quarantined %6 · duplicates sent %7 · "
           u"open mismatches %8"_s.arg(QString::number(delivered), QString::number(retries), QString::number(dead),
                                       QString::number(deferred), QString::number(healed), QString::number(quarantined),
                                       QString::number(partner.duplicatesSent), QString::number(openMismatches));
}

// Our side of the traffic, on a thread of its own: the producer making order events at the knobs' rate, the periodic
// reconciliation of sandbox-acme, and the summary. Created on the sandbox's thread and moved to its own.
class SandboxTraffic final : public QObject
{
public:
    SandboxTraffic(Sandbox &sandbox, const SimulatedPartner &partner)
        : m_sandbox(sandbox)
        , m_partner(partner)
    {}
    Q_DISABLE_COPY_MOVE(SandboxTraffic)

    // On the traffic's thread.
    void start()
    {
        openConnection();
        auto *produce = new QTimer(this);
        connect(produce, &QTimer::timeout, this, &SandboxTraffic::produce);
        produce->start(kProduceTickMs);
        auto *reconcile = new QTimer(this);
        connect(reconcile, &QTimer::timeout, this, &SandboxTraffic::reconcile);
        reconcile->start(m_sandbox.m_options.reconcileIntervalMs);
        auto *summarize = new QTimer(this);
        connect(summarize, &QTimer::timeout, this, &SandboxTraffic::summarize);
        summarize->start(m_sandbox.m_options.summaryIntervalMs);
    }

private:
    bool openConnection()
    {
        if (m_connection)
            return true;
        auto opened = DatabaseConnection::open(m_sandbox.m_settings, u"sandbox-traffic"_s);
        if (!opened) {
            m_connectionProblem = opened.error();
            return false;
        }
        m_connection = std::move(opened.value());
        m_connectionProblem.clear();
        return true;
    }

    void produce()
    {
        if (m_sandbox.m_knobs.paused()) {
            m_pacer.reset();
            return;
        }
        for (int due = m_pacer.due(m_sandbox.m_knobs.get().eventsPerSecond); due > 0 && openConnection(); --due)
            makeEvent();
    }

    // The next event of the current order: created, paid, shipped — and for every fifth order, the first included,
    // refunded, which goes to sandbox-acme-v1 as well (a dead letter within seconds of the start).
    void makeEvent()
    {
        static const QStringList kSteps{u"order.created"_s, u"order.paid"_s, u"order.shipped"_s, u"order.refunded"_s};
        auto *random = QRandomGenerator::global();
        if (m_step == 0) {
            m_aggregateId = QUuid::createUuid();
            m_orderId = u"A-%1"_s.arg(random->generate(), 8, 16, QChar(u'0'));
            m_amountCents = 500 + int(random->bounded(20000));
            m_steps = m_orders % 5 == 0 ? 4 : 3;
        }
        const QString eventType = kSteps.at(m_step);
        const QString customer = u"cus_%1"_s.arg(m_orders % 50, 4, 10, QChar(u'0'));
        const QJsonObject data{
            {u"id"_s, m_orderId},
            {u"amount_cents"_s, m_amountCents},
            {u"currency"_s, u"EUR"_s},
            {u"customer"_s, QJsonObject{{u"id"_s, customer}, {u"email"_s, QString(customer + u"@example.com"_s)}}}};
        const OutboxEvent event{
            {},
            u"order"_s,
            m_aggregateId,
            eventType,
            QJsonDocument(QJsonObject{{u"type"_s, eventType}, {u"data"_s, data}}).toJson(QJsonDocument::Compact)};
        if (auto made = enqueueOutboxEvent(*m_connection, event); !made) {
            m_produceProblem = u"making an event: "_s + made.error();
            return; // the same step again next time
        }
        m_produceProblem.clear();
        ++m_eventsMade;
        if (++m_step == m_steps) {
            m_step = 0;
            ++m_orders;
        }
    }

    // Our deliveries to sandbox-acme since the start against Acme's records; mismatches are stored for the console.
    void reconcile()
    {
        const QDateTime until = QDateTime::currentDateTimeUtc().addMSecs(-m_sandbox.m_options.reconcileLagMs);
        if (until <= m_sandbox.m_startedAt || !openConnection())
            return;
        // Since the start only: what Acme received before it was started again, it does not remember.
        const ReconcileRequest request{
            Subject{Subject::Kind::Endpoint, kSandboxEndpoint}, m_sandbox.m_startedAt, until, {}};
        auto run = runReconciliation(*m_connection, request);
        if (!run)
            m_reconcileProblem = u"reconciliation: "_s + run.error();
        else if (!run->reason.isEmpty())
            m_reconcileProblem = u"reconciliation: "_s + run->reason;
        else
            m_reconcileProblem.clear();
    }

    void summarize()
    {
        SandboxSummary summary;
        summary.eventsMade = m_eventsMade;
        summary.partner = m_partner.counts();
        if (openConnection()) {
            auto counts = m_connection->exec(
                u"SELECT (SELECT count(*) FROM deliveries WHERE state = 'delivered'), "
                "(SELECT count(*) FROM delivery_attempts WHERE attempt_no > 1), "
                "(SELECT count(*) FROM deliveries WHERE state = 'dead'), "
                "(SELECT count(*) FROM webhook_inbox WHERE defer_count > 0), "
                "(SELECT count(*) FROM webhook_inbox WHERE defer_count > 0 AND status = 'PROCESSED'), "
                "(SELECT count(*) FROM webhook_inbox WHERE status = 'QUARANTINED'), "
                "(SELECT count(*) FROM reconcile_mismatches WHERE resolved_at IS NULL)"_s);
            if (counts && counts.value().next()) {
                QSqlQuery &row = counts.value();
                summary.delivered = row.value(0).toLongLong();
                summary.retries = row.value(1).toLongLong();
                summary.dead = row.value(2).toLongLong();
                summary.deferred = row.value(3).toLongLong();
                summary.healed = row.value(4).toLongLong();
                summary.quarantined = row.value(5).toLongLong();
                summary.openMismatches = row.value(6).toLongLong();
            } else if (!counts) {
                m_connectionProblem = counts.error();
            }
        }
        QStringList problems{m_connectionProblem, m_produceProblem, m_reconcileProblem};
        problems.removeAll(QString());
        summary.problem = problems.join(u"; "_s);
        QMetaObject::invokeMethod(
            &m_sandbox, [&sandbox = m_sandbox, summary] { sandbox.takeSummary(summary); }, Qt::QueuedConnection);
    }

    Sandbox &m_sandbox; // outlives this: its destructor stops this thread first
    const SimulatedPartner &m_partner;
    std::unique_ptr<DatabaseConnection> m_connection;
    RatePacer m_pacer;
    QString m_connectionProblem;
    QString m_produceProblem;
    QString m_reconcileProblem;
    qint64 m_eventsMade = 0;
    qint64 m_orders = 0;
    int m_step = 0; // of the current order
    int m_steps = 0;
    QUuid m_aggregateId;
    QString m_orderId;
    int m_amountCents = 0;
};

Sandbox::Sandbox(ConnectionSettings settings, SandboxOptions options, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_options(std::move(options))
    , m_knobs(m_options.knobs)
{}

Sandbox::~Sandbox()
{
    if (m_trafficThread) {
        m_trafficThread->quit();
        m_trafficThread->wait();
    }
    m_engine.reset(); // waits for the relay's requests in flight, which Acme still answers
    if (m_partnerThread) {
        m_partnerThread->quit();
        m_partnerThread->wait();
    }
}

Status Sandbox::start()
{
    auto connection = DatabaseConnection::open(m_settings, u"sandbox-setup"_s);
    if (!connection)
        return Error{connection.error()};
    auto knownPort = sandboxPartnerPort(*connection.value());
    if (!knownPort)
        return Error{knownPort.error()};

    m_partner = new SimulatedPartner(m_knobs, m_options.partner);
    m_partnerThread = new QThread(this);
    m_partnerThread->setObjectName(u"hookyard-sandbox-partner"_s);
    m_partner->moveToThread(m_partnerThread);
    connect(m_partnerThread, &QThread::finished, m_partner, &QObject::deleteLater);
    m_partnerThread->start();
    Result<quint16> listening = Error{};
    QMetaObject::invokeMethod(
        m_partner, [&] { listening = m_partner->listen(knownPort.value().value_or(0)); }, Qt::BlockingQueuedConnection);
    if (!listening)
        return Error{listening.error()};
    m_partnerPort = listening.value();

    SandboxSetupOptions setup = m_options.setup;
    setup.partnerPort = m_partnerPort;
    auto keys = setUpSandbox(*connection.value(), setup);
    if (!keys)
        return Error{keys.error()};

    // The receiver after the setup: it reads the partners when it starts, sandbox-acme among them.
    m_engine = std::make_unique<LocalEngine>(m_settings);
    auto receiving = m_engine->startReceiver({QHostAddress(QHostAddress::LocalHost), 0, true});
    if (!receiving)
        return Error{u"the sandbox's receiver: "_s + receiving.error()};
    m_receiverPort = receiving.value();
    const QUrl webhookUrl(u"http://127.0.0.1:%1/webhooks/%2"_s.arg(m_receiverPort).arg(kSandboxPartner));
    QMetaObject::invokeMethod(
        m_partner, [partner = m_partner, keys = keys.value(), webhookUrl] { partner->start(keys, webhookUrl); });
    if (auto relaying = m_engine->startRelay({}); !relaying)
        return Error{u"the sandbox's relay: "_s + relaying.error()};
    connect(m_engine.get(), &LocalEngine::relayStopped, this, [this](const QString &error) {
        if (!error.isEmpty())
            m_engineProblem = u"the relay stopped: "_s + error;
    });

    m_startedAt = QDateTime::currentDateTimeUtc();
    auto *traffic = new SandboxTraffic(*this, *m_partner);
    m_trafficThread = new QThread(this);
    m_trafficThread->setObjectName(u"hookyard-sandbox-traffic"_s);
    traffic->moveToThread(m_trafficThread);
    connect(m_trafficThread, &QThread::started, traffic, &SandboxTraffic::start);
    connect(m_trafficThread, &QThread::finished, traffic, &QObject::deleteLater);
    m_trafficThread->start();
    return success();
}

void Sandbox::setPaused(bool paused)
{
    m_knobs.setPaused(paused);
    // Acme reads the flag before each round of sends, on its own thread: once that thread has run one more call, a
    // round that began before the flag was set is over.
    if (paused && m_partnerThread && m_partnerThread->isRunning())
        QMetaObject::invokeMethod(
            m_partner, [] {}, Qt::BlockingQueuedConnection);
}

void Sandbox::takeSummary(const SandboxSummary &summary)
{
    m_summary = summary;
    if (!m_engineProblem.isEmpty())
        m_summary.problem =
            m_summary.problem.isEmpty() ? m_engineProblem : m_engineProblem + u"; "_s + m_summary.problem;
    Q_EMIT summaryChanged(m_summary);
}

} // namespace hookyard::core
