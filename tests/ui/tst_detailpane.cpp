// The detail pane against a real database: it loads off the GUI thread, shows a delivery's attempts on its
// timeline, drops superseded loads and keeps up on reload.

#include "DetailPane.h"
#include "FindNamed.h"
#include "TestDatabase.h"
#include "TimelineWidget.h"
#include "console/ConsoleActions.h"
#include "models/RowsModel.h"
#include "relay/DeliveryStore.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextEdit>
#include <QTextLayout>
#include <QToolButton>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::RowRef;
using hookyard::core::TimelineItem;
using hookyard::test::findNamed;
using hookyard::test::TestDatabase;
using hookyard::ui::DetailPane;
using hookyard::ui::TimelineWidget;

namespace {

// An event for endpoint partner-x; returns its delivery's id.
qint64 addDelivery(TestDatabase &db, const QString &eventType)
{
    db.execOrDie(u"INSERT INTO endpoints (name, url) VALUES ('partner-x', 'https://partner-x.example/hooks') "
                 "ON CONFLICT (name) DO NOTHING"_s);
    db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, "
                 "'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' FROM endpoints WHERE NOT EXISTS "
                 "(SELECT 1 FROM endpoint_secrets)"_s);
    const QString eventId =
        db.scalar(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                  "VALUES (gen_random_uuid(), 'Order', gen_random_uuid(), ?, "
                  "'{\"id\": \"A-1048\", \"status\": \"Active\", \"total\": 129.5, \"paid\": true, \"coupon\": null}') "
                  "RETURNING id::text"_s,
                  {eventType})
            .toString();
    return db.scalar(u"SELECT id FROM deliveries WHERE event_id = ?::uuid"_s, {eventId}).toLongLong();
}

// Attempts 0 s, 1 min, 6 min and 16 min after the delivery was created an hour ago, the last one dead-lettering it.
void failFourTimes(TestDatabase &db, qint64 deliveryId)
{
    db.execOrDie(u"UPDATE deliveries SET created_at = now() - interval '3601 seconds', attempt_count = 4, "
                 "state = 'dead', dead_reason = 'HTTP 500 (4 failed attempts)' WHERE id = ?"_s,
                 {deliveryId});
    db.execOrDie(u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms, status_code, "
                 "error_class, error_detail, relay_instance) "
                 "SELECT ?, n, now() - make_interval(secs => s), ms, code, class, detail, 'relay-eu-1' FROM (VALUES "
                 "(1, 3600, 212, 500, 'http_status', 'HTTP 500'), (2, 3540, 187, 500, 'http_status', 'HTTP 500'), "
                 "(3, 3240, 15000, NULL, 'timeout', 'no answer within 15000 ms'), "
                 "(4, 2640, 198, 500, 'http_status', 'HTTP 500')) AS a(n, s, ms, code, class, detail)"_s,
                 {deliveryId});
}

void deliverNow(TestDatabase &db, qint64 deliveryId)
{
    db.execOrDie(u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms, status_code, "
                 "error_class, relay_instance) "
                 "SELECT id, attempt_count + 1, now(), 31, 200, 'ok', 'relay-eu-1' FROM deliveries WHERE id = ?"_s,
                 {deliveryId});
    db.execOrDie(u"UPDATE deliveries SET attempt_count = attempt_count + 1, state = 'delivered', "
                 "delivered_at = now() + interval '31 milliseconds' WHERE id = ?"_s,
                 {deliveryId});
}

int attempts(const TimelineWidget &timeline)
{
    int count = 0;
    for (const TimelineItem &item : timeline.timeline())
        count += item.kind == TimelineItem::Kind::Attempt ? 1 : 0;
    return count;
}

} // namespace

class TestDetailPane final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsADeliveryAndItsAttempts()
    {
        TestDatabase db(u"detailpane"_s);
        const qint64 deliveryId = addDelivery(db, u"order.activated"_s);
        failFourTimes(db, deliveryId);
        auto replayed = hookyard::core::replayDeliveries(db.connection(), {.deliveryIds = {deliveryId}},
                                                         u"partner-x fixed their TLS certificate"_s);
        QVERIFY2(replayed, qPrintable(replayed.ok() ? QString() : replayed.error()));
        deliverNow(db, deliveryId);

        DetailPane pane(db.settings());
        pane.resize(560, 1000);
        pane.show();
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        const RowRef row{RowRef::Kind::Delivery, QString::number(deliveryId)};
        pane.showRow(row);
        QCOMPARE(pane.currentRow(), row);
        QVERIFY(shown.wait(10000));
        QCOMPARE(shown.last().at(0).value<RowRef>(), row);

        const QList<TimelineWidget *> timelines = pane.findChildren<TimelineWidget *>();
        QCOMPARE(timelines.size(), 1);
        QCOMPARE(attempts(*timelines.first()), 5);
        QCOMPARE(timelines.first()->timeline().last().kind, TimelineItem::Kind::Delivered);
        QVERIFY(timelines.first()->accessibleDescription().contains(u"partner-x fixed their TLS certificate"_s));

        const auto labelNamed = [&](const QString &name) {
            const QLabel *label = findNamed<QLabel>(pane, name);
            return label ? label->text() : u"(no label named %1)"_s.arg(name);
        };
        QCOMPARE(labelNamed(u"Title"_s), u"order.activated"_s);
        QCOMPARE(labelNamed(u"Endpoint"_s), u"partner-x"_s);
        QVERIFY(findNamed<QTextEdit>(pane, u"Headers"_s)->toPlainText().contains(u"webhook-signature"_s));
        QVERIFY(labelNamed(u"Signature verdict"_s).contains(u"whsec_…LaSw"_s));
        QVERIFY(!labelNamed(u"Signature verdict"_s).contains(u"MfKQ9r8GKYqrTwjUPD8IL"_s));

        // Pretty-printed with an indent per level.
        const auto *payload = pane.findChild<QPlainTextEdit *>();
        QVERIFY(payload->toPlainText().contains(u"\n    \"id\": \"A-1048\""_s));

        // Delivered: it can be sent again on request, but there is nothing to retry or resolve.
        QVERIFY(findNamed<QPushButton>(pane, u"Replay"_s)->isEnabled());
        QVERIFY(!findNamed<QPushButton>(pane, u"Retry now"_s)->isEnabled());
        QVERIFY(!findNamed<QPushButton>(pane, u"Resolve…"_s)->isEnabled());
        QSignalSpy replayRequested(&pane, &DetailPane::replayRequested);
        findNamed<QPushButton>(pane, u"Replay"_s)->click();
        QCOMPARE(replayRequested.size(), 1);
        QCOMPARE(replayRequested.first().at(0).value<RowRef>(), row);

        // The look of it, for a person to judge (HOOKYARD_DETAILPANE_PNG=/tmp/detailpane.png).
        if (const QString path = qEnvironmentVariable("HOOKYARD_DETAILPANE_PNG"); !path.isEmpty()) {
            QTest::qWait(50); // widgets added to a shown layout appear on the next event loop pass
            QVERIFY(pane.grab().save(path));
        }
    }

    void aSupersededLoadIsDropped()
    {
        TestDatabase db(u"detailpane_superseded"_s);
        const qint64 first = addDelivery(db, u"order.created"_s);
        const qint64 second = addDelivery(db, u"order.paid"_s);

        DetailPane pane(db.settings());
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showRow({RowRef::Kind::Delivery, QString::number(first)});
        pane.showRow({RowRef::Kind::Delivery, QString::number(second)});
        QVERIFY(shown.wait(10000));
        QTest::qWait(200); // room for a stale result to arrive, were it not dropped
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.first().at(0).value<RowRef>().id, QString::number(second));
        QCOMPARE(pane.currentRow().id, QString::number(second));
    }

    // Found by a console helper: a resolved dead letter offered Resolve again, which asked for a note and then
    // changed nothing. Resolved, it offers Replay only; replayed, it may be resolved again once it dies.
    void aResolvedRowIsNotOfferedResolveAgain()
    {
        TestDatabase db(u"detailpane_resolved"_s);
        const qint64 deliveryId = addDelivery(db, u"order.refunded"_s);
        failFourTimes(db, deliveryId);
        const RowRef row{RowRef::Kind::Delivery, QString::number(deliveryId)};
        DetailPane pane(db.settings());
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showRow(row);
        QVERIFY(shown.wait(10000));
        QVERIFY(findNamed<QPushButton>(pane, u"Resolve…"_s)->isEnabled());

        auto resolved = hookyard::core::resolveRows(db.connection(), {row}, u"refunded by hand"_s);
        QVERIFY(resolved);
        pane.reload();
        QVERIFY(shown.wait(10000));
        const QPushButton *resolve = findNamed<QPushButton>(pane, u"Resolve…"_s);
        QVERIFY(!resolve->isEnabled());
        QVERIFY2(resolve->toolTip().startsWith(u"Resolved already"_s), qPrintable(resolve->toolTip()));
        QVERIFY(findNamed<QPushButton>(pane, u"Replay"_s)->isEnabled());
    }

    void reloadShowsNewAttempts()
    {
        TestDatabase db(u"detailpane_reload"_s);
        const qint64 deliveryId = addDelivery(db, u"order.shipped"_s);
        DetailPane pane(db.settings());
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showRow({RowRef::Kind::Delivery, QString::number(deliveryId)});
        QVERIFY(shown.wait(10000));
        const auto *timeline = pane.findChild<TimelineWidget *>();
        QCOMPARE(attempts(*timeline), 0);
        QCOMPARE(timeline->timeline().last().kind, TimelineItem::Kind::Scheduled);

        deliverNow(db, deliveryId);
        pane.reload();
        QVERIFY(shown.wait(10000));
        QCOMPARE(attempts(*timeline), 1);
    }

    // Found in a screenshot: a processed order.shipped beside its order in state "shipped" read "order.shipped is not
    // allowed yet", as if it still waited.
    void aProcessedInboxRowIsNotSaidToWait()
    {
        TestDatabase db(u"detailpane_processed"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme, config) "
                     "VALUES ('shop', 'standard', '{\"entity_id\": \"/data/id\"}')"_s);
        db.execOrDie(u"INSERT INTO state_transitions (partner_name, entity_type, event_type, from_states, to_state) "
                     "VALUES ('shop', 'order', 'order.shipped', '{paid}', 'shipped')"_s);
        db.execOrDie(u"INSERT INTO entity_states (partner_name, entity_type, entity_id, state) "
                     "VALUES ('shop', 'order', 'A-7', 'shipped')"_s);
        const QString id =
            db.scalar(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status, partner_id, "
                      "event_type, entity_type, entity_id, raw_body) SELECT gen_random_uuid(), 'shop', 'evt_7', '{}', "
                      "'PROCESSED', p.id, 'order.shipped', 'order', 'A-7', '' FROM partners p "
                      "RETURNING id::text"_s)
                .toString();

        DetailPane pane(db.settings());
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showRow({RowRef::Kind::InboxMessage, id});
        QVERIFY(shown.wait(10000));
        QString entity = findNamed<QLabel>(pane, u"Entity state"_s)->text();
        QVERIFY2(entity.contains(u"This order.shipped has been processed."_s), qPrintable(entity));
        QVERIFY2(!entity.contains(u"not allowed"_s), qPrintable(entity));

        // An event type no transition names is never allowed; "not allowed yet" would promise that it will be.
        db.execOrDie(u"UPDATE webhook_inbox SET status = 'QUARANTINED'"_s);
        db.execOrDie(u"UPDATE webhook_inbox SET event_type = 'order.refunded'"_s);
        pane.showRow({RowRef::Kind::InboxMessage, id});
        QVERIFY(shown.wait(10000));
        entity = findNamed<QLabel>(pane, u"Entity state"_s)->text();
        QVERIFY2(entity.contains(u"No transition of the partner's state machine names order.refunded"_s),
                 qPrintable(entity));
        QVERIFY2(!entity.contains(u"not allowed yet"_s), qPrintable(entity));
        // The state reads as in the lists, glyph included (the pane had glyphs of its own: ⚠ where the list had ✕).
        QCOMPARE(findNamed<QLabel>(pane, u"State"_s)->text(), hookyard::ui::RowsModel::stateGlyph(u"quarantined"_s) +
                                                                  u' ' +
                                                                  hookyard::ui::RowsModel::stateName(u"quarantined"_s));
    }

    // Found in a screenshot: a webhook turned away from its head (unknown partner) read "Body 0 bytes" beside its
    // "content-length: 95".
    void aBodyThatWasNotReadIsNotSaidToBeEmpty()
    {
        TestDatabase db(u"detailpane_unread"_s);
        const QString id = db.scalar(u"INSERT INTO rejected_requests (partner_name, status_code, reason, body_bytes, "
                                     "body_read) VALUES ('billing-v2', 404, 'unknown partner', 95, false) "
                                     "RETURNING id::text"_s)
                               .toString();
        DetailPane pane(db.settings());
        QSignalSpy shown(&pane, &DetailPane::detailShown);
        pane.showRow({RowRef::Kind::RejectedRequest, id});
        QVERIFY(shown.wait(10000));
        QCOMPARE(findNamed<QLabel>(pane, u"Body"_s)->text(),
                 u"not read: turned away from the request's head (95 bytes announced)"_s);
    }

    // Found in a screenshot: switched to the dark theme, the payload kept the light theme's dark blue and red.
    void thePayloadIsRecolouredWhenThePaletteChanges()
    {
        DetailPane pane(hookyard::core::ConnectionSettings{});
        hookyard::core::RowDetail detail;
        detail.title = u"order.paid"_s;
        detail.payload = uR"({"id": "A-1"})"_s;
        pane.showDetail(detail);
        const auto *payload = pane.findChild<QPlainTextEdit *>();
        const auto keyColour = [&] {
            // Line 2 of the pretty-printed payload: "    "id": "A-1"", whose first format is the key's.
            const QTextBlock line = payload->document()->findBlockByNumber(1);
            const QList<QTextLayout::FormatRange> formats = line.layout()->formats();
            return formats.isEmpty() ? QColor() : formats.first().format.foreground().color();
        };
        const QPalette light = QApplication::palette();
        const QColor onLight = keyColour();
        QVERIFY(onLight.isValid());

        QPalette dark = light;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
        QApplication::setPalette(dark);
        QCoreApplication::processEvents();
        const QColor onDark = keyColour();
        QApplication::setPalette(light);
        QVERIFY(onDark.lightness() > 128);
        QVERIFY(onDark != onLight);
    }

    // Found in a screenshot at 1024×700 with the Local engine dock open: the pane, squeezed to about 360 px, scrolled
    // sideways and cut its Copy id button off, since an id, a signature header or a long title could not wrap.
    void aNarrowPaneShowsItsHeaderWithoutScrollingSideways()
    {
        using Field = hookyard::core::DetailFact::Field;
        DetailPane pane(hookyard::core::ConnectionSettings{});
        hookyard::core::RowDetail detail;
        detail.row = {RowRef::Kind::InboxMessage, u"01a2417f-5acc-7e72-9e7b-54bf863edc32"_s};
        detail.title = u"checkout-session-completed-idempotency-key-2026-12-04T14:39:55Z"_s;
        detail.primaryId = detail.row.id;
        detail.state = u"PROCESSED"_s;
        detail.facts = {{Field::Partner, u"shop"_s},
                        {Field::PartnerEventId, u"5e75d03a-2408-47ad-8f28-f0a9c2a874ba"_s, true},
                        {Field::InboxId, detail.primaryId, true},
                        {Field::Entity, u"order A-1039"_s}};
        detail.headers = {
            {u"webhook-signature"_s,
             u"v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4= v1,Vc3nQ2m8x0t7kP1rY6sJ4uZ9wE5aB2dF8gH0jL3oN7q="_s},
            {u"user-agent"_s, u"Svix-Webhooks/1.24.0 (sender-Xy8Qa; +https://www.svix.com/http-sender/)"_s}};
        detail.payload =
            uR"({"data": {"amount_cents": 7849, "note": "a long line of text in the payload that goes on and on and on"}})"_s;
        pane.resize(360, 600);
        pane.show();
        pane.showDetail(detail);
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        // The headers' box takes its wrapped height in a layout pass of its own: the pane is settled once it has.
        const auto *headers = findNamed<QTextEdit>(pane, u"Headers"_s);
        const int oneLine = headers->fontMetrics().lineSpacing();
        QTRY_VERIFY2(headers->height() >= 4 * oneLine, qPrintable(QString::number(headers->height())));
        QCoreApplication::processEvents();

        const auto *scroll = pane.findChild<QScrollArea *>();
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(),
                 qPrintable(u"the content needs %1 px"_s.arg(scroll->widget()->minimumSizeHint().width())));
        const QWidget *copyId = pane.findChild<QToolButton *>();
        QVERIFY(copyId->isVisible());
        const QRect inViewport(copyId->mapTo(scroll->viewport(), QPoint(0, 0)), copyId->size());
        QVERIFY(scroll->viewport()->rect().contains(inViewport));

        // Nothing is lost to the narrow pane: the ids are whole in their fields, the headers wrap onto more lines.
        QStringList ids;
        for (const QLineEdit *field : pane.findChildren<QLineEdit *>())
            ids << field->text();
        QCOMPARE(ids, (QStringList{u"5e75d03a-2408-47ad-8f28-f0a9c2a874ba"_s, detail.primaryId}));
        QCOMPARE(headers->toPlainText(),
                 u"webhook-signature: "_s + detail.headers[0].value + u"\nuser-agent: "_s + detail.headers[1].value);
        QVERIFY(headers->width() <= scroll->viewport()->width());
    }

    void aMissingRowSaysSo()
    {
        TestDatabase db(u"detailpane_missing"_s);
        DetailPane pane(db.settings());
        QSignalSpy failed(&pane, &DetailPane::loadFailed);
        pane.showRow({RowRef::Kind::Delivery, u"424242"_s});
        QVERIFY(failed.wait(10000));
        QCOMPARE(failed.first().at(1).toString(), u"delivery 424242 does not exist"_s);
    }
};

QTEST_MAIN(TestDetailPane)
#include "tst_detailpane.moc"
