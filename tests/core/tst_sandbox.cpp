// The sandbox's simulation against a real PostgreSQL and real loopback HTTP: with its knobs turned up and short
// schedules it shows, within seconds, a retried delivery, a deferred row that is processed once its predecessor
// arrives, duplicates kept once, a quarantined row, a dead letter that is delivered after its replay and a
// reconciliation mismatch; starting it twice on one database adds nothing; the CLI keeps it off other databases.

#include "RunHookyard.h"
#include "TestDatabase.h"
#include "relay/DeliveryStore.h"
#include "sandbox/Sandbox.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::FaultKnobs;
using hookyard::core::Sandbox;
using hookyard::core::SandboxOptions;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

namespace {

constexpr int kWithinMs = 30000;

// Every fault often, traffic fast, and every wait about a second.
SandboxOptions fastOptions()
{
    SandboxOptions options;
    options.knobs.errorRatePercent = 40;
    options.knobs.dropAfterBodyPercent = 30;
    options.knobs.slownessMs = 0;
    options.knobs.outOfOrderPercent = 100;
    options.knobs.duplicatePercent = 100;
    options.knobs.poisonPercent = 100;
    options.knobs.eventsPerSecond = 20;
    options.setup.deliveryRetryScheduleS = {1, 1};
    options.setup.legacyRetryScheduleS = {1};
    options.setup.inboundRetryScheduleS = {1};
    options.partner.legacyFailuresPerDelivery = 2; // one more than sandbox-acme-v1's attempts
    options.partner.heldBackPaidMs = 1500;
    options.reconcileIntervalMs = 2000;
    options.reconcileLagMs = 500;
    options.summaryIntervalMs = 200;
    return options;
}

} // namespace

class SandboxTest final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsEveryFailureModeWithinSeconds()
    {
        TestDatabase db(u"sandbox_faults"_s);
        Sandbox sandbox(db.settings(), fastOptions());
        const auto started = sandbox.start();
        QVERIFY2(started, qPrintable(started ? QString() : started.error()));

        const auto count = [&db](const QString &sql) { return db.scalar(sql).toLongLong(); };
        // A delivery to sandbox-acme attempted again after a 500 or a dropped connection.
        QTRY_VERIFY_WITH_TIMEOUT(count(u"SELECT count(*) FROM delivery_attempts a JOIN deliveries d ON d.id = "
                                       "a.delivery_id JOIN endpoints e ON e.id = d.endpoint_id WHERE e.name = "
                                       "'sandbox-acme' AND a.attempt_no > 1"_s) > 0,
                                 kWithinMs);
        // An order.shipped that waited for its order.paid and was processed when that arrived.
        QTRY_VERIFY_WITH_TIMEOUT(count(u"SELECT count(*) FROM webhook_inbox WHERE defer_count > 0 "
                                       "AND status = 'PROCESSED'"_s) > 0,
                                 kWithinMs);
        // Poison: quarantined with the reason.
        QTRY_VERIFY_WITH_TIMEOUT(count(u"SELECT count(*) FROM webhook_inbox WHERE status = 'QUARANTINED' "
                                       "AND reason <> ''"_s) > 0,
                                 kWithinMs);
        // Acme lost its record of a delivery it dropped and that was then delivered again.
        QTRY_VERIFY_WITH_TIMEOUT(count(u"SELECT count(*) FROM reconcile_mismatches WHERE kind = "
                                       "'missing_on_their_side'"_s) > 0,
                                 kWithinMs);
        QCOMPARE(count(u"SELECT count(*) FROM reconcile_runs WHERE outcome = 'source_unavailable'"_s), 0);
        // ... and only those: every delivery missing on their side had an attempt whose connection Acme dropped.
        const QString unexplained =
            db.scalar(u"SELECT coalesce(string_agg(format('delivery %s: %s', m.delivery_id, (SELECT string_agg("
                      "format('%s %s %s ms %s', a.attempt_no, a.error_class, a.duration_ms, a.error_detail), '; ' "
                      "ORDER BY a.id) FROM delivery_attempts a WHERE a.delivery_id = m.delivery_id)), ' | '), '') "
                      "FROM reconcile_mismatches m WHERE kind = 'missing_on_their_side' AND NOT EXISTS (SELECT 1 FROM "
                      "delivery_attempts a WHERE a.delivery_id = m.delivery_id AND a.error_class = 'unknown')"_s)
                .toString();
        QVERIFY2(unexplained.isEmpty(), qPrintable(unexplained));

        // sandbox-acme-v1 fails every delivery until it is replayed; the replay is delivered with the same id.
        QTRY_VERIFY_WITH_TIMEOUT(count(u"SELECT count(*) FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id "
                                       "WHERE e.name = 'sandbox-acme-v1' AND d.state = 'dead'"_s) > 0,
                                 kWithinMs);
        const qint64 dead = count(u"SELECT min(d.id) FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id "
                                  "WHERE e.name = 'sandbox-acme-v1' AND d.state = 'dead'"_s);
        const auto replayed =
            hookyard::core::replayDeliveries(db.connection(), {.deliveryIds = {dead}}, u"v1 is back"_s);
        QVERIFY2(replayed, qPrintable(replayed ? QString() : replayed.error()));
        QTRY_COMPARE_WITH_TIMEOUT(db.scalar(u"SELECT state FROM deliveries WHERE id = ?"_s, {dead}).toString(),
                                  u"delivered"_s, kWithinMs);

        // Every webhook Acme sent is one inbox row, its duplicates none: once the traffic is paused and what was sent
        // has been answered, the rows are exactly the webhooks sent less the duplicates. The summary is taken every
        // summaryIntervalMs on another thread, so the second one after the pause is the first known to count every
        // webhook sent.
        int summariesSincePause = 0;
        const auto counting =
            connect(&sandbox, &Sandbox::summaryChanged, this, [&summariesSincePause] { ++summariesSincePause; });
        sandbox.setPaused(true);
        QTRY_VERIFY_WITH_TIMEOUT(summariesSincePause >= 2, kWithinMs);
        disconnect(counting);
        const auto partner = sandbox.summary().partner;
        QVERIFY(partner.duplicatesSent > 0);
        const auto rows = [&] {
            return count(u"SELECT count(*) FROM webhook_inbox WHERE partner_name = 'sandbox-acme'"_s);
        };
        QTRY_COMPARE_WITH_TIMEOUT(rows(), partner.webhooksSent - partner.duplicatesSent, kWithinMs);
        QCOMPARE(sandbox.summary().partner.webhooksSent, partner.webhooksSent);
        QCOMPARE(sandbox.summary().partner.sendFailures, 0);
        QVERIFY(sandbox.summary().problem.isEmpty());
        QVERIFY(sandbox.summary().retries > 0);
    }

    void startingTwiceOnOneDatabaseAddsNothing()
    {
        TestDatabase db(u"sandbox_twice"_s);
        const QString counts =
            u"SELECT (SELECT count(*) FROM endpoints) || '/' || (SELECT count(*) FROM partners) "
            "|| '/' || (SELECT count(*) FROM state_transitions) || '/' || "
            "(SELECT count(*) FROM reconcile_sources) || '/' || "
            "(SELECT count(*) FROM endpoint_secrets) || '/' || (SELECT count(*) FROM partner_secrets)"_s;
        SandboxOptions options = fastOptions();
        options.knobs.eventsPerSecond = FaultKnobs::kMinEventsPerSecond;
        quint16 firstPort = 0;
        {
            Sandbox first(db.settings(), options);
            const auto started = first.start();
            QVERIFY2(started, qPrintable(started ? QString() : started.error()));
            firstPort = first.partnerPort();
        }
        QCOMPARE(db.scalar(counts).toString(), u"2/1/3/1/2/1"_s);
        const qint64 auditRows = db.scalar(u"SELECT count(*) FROM audit_log"_s).toLongLong();

        Sandbox second(db.settings(), options);
        const auto started = second.start();
        QVERIFY2(started, qPrintable(started ? QString() : started.error()));
        QCOMPARE(second.partnerPort(), firstPort); // where the endpoints point
        QCOMPARE(db.scalar(counts).toString(), u"2/1/3/1/2/1"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log"_s).toLongLong(), auditRows);
    }

    void knobsAreKeptInTheirRanges()
    {
        FaultKnobs knobs;
        knobs.errorRatePercent = 150;
        knobs.poisonPercent = -5;
        knobs.slownessMs = -1;
        knobs.eventsPerSecond = 0;
        const FaultKnobs clamped = knobs.clamped();
        QCOMPARE(clamped.errorRatePercent, 100);
        QCOMPARE(clamped.poisonPercent, 0);
        QCOMPARE(clamped.slownessMs, 0);
        QCOMPARE(clamped.eventsPerSecond, FaultKnobs::kMinEventsPerSecond);
    }

    void commandRunsOnlyOnItsOwnClusterUnlessTold()
    {
        TestDatabase db(u"sandbox_cli"_s);
        const auto refused = runHookyard({u"--database"_s, db.url(), u"sandbox"_s});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("--on-configured-database"), refused.err.constData());
        QCOMPARE(db.scalar(u"SELECT count(*) FROM endpoints"_s).toLongLong(), 0);

        const auto badKnob = runHookyard({u"sandbox"_s, u"--error-rate"_s, u"101"_s});
        QCOMPARE(badKnob.exitCode, 2);
        QVERIFY2(badKnob.err.contains("--error-rate"), badKnob.err.constData());

        const auto help = runHookyard({u"sandbox"_s, u"--help"_s});
        QCOMPARE(help.exitCode, 0);
        for (const char *part : {"SYNOPSIS", "--error-rate", "(default 20)", "EXIT STATUS", "EXAMPLES"})
            QVERIFY2(help.out.contains(part), part);
    }
};

QTEST_GUILESS_MAIN(SandboxTest)
#include "tst_sandbox.moc"
