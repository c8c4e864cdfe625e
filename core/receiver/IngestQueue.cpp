#include "receiver/IngestQueue.h"

#include "db/Database.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSet>
#include <QSqlQuery>
#include <QThread>
#include <QUuid>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcIngest, "hookyard.receiver")

namespace hookyard::core {

namespace {

constexpr int kMaxRejectedPerRound = 100;
constexpr int kPruneEveryRejected = 1000;
constexpr int kSnippetBytes = 2048;

QString storedKey(const QString &partner, const QString &eventId)
{
    return partner + u'\n' + eventId;
}

// JSON string literal for `text`.
QByteArray jsonString(const QString &text)
{
    const QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2); // strip [ ]
}

QJsonObject headersObject(const QHash<QByteArray, QByteArray> &headers)
{
    QJsonObject object;
    for (auto it = headers.cbegin(); it != headers.cend(); ++it)
        object.insert(QString::fromLatin1(it.key()), QString::fromUtf8(it.value()));
    return object;
}

// One row of the batch as JSON text. The payload goes in as the raw body bytes, not re-serialised, so that
// numbers keep every digit the sender wrote.
QByteArray rowJson(const IngestItem &item)
{
    QByteArray row = "{\"id\":\"" + QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1() + "\"";
    row += ",\"partner_id\":" + QByteArray::number(item.partnerId);
    row += ",\"partner_name\":" + jsonString(item.partnerName);
    row += ",\"partner_event_id\":" + jsonString(item.partnerEventId);
    row += ",\"payload\":" + item.rawBody;
    row += ",\"raw_body\":\"" + item.rawBody.toBase64() + "\"";
    row += ",\"event_type\":" + (item.eventType.isNull() ? QByteArray("null") : jsonString(item.eventType));
    row += ",\"entity_type\":" + (item.entityType.isNull() ? QByteArray("null") : jsonString(item.entityType));
    row += ",\"entity_id\":" + (item.entityId.isNull() ? QByteArray("null") : jsonString(item.entityId));
    row += ",\"event_time\":" +
           (item.eventTime ? jsonString(item.eventTime->toString(Qt::ISODateWithMs)) : QByteArray("null"));
    row += ",\"headers\":" + QJsonDocument(headersObject(item.headers)).toJson(QJsonDocument::Compact) + "}";
    return row;
}

// The whole batch in one statement: new inbox rows (duplicates skipped by the unique constraint, also within the
// batch) and their inbox_messages rows; returns the (partner, event id) pairs that were new.
const QString kInsertBatchSql = uR"(
WITH r AS (
  SELECT * FROM jsonb_to_recordset(?::jsonb) AS r(
    id UUID, partner_id BIGINT, partner_name TEXT, partner_event_id TEXT, payload JSONB, raw_body TEXT,
    event_type TEXT, entity_type TEXT, entity_id TEXT, event_time TIMESTAMPTZ, headers JSONB)
), inserted AS (
  INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, status)
  SELECT id, partner_name, partner_event_id, payload, true, 'PENDING' FROM r
  ON CONFLICT (partner_name, partner_event_id) DO NOTHING
  RETURNING id, partner_name, partner_event_id
), messages AS (
  INSERT INTO inbox_messages (inbox_id, partner_id, event_type, entity_type, entity_id, event_time, headers, raw_body)
  SELECT r.id, r.partner_id, r.event_type, r.entity_type, r.entity_id, r.event_time, r.headers,
         decode(r.raw_body, 'base64')
  FROM r JOIN inserted ON inserted.id = r.id
)
SELECT partner_name, partner_event_id FROM inserted
)"_s;

} // namespace

struct IngestQueue::Pending
{
    IngestItem item;
    Completion done;
};

IngestQueue::IngestQueue(ConnectionSettings settings, int maxBatch)
    : m_settings(std::move(settings))
    , m_maxBatch(std::max(1, maxBatch))
{
    m_thread = QThread::create([this] { run(); });
    m_thread->setObjectName(u"ingest"_s);
    m_thread->start();
}

IngestQueue::~IngestQueue()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
        m_wake.wakeAll();
    }
    m_thread->wait();
    delete m_thread;
}

void IngestQueue::submit(IngestItem item, Completion done)
{
    {
        QMutexLocker locker(&m_mutex);
        if (!m_stopping) {
            m_queue.push_back(std::make_unique<Pending>(Pending{std::move(item), std::move(done)}));
            m_wake.wakeOne();
            return;
        }
    }
    done(IngestResult::Unavailable);
}

void IngestQueue::reject(RejectedRequest request)
{
    QMutexLocker locker(&m_mutex);
    if (m_rejected.size() < 10000) // under a flood of bad requests, keep the server's memory bounded
        m_rejected.push_back(std::move(request));
    m_wake.wakeOne();
}

int IngestQueue::queueDepth() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_queue.size());
}

void IngestQueue::run()
{
    std::unique_ptr<DatabaseConnection> connection;
    QString lastError;
    int rejectedSincePrune = 0;

    auto connect = [&]() -> bool {
        if (connection && connection->database().isOpen())
            return true;
        auto opened = DatabaseConnection::open(m_settings, u"receiver"_s);
        if (!opened) {
            if (opened.error() != lastError)
                qCWarning(lcIngest).noquote() << "database unavailable:" << opened.error();
            lastError = opened.error();
            connection.reset();
            m_reachable = false;
            return false;
        }
        connection = std::move(opened.value());
        if (!lastError.isEmpty())
            qCInfo(lcIngest) << "database available again";
        lastError.clear();
        m_reachable = true;
        return true;
    };
    auto lose = [&](const QString &reason) {
        qCWarning(lcIngest).noquote() << "write failed:" << reason;
        lastError = reason;
        if (connection)
            connection->database().close();
        m_reachable = false;
    };

    constexpr int kIdleCheckMs = 2000;
    QElapsedTimer sinceCheck;
    sinceCheck.start();
    connect(); // so that /health tells the truth before the first request
    while (true) {
        // While idle, notice a database that went away (or came back) for /health.
        if (sinceCheck.elapsed() >= kIdleCheckMs) {
            sinceCheck.restart();
            if (connect() && !connection->exec(u"SELECT 1"_s))
                lose(u"the database stopped answering"_s);
        }
        std::vector<std::unique_ptr<Pending>> batch;
        std::vector<RejectedRequest> rejected;
        {
            QMutexLocker locker(&m_mutex);
            if (m_queue.empty() && m_rejected.empty() && !m_stopping)
                m_wake.wait(&m_mutex, kIdleCheckMs);
            if (m_stopping && m_queue.empty())
                return;
            while (!m_queue.empty() && int(batch.size()) < m_maxBatch) {
                batch.push_back(std::move(m_queue.front()));
                m_queue.pop_front();
            }
            while (!m_rejected.empty() && int(rejected.size()) < kMaxRejectedPerRound) {
                rejected.push_back(std::move(m_rejected.front()));
                m_rejected.pop_front();
            }
        }

        if (!batch.empty()) {
            QSet<QString> stored;
            bool ok = connect();
            if (ok) {
                QByteArray rows = "[";
                for (size_t i = 0; i < batch.size(); ++i) {
                    if (i > 0)
                        rows += ',';
                    rows += rowJson(batch[i]->item);
                }
                rows += ']';
                // A single-statement transaction: committed by the server before exec returns.
                auto inserted = connection->exec(kInsertBatchSql, {QString::fromUtf8(rows)});
                if (inserted) {
                    while (inserted.value().next())
                        stored.insert(
                            storedKey(inserted.value().value(0).toString(), inserted.value().value(1).toString()));
                    m_commits.fetch_add(1);
                    m_rowsCommitted.fetch_add(stored.size());
                } else {
                    ok = false;
                    lose(inserted.error());
                }
            }
            for (auto &pending : batch) {
                IngestResult result = IngestResult::Unavailable;
                if (ok) {
                    // Within one batch a duplicate pair shares an event id: the first one counts as stored.
                    result = stored.remove(storedKey(pending->item.partnerName, pending->item.partnerEventId))
                                 ? IngestResult::Stored
                                 : IngestResult::Duplicate;
                    if (result == IngestResult::Duplicate)
                        m_duplicates.fetch_add(1);
                }
                pending->done(result);
            }
        }

        if (!rejected.empty() && connect()) {
            for (const RejectedRequest &request : rejected) {
                auto written = connection->exec(
                    u"INSERT INTO rejected_requests (partner_name, remote_address, status_code, reason, headers, "
                    "body_bytes, body_snippet) VALUES (?, ?, ?, ?, ?::jsonb, ?, ?)"_s,
                    {request.partnerName, request.remoteAddress, request.statusCode, request.reason,
                     QString::fromUtf8(QJsonDocument(headersObject(request.headers)).toJson(QJsonDocument::Compact)),
                     int(request.body.size()),
                     QString::fromUtf8(request.body.left(kSnippetBytes)).remove(QChar(u'\0'))});
                if (!written) {
                    lose(written.error());
                    break;
                }
                ++rejectedSincePrune;
            }
            if (rejectedSincePrune >= kPruneEveryRejected && connection && connection->database().isOpen()) {
                rejectedSincePrune = 0;
                (void)connection->exec(u"DELETE FROM rejected_requests WHERE id <= (SELECT id FROM rejected_requests "
                                       "ORDER BY id DESC OFFSET ? LIMIT 1)"_s,
                                       {kRejectedRowsKept});
            }
        }
    }
}

} // namespace hookyard::core
