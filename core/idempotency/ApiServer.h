#pragma once

#include "db/ConnectionSettings.h"
#include "util/Result.h"

#include <QHostAddress>
#include <QMutex>
#include <QObject>
#include <QThreadPool>
#include <QThreadStorage>
#include <QTimer>

#include <chrono>
#include <memory>

namespace hookyard::core {

class DatabaseConnection;
class HttpResponder;
class HttpServer;
struct ApiResponse;
struct HttpRequest;

struct ApiServerOptions
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 8081;                      // 0: any free port
    int connections = 4;                      // requests executing at once, each on a database connection of its own
    std::chrono::seconds retention{3 * 3600}; // how long an Idempotency-Key's answer is kept and replayed
    std::chrono::seconds lockTimeout{60};     // after this, a record still 'processing' is shown as stuck
    std::chrono::milliseconds purgeInterval{60000}; // how often settled records past their retention are purged
    qint64 maxBodyBytes = 1024 * 1024;
};

// Hookyard's HTTP API (docs/api.md): POST /v1/events, GET /v1/events/{id}, POST /v1/replays, GET /v1/replays/{id},
// authenticated with "Authorization: Bearer <token>" (ApiTokens), every error an application/problem+json.
//
// A POST with an Idempotency-Key follows PROTOCOLS.md section 4: the key is reserved per (tenant, operation, key)
// by a unique-constraint insert before anything runs (IdempotencyStore::reserve); the operation then commits its
// work and its recorded answer together (ApiOperations); a retry gets the recorded answer byte for byte with
// "Idempotency-Replay: true", a different request under the key 409 E01005, a retry while it runs 409 E01004, a key
// over 255 characters 422 E01001. A 5xx answer is not recorded: the key is released and a retry runs again. When the
// database cannot be used the answer is 503 E01033, before anything runs. GET ignores Idempotency-Key.
//
// The HTTP server runs on the thread that creates this object; each request's database work runs on a pool of
// `connections` threads, each with a connection of its own, and its answer comes back to the server's thread. Settled
// records past their retention are purged every purgeInterval.
class ApiServer final : public QObject
{
    Q_OBJECT
public:
    ApiServer(ConnectionSettings settings, ApiServerOptions options, QObject *parent = nullptr);
    // Waits for requests being executed; their answers are then dropped with their connections.
    ~ApiServer() override;
    Q_DISABLE_COPY_MOVE(ApiServer)

    // Starts listening; returns the port (useful with port 0).
    Result<quint16> listen();
    // Closes the port; requests already received are still executed and answered, and then their connections close.
    void stopListening();
    // Connections still open: after stopListening(), 0 once every request received has been answered.
    int openConnections() const;

private:
    void checkHead(const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder);
    // On a pool thread: everything a request needs from the database, ending with its answer.
    ApiResponse execute(const HttpRequest &request);
    // The pool thread's connection, opened (again) when there is none or it was lost; nullptr when it cannot be.
    const DatabaseConnection *threadConnection();
    // Releases the records of failed requests that could not be released when they failed (the database was gone).
    void releaseLeftovers(const DatabaseConnection &connection);
    void purge();

    ConnectionSettings m_settings;
    ApiServerOptions m_options;
    std::unique_ptr<HttpServer> m_server;
    // Declared before the pool, so that it outlives the pool's threads, whose connections it deletes as they exit.
    QThreadStorage<DatabaseConnection *> m_connections;
    QThreadPool m_pool;
    QTimer m_purgeTimer;
    QMutex m_leftoversMutex;
    // Records of requests that committed nothing and whose release failed, so that their retries can run again.
    QList<qint64> m_unreleased;
};

} // namespace hookyard::core
