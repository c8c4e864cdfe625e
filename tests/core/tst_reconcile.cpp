// Reconciliation against a real PostgreSQL and a real loopback partner: its list API, its status URL and its exported
// files give exactly the seeded discrepancies; a re-send delivered by a real relay makes the next run clean for that
// item; a source that is down compares nothing and sends nothing; bad files are refused whole; the CLI's exit codes.

#include "HttpSink.h"
#include "RunHookyard.h"
#include "TestDatabase.h"
#include "console/ConsoleActions.h"
#include "console/DetailQueries.h"
#include "console/ViewQueries.h"
#include "db/Database.h"
#include "reconcile/MismatchActions.h"
#include "reconcile/PartnerRecords.h"
#include "reconcile/Reconciler.h"
#include "relay/Relay.h"
#include "stats/Stats.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QThread>
#include <QUrlQuery>
#include <QtTest>

#include <memory>

using namespace Qt::StringLiterals;
using hookyard::core::DatabaseConnection;
using hookyard::core::Error;
using hookyard::core::Mismatch;
using hookyard::core::MismatchFilter;
using hookyard::core::ReconcileRequest;
using hookyard::core::Result;
using hookyard::core::RowRef;
using hookyard::core::Status;
using hookyard::core::Subject;
using hookyard::core::View;
using hookyard::core::ViewFilter;
using hookyard::test::HttpSink;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

namespace {

const QString kSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;
const QByteArray kWrongHash = QByteArray(64, 'a');

QString eventId(int n)
{
    return u"00000000-0000-4000-8000-%1"_s.arg(n, 12, 10, QChar(u'0'));
}

QString iso(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

// The endpoint's side of things: a partner that keeps a record of every webhook it receives (the SHA-256 of the body
// as it arrived), answers its status URL from those records, and lists the records received in a window, three per
// page, through its list API. Status answers can be fixed per id; the list can be down.
class TheirService final
{
public:
    struct Record
    {
        QString id;
        QByteArray sha256Hex;
        QDateTime at;
    };

    TheirService()
    {
        sink.setHandler([this](const HttpSink::Request &request, int) { return answer(request); });
    }

    void add(const QString &id, const QByteArray &sha256Hex, const QDateTime &at = QDateTime::currentDateTimeUtc())
    {
        QMutexLocker locker(&m_mutex);
        m_records.append({id, sha256Hex, at});
    }
    // The status URL answers `status` with `body` about `id`, whatever the records say.
    void fixStatus(const QString &id, int status, const QByteArray &body)
    {
        QMutexLocker locker(&m_mutex);
        m_fixed.insert(id, {status, body});
    }
    void setListDown(bool down)
    {
        QMutexLocker locker(&m_mutex);
        m_listDown = down;
    }
    QList<Record> records() const
    {
        QMutexLocker locker(&m_mutex);
        return m_records;
    }

    int requests(const QByteArray &method, const QByteArray &pathPrefix) const
    {
        int count = 0;
        for (const HttpSink::Request &request : sink.requests())
            count += request.method == method && request.path.startsWith(pathPrefix) ? 1 : 0;
        return count;
    }

    QString listUrl() const { return sink.url(u"/list"_s).toString() + u"?from={since}&to={until}&after={cursor}"_s; }
    QString statusUrl() const { return sink.url(u"/status/"_s).toString() + u"{id}"_s; }

    HttpSink sink;

private:
    HttpSink::Reply answer(const HttpSink::Request &request)
    {
        QMutexLocker locker(&m_mutex);
        if (request.method == "POST") {
            m_records.append({QString::fromLatin1(request.header("webhook-id")),
                              QCryptographicHash::hash(request.body, QCryptographicHash::Sha256).toHex(),
                              QDateTime::currentDateTimeUtc()});
            return {};
        }
        const QUrl url(QString::fromLatin1(request.path));
        if (url.path().startsWith(u"/status/"_s)) {
            const QString id = url.path().mid(8);
            if (m_fixed.contains(id))
                return HttpSink::Reply{.status = m_fixed.value(id).first, .body = m_fixed.value(id).second};
            const bool have = std::any_of(m_records.cbegin(), m_records.cend(),
                                          [&](const Record &record) { return record.id == id; });
            return have ? HttpSink::Reply{.status = 200, .body = R"({"status": "delivered"})"}
                        : HttpSink::Reply{.status = 404, .body = R"({"status": "not_found"})"};
        }
        if (m_listDown)
            return HttpSink::Reply{.status = 503, .body = "maintenance"};
        // Their own layout, read through the source's field mapping.
        const QUrlQuery query(url);
        const QDateTime from = QDateTime::fromString(query.queryItemValue(u"from"_s, QUrl::FullyDecoded), Qt::ISODate);
        const QDateTime to = QDateTime::fromString(query.queryItemValue(u"to"_s, QUrl::FullyDecoded), Qt::ISODate);
        QList<Record> window;
        for (const Record &record : std::as_const(m_records)) {
            if (record.at >= from && record.at < to)
                window.append(record);
        }
        const int offset = query.queryItemValue(u"after"_s).toInt();
        QJsonArray items;
        for (qsizetype i = offset; i < std::min<qsizetype>(offset + 3, window.size()); ++i)
            items.append(QJsonObject{{u"webhook_id"_s, window.at(i).id},
                                     {u"state"_s, u"received"_s},
                                     {u"body_sha256"_s, QString::fromLatin1(window.at(i).sha256Hex)},
                                     {u"received_at"_s, iso(window.at(i).at)}});
        const QJsonValue next = offset + 3 < window.size() ? QJsonValue(QString::number(offset + 3)) : QJsonValue();
        return HttpSink::Reply{
            .status = 200,
            .body = QJsonDocument(QJsonObject{{u"data"_s, items}, {u"paging"_s, QJsonObject{{u"next"_s, next}}}})
                        .toJson(QJsonDocument::Compact)};
    }

    mutable QMutex m_mutex;
    QList<Record> m_records;
    QHash<QString, std::pair<int, QByteArray>> m_fixed;
    bool m_listDown = false;
};

// The endpoint "acme" reads its records from `service`'s list API.
void setListSourceOf(TestDatabase &db, const TheirService &service)
{
    db.execOrDie(u"INSERT INTO reconcile_sources (subject_kind, subject_name, list_url, field_map, "
                 "allow_private_network) VALUES ('endpoint', 'acme', ?, ?::jsonb, true)"_s,
                 {service.listUrl(), u"{\"items\": \"/data\", \"id\": \"/webhook_id\", \"status\": \"/state\", "
                                     "\"payload_sha256\": \"/body_sha256\", \"at\": \"/received_at\", "
                                     "\"next_cursor\": \"/paging/next\"}"_s});
}

// The outbox side, seeded with one delivery per discrepancy to the endpoint "acme", whose status URL is the service's:
//   1 delivered, they have it              — consistent
//   2 delivered, they do not have it       — missing_on_their_side
//   3 delivered, their hash differs        — payload_differs
//   4 unknown, in their list               — unknown_was_delivered
//   5 unknown, not received                — unknown_not_received
//   6 unknown, their status URL fails      — could_not_check
//   7 dead, they have it                   — delivered_but_we_failed
//   8 dead, they do not have it            — consistent
//  10 unknown, received after the window   — unknown_was_delivered, through the status URL
// and their record of 99, which we never sent — missing_on_our_side.
struct OutboxScenario
{
    explicit OutboxScenario(const QString &label)
        : db(label)
    {
        db.execOrDie(u"INSERT INTO endpoints (name, url, timeout_ms, status_url, allow_private_network) "
                     "VALUES ('acme', ?, 2000, ?, true)"_s,
                     {service.sink.url(u"/hooks"_s).toString(), service.statusUrl()});
        db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, ? FROM endpoints"_s, {kSecret});
        for (int n : {1, 2, 3, 4, 5, 6, 7, 8, 10})
            db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                         "VALUES (?::uuid, 'Order', gen_random_uuid(), 'order.paid', jsonb_build_object('n', ?::int, "
                         "'note', 'ünïcode'))"_s,
                         {eventId(n), n});
        // No relay runs yet; unknown deliveries are not due for the relay's own status checks.
        db.execOrDie(u"UPDATE deliveries SET state = 'delivered', delivered_at = now() "
                     "WHERE event_id IN (?::uuid, ?::uuid, ?::uuid)"_s,
                     {eventId(1), eventId(2), eventId(3)});
        db.execOrDie(u"UPDATE deliveries SET state = 'unknown', next_attempt_at = now() + interval '1 day' "
                     "WHERE event_id IN (?::uuid, ?::uuid, ?::uuid, ?::uuid)"_s,
                     {eventId(4), eventId(5), eventId(6), eventId(10)});
        db.execOrDie(u"UPDATE deliveries SET state = 'dead', dead_reason = 'HTTP 500 (4 failed attempts)' "
                     "WHERE event_id IN (?::uuid, ?::uuid)"_s,
                     {eventId(7), eventId(8)});
        since = QDateTime::currentDateTimeUtc().addSecs(-3600);
        until = QDateTime::currentDateTimeUtc().addSecs(60);
        for (int n : {1, 4, 7})
            service.add(eventId(n), hashOf(n));
        service.add(eventId(3), kWrongHash);
        service.add(eventId(10), hashOf(10), until.addSecs(30));
        service.add(eventId(99), kWrongHash);
        service.fixStatus(eventId(6), 503, "try later");
    }

    QByteArray hashOf(int n)
    {
        return QCryptographicHash::hash(
                   db.scalar(u"SELECT payload::text FROM outbox_events WHERE id = ?::uuid"_s, {eventId(n)})
                       .toString()
                       .toUtf8(),
                   QCryptographicHash::Sha256)
            .toHex();
    }

    QString state(int n)
    {
        return db.scalar(u"SELECT state FROM deliveries WHERE event_id = ?::uuid"_s, {eventId(n)}).toString();
    }

    void setListSource() { setListSourceOf(db, service); }

    ReconcileRequest request(const QString &file = {}) const
    {
        return {{Subject::Kind::Endpoint, u"acme"_s}, since, until, file};
    }

    TheirService service;
    TestDatabase db;
    QDateTime since;
    QDateTime until;
};

using KindAndReference = std::pair<QString, QString>;

QList<KindAndReference> expectedOutbox()
{
    return {{u"missing_on_their_side"_s, eventId(2)},  {u"unknown_was_delivered"_s, eventId(4)},
            {u"unknown_was_delivered"_s, eventId(10)}, {u"unknown_not_received"_s, eventId(5)},
            {u"could_not_check"_s, eventId(6)},        {u"delivered_but_we_failed"_s, eventId(7)},
            {u"payload_differs"_s, eventId(3)},        {u"missing_on_our_side"_s, eventId(99)}};
}

QList<Mismatch> mismatchesOf(TestDatabase &db, qint64 runId, bool includeResolved = true)
{
    MismatchFilter filter;
    filter.runId = runId;
    filter.includeResolved = includeResolved;
    auto listed = hookyard::core::listMismatches(db.connection(), filter);
    if (!listed)
        qFatal("listing mismatches failed: %s", qPrintable(listed.error()));
    return listed.value();
}

QList<KindAndReference> kindsOf(const QList<Mismatch> &mismatches)
{
    QList<KindAndReference> pairs;
    for (const Mismatch &mismatch : mismatches)
        pairs.append({mismatch.kind, mismatch.reference});
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

QList<KindAndReference> sorted(QList<KindAndReference> pairs)
{
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

hookyard::core::RunSummary runOrDie(TestDatabase &db, const ReconcileRequest &request)
{
    auto run = hookyard::core::runReconciliation(db.connection(), request);
    if (!run)
        qFatal("the run failed: %s", qPrintable(run.error()));
    return run.value();
}

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &content)
{
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(file.fileName()));
    return file.fileName();
}

// Their records as an export: CSV (with a quoted field) or JSON in the documented default layout.
QByteArray exportOf(const QList<TheirService::Record> &records, const QString &format)
{
    if (format == u"csv"_s) {
        QByteArray csv = "id,status,payload_sha256,at,comment\r\n";
        for (const TheirService::Record &record : records)
            csv += record.id.toUtf8() + ",received," + record.sha256Hex + "," + iso(record.at).toUtf8() +
                   ",\"seen, \"\"twice\"\" checked\"\r\n";
        return csv;
    }
    QJsonArray items;
    for (const TheirService::Record &record : records)
        items.append(QJsonObject{{u"id"_s, record.id},
                                 {u"status"_s, u"received"_s},
                                 {u"payload_sha256"_s, QString::fromLatin1(record.sha256Hex)},
                                 {u"at"_s, iso(record.at)}});
    return QJsonDocument(QJsonObject{{u"items"_s, items}}).toJson();
}

// The inbox side: the partner "shop" and what we received from it.
struct InboxScenario
{
    explicit InboxScenario(const QString &label)
        : db(label)
    {
        db.execOrDie(u"INSERT INTO partners (name, scheme) VALUES ('shop', 'standard')"_s);
        since = QDateTime::currentDateTimeUtc().addSecs(-3600);
        until = QDateTime::currentDateTimeUtc().addSecs(60);
    }

    // A webhook_inbox row with its raw body, received `agoSeconds` ago.
    QByteArray receive(const QString &eventId, const QByteArray &rawBody, int agoSeconds = 0)
    {
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, "
                     "status, received_at, raw_body) VALUES (gen_random_uuid(), 'shop', ?, ?::jsonb, true, "
                     "'PROCESSED', now() - make_interval(secs => ?), ?)"_s,
                     {eventId, QString::fromUtf8(rawBody), agoSeconds, rawBody});
        return QCryptographicHash::hash(rawBody, QCryptographicHash::Sha256).toHex();
    }

    ReconcileRequest request(const QString &file) const
    {
        return {{Subject::Kind::Partner, u"shop"_s}, since, until, file};
    }

    TestDatabase db;
    QDateTime since;
    QDateTime until;
};

// The export formats, as test data.
void fileFormats()
{
    QTest::addColumn<QString>("format");
    QTest::addRow("csv") << u"csv"_s;
    QTest::addRow("json") << u"json"_s;
}

quint16 closedPort()
{
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost))
        qFatal("cannot find a free port");
    return server.serverPort(); // closed again when `server` goes
}

} // namespace

class TestReconcile final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theListApiGivesExactlyTheSeededMismatches()
    {
        OutboxScenario scenario(u"rec_api"_s);
        scenario.setListSource();
        const auto run = runOrDie(scenario.db, scenario.request());
        QCOMPARE(run.source, u"api"_s);
        QCOMPARE(run.outcome, u"mismatches"_s);
        QCOMPARE(run.ours, 9);
        QCOMPARE(run.theirs, 5); // 10 was received after the window: their list leaves it out
        const QList<Mismatch> found = mismatchesOf(scenario.db, run.runId);
        QCOMPARE(kindsOf(found), sorted(expectedOutbox()));
        QCOMPARE(run.counts.value(u"unknown_was_delivered"_s), 2);
        QCOMPARE(run.unresolved, 6); // the two unknown ones that were delivered are settled, not open
        QCOMPARE(hookyard::core::collectStats(scenario.db.connection(), hookyard::core::StatsDepth::NeedsAttention)
                     .value()[u"reconciliation"_s][u"open_mismatches"_s]
                     .toInt(),
                 6);
        // Every page was asked for the window, and nothing was sent.
        QCOMPARE(scenario.service.requests("GET", "/list"), 2);
        QCOMPARE(scenario.service.requests("POST", "/"), 0);

        // Unknown deliveries their records show are settled as delivered, audited; the others stay unknown.
        QCOMPARE(run.settled, 2);
        QCOMPARE(scenario.state(4), u"delivered"_s);
        QCOMPARE(scenario.state(10), u"delivered"_s);
        QCOMPARE(scenario.state(5), u"unknown"_s);
        QCOMPARE(scenario.state(6), u"unknown"_s);
        const QJsonObject audit = QJsonDocument::fromJson(scenario.db
                                                              .scalar(u"SELECT details::text FROM audit_log "
                                                                      "WHERE action = 'reconcile.run'"_s)
                                                              .toString()
                                                              .toUtf8())
                                      .object();
        QCOMPARE(audit[u"settled_delivery_ids"_s].toArray().size(), 2);
        QCOMPARE(audit[u"run_id"_s].toInteger(), run.runId);

        // Both sides' facts are kept.
        for (const Mismatch &mismatch : found) {
            if (mismatch.kind == u"payload_differs"_s) {
                QCOMPARE(mismatch.theirs[u"payload_sha256"_s].toString(), QString::fromLatin1(kWrongHash));
                QCOMPARE(mismatch.ours[u"payload_sha256"_s].toString(), QString::fromLatin1(scenario.hashOf(3)));
                QCOMPARE(mismatch.ours[u"state"_s].toString(), u"delivered"_s);
            } else if (mismatch.kind == u"missing_on_their_side"_s) {
                QVERIFY(mismatch.deliveryId > 0);
                QCOMPARE(mismatch.theirs[u"said"_s].toString(), u"not_found"_s); // confirmed at the status URL
            } else if (mismatch.kind == u"could_not_check"_s) {
                QCOMPARE(mismatch.theirs[u"status_code"_s].toInt(), 503);
            } else if (mismatch.kind == u"missing_on_our_side"_s) {
                QVERIFY(mismatch.ours.isEmpty());
                QCOMPARE(mismatch.theirs[u"source"_s].toString(), u"api"_s);
            }
        }
    }

    // Found by an adversarial helper: an id repeated on a later page was named by its item only.
    void anIdRepeatedOnALaterPageNamesBothPages()
    {
        OutboxScenario scenario(u"rec_pages"_s);
        scenario.setListSource();
        scenario.service.add(eventId(1), scenario.hashOf(1)); // pages of three: it is also the sixth record
        const auto run = runOrDie(scenario.db, scenario.request());
        QCOMPARE(run.outcome, u"source_unavailable"_s);
        QVERIFY2(run.reason.contains(
                     u"page 2, item 3 (/data/2): id '%1' is already at page 1, item 1 (/data/0)"_s.arg(eventId(1))),
                 qPrintable(run.reason));
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM reconcile_mismatches"_s).toInt(), 0);
    }

    // Their list is filtered by their receive time, ours by our creation time. A delivery created just before the
    // window's end that reached them just after it still matches (their list is read past the end), and what they
    // received after the window is not reported as missing on our side.
    void theirListIsReadPastTheWindowsEnd()
    {
        TestDatabase db(u"rec_overrun"_s);
        TheirService service;
        db.execOrDie(u"INSERT INTO endpoints (name, url, timeout_ms, allow_private_network) "
                     "VALUES ('acme', ?, 2000, true)"_s,
                     {service.sink.url(u"/hooks"_s).toString()});
        db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                     "VALUES (?::uuid, 'Order', gen_random_uuid(), 'order.paid', '{\"n\": 1}')"_s,
                     {eventId(1)});
        db.execOrDie(u"UPDATE deliveries SET state = 'delivered', delivered_at = now(), "
                     "created_at = now() - interval '3 seconds'"_s);
        setListSourceOf(db, service);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        service.add(eventId(1), {}, now.addSecs(-1));  // received after the window ended
        service.add(eventId(99), {}, now.addSecs(-1)); // not ours, and after the window: another window's business

        const auto run = runOrDie(db, {{Subject::Kind::Endpoint, u"acme"_s}, now.addSecs(-3600), now.addSecs(-2), {}});
        QCOMPARE(run.outcome, u"clean"_s);
        QCOMPARE(mismatchesOf(db, run.runId).size(), 0);
    }

    void aResendDeliveredByTheRelayMakesTheNextRunCleanForThatItem()
    {
        OutboxScenario scenario(u"rec_resend"_s);
        scenario.setListSource();
        const auto first = runOrDie(scenario.db, scenario.request());
        qint64 missing = 0;
        for (const Mismatch &mismatch : mismatchesOf(scenario.db, first.runId)) {
            if (mismatch.kind == u"missing_on_their_side"_s)
                missing = mismatch.id;
        }
        QVERIFY(missing > 0);

        // A mismatch about a webhook of ours can be re-sent, through the console's replay action.
        auto resent =
            hookyard::core::replayRows(scenario.db.connection(), {{RowRef::Kind::Mismatch, QString::number(missing)}},
                                       u"partner lost it in an outage"_s);
        QVERIFY2(resent, qPrintable(resent.ok() ? QString() : resent.error()));
        QCOMPARE(resent->changed, 1);
        QCOMPARE(scenario.state(2), u"pending"_s);
        QCOMPARE(scenario.db.scalar(u"SELECT reason FROM audit_log WHERE action = 'replay' ORDER BY id DESC LIMIT 1"_s)
                     .toString(),
                 u"reconciliation mismatch %1: partner lost it in an outage"_s.arg(missing));
        // Compared again before the relay has sent it: still open, neither consistent nor a new mismatch.
        const auto meanwhile = runOrDie(scenario.db, scenario.request());
        QVERIFY(scenario.db.scalar(u"SELECT resolved_at IS NULL FROM reconcile_mismatches WHERE id = ?"_s, {missing})
                    .toBool());
        const QList<Mismatch> whileQueued = mismatchesOf(scenario.db, meanwhile.runId);
        QVERIFY(std::none_of(whileQueued.cbegin(), whileQueued.cend(),
                             [](const Mismatch &mismatch) { return mismatch.reference == eventId(2); }));

        hookyard::core::RelayOptions options;
        options.pollIntervalMs = 100;
        {
            hookyard::core::Relay relay(scenario.db.settings(), options);
            relay.start();
            QTRY_COMPARE_WITH_TIMEOUT(scenario.state(2), u"delivered"_s, 10000);
            relay.requestStop();
            QVERIFY(relay.waitUntilStopped(10000));
        }
        const auto posts = scenario.service.sink.requests();
        QCOMPARE(scenario.service.requests("POST", "/hooks"), 1);
        QCOMPARE(posts.last().header("webhook-id"), eventId(2).toLatin1()); // the same id

        // Their record of it now holds the hash of the bytes that arrived, which is the hash we compare with.
        const auto second = runOrDie(scenario.db, scenario.request());
        const QList<Mismatch> again = mismatchesOf(scenario.db, second.runId);
        QVERIFY(std::none_of(again.cbegin(), again.cend(),
                             [](const Mismatch &mismatch) { return mismatch.reference == eventId(2); }));
        QCOMPARE(kindsOf(again), sorted({{u"unknown_not_received"_s, eventId(5)},
                                         {u"could_not_check"_s, eventId(6)},
                                         {u"delivered_but_we_failed"_s, eventId(7)},
                                         {u"payload_differs"_s, eventId(3)},
                                         {u"missing_on_our_side"_s, eventId(99)}}));
        QCOMPARE(scenario.db.scalar(u"SELECT resolution_note FROM reconcile_mismatches WHERE id = ?"_s, {missing})
                     .toString(),
                 u"compared again by run %1: consistent now"_s.arg(second.runId));
        // The first run's other open mismatches are replaced by the second run's: one open mismatch per item.
        QCOMPARE(second.unresolved, 5);
        QCOMPARE(second.recheckedEarlier, 6);
    }

    void aSourceThatIsDownComparesNothingAndSendsNothing()
    {
        OutboxScenario scenario(u"rec_down"_s);
        scenario.setListSource();
        scenario.service.setListDown(true);
        const auto run = runOrDie(scenario.db, scenario.request());
        QCOMPARE(run.outcome, u"source_unavailable"_s);
        QVERIFY2(run.reason.contains(u"HTTP 503"_s), qPrintable(run.reason));
        QVERIFY2(run.reason.startsWith(u"page 1 of "_s), qPrintable(run.reason));
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM reconcile_mismatches"_s).toInt(), 0);
        QCOMPARE(scenario.db.scalar(u"SELECT outcome FROM reconcile_runs"_s).toString(), u"source_unavailable"_s);
        for (int n : {4, 5, 6, 10})
            QCOMPARE(scenario.state(n), u"unknown"_s);
        QCOMPARE(scenario.state(2), u"delivered"_s);
        // Neither asked about any delivery nor sent one.
        QCOMPARE(scenario.service.requests("GET", "/status"), 0);
        QCOMPARE(scenario.service.requests("POST", "/"), 0);

        // Nobody listening at all: the same.
        scenario.db.execOrDie(u"UPDATE reconcile_sources SET list_url = ?"_s,
                              {u"http://127.0.0.1:%1/list?from={since}&to={until}"_s.arg(closedPort())});
        const auto refused = runOrDie(scenario.db, scenario.request());
        QCOMPARE(refused.outcome, u"source_unavailable"_s);
        QVERIFY2(refused.reason.contains(u"(refused)"_s), qPrintable(refused.reason));
        QCOMPARE(scenario.state(5), u"unknown"_s);
        QCOMPARE(scenario.service.sink.requestCount(), 1); // the 503 above
    }

    void csvAndJsonExportsGiveTheSameMismatches_data() { fileFormats(); }

    void csvAndJsonExportsGiveTheSameMismatches()
    {
        QFETCH(QString, format);
        OutboxScenario scenario(u"rec_file_"_s + format);
        QTemporaryDir dir;
        const QString file = writeFile(dir, u"acme-export."_s + format, exportOf(scenario.service.records(), format));
        const auto run = runOrDie(scenario.db, scenario.request(file));
        QCOMPARE(run.source, u"file"_s);
        QCOMPARE(run.theirs, 6);
        QCOMPARE(kindsOf(mismatchesOf(scenario.db, run.runId)), sorted(expectedOutbox()));
        QCOMPARE(scenario.db.scalar(u"SELECT file_name FROM reconcile_runs"_s).toString(), u"acme-export."_s + format);
        QCOMPARE(scenario.service.requests("POST", "/"), 0);
    }

    void theInboxSideComparesTheirSentRecordsWithWhatWeReceived_data() { fileFormats(); }

    void theInboxSideComparesTheirSentRecordsWithWhatWeReceived()
    {
        QFETCH(QString, format);
        InboxScenario scenario(u"rec_inbox_"_s + format);
        const QByteArray same = scenario.receive(u"evt_same"_s, R"({"id": "evt_same",  "n": 1})");
        scenario.receive(u"evt_differs"_s, R"({"id": "evt_differs", "n": 2})");
        scenario.receive(u"evt_only_ours"_s, R"({"id": "evt_only_ours"})");
        const QByteArray early = scenario.receive(u"evt_before_window"_s, R"({"id": "evt_before_window"})", 86400);
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QList<TheirService::Record> theirs{
            {u"evt_same"_s, same, now},
            {u"evt_differs"_s, kWrongHash, now},
            {u"evt_never_arrived"_s, {}, now},
            {u"evt_before_window"_s, early, now.addSecs(-86400)}, // ours, outside the window: not this run's
            {u"evt_old_and_lost"_s, {}, now.addSecs(-86400)},     // theirs, outside the window: not this run's
        };
        QTemporaryDir dir;
        const QString file = writeFile(dir, u"shop."_s + format, exportOf(theirs, format));
        const auto run = runOrDie(scenario.db, scenario.request(file));
        const QList<Mismatch> found = mismatchesOf(scenario.db, run.runId);
        QCOMPARE(kindsOf(found), sorted({{u"payload_differs"_s, u"evt_differs"_s},
                                         {u"not_in_their_records"_s, u"evt_only_ours"_s},
                                         {u"missing_on_our_side"_s, u"evt_never_arrived"_s}}));
        QCOMPARE(run.ours, 3);
        for (const Mismatch &mismatch : found) {
            if (mismatch.kind == u"payload_differs"_s) {
                QVERIFY(!mismatch.inboxId.isEmpty());
                QCOMPARE(mismatch.ours[u"status"_s].toString(), u"processed"_s);
            }
        }
        // Nothing on the inbox side can be re-sent by us.
        const qint64 id = found.first().id;
        auto resent = hookyard::core::resendMismatches(scenario.db.connection(), {id}, {});
        QVERIFY(!resent);
        QVERIFY2(resent.error().contains(u"only the partner can send it again"_s), qPrintable(resent.error()));
    }

    // Found by an adversarial helper: of eight `reconcile resolve` at once, several said they had resolved the
    // mismatch, and only one note was kept. Here a second session resolves it between our check and our update.
    void aResolutionTakenAMomentBeforeSaysSo()
    {
        InboxScenario scenario(u"rec_race"_s);
        scenario.receive(u"evt_only_ours"_s, "{}");
        QTemporaryDir dir;
        const auto run = runOrDie(scenario.db, scenario.request(writeFile(dir, u"shop.csv"_s, "id\n")));
        const QList<Mismatch> found = mismatchesOf(scenario.db, run.runId);
        QCOMPARE(found.size(), 1);
        const qint64 id = found.first().id;

        auto first = DatabaseConnection::open(scenario.db.settings(), u"first"_s);
        QVERIFY(first && first.value()->database().transaction());
        QVERIFY(first.value()->exec(u"UPDATE reconcile_mismatches SET resolved_at = now(), resolution_note = 'first' "
                                    "WHERE id = ?"_s,
                                    {id}));
        std::optional<QString> secondError;
        std::unique_ptr<QThread> second(QThread::create([&] {
            auto connection = DatabaseConnection::open(scenario.db.settings(), u"second"_s);
            if (!connection) {
                secondError = connection.error();
                return;
            }
            auto resolved = hookyard::core::resolveMismatches(*connection.value(), {id}, u"second"_s);
            secondError = resolved ? QString() : resolved.error();
        }));
        second->start();
        // The second session passed its check (the first's change is not committed) and waits at the row.
        QTRY_COMPARE(scenario.db
                         .scalar(u"SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                 "AND application_name = 'hookyard-second' AND wait_event_type = 'Lock'"_s)
                         .toInt(),
                     1);
        QVERIFY(first.value()->database().commit());
        QVERIFY(second->wait(10000));
        QVERIFY(secondError);
        QCOMPARE(*secondError, u"mismatch %1 is already resolved: another resolution took it a moment ago"_s.arg(id));
        QCOMPARE(scenario.db.scalar(u"SELECT resolution_note FROM reconcile_mismatches"_s).toString(), u"first"_s);
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'reconcile.resolve'"_s).toInt(), 0);
    }

    // An id is compared as written, spaces included (RFC 4180): the receiver stores a partner's event id as sent.
    // Found by an adversarial helper: ' sp9 ' was trimmed, and one event became two mismatches.
    void idsAreComparedExactlyAsWritten()
    {
        InboxScenario scenario(u"rec_spaces"_s);
        scenario.receive(u" sp9 "_s, R"({"id": " sp9 "})");
        scenario.receive(u"r1"_s, R"({"id": "r1"})");
        QTemporaryDir dir;
        // Columns it does not read may be empty or repeated, as spreadsheets write them.
        const QString file =
            writeFile(dir, u"shop.csv"_s, "id,status,note,note,,\n\" sp9 \",sent,,,,\n\" r1 \",sent,,,,\n");
        const auto run = runOrDie(scenario.db, scenario.request(file));
        QCOMPARE(kindsOf(mismatchesOf(scenario.db, run.runId)),
                 sorted({{u"not_in_their_records"_s, u"r1"_s}, {u"missing_on_our_side"_s, u" r1 "_s}}));
    }

    // A time is cut to the millisecond, never rounded across the edge of a window (found by an adversarial helper:
    // 18:59:59.9996 was read as 19:00:00, inside a window starting then).
    void timesAreCutToTheMillisecond()
    {
        QTemporaryDir dir;
        const QString file =
            writeFile(dir, u"t.csv"_s, "id,at\nz1,2026-12-04T18:59:59.9996Z\nz2,2026-12-04T19:00:00.12345+01:00\n");
        const auto records = hookyard::core::readRecordsFile(file, {});
        QVERIFY2(records, qPrintable(records ? QString() : records.error()));
        QCOMPARE(records->at(0).at, QDateTime(QDate(2026, 12, 4), QTime(18, 59, 59, 999), Qt::UTC));
        QCOMPARE(records->at(1).at, QDateTime(QDate(2026, 12, 4), QTime(18, 0, 0, 123), Qt::UTC));
    }

    void badFilesAreRefusedWithTheLineAndNothingIsStored_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        const QByteArray header = "id,status,payload_sha256,at\n";
        QTest::addRow("bad hash") << u"a.csv"_s << header + "e1,received,,\ne2,received,abc,\n"
                                  << u"a.csv: line 3: payload_sha256 'abc' is not 64 hexadecimal digits"_s;
        QTest::addRow("bad time") << u"a.csv"_s << header + "e1,received,,yesterday\n"
                                  << u"a.csv: line 2: at 'yesterday' is neither an ISO 8601 time nor Unix seconds"_s;
        QTest::addRow("no id column") << u"a.csv"_s << QByteArray("ref,status\ne1,received\n")
                                      << u"a.csv: line 1: the header row has no id column"_s;
        QTest::addRow("empty id") << u"a.csv"_s << header + "e1,,,\n,received,,\n" << u"a.csv: line 3: id is empty"_s;
        QTest::addRow("field count") << u"a.csv"_s << header + "e1,received\n"
                                     << u"a.csv: line 2: 2 fields where the header row has 4"_s;
        QTest::addRow("open quote") << u"a.csv"_s << header + "e1,\"received,,\n"
                                    << u"a.csv: line 2: a quoted field is not closed"_s;
        QTest::addRow("twice") << u"a.csv"_s << header + "e1,,,\ne2,,,\ne1,,,\n"
                               << u"a.csv: line 4: id 'e1' is already at line 2"_s;
        QTest::addRow("not JSON") << u"a.json"_s << QByteArray("{\"items\": [\n  {\"id\": \"e1\"},\n  {\"id\": }\n]}")
                                  << u"a.json: line 3: not JSON"_s;
        QTest::addRow("no items") << u"a.json"_s << QByteArray(R"({"records": []})")
                                  << u"a.json: no array of records at \"/items\""_s;
        QTest::addRow("item without id") << u"a.json"_s << QByteArray(R"({"items": [{"id": "e1"}, {"status": "x"}]})")
                                         << u"a.json: item 2 (/items/1): no id at \"/id\""_s;
        QTest::addRow("an id object") << u"a.json"_s << QByteArray(R"([{"id": {"n": 1}}])")
                                      << u"a.json: item 1 (/0): the id at \"/id\" is an object; an id is text or a "
                                         "number"_s;
        QTest::addRow("an id beyond 64 bits") << u"a.json"_s << QByteArray(R"([{"id": 1e20}])")
                                              << u"a.json: item 1 (/0): the id at \"/id\" is a whole number beyond 64 "
                                                 u"bits, which cannot be read exactly; "
                                                 "send such an id as text"_s;
        // Found by an adversarial helper: each of these was taken, and a wrong comparison stored.
        QTest::addRow("not UTF-8") << u"a.csv"_s << header + "e1,,,\ncaf\xe9,,,\n"
                                   << u"a.csv: line 3: not UTF-8 text"_s;
        QTest::addRow("NUL in an id") << u"a.csv"_s << header + QByteArray("e1,,,\nr\0x,,,\n", 13)
                                      << u"a.csv: line 3: id 'r\uFFFDx' holds a control character"_s;
        QTest::addRow("escape in an id") << u"a.json"_s << QByteArray("[{\"id\": \"r\\u001b[2Jx\"}]")
                                         << u"a.json: item 1 (/0): id 'r\uFFFD[2Jx' holds a control character"_s;
        QTest::addRow("a member twice") << u"a.json"_s << QByteArray(R"({"items": [{"id": "e1", "i\u0064": "e2"}]})")
                                        << u"a.json: the member at /items/0/id is given twice"_s;
        QTest::addRow("a column twice") << u"a.csv"_s << QByteArray("id,ID,status\ne1,e2,x\n")
                                        << u"a.csv: line 1: the header row names column 'id' twice"_s;
        QTest::addRow("a next page") << u"a.json"_s << QByteArray(R"({"items": [{"id": "e1"}], "next_cursor": "abc"})")
                                     << u"a.json: it names a next page (next cursor 'abc')"_s;
        QTest::addRow("a cursor object")
            << u"a.json"_s << QByteArray(R"({"items": [], "next_cursor": {"a": 1}})")
            << u"a.json: the next cursor at \"/next_cursor\" is neither a string, a number nor null"_s;
        QTest::addRow("over 32 MiB") << u"a.csv"_s << header + QByteArray(32 * 1024 * 1024, '\n')
                                     << u"a.csv: larger than 32 MiB"_s;
    }

    void badFilesAreRefusedWithTheLineAndNothingIsStored()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        InboxScenario scenario(u"rec_bad"_s);
        scenario.receive(u"e1"_s, "{}");
        QTemporaryDir dir;
        auto run = hookyard::core::runReconciliation(scenario.db.connection(),
                                                     scenario.request(writeFile(dir, name, content)));
        QVERIFY(!run);
        const QString error = run.error().mid(dir.path().size() + 1); // without the directory
        QVERIFY2(error.startsWith(expected), qPrintable(run.error()));
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM reconcile_runs"_s).toInt(), 0);
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM reconcile_mismatches"_s).toInt(), 0);
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM audit_log"_s).toInt(), 0);
    }

    void badRequestsAreRefused()
    {
        InboxScenario scenario(u"rec_bad_request"_s);
        const auto refused = [&](ReconcileRequest request, const QString &expected) {
            auto run = hookyard::core::runReconciliation(scenario.db.connection(), request);
            if (run || !run.error().contains(expected)) {
                qWarning("%s", qPrintable(run ? u"no error"_s : run.error()));
                return false;
            }
            return true;
        };
        ReconcileRequest empty = scenario.request({});
        empty.until = empty.since;
        QVERIFY(refused(empty, u"the window is empty"_s));
        ReconcileRequest unknown = scenario.request({});
        unknown.subject = {Subject::Kind::Endpoint, u"nobody"_s};
        QVERIFY(refused(unknown, u"endpoint 'nobody' does not exist"_s));
        QVERIFY(refused(scenario.request({}), u"partner 'shop' has no reconciliation source"_s));
        QVERIFY(refused(scenario.request(u"/nonexistent/file.csv"_s), u"cannot read /nonexistent/file.csv"_s));
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM reconcile_runs"_s).toInt(), 0);

        // A misspelt name is not "all clean" (found by an exploring helper: `reconcile list --endpoint <typo>`
        // printed an empty table, `export` an empty export and `source show` "has no reconciliation source").
        MismatchFilter misspelt;
        misspelt.subject = Subject{Subject::Kind::Endpoint, u"nobody"_s};
        auto listed = hookyard::core::listMismatches(scenario.db.connection(), misspelt);
        QVERIFY(!listed);
        QCOMPARE(listed.error(), u"endpoint 'nobody' does not exist"_s);
        auto source = hookyard::core::ReconcileSources(scenario.db.connection()).find(*misspelt.subject);
        QVERIFY(!source);
        QCOMPARE(source.error(), u"endpoint 'nobody' does not exist"_s);
        MismatchFilter known;
        known.subject = Subject{Subject::Kind::Partner, u"shop"_s};
        auto clean = hookyard::core::listMismatches(scenario.db.connection(), known);
        QVERIFY(clean);
        QVERIFY(clean.value().isEmpty());
        // Nor is a run that never was (found by an adversarial helper: `export --run 99999` exported nothing).
        MismatchFilter unknownRun;
        unknownRun.runId = 99999;
        auto none = hookyard::core::listMismatches(scenario.db.connection(), unknownRun);
        QVERIFY(!none);
        QCOMPARE(none.error(), u"reconcile run 99999 does not exist"_s);
    }

    // Found by an adversarial helper: a refused list URL was quoted with its password.
    void aRefusedListUrlIsQuotedWithoutItsPassword()
    {
        hookyard::core::ReconcileSource source;
        for (const QString &url : {u"ftp://me:hunter2@partner.example/list?from={since}&to={until}"_s,
                                   u"https://me:hunter2@partner.example/list?from={since}"_s}) {
            source.listUrl = url;
            const auto refused = hookyard::core::ReconcileSources::validate(source);
            QVERIFY(!refused);
            QVERIFY2(refused.error().contains(u"//me@partner.example"_s), qPrintable(refused.error()));
            QVERIFY2(!refused.error().contains(u"hunter2"_s), qPrintable(refused.error()));
        }
        // The same rule as an endpoint's URL, saying what is wrong (port 0 was accepted: found in review).
        source.listUrl = u"https://partner.example:0/list?from={since}&to={until}"_s;
        const auto portZero = hookyard::core::ReconcileSources::validate(source);
        QVERIFY(!portZero);
        QVERIFY2(portZero.error().endsWith(u"(its port is 0)"_s), qPrintable(portZero.error()));

        // Headers as an endpoint's are checked (found by an adversarial helper: Host and an empty Authorization, which
        // is never sent, were taken).
        source.listUrl = u"https://partner.example/list?from={since}&to={until}"_s;
        source.headers = {{u"Host"_s, u"evil.example"_s}};
        const auto host = hookyard::core::ReconcileSources::validate(source);
        QVERIFY(!host);
        QCOMPARE(host.error(), u"header 'Host' is set by Hookyard itself and cannot be configured"_s);
        source.headers = {{u"Authorization"_s, u" "_s}};
        const auto empty = hookyard::core::ReconcileSources::validate(source);
        QVERIFY(!empty);
        QCOMPARE(empty.error(), u"header 'Authorization' needs a value: an empty one is never sent"_s);
        source.headers = {{u"Authorization"_s, u"Bearer x"_s}, {u"User-Agent"_s, u"ours/1"_s}};
        QVERIFY(hookyard::core::ReconcileSources::validate(source));
    }

    void theConsoleListsMismatchesByKindAndActsOnThem()
    {
        OutboxScenario scenario(u"rec_console"_s);
        scenario.setListSource();
        const auto run = runOrDie(scenario.db, scenario.request());
        const auto page = [&](const ViewFilter &filter, const std::optional<hookyard::core::KeysetPosition> &after,
                              int limit) {
            auto rows = hookyard::core::fetchPage(scenario.db.connection(), View::Reconciliation, filter, after, limit);
            if (!rows)
                qFatal("%s", qPrintable(rows.error()));
            return rows.value();
        };
        // Open mismatches only, grouped by kind in the documented order whatever the time order, paged exactly.
        for (const auto order : {hookyard::core::SortOrder::NewestFirst, hookyard::core::SortOrder::OldestFirst}) {
            ViewFilter filter;
            filter.order = order;
            QList<hookyard::core::ViewRow> rows;
            std::optional<hookyard::core::KeysetPosition> after;
            for (int guard = 0; guard < 20; ++guard) {
                const auto next = page(filter, after, 2);
                rows += next;
                if (next.size() < 2)
                    break;
                after = next.last().position;
            }
            QStringList kinds;
            for (const auto &row : rows) {
                QCOMPARE(row.ref.kind, RowRef::Kind::Mismatch);
                kinds << row.state;
            }
            QCOMPARE(kinds,
                     (QStringList{u"missing_on_their_side"_s, u"unknown_not_received"_s, u"missing_on_our_side"_s,
                                  u"payload_differs"_s, u"delivered_but_we_failed"_s, u"could_not_check"_s}));
        }
        ViewFilter differs;
        differs.states = {u"payload_differs"_s};
        const auto listed = page(differs, std::nullopt, 10);
        QCOMPARE(listed.size(), 1);
        const auto &columns = hookyard::core::describe(View::Reconciliation).columns;
        const auto cell = [&](const QString &key) {
            for (int i = 0; i < columns.size(); ++i) {
                if (columns.at(i).key == key)
                    return listed.first().cells.at(i);
            }
            return QVariant();
        };
        QCOMPARE(cell(u"reference"_s).toString(), eventId(3));
        QCOMPARE(cell(u"ours"_s).toString(), u"delivered"_s);
        QCOMPARE(cell(u"theirs"_s).toString(), u"received"_s);
        QCOMPARE(cell(u"run"_s).toLongLong(), run.runId);
        QCOMPARE(cell(u"party"_s).toString(), u"acme"_s);
        ViewFilter search;
        search.search = eventId(7);
        QCOMPARE(page(search, std::nullopt, 10).size(), 1);
        QCOMPARE(hookyard::core::countMatching(scenario.db.connection(), View::Reconciliation, {}).value(), 6);

        // The detail holds both sides' facts and the delivery's timeline.
        auto detail = hookyard::core::loadDetail(scenario.db.connection(), listed.first().ref);
        QVERIFY2(detail, qPrintable(detail.ok() ? QString() : detail.error()));
        QCOMPARE(detail->state, u"payload_differs"_s);
        QCOMPARE(detail->title, u"order.paid"_s);
        QCOMPARE(detail->primaryId, eventId(3));
        const QJsonObject sides = QJsonDocument::fromJson(detail->payload.toUtf8()).object();
        QCOMPARE(sides[u"theirs"_s][u"payload_sha256"_s].toString(), QString::fromLatin1(kWrongHash));
        QCOMPARE(sides[u"ours"_s][u"payload_sha256"_s].toString(), QString::fromLatin1(scenario.hashOf(3)));
        QVERIFY(!detail->timeline.isEmpty());

        // Resolved with a note, audited; it leaves the view.
        auto resolved = hookyard::core::resolveRows(scenario.db.connection(), {listed.first().ref},
                                                    u"their hashing bug, ticket 4411"_s);
        QVERIFY2(resolved, qPrintable(resolved.ok() ? QString() : resolved.error()));
        QCOMPARE(resolved->changed, 1);
        QCOMPARE(page(differs, std::nullopt, 10).size(), 0);
        QCOMPARE(scenario.db.scalar(u"SELECT reason FROM audit_log WHERE action = 'reconcile.resolve'"_s).toString(),
                 u"their hashing bug, ticket 4411"_s);
        auto twice = hookyard::core::resolveMismatches(scenario.db.connection(), {listed.first().ref.id.toLongLong()},
                                                       u"again"_s);
        QVERIFY(!twice);
        QVERIFY2(twice.error().contains(u"already resolved"_s), qPrintable(twice.error()));
    }

    void evidenceHoldsBothSides()
    {
        OutboxScenario scenario(u"rec_evidence"_s);
        scenario.setListSource();
        const auto run = runOrDie(scenario.db, scenario.request());
        MismatchFilter filter;
        filter.subject = Subject{Subject::Kind::Endpoint, u"acme"_s};
        filter.kinds = {u"payload_differs"_s};
        // What an export delivers, or that its delivery fails (an unwritable file, say).
        const auto exportAs = [&](hookyard::core::EvidenceFormat format, bool deliveryFails) -> Result<QByteArray> {
            QByteArray delivered;
            auto exported = hookyard::core::exportEvidence(scenario.db.connection(), filter, format,
                                                           [&](const QByteArray &evidence) -> Status {
                                                               if (deliveryFails)
                                                                   return Error{u"disk full"_s};
                                                               delivered = evidence;
                                                               return hookyard::core::success();
                                                           });
            if (!exported)
                return exported.failure();
            return delivered;
        };
        auto json = exportAs(hookyard::core::EvidenceFormat::Json, false);
        QVERIFY(json);
        const QJsonArray exported = QJsonDocument::fromJson(json.value()).object()[u"mismatches"_s].toArray();
        QCOMPARE(exported.size(), 1);
        QCOMPARE(exported[0][u"run_id"_s].toInteger(), run.runId);
        QCOMPARE(exported[0][u"theirs"_s][u"payload_sha256"_s].toString(), QString::fromLatin1(kWrongHash));
        QCOMPARE(exported[0][u"ours"_s][u"event_type"_s].toString(), u"order.paid"_s);

        filter.kinds.clear();
        auto csv = exportAs(hookyard::core::EvidenceFormat::Csv, false);
        QVERIFY(csv);
        const QList<QByteArray> lines = csv.value().trimmed().split('\n');
        QCOMPARE(lines.size(), 7); // the header and the six open mismatches
        QVERIFY(lines.first().startsWith("mismatch_id,run_id,subject_kind,subject,kind,reference"));
        QVERIFY(csv.value().contains(kWrongHash));
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'reconcile.export'"_s).toInt(), 2);

        // Found by trying bad input: an export that could not be written was audited all the same.
        const auto failed = exportAs(hookyard::core::EvidenceFormat::Csv, true);
        QVERIFY(!failed);
        QCOMPARE(failed.error(), u"disk full"_s);
        QCOMPARE(scenario.db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'reconcile.export'"_s).toInt(), 2);
    }

    void theCliExitsNonZeroWhileMismatchesRemain()
    {
        InboxScenario scenario(u"rec_cli"_s);
        const QByteArray hash = scenario.receive(u"evt_1"_s, R"({"id": "evt_1"})");
        QTemporaryDir dir;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const QString clean = writeFile(dir, u"clean.csv"_s, exportOf({{u"evt_1"_s, hash, now}}, u"csv"_s));
        const QString lost =
            writeFile(dir, u"lost.csv"_s, exportOf({{u"evt_1"_s, hash, now}, {u"evt_2"_s, {}, now}}, u"csv"_s));
        const auto reconcile = [&](const QStringList &arguments) {
            return runHookyard(QStringList{u"--database"_s, scenario.db.url(), u"reconcile"_s} + arguments);
        };
        const QStringList window{u"--partner"_s, u"shop"_s, u"--since"_s, u"now-1h"_s, u"--until"_s, u"now+1m"_s};

        const auto first = reconcile(window + QStringList{u"--file"_s, clean});
        QCOMPARE(first.exitCode, 0);
        QVERIFY2(first.out.contains("ours 1, theirs 1: 0 mismatches"), first.out.constData());

        const auto mismatched = reconcile(window + QStringList{u"--file"_s, lost});
        QCOMPARE(mismatched.exitCode, 3);
        QVERIFY2(mismatched.out.contains("missing_on_our_side"), mismatched.out.constData());
        QVERIFY2(mismatched.err.startsWith("hookyard: 1 unresolved mismatch(es) for partner 'shop'"),
                 mismatched.err.constData());
        QCOMPARE(mismatched.err.count('\n'), 1);

        const auto listed = reconcile({u"list"_s, u"--partner"_s, u"shop"_s, u"--json"_s});
        QCOMPARE(listed.exitCode, 0);
        const QJsonArray open = QJsonDocument::fromJson(listed.out)[u"mismatches"_s].toArray();
        QCOMPARE(open.size(), 1);
        QCOMPARE(open[0][u"reference"_s].toString(), u"evt_2"_s);
        const QString id = QString::number(open[0][u"id"_s].toInteger());

        const auto resend = reconcile({u"resend"_s, id});
        QCOMPARE(resend.exitCode, 1);
        QVERIFY2(resend.err.contains("only the partner can send it again"), resend.err.constData());
        QCOMPARE(reconcile({u"resolve"_s, id}).exitCode, 2); // --note is required
        QCOMPARE(reconcile({u"resolve"_s, id, u"--note"_s, u"they never sent it; confirmed by mail"_s}).exitCode, 0);
        // Resolved by a person, it stays resolved when a later run finds it again.
        const auto rerun = reconcile(window + QStringList{u"--file"_s, lost, u"--json"_s});
        QCOMPARE(rerun.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(rerun.out)[u"run"_s][u"resolved_before"_s].toInt(), 1);

        const auto badTime = reconcile(
            {u"--partner"_s, u"shop"_s, u"--since"_s, u"yesterday"_s, u"--until"_s, u"now"_s, u"--file"_s, clean});
        QCOMPARE(badTime.exitCode, 2);
        QVERIFY2(badTime.err.contains("--since 'yesterday' is not a time"), badTime.err.constData());
        const auto unknown =
            reconcile({u"--endpoint"_s, u"nobody"_s, u"--since"_s, u"now-1h"_s, u"--until"_s, u"now"_s});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("endpoint 'nobody' does not exist"), unknown.err.constData());
        // An empty window is a usage error, as in `replay`, found before the database is asked.
        const auto backwards =
            reconcile({u"--partner"_s, u"shop"_s, u"--since"_s, u"now"_s, u"--until"_s, u"now-1h"_s});
        QCOMPARE(backwards.exitCode, 2);
        QVERIFY2(backwards.err.contains("--since must be before --until"), backwards.err.constData());
        const auto misspelt = reconcile({u"list"_s, u"--endpoint"_s, u"nobody"_s});
        QCOMPARE(misspelt.exitCode, 1);
        QVERIFY2(misspelt.err.contains("endpoint 'nobody' does not exist"), misspelt.err.constData());

        // Their API down: the run fails, says so, and compares nothing.
        QCOMPARE(reconcile({u"source"_s, u"set"_s, u"--partner"_s, u"shop"_s, u"--url"_s,
                            u"http://127.0.0.1:%1/sent?since={since}&until={until}&page={cursor}"_s.arg(closedPort()),
                            u"--header"_s, u"Authorization: Bearer sk_live_0123456789abcdef"_s,
                            u"--allow-private-network"_s})
                     .exitCode,
                 0);
        const auto shown = reconcile({u"source"_s, u"show"_s, u"--partner"_s, u"shop"_s, u"--json"_s});
        QCOMPARE(shown.exitCode, 0);
        QVERIFY2(!shown.out.contains("sk_live_0123456789abcdef"), shown.out.constData());
        const auto down = reconcile(window);
        QCOMPARE(down.exitCode, 1);
        QVERIFY2(down.err.contains("the source of partner 'shop' is unavailable"), down.err.constData());
        QVERIFY2(down.err.contains("compared nothing and re-sent nothing"), down.err.constData());
        QCOMPARE(scenario.db.scalar(u"SELECT outcome FROM reconcile_runs ORDER BY id DESC LIMIT 1"_s).toString(),
                 u"source_unavailable"_s);
    }
};

QTEST_GUILESS_MAIN(TestReconcile)
#include "tst_reconcile.moc"
