// Unknown outcomes in the relay, against a real PostgreSQL and a real loopback partner: a delivery whose request timed
// out after its body was sent is resolved through the endpoint's status URL (delivered, not received, or still
// unknown), never re-sent blindly; without a status URL it is retried with the same webhook-id.

#include "HttpSink.h"
#include "ManualClock.h"
#include "RunHookyard.h"
#include "TestDatabase.h"
#include "console/ConsoleActions.h"
#include "console/DetailQueries.h"
#include "console/ViewQueries.h"
#include "relay/Relay.h"
#include "signing/Signatures.h"
#include "stats/Stats.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <atomic>
#include <optional>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using hookyard::core::Relay;
using hookyard::core::RelayOptions;
using hookyard::core::RowRef;
using hookyard::core::TimelineItem;
using hookyard::core::View;
using hookyard::core::ViewFilter;
using hookyard::test::HttpSink;
using hookyard::test::ManualClock;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

namespace {

const QString kSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;

// How the partner's status URL answers.
enum class StatusReply
{
    Delivered,
    NotFound,
    Hang, // never: the relay's request times out
};

// A partner whose webhook endpoint reads the first delivery's body and never answers, so that the relay's request
// times out after the body was sent (the outcome is unknown), and accepts every later one; its status URL, if it has
// one, answers as `statusReply` says. The endpoint's timeout is 1 s and its retry schedule the default (60 s, 300 s,
// 600 s).
class Partner final
{
public:
    Partner(const QString &label, std::optional<StatusReply> statusReply)
        : db(label)
    {
        sink.setHandler([this, statusReply](const HttpSink::Request &request, int) {
            if (request.method == "GET") {
                switch (statusReply.value_or(StatusReply::Hang)) {
                case StatusReply::Delivered:
                    return HttpSink::Reply{.status = 200, .body = R"({"status": "delivered"})"};
                case StatusReply::NotFound:
                    return HttpSink::Reply{.status = 404, .body = R"({"status": "not_found"})"};
                case StatusReply::Hang:
                    break;
                }
                return HttpSink::Reply{.action = HttpSink::Reply::Hang};
            }
            return posts++ == 0 ? HttpSink::Reply{.action = HttpSink::Reply::Hang} : HttpSink::Reply{};
        });
        const QString statusUrl = u"http://127.0.0.1:%1/status/{id}"_s.arg(sink.port());
        db.execOrDie(u"INSERT INTO endpoints (name, url, timeout_ms, status_url, allow_private_network) "
                     "VALUES ('partner', ?, 1000, ?, true)"_s,
                     {sink.url(u"/hooks"_s).toString(), statusReply ? QVariant(statusUrl) : QVariant()});
        db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, ? FROM endpoints"_s, {kSecret});
        eventId = db.scalar(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                            "VALUES (gen_random_uuid(), 'Order', gen_random_uuid(), 'order.paid', '{\"n\": 1}') "
                            "RETURNING id::text"_s)
                      .toString();
        deliveryId = db.scalar(u"SELECT id FROM deliveries"_s).toLongLong();

        RelayOptions options;
        options.pollIntervalMs = 100;
        options.leaseMarginSeconds = 1;
        relay = std::make_unique<Relay>(db.settings(), options, &clock);
        relay->start();
    }

    QString state() { return db.scalar(u"SELECT state FROM deliveries"_s).toString(); }
    qint64 attempts(const QString &errorClass)
    {
        return db.scalar(u"SELECT count(*) FROM delivery_attempts WHERE error_class = ?"_s, {errorClass}).toLongLong();
    }

    QList<HttpSink::Request> requests(const QByteArray &method)
    {
        QList<HttpSink::Request> matching;
        for (const HttpSink::Request &request : sink.requests()) {
            if (request.method == method)
                matching.append(request);
        }
        return matching;
    }

    // Lets the schedule's next wait pass on the relay's clock and wakes the relay.
    void waitPasses(std::chrono::milliseconds wait)
    {
        clock.advance(wait);
        relay->wakeUp();
    }

    // Waits until the first request has timed out, leaving the delivery unknown, and lets its first status check
    // fall due.
    bool firstStatusCheckFallsDue()
    {
        if (!QTest::qWaitFor([this] { return state() == u"unknown"_s; }, 10000))
            return false;
        waitPasses(80s);
        return true;
    }

    TestDatabase db;
    std::atomic<int> posts{0}; // POSTs the partner has read
    HttpSink sink;
    ManualClock clock;
    QString eventId;
    qint64 deliveryId = 0;
    std::unique_ptr<Relay> relay; // last: stopped before the sink and the database go
};

hookyard::core::RowDetail detailOf(Partner &partner)
{
    auto detail = hookyard::core::loadDetail(partner.db.connection(),
                                             {RowRef::Kind::Delivery, QString::number(partner.deliveryId)});
    if (!detail)
        qFatal("loading the delivery's detail failed: %s", qPrintable(detail.error()));
    return detail.value();
}

bool hasScheduledItem(const hookyard::core::RowDetail &detail)
{
    return std::any_of(detail.timeline.cbegin(), detail.timeline.cend(),
                       [](const TimelineItem &item) { return item.kind == TimelineItem::Kind::Scheduled; });
}

} // namespace

class TestUnknownOutcomes final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aTimeoutAfterTheBodyIsUnknownAndAskedAboutOnTheSchedule()
    {
        Partner partner(u"unknown_first"_s, StatusReply::Hang);
        QTRY_COMPARE_WITH_TIMEOUT(partner.state(), u"unknown"_s, 10000);
        QCOMPARE(partner.attempts(u"unknown"_s), 1);
        QVERIFY(partner.db.scalar(u"SELECT duration_ms FROM delivery_attempts"_s).toInt() >= 990);
        // The first status check waits the schedule's first wait (60 s ± 20 %) from the end of the request.
        const double wait = partner.db
                                .scalar(u"SELECT extract(epoch FROM d.next_attempt_at - a.started_at) "
                                        "FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id"_s)
                                .toDouble();
        QVERIFY2(wait >= 48 && wait <= 73, qPrintable(QString::number(wait)));
        QCOMPARE(partner.db.scalar(u"SELECT failures_since_queued FROM deliveries"_s).toInt(), 0);
        QTest::qWait(300);
        QCOMPARE(partner.sink.requestCount(), 1); // neither asked nor sent before it is due
    }

    void aStatusUrlSayingDeliveredResolvesItWithoutAResend()
    {
        Partner partner(u"unknown_delivered"_s, StatusReply::Delivered);
        QVERIFY(partner.firstStatusCheckFallsDue());
        QTRY_COMPARE_WITH_TIMEOUT(partner.state(), u"delivered"_s, 10000);

        QCOMPARE(partner.requests("POST").size(), 1);
        const QList<HttpSink::Request> checks = partner.requests("GET");
        QCOMPARE(checks.size(), 1);
        const HttpSink::Request &check = checks.first();
        QCOMPARE(check.path, "/status/" + partner.eventId.toLatin1());
        QCOMPARE(check.header("webhook-id"), partner.eventId.toLatin1());
        QCOMPARE(check.header("accept"), QByteArray("application/json"));
        // Signed like a delivery with an empty body: the partner verifies it with the same secret and code.
        const auto key = hookyard::core::signing::standardSecretKey(kSecret);
        QVERIFY(key);
        const auto verdict = hookyard::core::signing::verifyStandard(
            {key.value()}, check.header("webhook-id"), check.header("webhook-timestamp"),
            check.header("webhook-signature"), QByteArray(), QDateTime::currentSecsSinceEpoch(), 300);
        QVERIFY2(verdict.valid, qPrintable(verdict.reason));

        QCOMPARE(partner.attempts(u"status_delivered"_s), 1);
        QVERIFY(!partner.db.scalar(u"SELECT processed_at FROM outbox_events"_s).isNull());
        QVERIFY(!partner.db.scalar(u"SELECT delivered_at FROM deliveries"_s).isNull());
        QVERIFY(partner.db.scalar(u"SELECT last_error FROM deliveries"_s).isNull());
        QCOMPARE(partner.relay->deliveriesSucceeded(), 1);

        // The timeline shows the request nobody answered, then the status check that settled it.
        const auto detail = detailOf(partner);
        QList<TimelineItem> attempts;
        for (const TimelineItem &item : detail.timeline) {
            if (item.kind == TimelineItem::Kind::Attempt)
                attempts.append(item);
        }
        QCOMPARE(attempts.size(), 2);
        QVERIFY(hookyard::core::attemptOutcome(attempts[0]) == hookyard::core::AttemptOutcome::Uncertain);
        QCOMPARE(attempts[1].errorClass, u"status_delivered"_s);
        QCOMPARE(attempts[1].errorDetail, u"the status URL says it was delivered"_s);
        QVERIFY(hookyard::core::attemptOutcome(attempts[1]) == hookyard::core::AttemptOutcome::Succeeded);
        QVERIFY(detail.timeline.last().kind == TimelineItem::Kind::Delivered);
    }

    void aStatusUrlSayingNotFoundResendsWithTheSameId()
    {
        Partner partner(u"unknown_not_found"_s, StatusReply::NotFound);
        QVERIFY(partner.firstStatusCheckFallsDue());
        // The re-send goes out at once: the wait before it passed while the status was asked.
        QTRY_COMPARE_WITH_TIMEOUT(partner.state(), u"delivered"_s, 10000);

        const QList<HttpSink::Request> posts = partner.requests("POST");
        QCOMPARE(posts.size(), 2);
        QCOMPARE(posts[0].header("webhook-id"), partner.eventId.toLatin1());
        QCOMPARE(posts[1].header("webhook-id"), partner.eventId.toLatin1());
        QCOMPARE(posts[1].header("idempotency-key"), partner.eventId.toLatin1());
        QCOMPARE(posts[1].body, posts[0].body);
        QCOMPARE(partner.requests("GET").size(), 1);
        QCOMPARE(partner.sink.maxConcurrentSameId(), 1);
        // The request that timed out counted as the delivery's one failure.
        const QStringList classes =
            partner.db.scalar(u"SELECT string_agg(error_class, ',' ORDER BY attempt_no) FROM delivery_attempts"_s)
                .toString()
                .split(u',');
        QCOMPARE(classes, (QStringList{u"unknown"_s, u"status_not_found"_s, u"ok"_s}));
        QCOMPARE(partner.db.scalar(u"SELECT status_code FROM delivery_attempts WHERE attempt_no = 2"_s).toInt(), 404);
    }

    void aStatusUrlThatCannotTellLeavesItUnknownAndVisible()
    {
        Partner partner(u"unknown_stays"_s, StatusReply::Hang);
        QVERIFY(partner.firstStatusCheckFallsDue());
        QTRY_COMPARE_WITH_TIMEOUT(partner.attempts(u"status_unknown"_s), 1, 10000);
        QCOMPARE(partner.state(), u"unknown"_s);
        QCOMPARE(partner.db.scalar(u"SELECT status_checks FROM deliveries"_s).toInt(), 1);
        QVERIFY(partner.db.scalar(u"SELECT last_error FROM deliveries"_s)
                    .toString()
                    .startsWith(u"the status URL could not tell: "_s));
        QTest::qWait(300);
        QCOMPARE(partner.requests("POST").size(), 1); // never re-sent blindly

        // Visible: counted per state, listed when the Outbox view is filtered by it, and its timeline shows the
        // next status check.
        const auto stats = hookyard::core::collectStats(partner.db.connection());
        QVERIFY(stats);
        QCOMPARE(stats.value()[u"deliveries"_s][u"unknown"_s].toInt(), 1);
        QCOMPARE(stats.value()[u"deliveries"_s][u"pending"_s].toInt(), 0);
        ViewFilter unknownOnly;
        unknownOnly.states = {u"unknown"_s};
        const auto rows = hookyard::core::fetchPage(partner.db.connection(), View::Outbox, unknownOnly, {}, 10);
        QVERIFY2(rows, qPrintable(rows.ok() ? QString() : rows.error()));
        QCOMPARE(rows.value().size(), 1);
        QCOMPARE(rows.value().first().state, u"unknown"_s);
        QCOMPARE(rows.value().first().ref.id, partner.eventId);
        ViewFilter pendingOnly;
        pendingOnly.states = {u"pending"_s};
        QCOMPARE(hookyard::core::countMatching(partner.db.connection(), View::Outbox, pendingOnly).value(), 0);
        QVERIFY(hasScheduledItem(detailOf(partner)));

        // Asked again on the retry schedule (300 s, then 600 s), and then no more: it waits for an operator.
        partner.waitPasses(400s);
        QTRY_COMPARE_WITH_TIMEOUT(partner.attempts(u"status_unknown"_s), 2, 10000);
        partner.waitPasses(800s);
        QTRY_COMPARE_WITH_TIMEOUT(partner.attempts(u"status_unknown"_s), 3, 10000);
        partner.waitPasses(24h);
        QTest::qWait(1000);
        QCOMPARE(partner.requests("GET").size(), 3);
        QCOMPARE(partner.requests("POST").size(), 1);
        QCOMPARE(partner.state(), u"unknown"_s);
        QVERIFY(!hasScheduledItem(detailOf(partner)));

        // A resolution by hand takes it out of the unknown count.
        auto resolved = hookyard::core::resolveRows(partner.db.connection(),
                                                    {{RowRef::Kind::Delivery, QString::number(partner.deliveryId)}},
                                                    u"partner confirmed it by mail"_s);
        QVERIFY(resolved);
        QCOMPARE(hookyard::core::collectStats(partner.db.connection()).value()[u"deliveries"_s][u"unknown"_s].toInt(),
                 0);
    }

    void withoutAStatusUrlItIsRetriedWithTheSameId()
    {
        Partner partner(u"unknown_no_status"_s, std::nullopt);
        QTRY_COMPARE_WITH_TIMEOUT(partner.attempts(u"unknown"_s), 1, 10000);
        QCOMPARE(partner.state(), u"pending"_s);
        QCOMPARE(partner.db.scalar(u"SELECT failures_since_queued FROM deliveries"_s).toInt(), 1);
        partner.waitPasses(80s);
        QTRY_COMPARE_WITH_TIMEOUT(partner.state(), u"delivered"_s, 10000);
        const QList<HttpSink::Request> posts = partner.requests("POST");
        QCOMPARE(posts.size(), 2);
        QCOMPARE(posts[1].header("webhook-id"), posts[0].header("webhook-id"));
        QCOMPARE(partner.requests("GET").size(), 0);
    }

    void statusUrlsAreTemplatesSetWithTheCli()
    {
        TestDatabase db(u"unknown_cli"_s);
        auto hookyard = [&](const QStringList &arguments) {
            return runHookyard(QStringList{u"--database"_s, db.url(), u"endpoint"_s} + arguments);
        };
        QCOMPARE(hookyard({u"add"_s, u"acme"_s, u"--url"_s, u"https://hooks.example.com/in"_s, u"--status-url"_s,
                           u"https://hooks.example.com/status/{id}"_s})
                     .exitCode,
                 0);
        QCOMPARE(db.scalar(u"SELECT status_url FROM endpoints"_s).toString(),
                 u"https://hooks.example.com/status/{id}"_s);

        const auto missingId = hookyard({u"set-status-url"_s, u"acme"_s, u"https://hooks.example.com/status"_s});
        QCOMPARE(missingId.exitCode, 1);
        QVERIFY2(missingId.err.contains("status url needs {id}"), missingId.err.constData());
        QCOMPARE(missingId.err.count('\n'), 1);

        const auto changed =
            hookyard({u"set-status-url"_s, u"acme"_s, u"https://user:pw@status.example.com/q?id={id}"_s, u"--reason"_s,
                      u"partner moved it"_s});
        QCOMPARE(changed.exitCode, 0);
        QCOMPARE(db.scalar(u"SELECT status_url FROM endpoints"_s).toString(),
                 u"https://user:pw@status.example.com/q?id={id}"_s);
        // Shown without its password, a secret (docs/security.md).
        const auto shown = hookyard({u"show"_s, u"acme"_s, u"--json"_s});
        QCOMPARE(QJsonDocument::fromJson(shown.out)[u"endpoint"_s][u"status_url"_s].toString(),
                 u"https://user@status.example.com/q?id={id}"_s);
        const QJsonObject audited =
            QJsonDocument::fromJson(db.scalar(u"SELECT details::text FROM audit_log WHERE action = "
                                              "'endpoint.set-status-url' AND reason = 'partner moved it'"_s)
                                        .toString()
                                        .toUtf8())
                .object();
        QCOMPARE(audited.value(u"previous_status_url"_s).toString(), u"https://hooks.example.com/status/{id}"_s);
        QCOMPARE(audited.value(u"status_url"_s).toString(), u"https://user@status.example.com/q?id={id}"_s);

        QCOMPARE(hookyard({u"set-status-url"_s, u"acme"_s, u"--none"_s}).exitCode, 0);
        QVERIFY(db.scalar(u"SELECT status_url FROM endpoints"_s).isNull());
        QCOMPARE(hookyard({u"set-status-url"_s, u"acme"_s}).exitCode, 2);
        QCOMPARE(hookyard({u"set-status-url"_s, u"nobody"_s, u"--none"_s}).exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestUnknownOutcomes)
#include "tst_unknownoutcomes.moc"
