// The console's list views against a real database: each view's rows and columns, every filter, keyset paging in
// both orders across rows with the same time, JSON containment, the counts, and what bad filter input gives.

#include "TestDatabase.h"
#include "console/PayloadSearch.h"
#include "console/ViewQueries.h"
#include "stats/Stats.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::KeysetPosition;
using hookyard::core::RowRef;
using hookyard::core::SortOrder;
using hookyard::core::View;
using hookyard::core::ViewColumn;
using hookyard::core::ViewFilter;
using hookyard::core::ViewRow;
using hookyard::test::TestDatabase;

Q_DECLARE_METATYPE(View)

namespace {

// Event n: id ...0n, aggregate 1...0(n % 4), 3 events per minute from 10:00 (ties), types by n % 3, customer ana for
// even n. Both endpoints subscribe to everything; partner-x's deliveries of every 4th event are dead.
void seed(TestDatabase &db)
{
    db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('billing', 'http://127.0.0.1:9/b'),"
                 " ('partner-x', 'http://127.0.0.1:9/x')"_s);
    db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload, created_at)"
                 " SELECT ('00000000-0000-0000-0000-' || lpad(n::text, 12, '0'))::uuid, 'Order',"
                 "   ('10000000-0000-0000-0000-' || lpad((n % 4)::text, 12, '0'))::uuid,"
                 "   (ARRAY['order.created', 'order.paid', 'invoice.created'])[n % 3 + 1],"
                 "   jsonb_build_object('n', n, 'customer', CASE WHEN n % 2 = 0 THEN 'ana' ELSE 'bo' END,"
                 "                      'lines', jsonb_build_array(jsonb_build_object('sku', 'sku-' || n))),"
                 "   '2024-05-01 10:00:00'::timestamp + (n / 3) * interval '1 minute'"
                 " FROM generate_series(1, 20) n"_s);
    db.execOrDie(u"UPDATE deliveries d SET created_at = e.created_at FROM outbox_events e WHERE e.id = d.event_id"_s);
    db.execOrDie(u"UPDATE deliveries d SET state = 'delivered', attempt_count = 1, last_status_code = 200"
                 " FROM endpoints ep WHERE ep.id = d.endpoint_id AND ep.name = 'billing'"_s);
    db.execOrDie(u"UPDATE deliveries d SET state = 'dead', attempt_count = 4, last_status_code = 500,"
                 "   dead_reason = 'HTTP 500 after 4 attempts'"
                 " FROM endpoints ep WHERE ep.id = d.endpoint_id AND ep.name = 'partner-x'"
                 "   AND right(d.event_id::text, 2)::int % 4 = 0"_s);

    // Inbox rows i: id 2...0i, partner event evt-i, statuses by i % 4; times share the events' minutes (ties across
    // the two tables of Dead letters).
    db.execOrDie(u"INSERT INTO partners (name, scheme) VALUES ('shop', 'standard'), ('bank', 'hmac')"_s);
    db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, status,"
                 "   received_at)"
                 " SELECT ('20000000-0000-0000-0000-' || lpad(i::text, 12, '0'))::uuid,"
                 "   CASE WHEN i % 2 = 0 THEN 'shop' ELSE 'bank' END, 'evt-' || i,"
                 "   jsonb_build_object('order', jsonb_build_object('id', 'A-' || i)), true,"
                 "   (ARRAY['PENDING', 'DEFERRED', 'PROCESSED', 'QUARANTINED'])[i % 4 + 1],"
                 "   '2024-05-01 10:00:00'::timestamp + (i / 2) * interval '1 minute'"
                 " FROM generate_series(1, 16) i"_s);
    db.execOrDie(u"UPDATE webhook_inbox SET event_type = 'order.' || lower(status), entity_type = 'Order',"
                 "   entity_id = 'A-' || substr(partner_event_id, 5), raw_body = '\\x7b7d', attempt_count = 2,"
                 "   waiting_for = CASE WHEN status = 'DEFERRED' THEN 'order to reach paid' END,"
                 "   reason = CASE WHEN status = 'QUARANTINED' THEN 'unknown entity' END,"
                 "   deferred_since = CASE WHEN status = 'DEFERRED' THEN now() END,"
                 "   defer_count = CASE WHEN status = 'DEFERRED' THEN 3 ELSE 0 END"_s);

    db.execOrDie(u"INSERT INTO rejected_requests (received_at, partner_name, remote_address, status_code, reason,"
                 "   headers)"
                 " SELECT '2024-05-01 10:00:00+00'::timestamptz + (r / 2) * interval '1 minute',"
                 "   CASE WHEN r % 2 = 0 THEN 'shop' END, '10.0.0.' || r, CASE WHEN r % 3 = 0 THEN 401 ELSE 404 END,"
                 "   CASE WHEN r % 3 = 0 THEN 'bad signature' ELSE 'unknown partner' END,"
                 "   jsonb_build_object('user-agent', 'agent-' || r % 2)"
                 " FROM generate_series(1, 6) r"_s);
    // 25 audit records, 5 per second: ids past 9 order numerically, not as text.
    db.execOrDie(u"INSERT INTO audit_log (at, os_user, action, subject, reason, details)"
                 " SELECT '2024-05-01 10:00:00+00'::timestamptz + (a / 5) * interval '1 second', 'ana',"
                 "   CASE WHEN a % 2 = 0 THEN 'endpoint.pause' ELSE 'replay' END, 'subject-' || a, 'because ' || a,"
                 "   jsonb_build_object('count', a)"
                 " FROM generate_series(1, 25) a"_s);
}

QStringList ids(const QList<ViewRow> &rows)
{
    QStringList result;
    for (const ViewRow &row : rows)
        result << row.ref.id;
    return result;
}

// Every row of a view, a page of `pageSize` at a time; fails the test on an error or a row seen twice.
QList<ViewRow> walk(TestDatabase &db, View view, const ViewFilter &filter, int pageSize)
{
    QList<ViewRow> all;
    QSet<QString> seen;
    std::optional<KeysetPosition> after;
    for (int page = 0; page < 1000; ++page) {
        auto rows = hookyard::core::fetchPage(db.connection(), view, filter, after, pageSize);
        if (!rows) {
            qWarning("%s", qPrintable(rows.error()));
            return {};
        }
        for (const ViewRow &row : rows.value()) {
            const QString key = QString::number(row.position.source) + u'/' + row.ref.id;
            if (seen.contains(key)) {
                qWarning("row %s listed twice", qPrintable(key));
                return {};
            }
            seen.insert(key);
            all << row;
        }
        if (rows.value().size() < pageSize)
            return all;
        after = rows.value().last().position;
    }
    return {};
}

QList<ViewRow> page(TestDatabase &db, View view, const ViewFilter &filter = {}, int limit = 500)
{
    auto rows = hookyard::core::fetchPage(db.connection(), view, filter, std::nullopt, limit);
    if (!rows)
        qWarning("%s", qPrintable(rows.error()));
    return rows ? rows.value() : QList<ViewRow>();
}

int column(View view, const QString &key)
{
    const auto &columns = hookyard::core::describe(view).columns;
    for (int i = 0; i < columns.size(); ++i) {
        if (columns.at(i).key == key)
            return i;
    }
    qFatal("no column %s", qPrintable(key));
}

QString eventId(int n)
{
    return u"00000000-0000-0000-0000-%1"_s.arg(n, 12, 10, QChar(u'0'));
}

QString inboxId(int i)
{
    return u"20000000-0000-0000-0000-%1"_s.arg(i, 12, 10, QChar(u'0'));
}

} // namespace

class TestViewQueries final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void describesEveryView()
    {
        QCOMPARE(hookyard::core::allViews().size(), 10);
        for (View view : hookyard::core::allViews()) {
            const auto &description = hookyard::core::describe(view);
            QCOMPARE(description.view, view);
            QVERIFY(!description.columns.isEmpty());
            QCOMPARE(description.columns.at(description.timeColumn).kind, ViewColumn::Kind::Time);
            if (description.reasonColumn >= 0)
                QCOMPARE(description.columns.at(description.reasonColumn).kind, ViewColumn::Kind::Reason);
            QSet<QString> keys;
            for (const ViewColumn &viewColumn : description.columns)
                keys.insert(viewColumn.key);
            QCOMPARE(keys.size(), description.columns.size());
        }
        QCOMPARE(hookyard::core::describe(View::Partners).reasonColumn, -1);
    }

    void listsEachView_data()
    {
        QTest::addColumn<View>("view");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("firstId");
        QTest::addColumn<QString>("firstState");
        QTest::addColumn<QString>("reasonColumn"); // key of a column and its value in the first row
        QTest::addColumn<QString>("reason");
        QTest::addRow("outbox") << View::Outbox << 20 << int(RowRef::Kind::Event) << eventId(20) << u"dead"_s
                                << u"why"_s << u"HTTP 500 after 4 attempts"_s;
        QTest::addRow("inbox") << View::Inbox << 16 << int(RowRef::Kind::InboxMessage) << inboxId(16) << u"pending"_s
                               << u"partner_event_id"_s << u"evt-16"_s;
        QTest::addRow("deferred") << View::Deferred << 4 << int(RowRef::Kind::InboxMessage) << inboxId(13)
                                  << u"deferred"_s << u"waiting_for"_s << u"order to reach paid"_s;
        // Event 20 (10:06) and inbox row 15 (10:07) are the newest of each table.
        QTest::addRow("dead letters") << View::DeadLetters << 9 << int(RowRef::Kind::InboxMessage) << inboxId(15)
                                      << u"quarantined"_s << u"why"_s << u"unknown entity"_s;
        QTest::addRow("rejected") << View::Rejected << 6 << int(RowRef::Kind::RejectedRequest) << u"6"_s
                                  << u"rejected"_s << u"why"_s << u"bad signature"_s;
        QTest::addRow("audit") << View::Audit << 25 << int(RowRef::Kind::AuditRecord) << u"25"_s << QString()
                               << u"why"_s << u"because 25"_s;
        QTest::addRow("endpoints") << View::Endpoints << 2 << int(RowRef::Kind::Endpoint) << u"2"_s << u"active"_s
                                   << u"name"_s << u"partner-x"_s;
        QTest::addRow("partners") << View::Partners << 2 << int(RowRef::Kind::Partner) << u"2"_s << QString()
                                  << u"scheme"_s << u"hmac"_s;
    }

    void listsEachView()
    {
        QFETCH(View, view);
        QFETCH(int, rows);
        QFETCH(int, kind);
        QFETCH(QString, firstId);
        QFETCH(QString, firstState);
        QFETCH(QString, reasonColumn);
        QFETCH(QString, reason);
        TestDatabase db(u"views"_s);
        seed(db);
        // Endpoints and partners were made in one transaction: the same time, ordered by id.
        const QList<ViewRow> listed = page(db, view);
        QCOMPARE(listed.size(), rows);
        const auto &description = hookyard::core::describe(view);
        for (const ViewRow &row : listed) {
            QCOMPARE(row.cells.size(), description.columns.size());
            QCOMPARE(row.cells.at(description.timeColumn).typeId(), QMetaType::QDateTime);
            QVERIFY(row.ref.isValid());
        }
        QCOMPARE(int(listed.first().ref.kind), kind);
        QCOMPARE(listed.first().ref.id, firstId);
        QCOMPARE(listed.first().state, firstState);
        QCOMPARE(listed.first().cells.at(column(view, reasonColumn)).toString(), reason);
    }

    void outboxSummarisesDeliveries()
    {
        TestDatabase db(u"views"_s);
        seed(db);
        const QList<ViewRow> rows = page(db, View::Outbox);
        const ViewRow &dead = rows.at(0); // event 20: one delivered, one dead
        QCOMPARE(dead.cells.at(column(View::Outbox, u"delivered"_s)).toString(), u"1/2"_s);
        QCOMPARE(dead.cells.at(column(View::Outbox, u"endpoints"_s)).toString(), u"billing, partner-x"_s);
        QCOMPARE(dead.cells.at(column(View::Outbox, u"attempts"_s)).toLongLong(), 5);
        QCOMPARE(dead.cells.at(column(View::Outbox, u"aggregate"_s)).toString(),
                 u"Order 10000000-0000-0000-0000-000000000000"_s);
        const ViewRow &pending = rows.at(1); // event 19: partner-x's delivery is still pending
        QCOMPARE(pending.ref.id, eventId(19));
        QCOMPARE(pending.state, u"pending"_s);

        // An event no endpoint subscribes to says why.
        db.execOrDie(u"UPDATE endpoints SET event_types = '{order.*}'"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (gen_random_uuid(), 'misc', '{}')"_s);
        const ViewRow newest = page(db, View::Outbox, {}, 1).first();
        QCOMPARE(newest.state, u"none"_s);
        QCOMPARE(newest.cells.at(column(View::Outbox, u"why"_s)).toString(), u"no endpoint subscribes to misc"_s);
        QVERIFY(newest.cells.at(column(View::Outbox, u"delivered"_s)).isNull());
    }

    // Found by a console helper: a quarantine resolved by hand still read "☣ quarantined" in the Inbox view, and an
    // event whose dead delivery was resolved still read "dead" in the Outbox view, beside unresolved ones.
    void resolvedRowsReadResolved()
    {
        TestDatabase db(u"views_resolved"_s);
        seed(db);
        db.execOrDie(u"UPDATE webhook_inbox SET resolved_at = now(), resolution_note = 'fixed by hand'"
                     " WHERE id = ?::uuid"_s,
                     {inboxId(3)});
        db.execOrDie(u"UPDATE deliveries SET resolved_at = now(), resolution_note = 'sent by hand'"
                     " WHERE event_id = ?::uuid AND state = 'dead'"_s,
                     {eventId(20)});

        ViewFilter quarantined;
        quarantined.states = {u"quarantined"_s}; // a resolved quarantine is still one
        QHash<QString, QString> states;
        for (const ViewRow &row : page(db, View::Inbox, quarantined))
            states.insert(row.ref.id, row.state);
        QCOMPARE(states.size(), 4);
        QCOMPARE(states.value(inboxId(3)), u"resolved"_s);
        QCOMPARE(states.value(inboxId(7)), u"quarantined"_s);
        const ViewRow resolvedRow = [&] {
            for (const ViewRow &row : page(db, View::Inbox))
                if (row.ref.id == inboxId(3))
                    return row;
            return ViewRow();
        }();
        QCOMPARE(resolvedRow.cells.at(column(View::Inbox, u"state"_s)).toString(), u"resolved"_s);

        const QList<ViewRow> events = page(db, View::Outbox);
        QCOMPARE(events.at(0).ref.id, eventId(20));
        QCOMPARE(events.at(0).state, u"resolved"_s);
        QCOMPARE(events.at(0).cells.at(column(View::Outbox, u"why"_s)).toString(), u"HTTP 500 after 4 attempts"_s);
        auto detailState = hookyard::core::outboxEventState(db.connection(), eventId(20));
        QVERIFY(detailState.ok());
        QCOMPARE(detailState.value(), u"resolved"_s);
        const ViewRow &stillDead = events.at(4); // event 16
        QCOMPARE(stillDead.ref.id, eventId(16));
        QCOMPARE(stillDead.state, u"dead"_s);
    }

    // Found in a screenshot: partner-x failed every attempt, and the Endpoints view said only "✓ active".
    void endpointsShowTheLastHoursAttempts()
    {
        TestDatabase db(u"views"_s);
        seed(db);
        // partner-x: three failures in the last hour (the latest a 503), one two hours ago; billing: one success.
        db.execOrDie(
            u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, status_code, error_class,"
            "   error_detail, relay_instance)"
            " SELECT d.id, a.n, now() - a.ago, a.code, a.class, a.detail, 'relay-1'"
            " FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id,"
            "   (VALUES (1, interval '2 hours', 500, 'http_status', 'HTTP 500'),"
            "           (2, interval '30 minutes', NULL, 'refused', 'Connection refused'),"
            "           (3, interval '20 minutes', 500, 'http_status', 'HTTP 500'),"
            "           (4, interval '10 minutes', 503, 'http_status', 'HTTP 503')) a(n, ago, code, class, detail)"
            " WHERE ep.name = 'partner-x' AND d.event_id = ?::uuid"_s,
            {eventId(20)});
        db.execOrDie(u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, status_code, error_class,"
                     "   relay_instance)"
                     " SELECT d.id, 1, now() - interval '5 minutes', 200, 'ok', 'relay-1'"
                     " FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id"
                     " WHERE ep.name = 'billing' AND d.event_id = ?::uuid"_s,
                     {eventId(20)});
        db.execOrDie(u"UPDATE endpoints SET state = 'disabled', state_reason = 'endpoint answered 410'"
                     " WHERE name = 'billing'"_s);

        const auto cell = [&](const ViewRow &row, const QString &key) {
            return row.cells.at(column(View::Endpoints, key));
        };
        const QList<ViewRow> rows = page(db, View::Endpoints);
        QCOMPARE(rows.size(), 2);
        const ViewRow &partnerX =
            rows.at(0).cells.at(column(View::Endpoints, u"name"_s)) == u"partner-x"_s ? rows.at(0) : rows.at(1);
        const ViewRow &billing = &partnerX == &rows.at(0) ? rows.at(1) : rows.at(0);
        QCOMPARE(cell(partnerX, u"failed_last_hour"_s).toLongLong(), 3);
        QCOMPARE(cell(partnerX, u"attempts_last_hour"_s).toLongLong(), 3);
        QCOMPARE(cell(partnerX, u"why"_s).toString(), u"last failure: HTTP 503"_s);
        QCOMPARE(cell(billing, u"failed_last_hour"_s).toLongLong(), 0);
        QCOMPARE(cell(billing, u"attempts_last_hour"_s).toLongLong(), 1);
        QCOMPARE(cell(billing, u"why"_s).toString(), u"endpoint answered 410"_s); // its state's reason comes first
        // Active, but its latest attempt failed: shown as failing, not as a healthy "active"; a disabled endpoint
        // keeps its state. A success after the failures makes it active again.
        QCOMPARE(cell(partnerX, u"state"_s).toString(), u"failing"_s);
        QCOMPARE(partnerX.state, u"failing"_s); // what the state filter matches
        ViewFilter failing;
        failing.states = {u"failing"_s};
        const QList<ViewRow> failingOnly = page(db, View::Endpoints, failing);
        QCOMPARE(failingOnly.size(), 1);
        QCOMPARE(cell(failingOnly.first(), u"name"_s).toString(), u"partner-x"_s);
        failing.states = {u"active"_s};
        QVERIFY(page(db, View::Endpoints, failing).isEmpty());
        QCOMPARE(cell(billing, u"state"_s).toString(), u"disabled"_s);

        // The overview's failing endpoints read the same hour (kEndpointsLastHourSql).
        const auto activity = hookyard::core::collectActivity(db.connection());
        QVERIFY(activity);
        QCOMPARE(activity.value().value(u"failing_endpoints"_s).toArray(),
                 QJsonArray({QJsonObject{{u"endpoint"_s, u"partner-x"_s},
                                         {u"failed"_s, 3},
                                         {u"attempts"_s, 3},
                                         {u"last_error"_s, u"HTTP 503"_s},
                                         {u"failing_now"_s, true}}}));
        db.execOrDie(u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, status_code, error_class,"
                     "   relay_instance)"
                     " SELECT d.id, 5, now() - interval '1 minute', 200, 'ok', 'relay-1'"
                     " FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id"
                     " WHERE ep.name = 'partner-x' AND d.event_id = ?::uuid"_s,
                     {eventId(20)});
        for (const ViewRow &row : page(db, View::Endpoints)) {
            if (cell(row, u"name"_s) == u"partner-x"_s)
                QCOMPARE(cell(row, u"state"_s).toString(), u"active"_s);
        }
        // The overview lists it still, as recovered, no longer failing now.
        const auto recovered = hookyard::core::collectActivity(db.connection());
        QVERIFY(recovered);
        const QJsonObject entry = recovered.value().value(u"failing_endpoints"_s).toArray().first().toObject();
        QCOMPARE(entry.value(u"endpoint"_s).toString(), u"partner-x"_s);
        QCOMPARE(entry.value(u"failing_now"_s).toBool(), false);
    }

    void filters_data()
    {
        QTest::addColumn<View>("view");
        QTest::addColumn<ViewFilter>("filter");
        QTest::addColumn<QStringList>("expected"); // ids, newest first

        const auto filter = [](auto change) {
            ViewFilter result;
            change(result);
            return result;
        };
        QTest::addRow("outbox: dead") << View::Outbox << filter([](ViewFilter &f) { f.states = {u"dead"_s}; })
                                      << QStringList{eventId(20), eventId(16), eventId(12), eventId(8), eventId(4)};
        QTest::addRow("outbox: dead or pending, to billing") << View::Outbox << filter([](ViewFilter &f) {
            f.states = {u"dead"_s, u"pending"_s};
            f.party = u"billing"_s;
        }) << QStringList{};
        QTest::addRow("outbox: pending to partner-x, order.*") << View::Outbox << filter([](ViewFilter &f) {
            f.states = {u"pending"_s};
            f.party = u"partner-x"_s;
            f.eventType = u"order.*"_s;
        }) << QStringList{eventId(19), eventId(18), eventId(15), eventId(13), eventId(10),
                          eventId(9),  eventId(7),  eventId(6),  eventId(3),  eventId(1)};
        QTest::addRow("outbox: exact event type")
            << View::Outbox << filter([](ViewFilter &f) { f.eventType = u"invoice.created"_s; })
            << QStringList{eventId(20), eventId(17), eventId(14), eventId(11), eventId(8), eventId(5), eventId(2)};
        QTest::addRow("outbox: prefix is not a substring")
            << View::Outbox << filter([](ViewFilter &f) { f.eventType = u"order.paid.*"_s; }) << QStringList{};
        QTest::addRow("outbox: event id")
            << View::Outbox << filter([](ViewFilter &f) { f.search = eventId(7); }) << QStringList{eventId(7)};
        QTest::addRow("outbox: aggregate id in braces")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u" {10000000-0000-0000-0000-000000000002} "_s; })
            << QStringList{eventId(18), eventId(14), eventId(10), eventId(6), eventId(2)};
        QTest::addRow("outbox: aggregate id")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"10000000-0000-0000-0000-000000000003"_s; })
            << QStringList{eventId(19), eventId(15), eventId(11), eventId(7), eventId(3)};
        QTest::addRow("outbox: the start of an event id")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"00000000-0000-0000-0000-00000000001"_s; })
            << QStringList{eventId(19), eventId(18), eventId(17), eventId(16), eventId(15),
                           eventId(14), eventId(13), eventId(12), eventId(11), eventId(10)};
        QTest::addRow("outbox: an aggregate id without dashes")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"10000000000000000000000000000003"_s; })
            << QStringList{eventId(19), eventId(15), eventId(11), eventId(7), eventId(3)};
        QTest::addRow("outbox: the start of an aggregate id without dashes")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"1000000000000000000000000000000"_s; })
            << QStringList{eventId(20), eventId(19), eventId(18), eventId(17), eventId(16), eventId(15), eventId(14),
                           eventId(13), eventId(12), eventId(11), eventId(10), eventId(9),  eventId(8),  eventId(7),
                           eventId(6),  eventId(5),  eventId(4),  eventId(3),  eventId(2),  eventId(1)};
        QTest::addRow("outbox: seven digits are not the start of an id")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"1000000"_s; }) << QStringList{};
        QTest::addRow("outbox: JSON containment")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"{\"customer\": \"ana\", \"n\": 4}"_s; })
            << QStringList{eventId(4)};
        QTest::addRow("outbox: JSON containment in an array")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"{\"lines\": [{\"sku\": \"sku-12\"}]}"_s; })
            << QStringList{eventId(12)};
        QTest::addRow("outbox: a word is no id")
            << View::Outbox << filter([](ViewFilter &f) { f.search = u"order"_s; }) << QStringList{};
        QTest::addRow("inbox: quarantined and deferred") << View::Inbox << filter([](ViewFilter &f) {
            f.states = {u"quarantined"_s, u"deferred"_s};
        }) << QStringList{inboxId(15), inboxId(13), inboxId(11), inboxId(9),
                          inboxId(7),  inboxId(5),  inboxId(3),  inboxId(1)};
        QTest::addRow("inbox: partner shop, processed") << View::Inbox << filter([](ViewFilter &f) {
            f.party = u"shop"_s;
            f.states = {u"processed"_s};
        }) << QStringList{inboxId(14), inboxId(10), inboxId(6), inboxId(2)};
        QTest::addRow("inbox: partner event id")
            << View::Inbox << filter([](ViewFilter &f) { f.search = u"evt-6"_s; }) << QStringList{inboxId(6)};
        QTest::addRow("inbox: entity id")
            << View::Inbox << filter([](ViewFilter &f) { f.search = u"A-9"_s; }) << QStringList{inboxId(9)};
        QTest::addRow("inbox: inbox id") << View::Inbox << filter([](ViewFilter &f) { f.search = inboxId(3); })
                                         << QStringList{inboxId(3)};
        QTest::addRow("inbox: JSON containment")
            << View::Inbox << filter([](ViewFilter &f) { f.search = u"{\"order\": {\"id\": \"A-11\"}}"_s; })
            << QStringList{inboxId(11)};
        QTest::addRow("inbox: event type")
            << View::Inbox << filter([](ViewFilter &f) { f.eventType = u"order.deferred"_s; })
            << QStringList{inboxId(13), inboxId(9), inboxId(5), inboxId(1)};
        QTest::addRow("deferred: partner bank") << View::Deferred << filter([](ViewFilter &f) { f.party = u"bank"_s; })
                                                << QStringList{inboxId(13), inboxId(9), inboxId(5), inboxId(1)};
        QTest::addRow("dead letters: quarantined only")
            << View::DeadLetters << filter([](ViewFilter &f) { f.states = {u"quarantined"_s}; })
            << QStringList{inboxId(15), inboxId(11), inboxId(7), inboxId(3)};
        QTest::addRow("dead letters: partner-x")
            << View::DeadLetters << filter([](ViewFilter &f) { f.party = u"partner-x"_s; })
            << QStringList{u"40"_s, u"32"_s, u"24"_s, u"16"_s, u"8"_s};
        QTest::addRow("dead letters: partner bank")
            << View::DeadLetters << filter([](ViewFilter &f) { f.party = u"bank"_s; })
            << QStringList{inboxId(15), inboxId(11), inboxId(7), inboxId(3)};
        QTest::addRow("dead letters: delivery id")
            << View::DeadLetters << filter([](ViewFilter &f) { f.search = u"24"_s; }) << QStringList{u"24"_s};
        QTest::addRow("dead letters: event id")
            << View::DeadLetters << filter([](ViewFilter &f) { f.search = eventId(8); }) << QStringList{u"16"_s};
        QTest::addRow("dead letters: JSON in events and inbox")
            << View::DeadLetters << filter([](ViewFilter &f) { f.search = u"{\"n\": 12}"_s; }) << QStringList{u"24"_s};
        QTest::addRow("rejected: partner") << View::Rejected << filter([](ViewFilter &f) { f.party = u"shop"_s; })
                                           << QStringList{u"6"_s, u"4"_s, u"2"_s};
        QTest::addRow("rejected: headers JSON")
            << View::Rejected << filter([](ViewFilter &f) { f.search = u"{\"user-agent\": \"agent-1\"}"_s; })
            << QStringList{u"5"_s, u"3"_s, u"1"_s};
        QTest::addRow("rejected: remote address")
            << View::Rejected << filter([](ViewFilter &f) { f.search = u"10.0.0.4"_s; }) << QStringList{u"4"_s};
        QTest::addRow("rejected: time range") << View::Rejected << filter([](ViewFilter &f) {
            f.from = QDateTime(QDate(2024, 5, 1), QTime(10, 1), Qt::UTC);
            f.until = QDateTime(QDate(2024, 5, 1), QTime(10, 3), Qt::UTC);
        }) << QStringList{u"5"_s, u"4"_s, u"3"_s, u"2"_s};
        QTest::addRow("audit: action prefix, time range") << View::Audit << filter([](ViewFilter &f) {
            f.eventType = u"endpoint.*"_s;
            f.from = QDateTime(QDate(2024, 5, 1), QTime(10, 0, 4), Qt::UTC);
        }) << QStringList{u"24"_s, u"22"_s, u"20"_s};
        QTest::addRow("audit: subject") << View::Audit << filter([](ViewFilter &f) { f.search = u"subject-7"_s; })
                                        << QStringList{u"7"_s};
        QTest::addRow("audit: details JSON")
            << View::Audit << filter([](ViewFilter &f) { f.search = u"{\"count\": 3}"_s; }) << QStringList{u"3"_s};
        QTest::addRow("endpoints: name") << View::Endpoints << filter([](ViewFilter &f) { f.party = u"billing"_s; })
                                         << QStringList{u"1"_s};
        QTest::addRow("endpoints: paused")
            << View::Endpoints << filter([](ViewFilter &f) { f.states = {u"paused"_s}; }) << QStringList{};
        QTest::addRow("partners: name") << View::Partners << filter([](ViewFilter &f) { f.search = u"bank"_s; })
                                        << QStringList{u"2"_s};
        QTest::addRow("injection is a value")
            << View::Inbox << filter([](ViewFilter &f) { f.search = u"x' OR '1'='1"_s; }) << QStringList{};
    }

    void filters()
    {
        QFETCH(View, view);
        QFETCH(ViewFilter, filter);
        QFETCH(QStringList, expected);
        TestDatabase db(u"views"_s);
        seed(db);
        QCOMPARE(ids(page(db, view, filter)), expected);
        auto matching = hookyard::core::countMatching(db.connection(), view, filter);
        QVERIFY2(matching.ok(), qPrintable(matching.ok() ? QString() : matching.error()));
        QCOMPARE(matching.value(), expected.size());
    }

    void outboxTimeRangeIsHalfOpen()
    {
        TestDatabase db(u"views"_s);
        seed(db);
        // Bounds taken from the rows themselves: outbox_events.created_at has no time zone.
        const QList<ViewRow> rows = page(db, View::Outbox);
        ViewFilter filter;
        filter.from = rows.at(5).cells.at(0).toDateTime();  // event 15, 10:05, the first of its minute
        filter.until = rows.at(2).cells.at(0).toDateTime(); // event 18, 10:06
        QCOMPARE(ids(page(db, View::Outbox, filter)), (QStringList{eventId(17), eventId(16), eventId(15)}));
    }

    void pagesAcrossTies_data()
    {
        QTest::addColumn<View>("view");
        QTest::addColumn<int>("pageSize");
        for (View view : {View::Outbox, View::Inbox, View::DeadLetters, View::Audit, View::Rejected}) {
            for (int pageSize : {1, 2, 3, 7}) {
                QTest::addRow("%s by %d", qPrintable(hookyard::core::describe(view).key), pageSize) << view << pageSize;
            }
        }
    }

    // Paged in both orders, every row comes exactly once, in the same order as one large page, and oldest-first is
    // newest-first reversed.
    void pagesAcrossTies()
    {
        QFETCH(View, view);
        QFETCH(int, pageSize);
        TestDatabase db(u"views"_s);
        seed(db);
        const QList<ViewRow> whole = page(db, view);
        QVERIFY(whole.size() > 3);

        const QList<ViewRow> newest = walk(db, view, {}, pageSize);
        QCOMPARE(ids(newest), ids(whole));
        for (int i = 1; i < newest.size(); ++i) {
            QVERIFY(newest.at(i - 1).cells.at(0).toDateTime() >= newest.at(i).cells.at(0).toDateTime());
        }

        ViewFilter oldestFirst;
        oldestFirst.order = SortOrder::OldestFirst;
        QList<ViewRow> oldest = walk(db, view, oldestFirst, pageSize);
        std::reverse(oldest.begin(), oldest.end());
        QCOMPARE(ids(oldest), ids(whole));
    }

    void auditIdsOrderAsNumbers()
    {
        TestDatabase db(u"views"_s);
        seed(db);
        // 10:00:02 holds ids 10..14: newest first by id they are 14, 13, 12, 11, 10, then 9 from 10:00:01.
        const QStringList listed = ids(page(db, View::Audit)).mid(11, 6);
        QCOMPARE(listed, (QStringList{u"14"_s, u"13"_s, u"12"_s, u"11"_s, u"10"_s, u"9"_s}));
    }

    void countsNewerRows()
    {
        TestDatabase db(u"views"_s);
        seed(db);
        ViewFilter dead;
        dead.states = {u"dead"_s};
        for (const ViewFilter &filter : {ViewFilter(), dead}) {
            const QList<ViewRow> rows = page(db, View::DeadLetters, filter);
            const KeysetPosition newestKnown = rows.first().position;
            auto none = hookyard::core::countNewer(db.connection(), View::DeadLetters, filter, newestKnown);
            QVERIFY(none.ok());
            QCOMPARE(none.value(), 0);
            // From the third row, two are newer.
            auto two = hookyard::core::countNewer(db.connection(), View::DeadLetters, filter, rows.at(2).position);
            QVERIFY(two.ok());
            QCOMPARE(two.value(), 2);
        }

        // Newest known: delivery 40 (10:06). Three dead letters arrive after it: two at 11:00, one at 10:06 itself
        // with a higher id.
        const KeysetPosition newestKnown = page(db, View::DeadLetters, dead).first().position;
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) SELECT gen_random_uuid(), 'order.paid', '{}'"
                     " FROM generate_series(1, 2)"_s);
        const QString fresh = u"SELECT id FROM deliveries WHERE created_at > '2024-06-01'"_s;
        db.execOrDie(u"UPDATE deliveries SET state = 'dead', created_at = '2024-05-01 11:00:00+00'"
                     " WHERE id IN (%1 ORDER BY id LIMIT 2)"_s.arg(fresh));
        db.execOrDie(u"UPDATE deliveries SET state = 'dead', created_at = ?::timestamptz"
                     " WHERE id = (%1 ORDER BY id DESC LIMIT 1)"_s.arg(fresh),
                     {newestKnown.time});
        auto three = hookyard::core::countNewer(db.connection(), View::DeadLetters, dead, newestKnown);
        QVERIFY2(three.ok(), qPrintable(three.ok() ? QString() : three.error()));
        QCOMPARE(three.value(), 3);
        auto capped = hookyard::core::countNewer(db.connection(), View::DeadLetters, dead, newestKnown, 2);
        QVERIFY(capped.ok());
        QCOMPARE(capped.value(), 2);
        // A resolved dead letter leaves the view and its counts.
        db.execOrDie(u"UPDATE deliveries SET resolved_at = now(), resolution_note = 'fixed by hand'"
                     " WHERE created_at = '2024-05-01 11:00:00+00'"_s);
        auto afterResolve = hookyard::core::countNewer(db.connection(), View::DeadLetters, dead, newestKnown);
        QVERIFY(afterResolve.ok());
        QCOMPARE(afterResolve.value(), 1);
    }

    void badFilterInput_data()
    {
        QTest::addColumn<View>("view");
        QTest::addColumn<ViewFilter>("filter");
        QTest::addColumn<QString>("error"); // a part of the message
        ViewFilter filter;
        filter.search = u"{\"customer\": "_s;
        QTest::addRow("malformed JSON") << View::Outbox << filter << u"not a JSON object"_s;
        filter.search = u"{\"a\": 1} trailing"_s;
        QTest::addRow("JSON with garbage") << View::Inbox << filter << u"not a JSON object"_s;
        filter = {};
        filter.states = {u"dead"_s, u"exploded"_s};
        QTest::addRow("unknown state")
            << View::DeadLetters << filter
            << u"unknown state \"exploded\" for the Dead letters view: use dead, quarantined"_s;
        filter.states = {u"DEAD"_s};
        QTest::addRow("state names are exact") << View::Outbox << filter << u"unknown state \"DEAD\""_s;
        filter.states = {u"pending"_s};
        QTest::addRow("no state filter") << View::Audit << filter << u"has no state filter"_s;
        filter = {};
        filter.party = u"ana"_s;
        QTest::addRow("no party filter") << View::Audit << filter << u"no endpoint or partner filter"_s;
        filter = {};
        filter.eventType = u"x"_s;
        QTest::addRow("no event type filter") << View::Rejected << filter << u"no event type filter"_s;
        filter.eventType = u"order*"_s;
        QTest::addRow("a star that matches nothing") << View::DeadLetters << filter << u"cannot match"_s;
        filter = {};
        filter.from = QDateTime(QDate(2024, 5, 2), QTime(0, 0), Qt::UTC);
        filter.until = QDateTime(QDate(2024, 5, 1), QTime(0, 0), Qt::UTC);
        QTest::addRow("empty time range") << View::Rejected << filter << u"the time range is empty"_s;
    }

    // Bad input is refused with a message that names the problem, before any SQL runs.
    void badFilterInput()
    {
        QFETCH(View, view);
        QFETCH(ViewFilter, filter);
        QFETCH(QString, error);
        TestDatabase db(u"views"_s);
        const auto valid = hookyard::core::validateFilter(view, filter);
        QVERIFY(!valid.ok());
        QVERIFY2(valid.error().contains(error), qPrintable(valid.error()));
        auto rows = hookyard::core::fetchPage(db.connection(), view, filter, std::nullopt, 10);
        QVERIFY(!rows.ok());
        QCOMPARE(rows.error(), valid.error());
        auto count = hookyard::core::countMatching(db.connection(), view, filter);
        QVERIFY(!count.ok());
        QCOMPARE(count.error(), valid.error());
    }

    // Text that looks like nothing in particular is a plain value: no rows, no SQL error.
    void oddSearchTextIsPlainText_data()
    {
        QTest::addColumn<QString>("search");
        QTest::addRow("quote") << u"it's"_s;
        QTest::addRow("question mark") << u"what?"_s;
        QTest::addRow("JSON array") << u"[1, 2]"_s;
        QTest::addRow("huge number") << u"99999999999999999999999"_s;
        QTest::addRow("negative number") << u"-5"_s;
        QTest::addRow("backslashes") << u"\\x00\\"_s;
        QTest::addRow("almost a UUID") << u"00000000-0000-0000-0000-00000000000g"_s;
    }

    void oddSearchTextIsPlainText()
    {
        QFETCH(QString, search);
        TestDatabase db(u"views"_s);
        seed(db);
        ViewFilter filter;
        filter.search = search;
        for (View view : hookyard::core::allViews()) {
            auto rows = hookyard::core::fetchPage(db.connection(), view, filter, std::nullopt, 10);
            QVERIFY2(rows.ok(), qPrintable(rows.ok() ? QString() : rows.error()));
            QCOMPARE(rows.value().size(), 0);
        }
    }

    // Found in review: an idempotency key whose lock ran out while it was shown moved from the view's "others" source
    // to its "stuck" one, and reading the shown rows again lost it ("left this view") instead of showing it stuck.
    void aShownRowThatMovedToAnotherSourceIsReadAgain()
    {
        TestDatabase db(u"views_moved"_s);
        db.execOrDie(u"INSERT INTO idempotency_keys (tenant, operation, idempotency_key, fingerprint, status,"
                     " locked_until, expires_at) VALUES ('acme', 'POST /v1/events', 'checkout-1', '\\x00',"
                     " 'processing', now() + interval '1 hour', now() + interval '1 day')"_s);
        auto page = hookyard::core::fetchPage(db.connection(), View::Idempotency, {}, std::nullopt, 10);
        QVERIFY2(page, qPrintable(page.ok() ? QString() : page.error()));
        QCOMPARE(page.value().size(), 1);
        QCOMPARE(page.value().first().state, u"processing"_s);

        db.execOrDie(u"UPDATE idempotency_keys SET locked_until = now() - interval '1 minute'"_s);
        auto again =
            hookyard::core::fetchRowsAgain(db.connection(), View::Idempotency, {}, {page.value().first().position});
        QVERIFY2(again, qPrintable(again.ok() ? QString() : again.error()));
        QCOMPARE(again.value().size(), 1);
        QCOMPARE(again.value().first().ref, page.value().first().ref);
        QCOMPARE(again.value().first().state, u"stuck"_s);
    }

    // A value searched for is found where it stands in a payload, and the fragment found finds it.
    void aValueIsFoundWhereItStandsInThePayloads()
    {
        using hookyard::core::fragmentFinding;
        const QJsonObject order = QJsonDocument::fromJson(R"({"type": "order.paid", "A-9": 1,
            "data": {"id": "A-1036", "total": 1299, "lines": [{"sku": "S-1"}, {"sku": "S-2"}]}})")
                                      .object();
        QCOMPARE(fragmentFinding(order, u"A-1036"_s), uR"({"data":{"id":"A-1036"}})"_s);
        QCOMPARE(fragmentFinding(order, 1299), uR"({"data":{"total":1299}})"_s);
        QCOMPARE(fragmentFinding(order, u"S-2"_s), uR"({"data":{"lines":[{"sku":"S-2"}]}})"_s);
        QCOMPARE(fragmentFinding(order, u"order.paid"_s), uR"({"type":"order.paid"})"_s);
        QCOMPARE(fragmentFinding(order, u"A-9"_s), QString());   // a key, not a value
        QCOMPARE(fragmentFinding(order, u"A-103"_s), QString()); // values are compared whole

        TestDatabase db(u"views_payload_search"_s);
        seed(db);
        auto inbox = hookyard::core::payloadFragmentFor(db.connection(), View::Inbox, u"A-7"_s);
        QVERIFY(inbox.ok());
        QCOMPARE(inbox.value(), uR"({"order":{"id":"A-7"}})"_s);
        ViewFilter found;
        found.search = inbox.value();
        QCOMPARE(ids(page(db, View::Inbox, found)), QStringList{inboxId(7)});
        auto outbox = hookyard::core::payloadFragmentFor(db.connection(), View::Outbox, u"sku-12"_s);
        QVERIFY(outbox.ok());
        QCOMPARE(outbox.value(), uR"({"lines":[{"sku":"sku-12"}]})"_s);
        // Digits are looked for as a number and as a string (found in review: "12345" stored as a string was missed).
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES (gen_random_uuid(), 'order.paid', "
                     "'{\"order_id\": \"12345\"}')"_s);
        QCOMPARE(hookyard::core::payloadFragmentFor(db.connection(), View::Outbox, u"12345"_s).value(),
                 uR"({"order_id":"12345"})"_s);
        QCOMPARE(hookyard::core::payloadFragmentFor(db.connection(), View::Outbox, u"12"_s).value(), uR"({"n":12})"_s);
        // A LIKE wildcard in the value is taken literally; a view without payloads looks nowhere.
        QCOMPARE(hookyard::core::payloadFragmentFor(db.connection(), View::Outbox, u"sku-1_"_s).value(), QString());
        QCOMPARE(hookyard::core::payloadFragmentFor(db.connection(), View::Audit, u"ana"_s).value(), QString());
    }

    void refusesAnEmptyPage()
    {
        TestDatabase db(u"views"_s);
        auto rows = hookyard::core::fetchPage(db.connection(), View::Outbox, {}, std::nullopt, 0);
        QVERIFY(!rows.ok());
    }
};

QTEST_GUILESS_MAIN(TestViewQueries)
#include "tst_viewqueries.moc"
