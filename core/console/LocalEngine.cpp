#include "console/LocalEngine.h"

#include "receiver/Receiver.h"
#include "relay/Relay.h"
#include "worker/InboxWorker.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {
// How long closing the console waits for in-flight requests and handler calls before it gives up on them (their
// leases then return them to the pool).
constexpr int kShutdownWaitMs = 30000;
} // namespace

LocalEngine::LocalEngine(ConnectionSettings settings, QObject *parent)
    : QObject(parent)
    , m_settings(std::move(settings))
{}

LocalEngine::~LocalEngine()
{
    if (m_relay) {
        m_relay->requestStop();
        m_relay->waitUntilStopped(kShutdownWaitMs);
    }
    if (m_worker) {
        m_worker->requestStop();
        m_worker->waitUntilStopped(kShutdownWaitMs);
    }
    if (m_receiverThread) {
        if (m_receiver) {
            QMetaObject::invokeMethod(
                m_receiver, [receiver = m_receiver] { delete receiver; }, Qt::BlockingQueuedConnection);
        }
        m_receiverThread->quit();
        m_receiverThread->wait();
    }
}

Status LocalEngine::startRelay(const LocalRelaySettings &settings)
{
    if (m_relay)
        return Error{u"the console's relay is still running or stopping"_s};
    RelayOptions options;
    options.scope = settings.scope;
    options.ratePerSecond = settings.ratePerSecond;
    options.concurrency = settings.concurrency;
    m_relay = std::make_unique<Relay>(m_settings, options);
    m_lastTotals.relayAttempts = 0;
    m_lastTotals.relayDelivered = 0;
    // Queued: the relay is destroyed here, on the GUI thread, once its own thread has returned from the loop.
    connect(
        m_relay.get(), &Relay::stopped, this,
        [this](const QString &error) {
            m_lastTotals.relayAttempts = m_relay->attemptsMade();
            m_lastTotals.relayDelivered = m_relay->deliveriesSucceeded();
            m_relay.reset();
            Q_EMIT relayStopped(error);
        },
        Qt::QueuedConnection);
    m_relay->start();
    return success();
}

void LocalEngine::stopRelay()
{
    if (m_relay)
        m_relay->requestStop();
}

Result<quint16> LocalEngine::startReceiver(const LocalReceiverSettings &settings)
{
    if (m_receiverThread)
        return Error{u"the console's receiver is still running or stopping"_s};

    // The receiver is driven by an event loop: it gets a thread of its own, and is created and destroyed there.
    auto *thread = new QThread(this);
    thread->setObjectName(u"hookyard-console-receiver"_s);
    auto *onThread = new QObject;
    onThread->moveToThread(thread);
    connect(thread, &QThread::finished, onThread, &QObject::deleteLater);
    thread->start();

    ReceiverOptions options;
    options.address = settings.address;
    options.port = settings.port;
    Result<quint16> listening = Error{};
    Receiver *receiver = nullptr;
    QMetaObject::invokeMethod(
        onThread,
        [&] {
            auto created = std::make_unique<Receiver>(m_settings, options);
            listening = created->listen();
            if (listening)
                receiver = created.release();
        },
        Qt::BlockingQueuedConnection);
    if (!listening) {
        thread->quit();
        thread->wait();
        delete thread;
        return listening;
    }

    m_receiverThread = thread;
    m_receiver = receiver;
    m_lastTotals.webhooksStored = 0;
    m_lastTotals.inboxProcessed = 0;
    if (settings.withWorker) {
        m_worker = std::make_unique<InboxWorker>(m_settings, InboxWorkerOptions{});
        connect(
            m_worker.get(), &InboxWorker::stopped, this,
            [this] {
                m_lastTotals.inboxProcessed = m_worker->processedCount();
                m_worker.reset();
                finishReceiverStop();
            },
            Qt::QueuedConnection);
        m_worker->start();
    }
    connect(thread, &QThread::finished, this, [this] {
        m_receiverThread->deleteLater();
        m_receiverThread = nullptr;
        finishReceiverStop();
    });
    return listening;
}

void LocalEngine::stopReceiver()
{
    if (!m_receiver)
        return;
    m_receiverStopping = true;
    m_lastTotals.webhooksStored = m_receiver->webhooksStored();
    // Deleted on its own thread: the server stops accepting and the batch being committed is answered first.
    QMetaObject::invokeMethod(m_receiver, [receiver = m_receiver, thread = m_receiverThread] {
        delete receiver;
        thread->quit();
    });
    m_receiver = nullptr;
    if (m_worker)
        m_worker->requestStop();
}

void LocalEngine::finishReceiverStop()
{
    // The receiver's thread and the worker stop independently; the receiver has stopped once both have.
    if (!m_receiverStopping || m_receiverThread || m_worker)
        return;
    m_receiverStopping = false;
    Q_EMIT receiverStopped();
}

LocalEngineCounters LocalEngine::counters() const
{
    LocalEngineCounters counters = m_lastTotals;
    if (m_relay) {
        counters.relayAttempts = m_relay->attemptsMade();
        counters.relayDelivered = m_relay->deliveriesSucceeded();
    }
    if (m_receiver)
        counters.webhooksStored = m_receiver->webhooksStored();
    if (m_worker)
        counters.inboxProcessed = m_worker->processedCount();
    return counters;
}

} // namespace hookyard::core
