// The C++ producer helper: the event commits or rolls back with the caller's business transaction.

#include "TestDatabase.h"
#include "outbox/OutboxProducer.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::enqueueOutboxEvent;
using hookyard::core::OutboxEvent;
using hookyard::test::TestDatabase;

class TestOutboxProducer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_db = std::make_unique<TestDatabase>(u"producer"_s);
        m_db->execOrDie(u"CREATE TABLE orders (id UUID PRIMARY KEY, status TEXT)"_s);
        m_db->execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('partner-x', 'http://127.0.0.1:1/')"_s);
    }
    void cleanup() { m_db.reset(); }

    void commitsWithTheBusinessChange()
    {
        const QUuid order = QUuid::createUuid();
        QSqlDatabase sql = m_db->connection().database();
        QVERIFY(sql.transaction());
        m_db->execOrDie(u"INSERT INTO orders VALUES (?::uuid, 'Active')"_s, {order.toString(QUuid::WithoutBraces)});
        auto id = enqueueOutboxEvent(
            m_db->connection(),
            {{}, u"Order"_s, order, u"order.activated"_s, R"({"id": "A-1048", "status": "Active"})"});
        QVERIFY2(id, qPrintable(id.ok() ? QString() : id.error()));
        QVERIFY(sql.commit());

        QCOMPARE(m_db->scalar(u"SELECT aggregate_id::text FROM outbox_events WHERE id = ?::uuid"_s,
                              {id.value().toString(QUuid::WithoutBraces)})
                     .toString(),
                 order.toString(QUuid::WithoutBraces));
        QCOMPARE(m_db->scalar(u"SELECT payload->>'status' FROM outbox_events"_s).toString(), u"Active"_s);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM deliveries WHERE state = 'pending'"_s).toInt(), 1);
    }

    void rollsBackWithTheBusinessChange()
    {
        QSqlDatabase sql = m_db->connection().database();
        QVERIFY(sql.transaction());
        m_db->execOrDie(u"INSERT INTO orders VALUES (gen_random_uuid(), 'Active')"_s);
        QVERIFY(enqueueOutboxEvent(m_db->connection(), {{}, u"Order"_s, {}, u"order.activated"_s, "{}"}));
        QVERIFY(sql.rollback());
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM outbox_events"_s).toInt(), 0);
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM deliveries"_s).toInt(), 0);
    }

    void refusesAPayloadThatIsNotJson()
    {
        auto id = enqueueOutboxEvent(m_db->connection(), {{}, u"Order"_s, {}, u"order.activated"_s, "{not json"});
        QVERIFY(!id);
        QVERIFY2(id.error().startsWith(u"the payload is not JSON"_s), qPrintable(id.error()));
        QCOMPARE(m_db->scalar(u"SELECT count(*) FROM outbox_events"_s).toInt(), 0);
    }

private:
    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TestOutboxProducer)
#include "tst_outboxproducer.moc"
