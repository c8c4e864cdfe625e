#include "receiver/IngestQueue.h"

#include "db/BinaryArray.h"
#include "db/Database.h"
#include "util/TimeOrderedUuid.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QSet>
#include <QSqlQuery>
#include <QThread>

#include <algorithm>
#include <array>
#include <limits>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcReceiver, "hookyard.receiver")

namespace hookyard::core {

namespace {

constexpr int kMaxRejectedPerRound = 100;
// Rejected requests waiting for the database, at most: under a flood of bad requests, or while the database is down,
// the server's memory stays bounded (the oldest go first, as in the table).
constexpr size_t kMaxRejectedQueued = 10000;
constexpr int kPruneEveryRejected = 1000;
constexpr int kSnippetBytes = 2048;
// A rejected request's headers kept, at most, as JSON: found by an adversarial helper, a 60 KB head of garbage was
// kept whole, and the table keeps kRejectedRowsKept rows.
constexpr qsizetype kRejectedHeaderBytes = 8192;

// `text` (a header's name or value) as a JSON string. Bytes that are not UTF-8 become U+FFFD, as QString::fromUtf8
// makes them: jsonb takes valid UTF-8 only.
void appendJsonString(QByteArray &json, QByteArrayView text)
{
    const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return uchar(c) < 0x80; });
    const QByteArray utf8 = ascii ? QByteArray() : QString::fromUtf8(text).toUtf8();
    json += '"';
    for (const char c : ascii ? text : QByteArrayView(utf8)) {
        if (c == '"' || c == '\\') {
            json += '\\';
            json += c;
        } else if (uchar(c) < 0x20) {
            constexpr char hexDigits[] = "0123456789abcdef";
            json += "\\u00";
            json += hexDigits[uchar(c) >> 4];
            json += hexDigits[uchar(c) & 0xf];
        } else {
            json += c;
        }
    }
    json += '"';
}

// The kept headers as a JSON object of strings, written straight to text: through a QJsonObject and QJsonDocument
// this was most of what submit() cost the receiver's HTTP thread (docs/benchmarks.md, ingest). With maxBytes, the
// headers that would take the object beyond it are left out, and a last member "(not kept)" says how many.
QByteArray headersJson(const HeaderMap &headers, qsizetype maxBytes = std::numeric_limits<qsizetype>::max())
{
    QByteArray json;
    json.reserve(256);
    json += '{';
    qsizetype left = 0;
    for (const auto &[name, value] : headers) {
        const qsizetype before = json.size();
        if (json.size() > 1)
            json += ',';
        appendJsonString(json, name);
        json += ':';
        appendJsonString(json, value);
        if (json.size() + 1 > maxBytes) {
            json.truncate(before);
            ++left;
        }
    }
    if (left > 0) {
        if (json.size() > 1)
            json += ',';
        appendJsonString(json, "(not kept)");
        json += ':';
        const QByteArray note = QByteArray::number(left) + " more headers, over the " + QByteArray::number(maxBytes) +
                                " bytes kept of a rejected request's headers";
        appendJsonString(json, note);
    }
    json += '}';
    return json;
}

// The batch statement's parameters: one array per column, in this order, of these element types.
enum BatchColumn : size_t
{
    Id,
    PartnerId,
    PartnerName,
    PartnerEventId,
    Payload,
    RawBody,
    EventType,
    EntityType,
    EntityId,
    EventTime,
    Headers,
    kBatchColumns
};
constexpr std::array<BinaryArray::Element, kBatchColumns> kColumnElements{
    BinaryArray::Element::Uuid,        BinaryArray::Element::Int8,  BinaryArray::Element::Text,
    BinaryArray::Element::Text,        BinaryArray::Element::Jsonb, BinaryArray::Element::Bytea,
    BinaryArray::Element::Text,        BinaryArray::Element::Text,  BinaryArray::Element::Text,
    BinaryArray::Element::Timestamptz, BinaryArray::Element::Jsonb};

// One row of the batch: each column's value in its binary format (a null QByteArray for NULL).
using BatchRow = std::array<QByteArray, kBatchColumns>;

// The payload goes in as the raw body's bytes, not re-serialised, so that numbers keep every digit the sender wrote.
BatchRow batchRow(const IngestItem &item)
{
    BatchRow row;
    row[Id] = BinaryArray::uuid(timeOrderedUuid());
    row[PartnerId] = BinaryArray::int8(item.partnerId);
    row[PartnerName] = BinaryArray::text(item.partnerName);
    row[PartnerEventId] = BinaryArray::text(item.partnerEventId);
    row[Payload] = BinaryArray::jsonb(item.rawBody);
    row[RawBody] = item.rawBody;
    row[EventType] = BinaryArray::text(item.eventType);
    row[EntityType] = BinaryArray::text(item.entityType);
    row[EntityId] = BinaryArray::text(item.entityId);
    if (item.eventTime)
        row[EventTime] = BinaryArray::timestamptz(*item.eventTime);
    row[Headers] = BinaryArray::jsonb(headersJson(item.headers));
    return row;
}

// The arrays of `columns` for a statement's parameters, each holding these rows' values in this order.
QList<QByteArray> columnArrays(const std::vector<const BatchRow *> &rows, std::initializer_list<BatchColumn> columns)
{
    QList<QByteArray> arrays;
    arrays.reserve(qsizetype(columns.size()));
    for (const BatchColumn column : columns) {
        BinaryArray values(kColumnElements[column]);
        for (const BatchRow *row : rows)
            values.append((*row)[column]);
        arrays.push_back(values.bytes());
    }
    return arrays;
}

// The whole batch in one statement, prepared once per connection: new inbox rows, Hookyard's columns included
// (duplicates skipped by the unique constraint, also within the batch); returns the ids of the rows it stored. The
// rows go in in key order, the order every batch takes the unique index's entries in, so that two batches holding
// some of the same events wait for each other in one direction only (never a deadlock).
const QString kInsertBatchSql = uR"(
INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, status, partner_id,
                           event_type, entity_type, entity_id, event_time, headers, raw_body)
SELECT id, partner_name, partner_event_id, payload, true, 'PENDING', partner_id, event_type, entity_type, entity_id,
       event_time, headers, raw_body
FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::jsonb[], $6::bytea[], $7::text[], $8::text[],
            $9::text[], $10::timestamptz[], $11::jsonb[])
  AS r(id, partner_id, partner_name, partner_event_id, payload, raw_body, event_type, entity_type, entity_id,
       event_time, headers)
ORDER BY partner_name, partner_event_id
ON CONFLICT (partner_name, partner_event_id) DO NOTHING
RETURNING id
)"_s;

// The duplicates of a batch, by their position in its arrays (from 1), whose JSON differs from the event stored under
// their (partner, event id), and that event's inbox id.
const QString kChangedDuplicatesSql = uR"(
SELECT r.position, w.id
FROM unnest($1::text[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS r(partner_name, partner_event_id, payload, position)
JOIN webhook_inbox w ON w.partner_name = r.partner_name AND w.partner_event_id = r.partner_event_id
WHERE w.payload <> r.payload
)"_s;

// SQLSTATE class 22: the values of a row were refused (invalid jsonb, a string too long, a time out of range, ...);
// class 54: a value over a limit of PostgreSQL's (a jsonb string over 256 MiB). Found by trying bad input: the second
// was answered 503, and the sender would have retried the body for ever.
bool isDataException(const Error &error)
{
    return error.sqlState.startsWith("22") || error.sqlState.startsWith("54");
}

} // namespace

struct IngestQueue::Pending
{
    IngestItem item;
    BatchRow row; // the item's values for the batch statement: made by submit(), off the commit's path
    Completion done;
};

// Inserts batch[first, first + count) with kInsertBatchSql, a transaction of its own (committed by the server before
// execPrepared returns); returns the ids of the rows it stored.
Result<QSet<QUuid>> IngestQueue::insertBatch(const DatabaseConnection &connection,
                                             const std::vector<std::unique_ptr<Pending>> &batch, size_t first,
                                             size_t count)
{
    std::vector<const BatchRow *> rows;
    rows.reserve(count);
    for (size_t i = first; i < first + count; ++i)
        rows.push_back(&batch[i]->row);
    const QList<QByteArray> columns = columnArrays(rows, {Id, PartnerId, PartnerName, PartnerEventId, Payload, RawBody,
                                                          EventType, EntityType, EntityId, EventTime, Headers});
    auto inserted = connection.execPrepared("hookyard_ingest_batch", kInsertBatchSql, columns,
                                            DatabaseConnection::ParameterFormat::Binary);
    if (!inserted)
        return inserted.failure();
    QSet<QUuid> stored;
    for (int row = 0; row < inserted.value().rowCount(); ++row)
        stored.insert(QUuid::fromString(QLatin1StringView(inserted.value().value(row, 0))));
    return stored;
}

void IngestQueue::explainChangedDuplicates(const DatabaseConnection &connection,
                                           const std::vector<std::unique_ptr<Pending>> &batch,
                                           std::vector<IngestOutcome> &outcomes)
{
    std::vector<size_t> duplicates; // positions in `batch`
    std::vector<const BatchRow *> rows;
    for (size_t i = 0; i < batch.size(); ++i) {
        if (outcomes[i].result == IngestResult::Duplicate) {
            duplicates.push_back(i);
            rows.push_back(&batch[i]->row);
        }
    }
    if (duplicates.empty())
        return;
    const QList<QByteArray> columns = columnArrays(rows, {PartnerName, PartnerEventId, Payload});
    auto changed = connection.execPrepared("hookyard_changed_duplicates", kChangedDuplicatesSql, columns,
                                           DatabaseConnection::ParameterFormat::Binary);
    // Best effort, as for rejects: the batch is committed and its answers are right either way.
    if (!changed) {
        qCWarning(lcReceiver).noquote() << "comparing duplicates with the stored events failed:" << changed.error();
        return;
    }
    for (int row = 0; row < changed.value().rowCount(); ++row) {
        const size_t i = duplicates[size_t(changed.value().integer(row, 0) - 1)];
        outcomes[i].reason = u"event id '%1' was already stored (inbox row %2) with a different body: answered 200 as "
                             "a duplicate, and this body was not stored in the inbox"_s.arg(
                                 batch[i]->item.partnerEventId, changed.value().text(row, 1));
        m_changedDuplicates.fetch_add(1);
    }
}

IngestQueue::IngestQueue(ConnectionSettings settings, int maxBatch, int connections)
    : m_settings(std::move(settings))
    , m_maxBatch(std::max(1, maxBatch))
{
    m_inFlight.assign(size_t(std::max(1, connections)), 0);
    m_clock.start();
    m_busySince = std::make_unique<std::atomic<qint64>[]>(m_inFlight.size());
    for (size_t slot = 0; slot < m_inFlight.size(); ++slot)
        m_busySince[slot] = -1;
    for (size_t slot = 0; slot < m_inFlight.size(); ++slot) {
        m_threads.emplace_back(QThread::create([this, slot] { run(slot); }));
        m_threads.back()->setObjectName(u"ingest"_s);
        m_threads.back()->start();
    }
    m_notifier.reset(QThread::create([this] { runNotifier(); }));
    m_notifier->setObjectName(u"ingest-notify"_s);
    m_notifier->start();
}

IngestQueue::~IngestQueue()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
        m_wake.wakeAll();
    }
    for (const std::unique_ptr<QThread> &thread : m_threads)
        thread->wait();
    {
        // Only now: the last batches' commits may still have asked for a NOTIFY.
        QMutexLocker locker(&m_mutex);
        m_notifierStopping = true;
        m_notifyWake.wakeAll();
    }
    m_notifier->wait();
}

void IngestQueue::submit(IngestItem item, Completion done)
{
    // Serialised here, on the caller's thread, while the database thread may still wait for a commit: the gap
    // between one commit and the next batch's statement is part of every request's latency.
    BatchRow row = batchRow(item);
    {
        QMutexLocker locker(&m_mutex);
        if (!m_stopping) {
            m_queue.push_back(std::make_unique<Pending>(Pending{std::move(item), std::move(row), std::move(done)}));
            m_wake.wakeOne();
            return;
        }
    }
    done({IngestResult::Unavailable, {}});
}

void IngestQueue::reject(RejectedRequest request)
{
    request.receivedAt = QDateTime::currentDateTimeUtc();
    QMutexLocker locker(&m_mutex);
    m_rejected.push_back(std::move(request));
    if (m_rejected.size() > kMaxRejectedQueued)
        m_rejected.pop_front();
    // While the database is down a thread tries again at its next check, not once per reject.
    if (m_reachable.load())
        m_wake.wakeOne();
}

qint64 IngestQueue::longestDatabaseWaitMs() const
{
    const qint64 now = m_clock.elapsed();
    qint64 longest = 0;
    for (size_t slot = 0; slot < m_inFlight.size(); ++slot) {
        if (const qint64 since = m_busySince[slot].load(); since >= 0)
            longest = std::max(longest, now - since);
    }
    return longest;
}

int IngestQueue::queueDepth() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_queue.size());
}

void IngestQueue::connectionOpened(quint64 failuresBefore)
{
    QMutexLocker locker(&m_mutex);
    // A connection that failed while this one was being opened may have seen the database go away after it.
    if (m_failures.load() != failuresBefore)
        return;
    if (!m_lastFailure.isEmpty())
        qCInfo(lcReceiver) << "database available again";
    m_lastFailure.clear();
    m_reachable = true;
}

void IngestQueue::connectionFailed(const QString &why)
{
    QMutexLocker locker(&m_mutex);
    if (why != m_lastFailure)
        qCWarning(lcReceiver).noquote() << why;
    m_lastFailure = why;
    m_failures.fetch_add(1);
    m_reachable = false;
}

bool IngestQueue::mayStartBatch() const
{
    if (m_queue.empty())
        return false;
    if (m_stopping || int(m_queue.size()) >= m_maxBatch)
        return true;
    // A batch that would overlap commits in flight has to be as large as the largest of them; a smaller one waits
    // (and grows) until they are done. Without that, each request would soon get a commit of its own, as many as the
    // connections allow, and the fixed cost of a commit would be paid once per row instead of once per batch.
    return int(m_queue.size()) >= *std::max_element(m_inFlight.cbegin(), m_inFlight.cend());
}

void IngestQueue::run(size_t slot)
{
    std::unique_ptr<DatabaseConnection> connection;
    quint64 failuresBeforeOpen = 0; // m_failures when `connection` was opened
    int rejectedSincePrune = 0;

    auto connect = [&]() -> bool {
        const quint64 failures = m_failures.load();
        // A connection PostgreSQL cut since its last statement (a restart, a failover, between two idle checks) is
        // replaced before a batch is written on it, rather than the batch answered 503 (found by an exploring helper:
        // the first webhook after a database restart got 503).
        if (connection && failures == failuresBeforeOpen && !connection->isLost())
            return true;
        connection.reset();
        // The first ingest session of a receiver is named "…-receiver", the others "…-receiver-2" and on: the
        // console counts the receivers running by the first (collectStats).
        auto opened = DatabaseConnection::open(m_settings, slot == 0 ? u"receiver"_s : u"receiver-%1"_s.arg(slot + 1));
        if (!opened) {
            connectionFailed(u"database unavailable: "_s + opened.error());
            return false;
        }
        connection = std::move(opened.value());
        failuresBeforeOpen = failures;
        connectionOpened(failures);
        return true;
    };
    auto lose = [&](const QString &reason) {
        connection.reset();
        connectionFailed(u"write failed: "_s + reason);
    };

    constexpr int kIdleCheckMs = 2000;
    QElapsedTimer sinceCheck;
    sinceCheck.start();
    std::atomic<qint64> &busySince = m_busySince[slot]; // reset at each round and after each wait for work
    busySince = m_clock.elapsed();
    connect(); // so that /health tells the truth before the first request
    while (true) {
        busySince = m_clock.elapsed();
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
            // Rejects wait for a reachable database: they are retried after the next check, not in a busy loop.
            if (!mayStartBatch() && (m_rejected.empty() || !m_reachable.load()) && !m_stopping) {
                busySince = -1;
                m_wake.wait(&m_mutex, kIdleCheckMs);
                busySince = m_clock.elapsed();
            }
            // Stopping, the rejects still queued are written first while the database takes them.
            if (m_stopping && m_queue.empty() && (m_rejected.empty() || !m_reachable.load()))
                return;
            if (mayStartBatch()) {
                while (!m_queue.empty() && int(batch.size()) < m_maxBatch) {
                    batch.push_back(std::move(m_queue.front()));
                    m_queue.pop_front();
                }
                m_inFlight[slot] = int(batch.size());
            }
            while (!m_rejected.empty() && int(rejected.size()) < kMaxRejectedPerRound) {
                rejected.push_back(std::move(m_rejected.front()));
                m_rejected.pop_front();
            }
        }

        if (!batch.empty()) {
            std::vector<IngestOutcome> outcomes(batch.size()); // Unavailable until a statement says otherwise
            if (connect()) {
                // Stores batch[first, first + count) in one statement, a transaction of its own, and settles their
                // outcomes; returns the statement's error, if any.
                auto store = [&](size_t first, size_t count) -> Status {
                    auto inserted = insertBatch(*connection, batch, first, count);
                    if (!inserted)
                        return inserted.failure();
                    const QSet<QUuid> stored = std::move(inserted).value();
                    m_commits.fetch_add(1);
                    m_rowsCommitted.fetch_add(stored.size());
                    // By the row's own id: of two copies of one event in a batch, the one the statement stored.
                    for (size_t i = first; i < first + count; ++i) {
                        outcomes[i].result = stored.contains(QUuid::fromRfc4122(batch[i]->row[Id]))
                                                 ? IngestResult::Stored
                                                 : IngestResult::Duplicate;
                        if (outcomes[i].result == IngestResult::Duplicate)
                            m_duplicates.fetch_add(1);
                    }
                    return success();
                };
                Status whole = store(0, batch.size());
                // The session cut while the statement ran (a restart or a terminated backend after the check in
                // connect()): the batch is written once more on a new connection. Had its commit gone through with
                // the answer lost, ON CONFLICT DO NOTHING finds its rows there and they are answered as duplicates,
                // 200 all the same; either way nobody gets 503 for a database that is up.
                if (!whole && !isDataException(whole.failure()) && connection->isLost() && connect())
                    whole = store(0, batch.size());
                if (!whole && isDataException(whole.failure())) {
                    for (size_t i = 0; i < batch.size(); ++i) {
                        if (const Status alone = store(i, 1); !alone && isDataException(alone.failure())) {
                            outcomes[i] = {IngestResult::Refused, alone.error()};
                        } else if (!alone) {
                            lose(alone.error()); // this row and the rest stay Unavailable
                            break;
                        }
                    }
                } else if (!whole) {
                    lose(whole.error());
                }
            }
            const bool storedAny = std::any_of(outcomes.cbegin(), outcomes.cend(), [](const IngestOutcome &outcome) {
                return outcome.result == IngestResult::Stored;
            });
            {
                QMutexLocker locker(&m_mutex);
                m_inFlight[slot] = 0;
                if (storedAny) {
                    m_notifyPending = true;
                    m_notifyWake.wakeOne();
                }
            }
            // The duplicates are answered last: only they wait for the comparison with the stored events, which a
            // batch without any never runs.
            const auto isDuplicate = [&](size_t i) { return outcomes[i].result == IngestResult::Duplicate; };
            bool anyDuplicate = false;
            for (size_t i = 0; i < batch.size(); ++i) {
                if (isDuplicate(i))
                    anyDuplicate = true;
                else
                    batch[i]->done(outcomes[i]);
            }
            if (anyDuplicate) {
                if (connection)
                    explainChangedDuplicates(*connection, batch, outcomes);
                for (size_t i = 0; i < batch.size(); ++i) {
                    if (isDuplicate(i))
                        batch[i]->done(outcomes[i]);
                }
            }
        }

        if (!rejected.empty()) {
            // PostgreSQL's text holds no NUL, and a percent-encoded partner name (/webhooks/%00) brings one into the
            // name and the reason: such a row failed, and with it the write of every reject after it.
            const auto storable = [](QString text) { return text.remove(QChar(u'\0')); };
            size_t kept = 0; // rejected[0, kept) are written, or dropped as unwritable
            while (kept < rejected.size() && connect()) {
                const RejectedRequest &request = rejected[kept];
                auto written = connection->exec(
                    u"INSERT INTO rejected_requests (received_at, partner_name, remote_address, status_code, reason, "
                    "headers, body_bytes, body_read, body_snippet) "
                    "VALUES (?::timestamptz, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)"_s,
                    {request.receivedAt.toString(Qt::ISODateWithMs), storable(request.partnerName),
                     storable(request.remoteAddress), request.statusCode, storable(request.reason),
                     QString::fromUtf8(headersJson(request.headers, kRejectedHeaderBytes)),
                     qlonglong(request.unreadBodyBytes.value_or(request.body.size())),
                     !request.unreadBodyBytes.has_value(),
                     storable(QString::fromUtf8(request.body.left(kSnippetBytes)))});
                if (written) {
                    ++rejectedSincePrune;
                } else if (connection->exec(u"SELECT 1"_s)) {
                    // The database answers, so this row's own values were refused: a retry would fail the same way.
                    qCWarning(lcReceiver).noquote() << "a rejected request could not be kept:" << written.error();
                } else {
                    lose(written.error());
                    break;
                }
                ++kept;
            }
            // What the database did not take waits for it to come back, ahead of the rejects that arrived since.
            if (kept < rejected.size()) {
                QMutexLocker locker(&m_mutex);
                m_rejected.insert(m_rejected.begin(), std::make_move_iterator(rejected.begin() + qsizetype(kept)),
                                  std::make_move_iterator(rejected.end()));
                while (m_rejected.size() > kMaxRejectedQueued)
                    m_rejected.pop_front();
            }
            // Each thread prunes after every kPruneEveryRejected rows it wrote itself, so the table stays within a
            // few thousand rows of kRejectedRowsKept.
            if (rejectedSincePrune >= kPruneEveryRejected && connection) {
                rejectedSincePrune = 0;
                (void)connection->exec(u"DELETE FROM rejected_requests WHERE id <= (SELECT id FROM rejected_requests "
                                       "ORDER BY id DESC OFFSET ? LIMIT 1)"_s,
                                       {kRejectedRowsKept});
            }
        }
    }
}

void IngestQueue::runNotifier()
{
    std::unique_ptr<DatabaseConnection> connection;
    quint64 failuresBeforeOpen = 0; // m_failures when `connection` was opened
    QString lastError;
    QElapsedTimer sinceNotify;
    while (true) {
        {
            QMutexLocker locker(&m_mutex);
            while (!m_notifyPending && !m_notifierStopping)
                m_notifyWake.wait(&m_mutex);
            if (!m_notifyPending)
                return;
            // Rows committed from here on are covered by the next NOTIFY: this one may be queued before their commit.
            m_notifyPending = false;
        }
        sinceNotify.start();
        Status sent = success();
        if (const quint64 failures = m_failures.load(); !connection || failures != failuresBeforeOpen) {
            connection.reset();
            failuresBeforeOpen = failures;
            auto opened = DatabaseConnection::open(m_settings, u"receiver-notify"_s);
            // A NOTIFY only wakes workers, so its commit need not wait for the disk: a crash can lose the wake-up,
            // never a row, since the rows it announces were committed durably before it was sent.
            if (!opened)
                sent = Error{opened.error()};
            else if (auto set = opened.value()->execScript(u"SET synchronous_commit = off"_s); !set)
                sent = set;
            else
                connection = std::move(opened.value());
        }
        // Its own transaction, committed (if not yet on disk) when exec returns. A wake-up that fails is not retried:
        // workers also poll.
        if (sent) {
            if (auto notified = connection->exec(u"SELECT pg_notify('hookyard_inbox', '')"_s); !notified)
                sent = Error{notified.error()};
        }
        if (!sent) {
            if (sent.error() != lastError)
                qCWarning(lcReceiver).noquote() << "waking the inbox workers failed:" << sent.error();
            lastError = sent.error();
            connection.reset();
        } else {
            lastError.clear();
        }
        // Under steady load a NOTIFY every few milliseconds is plenty: a worker that is busy does not need one.
        if (const qint64 rest = kNotifyIntervalMs - sinceNotify.elapsed(); rest > 0)
            QThread::msleep(quint64(rest));
    }
}

} // namespace hookyard::core
