#include "HttpSink.h"

#include "http/HttpServer.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QMutex>
#include <QThread>
#include <QTimer>
#include <QWaitCondition>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace hookyard::test {

using Request = HttpSink::Request;
using Reply = HttpSink::Reply;

// What the test's thread and the sink's thread share; every member but clock and server is guarded by mutex.
struct HttpSinkState
{
    mutable QMutex mutex;
    QWaitCondition requestRecorded;
    // Replaced whole, never changed in place, so the sink's thread runs the handler it took without holding the mutex.
    std::shared_ptr<const HttpSink::Handler> handler = std::make_shared<const HttpSink::Handler>();
    QList<Request> requests;
    // The webhook-id (empty: none) of each open request, by its connection: a connection has one open request at most.
    QHash<int, QByteArray> openByConnection;
    // Open requests per webhook-id. An id leaves the hash with its last open request, so the hash stays as small as
    // the number of open requests.
    QHash<QByteArray, int> openById;
    int open = 0;
    int maxOpen = 0;
    int maxOpenSameId = 0;
    QElapsedTimer clock;                // started before the server listens, only read afterwards
    core::HttpServer *server = nullptr; // lives on the sink's thread; set before it starts, constant afterwards
};

namespace {

// The request of connection connectionId is no longer open, if it was.
void closeRequest(HttpSinkState &state, int connectionId)
{
    QMutexLocker lock(&state.mutex);
    const auto open = state.openByConnection.constFind(connectionId);
    if (open == state.openByConnection.cend())
        return;
    const QByteArray webhookId = *open;
    // Removed by key: erase(iterator) looks for the next entry, which costs more than the removal in a sparse hash.
    state.openByConnection.remove(connectionId);
    --state.open;
    if (!webhookId.isEmpty()) {
        const auto sameId = state.openById.find(webhookId);
        if (--*sameId == 0)
            state.openById.remove(webhookId);
    }
}

void carryOut(HttpSinkState &state, const core::HttpResponder &responder, int connectionId, const Reply &reply)
{
    switch (reply.action) {
    case Reply::Respond:
        closeRequest(state, connectionId);
        responder.respond(reply.status, reply.headers, reply.body);
        return;
    case Reply::DropAfterBody:
        closeRequest(state, connectionId);
        responder.close();
        return;
    case Reply::Hang:
        return;
    }
}

// On the sink's thread, once per request whose body is complete.
void receive(HttpSinkState &state, const core::HttpRequest &received, const core::HttpResponder &responder)
{
    Request request;
    request.method = received.method;
    request.path = received.target;
    request.headers = received.headers;
    request.body = received.body;
    request.connectionId = received.connectionId;
    const QByteArray webhookId = request.header("webhook-id"_ba);
    std::shared_ptr<const HttpSink::Handler> handler;
    int index = 0;
    {
        QMutexLocker lock(&state.mutex);
        request.receivedAt = QDateTime::currentDateTimeUtc();
        request.receivedMs = state.clock.elapsed();
        index = int(state.requests.size());
        state.requests.append(request);
        state.maxOpen = std::max(state.maxOpen, ++state.open);
        state.openByConnection.insert(request.connectionId, webhookId);
        if (!webhookId.isEmpty())
            state.maxOpenSameId = std::max(state.maxOpenSameId, ++state.openById[webhookId]);
        handler = state.handler;
    }
    state.requestRecorded.wakeAll();

    const Reply reply = *handler ? (*handler)(request, index) : Reply();
    if (reply.delayMs <= 0) {
        carryOut(state, responder, request.connectionId, reply);
        return;
    }
    // A coarse timer may fire up to 5% early, and tests check that a delay was at least as long as asked. Should the
    // client leave meanwhile, the server has closed the request and the responder does nothing.
    QTimer::singleShot(reply.delayMs, Qt::PreciseTimer, state.server,
                       [&state, responder, connectionId = request.connectionId, reply] {
                           carryOut(state, responder, connectionId, reply);
                       });
}

} // namespace

HttpSink::HttpSink()
    : m_state(std::make_unique<HttpSinkState>())
    , m_thread(std::make_unique<QThread>())
{
    HttpSinkState &state = *m_state;
    state.clock.start();
    m_thread->setObjectName(u"HttpSink"_s);
    state.server = new core::HttpServer;
    state.server->setHandler([&state](const core::HttpRequest &request, const core::HttpResponder &responder) {
        receive(state, request, responder);
    });
    state.server->setAbandonedHandler([&state](int connectionId) { closeRequest(state, connectionId); });
    state.server->moveToThread(m_thread.get());
    // QThread sends deferred deletes after finished(): the server and its connections die on their own thread.
    QObject::connect(m_thread.get(), &QThread::finished, state.server, &QObject::deleteLater);
    m_thread->start();
    QString error;
    QMetaObject::invokeMethod(
        state.server,
        [&] {
            const auto listening = state.server->listen(QHostAddress::LocalHost, 0);
            if (listening)
                m_port = listening.value();
            else
                error = listening.error();
        },
        Qt::BlockingQueuedConnection);
    if (m_port == 0)
        qFatal("HttpSink: %s", qPrintable(error));
}

HttpSink::~HttpSink()
{
    m_thread->quit();
    m_thread->wait();
}

void HttpSink::setHandler(Handler handler)
{
    auto next = std::make_shared<const Handler>(std::move(handler));
    QMutexLocker lock(&m_state->mutex);
    // The previous handler is released after the unlock (next is destroyed after lock), outside the sink's mutex.
    m_state->handler.swap(next);
}

QUrl HttpSink::url(const QString &path) const
{
    return QUrl(u"http://127.0.0.1:"_s + QString::number(m_port) + path);
}

QList<Request> HttpSink::requests() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->requests;
}

int HttpSink::requestCount() const
{
    QMutexLocker lock(&m_state->mutex);
    return int(m_state->requests.size());
}

bool HttpSink::waitForRequests(int count, int timeoutMs) const
{
    const QDeadlineTimer deadline(timeoutMs);
    QMutexLocker lock(&m_state->mutex);
    while (m_state->requests.size() < count) {
        if (!m_state->requestRecorded.wait(&m_state->mutex, deadline))
            return m_state->requests.size() >= count;
    }
    return true;
}

void HttpSink::clear()
{
    QMutexLocker lock(&m_state->mutex);
    m_state->requests.clear();
    m_state->maxOpen = m_state->open;
    m_state->maxOpenSameId = 0;
    for (const int open : std::as_const(m_state->openById))
        m_state->maxOpenSameId = std::max(m_state->maxOpenSameId, open);
}

int HttpSink::maxConcurrentSameId() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->maxOpenSameId;
}

int HttpSink::maxConcurrentRequests() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->maxOpen;
}

int HttpSink::connectionsAccepted() const
{
    return m_state->server->connectionsAccepted();
}

} // namespace hookyard::test
