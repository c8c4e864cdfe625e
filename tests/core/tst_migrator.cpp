// Schema and migrations: idempotent, safe when concurrent, faithful to the producers' contract (PRODUCT.md §2).

#include "TestDatabase.h"
#include "db/Migrator.h"

#include <QProcess>
#include <QSqlRecord>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::Migrator;
using hookyard::test::TestDatabase;

namespace {

// Every table, column, type, default, index and constraint of the public schema, one line each, sorted.
QStringList schemaSnapshot(TestDatabase &db)
{
    QStringList lines;
    QSqlQuery columns = db.execOrDie(
        u"SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, '-') "
        "|| ' ' || is_nullable FROM information_schema.columns WHERE table_schema = 'public'"_s);
    while (columns.next())
        lines << columns.value(0).toString();
    QSqlQuery indexes = db.execOrDie(u"SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'"_s);
    while (indexes.next())
        lines << indexes.value(0).toString();
    QSqlQuery constraints = db.execOrDie(u"SELECT conrelid::regclass || ' ' || pg_get_constraintdef(oid) "
                                         "FROM pg_constraint WHERE connamespace = 'public'::regnamespace"_s);
    while (constraints.next())
        lines << constraints.value(0).toString();
    QSqlQuery triggers = db.execOrDie(u"SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"_s);
    while (triggers.next())
        lines << triggers.value(0).toString();
    lines.sort();
    return lines;
}

struct ExpectedColumn
{
    QString name;
    QString type;
    int maxLength; // character_maximum_length, 0 when not a varchar
    bool nullable;
    QString defaultValue; // column_default, empty for none
};

} // namespace

Q_DECLARE_METATYPE(ExpectedColumn)

class TestMigrator final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void migratesAnEmptyDatabaseToTheLatestVersion()
    {
        TestDatabase db(u"migrate_empty"_s, TestDatabase::Content::Empty);
        auto applied = Migrator::migrate(db.connection());
        QVERIFY2(applied, qPrintable(applied.ok() ? QString() : applied.error()));
        QCOMPARE(applied.value().size(), Migrator::bundled().size());
        QCOMPARE(db.scalar(u"SELECT max(version) FROM hookyard_schema_version"_s).toInt(), Migrator::latestVersion());
    }

    void applyingTwiceChangesNothing()
    {
        TestDatabase db(u"migrate_twice"_s, TestDatabase::Content::Empty);
        QVERIFY(Migrator::migrate(db.connection()));
        const QStringList before = schemaSnapshot(db);
        QVERIFY(before.size() > 20);

        auto second = Migrator::migrate(db.connection());
        QVERIFY(second);
        QVERIFY(second.value().isEmpty());
        QCOMPARE(schemaSnapshot(db), before);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM hookyard_schema_version"_s).toInt(), Migrator::bundled().size());
    }

    void concurrentMigratorsBothSucceedAndLeaveOneSchema()
    {
        TestDatabase db(u"migrate_concurrent"_s, TestDatabase::Content::Empty);
        const QString hookyard = qEnvironmentVariable("HOOKYARD_BINARY");
        QVERIFY(!hookyard.isEmpty());

        // Two real processes, started together, each running the whole migration.
        QList<QProcess *> migrators;
        for (int i = 0; i < 4; ++i) {
            auto *process = new QProcess(this);
            process->setProcessChannelMode(QProcess::MergedChannels);
            process->start(hookyard, {u"--database"_s, db.url(), u"migrate"_s});
            migrators << process;
        }
        for (QProcess *process : migrators) {
            QVERIFY(process->waitForFinished(60000));
            QVERIFY2(process->exitCode() == 0, process->readAll().constData());
        }
        QCOMPARE(db.scalar(u"SELECT count(*) FROM hookyard_schema_version"_s).toInt(), Migrator::bundled().size());

        TestDatabase reference(u"migrate_reference"_s, TestDatabase::Content::Empty);
        QVERIFY(Migrator::migrate(reference.connection()));
        QCOMPARE(schemaSnapshot(db), schemaSnapshot(reference));
    }

    void producerTablesMatchTheContract_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QList<ExpectedColumn>>("columns");
        QTest::addColumn<QStringList>("hookyardColumns"); // after the contract's: PRODUCT.md allows columns of our own
        QTest::addRow("outbox_events") << u"outbox_events"_s
                                       << QList<ExpectedColumn>{
                                              {u"id"_s, u"uuid"_s, 0, false, {}},
                                              {u"aggregate_type"_s, u"character varying"_s, 50, true, {}},
                                              {u"aggregate_id"_s, u"uuid"_s, 0, true, {}},
                                              {u"event_type"_s, u"character varying"_s, 100, true, {}},
                                              {u"payload"_s, u"jsonb"_s, 0, false, {}},
                                              {u"created_at"_s, u"timestamp without time zone"_s, 0, true, u"now()"_s},
                                              {u"processed_at"_s, u"timestamp without time zone"_s, 0, true, {}},
                                          }
                                       << QStringList();
        QTest::addRow("webhook_inbox") << u"webhook_inbox"_s
                                       << QList<ExpectedColumn>{
                                              {u"id"_s, u"uuid"_s, 0, false, {}},
                                              {u"partner_name"_s, u"character varying"_s, 50, true, {}},
                                              {u"partner_event_id"_s, u"character varying"_s, 100, true, {}},
                                              {u"payload"_s, u"jsonb"_s, 0, false, {}},
                                              {u"signature_verified"_s, u"boolean"_s, 0, true, {}},
                                              {u"status"_s, u"character varying"_s, 20, true, {}},
                                              {u"received_at"_s, u"timestamp without time zone"_s, 0, true, u"now()"_s},
                                              {u"processed_at"_s, u"timestamp without time zone"_s, 0, true, {}},
                                          }
                                       << QStringList{u"partner_id"_s,      u"event_type"_s,      u"entity_type"_s,
                                                      u"entity_id"_s,       u"event_time"_s,      u"headers"_s,
                                                      u"raw_body"_s,        u"attempt_count"_s,   u"next_attempt_at"_s,
                                                      u"leased_by"_s,       u"lease_expires_at"_s, u"deferred_since"_s,
                                                      u"defer_count"_s,     u"waiting_for"_s,     u"reason"_s,
                                                      u"updated_at"_s,      u"resolved_at"_s,     u"resolution_note"_s};
    }

    void producerTablesMatchTheContract()
    {
        QFETCH(QString, table);
        QFETCH(QList<ExpectedColumn>, columns);
        QFETCH(QStringList, hookyardColumns);
        TestDatabase db(u"contract"_s);
        QSqlQuery query =
            db.execOrDie(u"SELECT column_name, data_type, coalesce(character_maximum_length, 0), is_nullable = 'YES', "
                         "coalesce(column_default, '') FROM information_schema.columns "
                         "WHERE table_schema = 'public' AND table_name = ? ORDER BY ordinal_position"_s,
                         {table});
        int i = 0;
        QStringList ours;
        while (query.next()) {
            // Columns of Hookyard's own follow the contract's, each nullable or with a default, so that a producer's
            // insert of the contract's columns alone still works.
            if (i >= columns.size()) {
                ours << query.value(0).toString();
                QVERIFY2(query.value(3).toBool() || !query.value(4).toString().isEmpty(),
                         qPrintable(u"column %1 needs a value a producer does not give"_s.arg(ours.last())));
                continue;
            }
            const ExpectedColumn &expected = columns.at(i++);
            QCOMPARE(query.value(0).toString(), expected.name);
            QCOMPARE(query.value(1).toString(), expected.type);
            QCOMPARE(query.value(2).toInt(), expected.maxLength);
            QCOMPARE(query.value(3).toBool(), expected.nullable);
            QCOMPARE(query.value(4).toString(), expected.defaultValue);
        }
        QCOMPARE(i, columns.size());
        QCOMPARE(ours, hookyardColumns);
        QCOMPARE(
            db.scalar(u"SELECT count(*) FROM pg_constraint WHERE conrelid = ?::regclass AND contype = 'p'"_s, {table})
                .toInt(),
            1);
    }

    void inboxHasTheUniquePartnerEventConstraint()
    {
        TestDatabase db(u"unique"_s);
        QCOMPARE(db.scalar(u"SELECT pg_get_constraintdef(oid) FROM pg_constraint "
                           "WHERE conrelid = 'webhook_inbox'::regclass AND contype = 'u'"_s)
                     .toString(),
                 u"UNIQUE (partner_name, partner_event_id)"_s);
        const QString insert = u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) "
                               "VALUES (gen_random_uuid(), 'Stripe', 'evt_1', '{}', 'PENDING') "
                               "ON CONFLICT DO NOTHING"_s;
        db.execOrDie(insert);
        db.execOrDie(insert);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM webhook_inbox"_s).toInt(), 1);
    }

    void aProducersPlainInsertWorks()
    {
        TestDatabase db(u"producer"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url, event_types) VALUES ('partner-x', 'http://127.0.0.1:1/', "
                     "'{order.*}')"_s);
        // Exactly what a producer that knows only PRODUCT.md §2 writes, inside its own transaction.
        QVERIFY(db.connection().database().transaction());
        db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) VALUES "
                     "('6f1c2b52-4d1f-4a8e-9d9b-2b0a5d1e7c11', 'Order', '0b6f3e1a-2f44-4e55-8a7c-91d3c2b4a5e6', "
                     "'order.activated', '{\"id\": \"A-1048\", \"status\": \"Active\"}')"_s);
        QVERIFY(db.connection().database().commit());
        QCOMPARE(
            db.scalar(u"SELECT count(*) FROM outbox_events WHERE processed_at IS NULL AND created_at IS NOT NULL"_s)
                .toInt(),
            1);
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, "
                     "status) VALUES (gen_random_uuid(), 'GitHub', 'delivery-1', '{}', true, 'PENDING')"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM webhook_inbox WHERE received_at IS NOT NULL"_s).toInt(), 1);
    }

    // A producer's inbox row takes a status the worker knows (migration 29): another one is refused with the
    // constraint's name (found by an exploring helper: 'pending' and NULL rows were never processed nor counted).
    void inboxRowsTakeAStatusTheWorkerKnows()
    {
        TestDatabase db(u"inbox_status"_s);
        for (const QString &status : {u"'pending'"_s, u"NULL"_s}) {
            auto refused =
                db.connection().exec(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, "
                                     "payload, status) VALUES (gen_random_uuid(), 'GitHub', 'odd', '{}', "_s +
                                     status + u")"_s);
            QVERIFY(!refused);
            QVERIFY2(refused.error().contains(u"webhook_inbox_status_known"_s), qPrintable(refused.error()));
        }
    }

    // Standard partners from before version 30 keep the event time they had (the webhook-timestamp header, or
    // svix-timestamp with svix_headers), written into their configuration; one that names its own keeps it.
    void standardPartnersKeepTheirEventTime()
    {
        TestDatabase db(u"event_time_kept"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme, config) VALUES "
                     "('plain', 'standard', '{\"mode\": \"timestamp\"}'), "
                     "('svix', 'standard', '{\"svix_headers\": true}'), "
                     "('own', 'standard', '{\"event_time\": \"/created_at\"}'), "
                     "('stripe', 'stripe', '{}')"_s);
        const auto migrations = hookyard::core::Migrator::bundled();
        const auto kept = std::find_if(migrations.cbegin(), migrations.cend(),
                                       [](const auto &migration) { return migration.version == 30; });
        QVERIFY(kept != migrations.cend());
        QVERIFY(db.connection().execScript(kept->sql));
        QCOMPARE(db.scalar(u"SELECT string_agg(name || '=' || coalesce(config->>'event_time', '-'), ' ' ORDER BY name) "
                           "FROM partners"_s)
                     .toString(),
                 u"own=/created_at plain=header:webhook-timestamp stripe=- svix=header:svix-timestamp"_s);
    }

    // Version 35 moves inbox_messages into webhook_inbox: each row's side comes along, and a row a producer wrote
    // without one stays to be adopted (raw_body NULL). A row from before version 29 with a status the worker does not
    // know (never checked: the constraint is NOT VALID) does not stop it (found by an adversarial helper).
    void theInboxSideRowsMoveIntoTheInbox()
    {
        TestDatabase db(u"inbox_one_table"_s, TestDatabase::Content::Empty);
        // The versions are not recorded here, but the roles migration grants on the table that records them.
        db.execOrDie(u"CREATE TABLE hookyard_schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL)"_s);
        const auto migrations = hookyard::core::Migrator::bundled();
        for (const auto &migration : migrations) {
            if (migration.version == 29) {
                db.execOrDie(u"WITH w AS (INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, "
                             "status) VALUES ('00000000-0000-7000-8000-000000000003', 'acme', 'e-3', '{}', 'done') "
                             "RETURNING id) INSERT INTO inbox_messages (inbox_id, raw_body) SELECT id, '' FROM w"_s);
            }
            if (migration.version < 35) {
                const auto applied = db.connection().execScript(migration.sql);
                QVERIFY2(applied, qPrintable(migration.name + u": "_s + (applied ? QString() : applied.error())));
            }
        }
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) VALUES "
                     "('00000000-0000-7000-8000-000000000001', 'acme', 'e-1', '{}', 'QUARANTINED'), "
                     "('00000000-0000-7000-8000-000000000002', 'acme', 'e-2', '{}', 'PENDING')"_s);
        // Every column a value of its own, each time a different instant, so that two columns swapped show.
        db.execOrDie(u"INSERT INTO inbox_messages (inbox_id, partner_id, event_type, entity_type, entity_id, "
                     "event_time, headers, raw_body, attempt_count, next_attempt_at, leased_by, lease_expires_at, "
                     "deferred_since, defer_count, waiting_for, reason, updated_at, resolved_at, resolution_note) "
                     "VALUES ('00000000-0000-7000-8000-000000000001', 7, 'order.paid', 'Order', 'A-1', "
                     "'2026-01-01T00:00:01Z', '{\"x\": \"y\"}', '\\x7b7d', 3, '2026-01-01T00:00:02Z', 'worker-a', "
                     "'2026-01-01T00:00:03Z', '2026-01-01T00:00:04Z', 2, 'order A-1 to reach created', "
                     "'handler said 500', '2026-01-01T00:00:05Z', '2026-01-01T00:00:06Z', 'by hand')"_s);
        const QString sideRow = db.scalar(u"SELECT (to_jsonb(m) - 'inbox_id')::text FROM inbox_messages m "
                                          "WHERE inbox_id = '00000000-0000-7000-8000-000000000001'"_s)
                                    .toString();
        const auto latest = std::find_if(migrations.cbegin(), migrations.cend(),
                                         [](const auto &migration) { return migration.version == 35; });
        QVERIFY(latest != migrations.cend());
        QVERIFY(db.connection().execScript(latest->sql));

        // As jsonb text, whose keys are in one order.
        QCOMPARE(db.scalar(u"SELECT (to_jsonb(w) - ARRAY['id', 'partner_name', 'partner_event_id', 'payload', "
                           "'signature_verified', 'status', 'received_at', 'processed_at'])::text "
                           "FROM webhook_inbox w WHERE partner_event_id = 'e-1'"_s)
                     .toString(),
                 sideRow);
        QCOMPARE(db.scalar(u"SELECT string_agg(status, ' ' ORDER BY partner_event_id) FROM webhook_inbox"_s).toString(),
                 u"QUARANTINED PENDING done"_s);
        QVERIFY(!db.scalar(u"SELECT convalidated FROM pg_constraint WHERE conname = 'webhook_inbox_status_known'"_s)
                     .toBool());
        QVERIFY(db.scalar(u"SELECT raw_body FROM webhook_inbox WHERE partner_event_id = 'e-2'"_s).isNull());
        QVERIFY(db.scalar(u"SELECT to_regclass('inbox_messages')"_s).isNull());
    }

    // A script that fails at its second statement says why, not that the transaction was aborted (the migrations run
    // as scripts; found by an adversarial helper).
    void aScriptThatFailsHalfWaySaysWhy()
    {
        TestDatabase db(u"script_failure"_s);
        const auto failed = db.connection().execScript(u"SELECT 1; SELECT 1 / 0; SELECT 2"_s);
        QVERIFY(!failed);
        QVERIFY2(failed.error().contains(u"division by zero"_s), qPrintable(failed.error()));
        QVERIFY(db.connection().execScript(u"SELECT 1; SELECT 2"_s));
    }

    // The relay's updates that change no indexed column are HOT (migration 19): a claim's lease update, which takes
    // every row of a page in one statement, and marking an event processed. pg_stat_xact_user_tables counts the
    // updates this session has not reported yet: only the ones below.
    void theRelaysUpdatesAreHot()
    {
        TestDatabase db(u"relay_hot"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('sink', 'http://127.0.0.1:1/')"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) SELECT gen_random_uuid(), 'order.paid', "
                     "jsonb_build_object('n', n, 'text', repeat('x', 300)) FROM generate_series(1, 200) AS n"_s);
        // (updates, HOT updates) of `table` by `update`, in a transaction of its own.
        auto hotUpdates = [&db](const QString &table, const QString &update) {
            db.execOrDie(u"BEGIN"_s);
            db.execOrDie(update);
            QSqlQuery counts = db.execOrDie(
                u"SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = ?"_s, {table});
            std::pair<int, int> result{-1, -1};
            if (counts.next())
                result = {counts.value(0).toInt(), counts.value(1).toInt()};
            db.execOrDie(u"COMMIT"_s);
            return result;
        };
        // A lease as long as a real relay instance's name, on every delivery (several full pages) at once.
        const auto leases =
            hotUpdates(u"deliveries"_s, u"UPDATE deliveries SET leased_by = 'relay-host-01.example.internal/123456/0', "
                                        "lease_expires_at = now() + interval '45 seconds'"_s);
        QCOMPARE(leases, std::make_pair(200, 200));
        // The first row of the first page, which the inserts filled as far as the table lets them.
        const auto processed =
            hotUpdates(u"outbox_events"_s, u"UPDATE outbox_events SET processed_at = now() WHERE ctid = '(0,1)'"_s);
        QCOMPARE(processed, std::make_pair(1, 1));
    }

    void fansOutByEventTypePattern()
    {
        TestDatabase db(u"fanout"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url, event_types) VALUES "
                     "('orders', 'http://127.0.0.1:1/', '{order.*}'), "
                     "('everything', 'http://127.0.0.1:1/', '{*}'), "
                     "('paid-only', 'http://127.0.0.1:1/', '{order.paid}'), "
                     "('underscore', 'http://127.0.0.1:1/', '{ord_r.*}')"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES "
                     "('00000000-0000-0000-0000-000000000001', 'order.paid', '{}'), "
                     "('00000000-0000-0000-0000-000000000002', 'order.shipped', '{}'), "
                     "('00000000-0000-0000-0000-000000000003', 'invoice.created', '{}')"_s);
        auto endpointsOf = [&](int event) {
            return db
                .scalar(u"SELECT string_agg(ep.name, ',' ORDER BY ep.name) FROM deliveries d "
                        "JOIN endpoints ep ON ep.id = d.endpoint_id WHERE d.event_id = "
                        "('00000000-0000-0000-0000-00000000000' || ?)::uuid"_s,
                        {event})
                .toString();
        };
        QCOMPARE(endpointsOf(1), u"everything,orders,paid-only"_s);
        QCOMPARE(endpointsOf(2), u"everything,orders"_s);
        QCOMPARE(endpointsOf(3), u"everything"_s);
    }

    void anEventNobodySubscribesToIsProcessedWithAReason()
    {
        TestDatabase db(u"nosubscriber"_s);
        db.execOrDie(u"INSERT INTO endpoints (name, url, event_types) VALUES ('orders', 'http://127.0.0.1:1/', "
                     "'{order.*}')"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) VALUES "
                     "('00000000-0000-0000-0000-000000000009', 'user.created', '{}')"_s);
        QVERIFY(!db.scalar(u"SELECT processed_at FROM outbox_events"_s).isNull());
        QCOMPARE(db.scalar(u"SELECT note FROM outbox_event_notes"_s).toString(),
                 u"no endpoint subscribes to user.created"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM deliveries"_s).toInt(), 0);
    }

    void leavesTablesAProducerAlreadyCreated()
    {
        TestDatabase db(u"existing"_s, TestDatabase::Content::Empty);
        db.execOrDie(u"CREATE TABLE outbox_events (id UUID PRIMARY KEY, aggregate_type VARCHAR(50), aggregate_id UUID, "
                     "event_type VARCHAR(100), payload JSONB NOT NULL, created_at TIMESTAMP DEFAULT NOW(), "
                     "processed_at TIMESTAMP)"_s);
        db.execOrDie(u"INSERT INTO outbox_events (id, event_type, payload) "
                     "VALUES ('11111111-1111-1111-1111-111111111111', 'order.paid', '{\"n\": 1}')"_s);
        auto applied = Migrator::migrate(db.connection());
        QVERIFY2(applied, qPrintable(applied.ok() ? QString() : applied.error()));
        QCOMPARE(db.scalar(u"SELECT payload->>'n' FROM outbox_events"_s).toString(), u"1"_s);
    }

    // webhook_inbox.partner_id and inbox_attempts have no foreign keys (migrations 21, 27, 35): triggers do what the
    // keys would do on delete, also for a role that may delete inbox rows and partners but has no right on
    // inbox_attempts.
    void deletingInboxRowsOrPartnersKeepsTheirSideConsistent()
    {
        TestDatabase db(u"inbox_deletes"_s);
        const qint64 partnerId =
            db.scalar(u"INSERT INTO partners (name, scheme) VALUES ('acme', 'standard') RETURNING id"_s).toLongLong();
        for (const QString &eventId : {u"e-1"_s, u"e-2"_s, u"e-3"_s}) {
            const QString inboxId =
                db.scalar(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status, "
                          "partner_id, raw_body) VALUES (gen_random_uuid(), 'acme', ?, '{}', 'PENDING', ?, "
                          "'\\x7b7d') RETURNING id::text"_s,
                          {eventId, partnerId})
                    .toString();
            db.execOrDie(u"INSERT INTO inbox_attempts (inbox_id, attempt_no, started_at, worker_instance) "
                         "VALUES (?::uuid, 1, now(), 'w')"_s,
                         {inboxId});
        }
        db.execOrDie(u"CREATE ROLE hookyard_test_purger NOLOGIN"_s);
        db.execOrDie(u"GRANT SELECT, DELETE, TRUNCATE ON webhook_inbox, partners, reconcile_mismatches "
                     "TO hookyard_test_purger"_s);
        db.execOrDie(u"SET ROLE hookyard_test_purger"_s);

        db.execOrDie(u"DELETE FROM webhook_inbox WHERE partner_event_id = 'e-1'"_s);
        db.execOrDie(u"DELETE FROM partners"_s);
        db.execOrDie(u"RESET ROLE"_s);
        QCOMPARE(db.scalar(u"SELECT string_agg(partner_event_id || ' ' || coalesce(partner_id::text, 'none'), "
                           "', ' ORDER BY partner_event_id) FROM webhook_inbox"_s)
                     .toString(),
                 u"e-2 none, e-3 none"_s);
        QCOMPARE(
            db.scalar(u"SELECT count(*) FROM inbox_attempts a JOIN webhook_inbox w ON w.id = a.inbox_id"_s).toInt(), 2);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM inbox_attempts"_s).toInt(), 2);

        db.execOrDie(u"SET ROLE hookyard_test_purger"_s);
        db.execOrDie(u"TRUNCATE webhook_inbox, reconcile_mismatches"_s);
        db.execOrDie(u"RESET ROLE"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM webhook_inbox"_s).toInt(), 0);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM inbox_attempts"_s).toInt(), 0);
        // Listing inbox_attempts in the same TRUNCATE works too.
        db.execOrDie(u"WITH w AS (INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) "
                     "VALUES (gen_random_uuid(), 'acme', 'e-4', '{}', 'PENDING') RETURNING id) "
                     "INSERT INTO inbox_attempts (inbox_id, attempt_no, started_at, worker_instance) "
                     "SELECT id, 1, now(), 'w' FROM w"_s);
        db.execOrDie(u"TRUNCATE webhook_inbox, inbox_attempts, reconcile_mismatches"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM webhook_inbox"_s).toInt(), 0);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM inbox_attempts"_s).toInt(), 0);

        db.execOrDie(u"DROP OWNED BY hookyard_test_purger"_s);
        db.execOrDie(u"DROP ROLE hookyard_test_purger"_s);
    }

    // state_transitions is written by hand; a transition the worker cannot use is refused (found by an adversarial
    // helper: a NULL among from_states gave a reason that ended in "needs ").
    void aTransitionTheWorkerCannotUseIsRefused_data()
    {
        QTest::addColumn<QString>("values");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("usable") << u"'order.paid', '{created}', 'paid'"_s << true;
        QTest::newRow("creating") << u"'order.created', '{}', 'created'"_s << true;
        QTest::newRow("NULL among from_states") << u"'order.paid', '{created,NULL}', 'paid'"_s << false;
        QTest::newRow("empty from state") << u"'order.paid', '{\"\"}', 'paid'"_s << false;
        QTest::newRow("blank to_state") << u"'order.paid', '{created}', ' '"_s << false;
        QTest::newRow("empty event type") << u"'', '{created}', 'paid'"_s << false;
    }

    void aTransitionTheWorkerCannotUseIsRefused()
    {
        QFETCH(QString, values);
        QFETCH(bool, accepted);
        TestDatabase db(u"migrator_transitions"_s);
        const auto inserted = db.connection().exec(
            u"INSERT INTO state_transitions (partner_name, event_type, from_states, to_state, entity_type) "
            "VALUES ('shop', %1, 'order')"_s.arg(values));
        QCOMPARE(bool(inserted), accepted);
        if (!accepted)
            QVERIFY2(inserted.error().contains(u"state_transitions_usable"_s), qPrintable(inserted.error()));
    }

    void refusesASchemaNewerThanItself()
    {
        TestDatabase db(u"newer"_s);
        db.execOrDie(u"INSERT INTO hookyard_schema_version (version, name) VALUES (9999, 'from_the_future')"_s);
        auto applied = Migrator::migrate(db.connection());
        QVERIFY(!applied);
        QVERIFY2(applied.error().contains(u"newer than this Hookyard"_s), qPrintable(applied.error()));

        // A role that may only read (a relay's, a console's) hears the same, not a permission error from an attempt
        // to create the version table.
        db.execOrDie(u"CREATE ROLE hookyard_newer_reader LOGIN PASSWORD 'reader-only'"_s);
        db.execOrDie(u"GRANT SELECT ON hookyard_schema_version TO hookyard_newer_reader"_s);
        hookyard::core::ConnectionSettings readerSettings = db.settings();
        readerSettings.user = u"hookyard_newer_reader"_s;
        readerSettings.password = u"reader-only"_s;
        {
            auto reader = hookyard::core::DatabaseConnection::open(readerSettings, u"newer-reader"_s);
            QVERIFY2(reader, qPrintable(reader ? QString() : reader.error()));
            auto refused = Migrator::migrate(*reader.value());
            QVERIFY(!refused);
            QVERIFY2(refused.error().contains(u"newer than this Hookyard"_s), qPrintable(refused.error()));
        }
        db.execOrDie(u"DROP OWNED BY hookyard_newer_reader"_s);
        db.execOrDie(u"DROP ROLE hookyard_newer_reader"_s);
    }
};

QTEST_GUILESS_MAIN(TestMigrator)
#include "tst_migrator.moc"
