// The console's Local engine panel: an operator starts a relay scoped to one endpoint with a rate cap, sees its
// throughput, stops it; starts a receiver that stores a signed webhook; each start and stop is audited, and nothing
// can be started in read-only mode.

#include "EnginePanel.h"
#include "HttpSink.h"
#include "MainWindow.h"
#include "TestDatabase.h"
#include "signing/Signatures.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTcpServer>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::test::HttpSink;
using hookyard::test::TestDatabase;

namespace {

const QString kSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;

// Answers the next dialog (the reason a start asks for, askWhy) with `reason`.
void answerNextDialog(QObject *context, const QString &reason)
{
    QTimer::singleShot(200, context, [reason] {
        QWidget *dialog = QApplication::activeModalWidget();
        QVERIFY(dialog);
        dialog->findChild<QLineEdit *>()->setText(reason);
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    });
}

// While it lives, rejects every dialog that opens and counts it, so that a dialog the test expects never to open
// makes it fail instead of waiting forever for an answer.
class DialogRefuser
{
public:
    DialogRefuser()
    {
        QObject::connect(&m_poll, &QTimer::timeout, [this] {
            if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
                ++m_opened;
                dialog->reject();
            }
        });
        m_poll.start(50);
    }
    int opened() const { return m_opened; }

private:
    QTimer m_poll;
    int m_opened = 0;
};

} // namespace

class TestEnginePanel final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void relaysOnlyItsScopeAtItsRateAndIsAudited()
    {
        TestDatabase db(u"engine_relay"_s);
        HttpSink sink;
        for (const QString &name : {u"billing"_s, u"crm"_s})
            db.execOrDie(u"INSERT INTO endpoints (name, url, allow_private_network) VALUES (?, ?, true)"_s,
                         {name, sink.url(u"/"_s + name).toString()});
        for (int i = 0; i < 6; ++i)
            db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_id, event_type, payload) VALUES "
                         "(gen_random_uuid(), gen_random_uuid(), 'order.paid', '{}')"_s);

        hookyard::ui::MainWindow window(db.settings());
        window.show();
        QAction *toggle = window.findChild<QAction *>(u"localEngine"_s);
        QVERIFY(toggle);
        toggle->trigger();
        hookyard::ui::EnginePanel *panel = window.enginePanel();
        QVERIFY(panel->isVisible());

        auto *endpoint = panel->findChild<QComboBox *>();
        QTRY_COMPARE_WITH_TIMEOUT(endpoint->count(), 3, 10000); // all, billing, crm
        endpoint->setCurrentIndex(endpoint->findData(u"billing"_s));
        panel->findChild<QSpinBox *>()->setValue(2);

        // An event type scope no event can have is refused before anything is asked or started (it ran, delivering
        // nothing).
        auto *eventType = panel->findChild<QLineEdit *>(u"relayEventType"_s);
        QVERIFY(eventType);
        eventType->setText(u"bogus type!"_s);
        {
            const DialogRefuser refuser;
            QTest::mouseClick(panel->relayButton(), Qt::LeftButton);
            QCOMPARE(refuser.opened(), 0);
        }
        auto *relayStatus = panel->findChild<QLabel *>(u"relayStatus"_s);
        QVERIFY2(relayStatus->text().contains(u"'bogus type!' is no event type"_s), qPrintable(relayStatus->text()));
        QCOMPARE(panel->relayButton()->text(), u"Start relay"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'console.relay.start'"_s).toInt(), 0);
        eventType->setText(u"order.*"_s);

        answerNextDialog(this, u"drain billing while the fleet is down"_s);
        QTest::mouseClick(panel->relayButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(u"SELECT count(*) FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id "
                      "WHERE e.name = 'billing' AND d.state = 'delivered'"_s)
                .toInt(),
            6, 20000);
        QCOMPARE(panel->relayButton()->text(), u"Stop relay"_s);
        QTRY_VERIFY_WITH_TIMEOUT(relayStatus->text().contains(u"6 delivered in all"_s), 5000);

        // Only the scoped endpoint was served, and never faster than the cap: 2 at once, then one every 0.5 s.
        const auto requests = sink.requests();
        QCOMPARE(requests.size(), 6);
        for (const auto &request : requests)
            QCOMPARE(request.path, "/billing"_ba);
        QVERIFY2(requests.last().receivedMs - requests.first().receivedMs >= 1500,
                 qPrintable(
                     u"6 requests at 2/s took %1 ms"_s.arg(requests.last().receivedMs - requests.first().receivedMs)));
        QCOMPARE(db.scalar(u"SELECT count(*) FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id "
                           "WHERE e.name = 'crm' AND d.state = 'pending'"_s)
                     .toInt(),
                 6);

        // Quit asks first while it runs (found by a helper: Ctrl+Q quit at once mid-incident); turned down, it runs on.
        {
            const DialogRefuser refuser;
            window.findChild<QAction *>(u"quit"_s)->trigger();
            QCOMPARE(refuser.opened(), 1);
        }
        QVERIFY(panel->engine()->relayRunning());

        // Stopped from the keyboard, which stays on the button: it went to "Listen on" while the button was disabled
        // for the stop, and the next key overwrote the address (found by a helper using the keyboard only).
        window.activateWindow(); // after the reason dialog
        QVERIFY(QTest::qWaitForWindowActive(&window));
        panel->relayButton()->setFocus();
        QSignalSpy stopped(panel->engine(), &hookyard::core::LocalEngine::relayStopped);
        QTest::keyClick(panel->relayButton(), Qt::Key_Space);
        QTRY_COMPARE_WITH_TIMEOUT(stopped.size(), 1, 20000);
        QTRY_VERIFY(panel->relayButton()->hasFocus());
        QCOMPARE(stopped.first().at(0).toString(), QString());
        QCOMPARE(panel->relayButton()->text(), u"Start relay"_s);
        QCOMPARE(relayStatus->text(), u"Stopped after 6 attempts, 6 delivered."_s);

        QCOMPARE(db.scalar(u"SELECT reason FROM audit_log WHERE action = 'console.relay.start'"_s).toString(),
                 u"drain billing while the fleet is down"_s);
        QCOMPARE(
            db.scalar(u"SELECT details->>'endpoint' FROM audit_log WHERE action = 'console.relay.start'"_s).toString(),
            u"billing"_s);
        QCOMPARE(db.scalar(u"SELECT details->>'rate_per_second' FROM audit_log WHERE action = 'console.relay.start'"_s)
                     .toString(),
                 u"2"_s);
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(u"SELECT (details->>'delivered')::int FROM audit_log WHERE action = 'console.relay.stop'"_s)
                .toInt(),
            6, 5000);
    }

    void receiverStoresASignedWebhookAndStopsListening()
    {
        TestDatabase db(u"engine_receiver"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme) VALUES ('acme', 'standard')"_s);
        db.execOrDie(u"INSERT INTO partner_secrets (partner_id, secret) SELECT id, ? FROM partners"_s, {kSecret});

        hookyard::ui::MainWindow window(db.settings());
        window.show();
        window.findChild<QAction *>(u"localEngine"_s)->trigger();
        hookyard::ui::EnginePanel *panel = window.enginePanel();

        // An address that is not HOST:PORT is refused before anything is asked or started.
        auto *listen = panel->findChild<QLineEdit *>(u"listenAddress"_s);
        QVERIFY(listen);
        listen->setText(u"localhost"_s);
        QTest::mouseClick(panel->receiverButton(), Qt::LeftButton);
        auto *receiverStatus = panel->findChild<QLabel *>(u"receiverStatus"_s);
        QVERIFY(receiverStatus->text().contains(u"HOST:PORT"_s));
        QVERIFY(!panel->engine()->receiverRunning());

        // A port another program holds is refused before the reason is asked for (nothing asks: no dialog to
        // answer), and nothing is audited.
        {
            QTcpServer holder;
            QVERIFY(holder.listen(QHostAddress::LocalHost));
            listen->setText(u"127.0.0.1:%1"_s.arg(holder.serverPort()));
            const DialogRefuser refuser;
            QTest::mouseClick(panel->receiverButton(), Qt::LeftButton);
            QCOMPARE(refuser.opened(), 0);
            QVERIFY2(receiverStatus->text().contains(u"cannot be used"_s), qPrintable(receiverStatus->text()));
            QVERIFY(!panel->engine()->receiverRunning());
            QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'console.receiver.start'"_s).toInt(), 0);
        }

        listen->setText(u"127.0.0.1:0"_s); // any free port; the panel says which
        QSignalSpy messages(panel, &hookyard::ui::EnginePanel::message);
        answerNextDialog(this, u"receive the partner's retries locally"_s);
        QTest::mouseClick(panel->receiverButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!messages.isEmpty(), 10000);
        const QString announced = messages.first().at(0).toString();
        const QUrl webhookUrl(announced.mid(announced.indexOf(u"http://"_s)).replace(u"{partner}"_s, u"acme"_s));
        QVERIFY2(webhookUrl.port() > 0, qPrintable(announced));

        const QByteArray body = R"({"type":"order.paid","id":"A-1"})";
        const qint64 timestamp = QDateTime::currentSecsSinceEpoch();
        QNetworkRequest request(webhookUrl);
        request.setHeader(QNetworkRequest::ContentTypeHeader, "application/json"_ba);
        request.setRawHeader("webhook-id", "msg_engine_1");
        request.setRawHeader("webhook-timestamp", QByteArray::number(timestamp));
        request.setRawHeader("webhook-signature", hookyard::core::signing::standardSignatureHeader(
                                                      {hookyard::core::signing::standardSecretKey(kSecret).value()},
                                                      "msg_engine_1", timestamp, body));
        QNetworkAccessManager network;
        QNetworkReply *reply = network.post(request, body);
        QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 10000);
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
        reply->deleteLater();
        QCOMPARE(db.scalar(u"SELECT count(*) FROM webhook_inbox WHERE partner_event_id = 'msg_engine_1'"_s).toInt(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(receiverStatus->text().contains(u"1 stored"_s), 5000);

        QSignalSpy stopped(panel->engine(), &hookyard::core::LocalEngine::receiverStopped);
        QTest::mouseClick(panel->receiverButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(stopped.size(), 1, 20000);
        QCOMPARE(panel->receiverButton()->text(), u"Start receiver"_s);
        // Nothing listens there any more.
        QNetworkReply *refused = network.post(request, body);
        QTRY_VERIFY_WITH_TIMEOUT(refused->isFinished(), 10000);
        QCOMPARE(refused->error(), QNetworkReply::ConnectionRefusedError);
        refused->deleteLater();

        QCOMPARE(
            db.scalar(u"SELECT details->>'listen' FROM audit_log WHERE action = 'console.receiver.start'"_s).toString(),
            u"127.0.0.1:0"_s);
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(u"SELECT (details->>'stored')::int FROM audit_log WHERE action = 'console.receiver.stop'"_s)
                .toInt(),
            1, 5000);
    }

    void nothingStartsInReadOnlyMode()
    {
        TestDatabase db(u"engine_readonly"_s);
        hookyard::ui::MainWindow window(db.settings());
        window.applyOptions(true, false);
        window.show();
        window.findChild<QAction *>(u"localEngine"_s)->trigger();
        hookyard::ui::EnginePanel *panel = window.enginePanel();
        QVERIFY(!panel->relayButton()->isEnabled());
        QVERIFY(!panel->receiverButton()->isEnabled());
        QVERIFY(panel->relayButton()->toolTip().contains(u"Read-only"_s));
        // Said where it came from, in the title and the status bar (it read "chosen in the View menu").
        QVERIFY2(window.windowTitle().endsWith(u"[read-only: started with --read-only]"_s),
                 qPrintable(window.windowTitle()));
        auto *readOnly = window.findChild<QLabel *>(u"readOnlyLabel"_s);
        QVERIFY(readOnly && readOnly->isVisible());
        QCOMPARE(readOnly->text(), u"Read-only: started with --read-only"_s);

        // An action's key says why nothing happens (found by a helper: Ctrl+R did nothing, without a word).
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY2(
            window.statusBar()->currentMessage().startsWith(u"Replay is off: read-only: started with --read-only"_s),
            qPrintable(window.statusBar()->currentMessage()));
    }
};

QTEST_MAIN(TestEnginePanel)
#include "tst_enginepanel.moc"
