#pragma once

#include "db/ConnectionSettings.h"
#include "http/HttpServer.h"
#include "inbox/PartnerConfig.h"
#include "receiver/IngestQueue.h"
#include "receiver/PartnerDirectory.h"
#include "util/Result.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QHostAddress>
#include <QJsonValue>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <atomic>
#include <map>
#include <memory>
#include <variant>
#include <vector>

namespace hookyard::core {

class DatabaseConnection;
class HttpResponder;
struct HttpRequest;

struct ReceiverOptions
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 8080;         // 0: any free port
    int maxBatch = 256;          // requests sharing one commit at most
    int partnerRefreshMs = 5000; // how soon partner changes (new secrets, new partners) take effect
    int ingestConnections = 1;   // batches committing at once, each on a database connection of its own (IngestQueue)
    int maxConnections = HttpServer::defaultMaxConnections(); // HTTP connections open at once
};

// Why a webhook request is turned away: its HTTP status and the reason kept in rejected_requests.
struct WebhookRejection
{
    int status = 0;
    QString reason;
};

// The checks the receiver makes on a webhook request to a known partner, once its body is read: size limit, signature
// (at nowSeconds, Unix seconds), JSON, event id, and the fields the partner configuration points at. Either the item
// to store or why not. Pure: no database and no clock, so the fuzz target (fuzz/) runs it as the receiver does.
std::variant<IngestItem, WebhookRejection> checkWebhook(const PartnerConfig &partner, const HttpRequest &request,
                                                        qint64 nowSeconds);

// The inbound side: POST /webhooks/{partner} verifies the partner's signature, stores the webhook in the inbox
// and answers 200 only after the commit (a duplicate event id is also a 200, with no second row). Everything it
// turns away gets its status code and a rejected_requests row with the reason. GET /health and GET /metrics
// (Prometheus text format) serve monitoring.
//
// Runs on the thread it was created on, which never waits for the database: the partners are read by a
// PartnerDirectory, the inbox written by an IngestQueue, each on threads of their own. What can be refused from a
// request's head (an unknown path or partner, a wrong method, a Content-Length over the partner's max_body_bytes) is
// answered before the body is read.
class Receiver final : public QObject
{
    Q_OBJECT
public:
    // /health answers 503 once a database call of the inbox has waited this long: no webhook is being answered.
    static constexpr qint64 kDatabaseStalledMs = 5000;

    Receiver(ConnectionSettings settings, ReceiverOptions options, QObject *parent = nullptr);
    ~Receiver() override;
    Q_DISABLE_COPY_MOVE(Receiver)

    // Starts reading the partners (requests wait for the first read) and listening; returns the port (useful with
    // port 0).
    Result<quint16> listen();
    // Closes the port; requests already received are still stored and answered, and then their connections close.
    void stopListening();
    // Connections still open: after stopListening(), 0 once every request received has been answered.
    int openConnections() const;
    // Webhooks stored in the inbox since the start (duplicates not counted); readable from any thread.
    qint64 webhooksStored() const { return m_stored.load(); }

private:
    void checkHead(const HttpRequest &head, qint64 bodyBytes, const HttpResponder &responder);
    void handle(const HttpRequest &request, const HttpResponder &responder);
    // afterRead: the request waited for a read of the partners already (a name the last read lacked).
    void handleWebhook(const QString &partnerName, const HttpRequest &request, const HttpResponder &responder,
                       bool afterRead = false);
    // Handles the requests waiting for a read of the partners, once one that began after them is done, or turns
    // them away with 503 once they have waited kPartnerReadWaitMs.
    void retryAwaitingPartners();
    // 503 with Retry-After: whether `name` is a partner cannot be told while the partners cannot be read.
    void rejectUnreadPartners(const QString &name, const HttpRequest &request, const HttpResponder &responder,
                              std::optional<qint64> unreadBodyBytes);
    void answerIngest(const IngestOutcome &outcome, const QString &partnerName, const HttpRequest &request,
                      const HttpResponder &responder);
    // unreadBodyBytes: for a request turned away from its head, the body length it announced (RejectedRequest).
    void reject(const QString &partnerName, const HttpRequest &request, const HttpResponder &responder, int status,
                const QString &reason, std::optional<qint64> unreadBodyBytes = std::nullopt);
    // Keeps a request in rejected_requests: one turned away, or a duplicate whose body differs from the stored event's.
    void keepRequest(const QString &partnerName, const HttpRequest &request, int status, const QString &reason,
                     std::optional<qint64> unreadBodyBytes = std::nullopt);
    // keepRequest, and counts the answer for /metrics.
    void recordRejection(const QString &partnerName, const HttpRequest &request, int status, const QString &reason,
                         std::optional<qint64> unreadBodyBytes);
    // A request to /webhooks/NAME that the HTTP server refused before a handler saw it (a chunked body, a head too
    // large, a request that took too long to arrive): kept like every other reject, so that a partner's "we sent it"
    // finds a trace.
    void refused(const HttpRequest &request, int status, const QString &reason);
    void health(const HttpResponder &responder) const;
    void metrics(const HttpResponder &responder) const;
    // The partner's configuration, valid until the next call; null when the partners read hold none of that name.
    const PartnerConfig *partner(const QString &name);
    // Whether a name partner() did not find may be a partner added since the last read (or one not read yet): none of
    // that name was left out for a configuration that does not parse.
    bool mayBeNewPartner(const QString &name) const;
    // Turns away a request for a partner that is not in use: 404 for a name no partner has; 503 with Retry-After for
    // one whose stored configuration no longer parses (our fault, so its senders retry and nothing is lost once it is
    // fixed; the reason, naming configuration keys, goes to rejected_requests and not to the sender), and for every
    // name while the partners cannot be read (none read since the start, or the latest read failed).
    void rejectMissingPartner(const QString &name, const HttpRequest &request, const HttpResponder &responder,
                              std::optional<qint64> unreadBodyBytes = std::nullopt);

    ConnectionSettings m_settings;
    ReceiverOptions m_options;
    std::unique_ptr<HttpServer> m_server;
    std::unique_ptr<IngestQueue> m_ingest;
    PartnerDirectory m_partners;
    std::shared_ptr<const PartnerDirectory::Snapshot> m_partnersInUse; // what partner() answered from last
    // Requests naming a partner the last read lacked: one added a moment ago has not been read yet. Each waits for
    // the next read of the partners (its commit's NOTIFY starts one at once), at most kPartnerReadWaitMs.
    struct AwaitingPartner
    {
        QString partnerName;
        HttpRequest request;
        HttpResponder responder;
        quint64 readsStartedBefore = 0; // PartnerDirectory::readsStarted() when it arrived
        QDeadlineTimer deadline;
    };
    static constexpr int kPartnerReadWaitMs = 2000;
    // Held so, at most: an unknown name is cheap to send, and its body is read while it waits.
    static constexpr qint64 kAwaitedBodyBytes = 64 * 1024;
    static constexpr size_t kMostAwaitingPartners = 256;
    bool m_lastPartnerReadFailed = false; // the latest read of the partners failed: an unknown name may not be
    std::vector<AwaitingPartner> m_awaitingPartners;
    QTimer *m_awaitingCheck; // a child: runs retryAwaitingPartners while requests wait, for their deadlines
    std::map<int, qint64> m_answeredByStatus; // webhook requests, the server's refusals of them included, for /metrics
    std::atomic<qint64> m_stored{0};
};

} // namespace hookyard::core
