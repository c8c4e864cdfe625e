// The SSRF guard (docs/security.md): which addresses are refused, the check when an endpoint's URLs are configured,
// and the check at connect time in the relay's HTTP client; and the rule that shares the guard's last check there, one
// request per transfer.

#include "HttpSink.h"
#include "RunHookyard.h"
#include "TestDatabase.h"

#include "relay/AddressGuard.h"
#include "relay/HttpTransfers.h"
#include "relay/Relay.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using hookyard::core::HttpTransfers;
using hookyard::core::OutgoingRequest;
using hookyard::core::TransferOutcome;
using hookyard::test::HttpSink;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

namespace {

const QString kSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;

// Runs one request through HttpTransfers to its end.
TransferOutcome transfer(HttpTransfers &transfers, const QUrl &url, bool allowPrivateNetwork)
{
    OutgoingRequest request;
    request.url = url.toEncoded();
    request.body = "{}";
    request.timeoutMs = 5000;
    request.allowPrivateNetwork = allowPrivateNetwork;
    transfers.start(request);
    for (;;) {
        const QList<TransferOutcome> finished = transfers.drive();
        if (!finished.isEmpty())
            return finished.first();
        transfers.wait(100, -1);
    }
}

} // namespace

class TestAddressGuard final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void judgesAddresses_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("range");
        QTest::addRow("loopback") << u"127.0.0.1"_s << u"loopback"_s;
        QTest::addRow("loopback, end of 127/8") << u"127.255.255.254"_s << u"loopback"_s;
        QTest::addRow("IPv6 loopback") << u"::1"_s << u"loopback"_s;
        QTest::addRow("cloud metadata") << u"169.254.169.254"_s << u"link-local"_s;
        QTest::addRow("IPv6 link-local") << u"fe80::1"_s << u"link-local"_s;
        QTest::addRow("10/8") << u"10.1.2.3"_s << u"private"_s;
        QTest::addRow("172.16/12, first") << u"172.16.0.1"_s << u"private"_s;
        QTest::addRow("172.16/12, last") << u"172.31.255.255"_s << u"private"_s;
        QTest::addRow("192.168/16") << u"192.168.1.1"_s << u"private"_s;
        QTest::addRow("unique local") << u"fd12:3456::1"_s << u"private"_s;
        QTest::addRow("unspecified") << u"0.0.0.0"_s << u"unspecified"_s;
        QTest::addRow("IPv6 unspecified") << u"::"_s << u"unspecified"_s;
        QTest::addRow("CGNAT") << u"100.64.0.1"_s << u"shared (CGNAT)"_s;
        QTest::addRow("IPv4-mapped loopback") << u"::ffff:127.0.0.1"_s << u"loopback"_s;
        QTest::addRow("IPv4-mapped metadata") << u"::ffff:169.254.169.254"_s << u"link-local"_s;
        QTest::addRow("NAT64 of 10/8") << u"64:ff9b::a01:203"_s << u"private"_s;
        QTest::addRow("IPv4-compatible loopback") << u"::127.0.0.1"_s << u"loopback"_s;
        QTest::addRow("benchmarking") << u"198.18.0.1"_s << u"benchmarking (RFC 2544)"_s;
        QTest::addRow("multicast") << u"224.0.0.1"_s << u"multicast"_s;
        QTest::addRow("broadcast") << u"255.255.255.255"_s << u"reserved (or broadcast)"_s;
        QTest::addRow("240/4") << u"240.0.0.1"_s << u"reserved (or broadcast)"_s;
        QTest::addRow("IPv6 multicast") << u"ff02::1"_s << u"multicast"_s;
        QTest::addRow("site-local") << u"fec0::1"_s << u"site-local"_s;
        QTest::addRow("public") << u"93.184.216.34"_s << QString();
        QTest::addRow("next to 198.18/15") << u"198.20.0.1"_s << QString();
        QTest::addRow("next to 172.16/12") << u"172.32.0.1"_s << QString();
        QTest::addRow("next to CGNAT") << u"100.128.0.1"_s << QString();
        QTest::addRow("IPv4-mapped public") << u"::ffff:93.184.216.34"_s << QString();
        QTest::addRow("IPv6 public") << u"2606:4700:4700::1111"_s << QString();
        // Found by an adversarial helper: both were taken.
        QTest::addRow("6to4 of loopback") << u"2002:7f00:1::"_s << u"loopback"_s;
        QTest::addRow("6to4 of 10/8") << u"2002:a01:203::1"_s << u"private"_s;
        QTest::addRow("6to4 of public") << u"2002:5db8:d822::1"_s << QString();
        QTest::addRow("Teredo") << u"2001:0:4136:e378:8000:63bf:3fff:fdd2"_s << u"Teredo tunnel"_s;
    }

    void judgesAddresses()
    {
        QFETCH(QString, address);
        QFETCH(QString, range);
        QCOMPARE(hookyard::core::privateRangeOf(QHostAddress(address)), range);
    }

    void endpointAddRefusesPrivateUrlsWithoutTheFlag_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("error");
        const QString howToAllow = u": endpoints may not reach private networks unless added with "
                                   "--allow-private-network"_s;
        QTest::addRow("loopback") << u"http://127.0.0.1/"_s
                                  << u"hookyard: url host 127.0.0.1 is a loopback address"_s + howToAllow;
        QTest::addRow("cloud metadata") << u"http://169.254.169.254/latest/meta-data"_s
                                        << u"hookyard: url host 169.254.169.254 is a link-local address"_s + howToAllow;
        QTest::addRow("IPv6 loopback") << u"http://[::1]/"_s
                                       << u"hookyard: url host ::1 is a loopback address"_s + howToAllow;
        QTest::addRow("private") << u"http://10.1.2.3/hooks"_s
                                 << u"hookyard: url host 10.1.2.3 is a private address"_s + howToAllow;
        QTest::addRow("IPv4-mapped") << u"http://[::ffff:127.0.0.1]/"_s
                                     << u"hookyard: url host ::ffff:127.0.0.1 is a loopback address"_s + howToAllow;
        // A name is resolved when it is added; localhost, with its root's dot or not, and the names under it are
        // loopback whatever the resolver says (libcurl resolves them so).
        QTest::addRow("a name of loopback")
            << u"http://localhost:8080/"_s << u"hookyard: url host 'localhost' is a loopback name"_s + howToAllow;
        QTest::addRow("localhost with its root's dot")
            << u"http://LocalHost.:8080/"_s << u"hookyard: url host 'localhost.' is a loopback name"_s + howToAllow;
        QTest::addRow("a name under localhost")
            << u"http://shop.localhost/"_s << u"hookyard: url host 'shop.localhost' is a loopback name"_s + howToAllow;
    }

    void endpointAddRefusesPrivateUrlsWithoutTheFlag()
    {
        QFETCH(QString, url);
        QFETCH(QString, error);
        TestDatabase db(u"guard_add"_s);
        const auto refused =
            runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"add"_s, u"inside"_s, u"--url"_s, url});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(QString::fromUtf8(refused.err.trimmed()), error);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM endpoints"_s).toInt(), 0);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log"_s).toInt(), 0);

        const auto added = runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"add"_s, u"inside"_s, u"--url"_s,
                                        url, u"--allow-private-network"_s});
        QVERIFY2(added.exitCode == 0, added.err.constData());
        const auto shown = runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"show"_s, u"inside"_s, u"--json"_s});
        QCOMPARE(shown.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(shown.out)[u"endpoint"_s][u"allow_private_network"_s].toBool(), true);
        const auto text = runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"show"_s, u"inside"_s});
        QVERIFY2(text.out.contains("private network     allowed\n"), text.out.constData());
    }

    void statusUrlIsGuardedToo()
    {
        TestDatabase db(u"guard_status"_s);
        const auto refused =
            runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"add"_s, u"acme"_s, u"--url"_s,
                         u"http://93.184.216.34/in"_s, u"--status-url"_s, u"http://169.254.169.254/status/{id}"_s});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.startsWith("hookyard: status url host 169.254.169.254 is a link-local address"),
                 refused.err.constData());

        QCOMPARE(runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"add"_s, u"acme"_s, u"--url"_s,
                              u"http://93.184.216.34/in"_s})
                     .exitCode,
                 0);
        const auto setRefused = runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"set-status-url"_s, u"acme"_s,
                                             u"http://[::1]:9/status/{id}"_s});
        QCOMPARE(setRefused.exitCode, 1);
        QCOMPARE(QString::fromUtf8(setRefused.err.trimmed()),
                 u"hookyard: status url host ::1 is a loopback address: endpoint 'acme' does not allow private "
                 "networks (hookyard endpoint set-private-network acme allow)"_s);
        QVERIFY(db.scalar(u"SELECT status_url FROM endpoints"_s).isNull());

        const auto allowed = runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"set-private-network"_s, u"acme"_s,
                                          u"allow"_s, u"--reason"_s, u"status service is internal"_s});
        QVERIFY2(allowed.exitCode == 0, allowed.err.constData());
        QCOMPARE(db.scalar(u"SELECT details->>'allow_private_network' FROM audit_log "
                           "WHERE action = 'endpoint.set-private-network'"_s)
                     .toString(),
                 u"true"_s);
        QCOMPARE(runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"set-status-url"_s, u"acme"_s,
                              u"http://[::1]:9/status/{id}"_s})
                     .exitCode,
                 0);

        const auto badChoice =
            runHookyard({u"--database"_s, db.url(), u"endpoint"_s, u"set-private-network"_s, u"acme"_s, u"yes"_s});
        QCOMPARE(badChoice.exitCode, 2);
        QVERIFY(badChoice.err.contains("either allow or refuse"));
    }

    void reconcileListUrlIsGuarded()
    {
        TestDatabase db(u"guard_reconcile"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme) VALUES ('acme', 'standard')"_s);
        const QStringList set{u"--database"_s, db.url(),   u"reconcile"_s,
                              u"source"_s,     u"set"_s,   u"--partner"_s,
                              u"acme"_s,       u"--url"_s, u"http://10.0.0.7/list?from={since}&to={until}"_s};
        const auto refused = runHookyard(set);
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(QString::fromUtf8(refused.err.trimmed()),
                 u"hookyard: list url host 10.0.0.7 is a private address: list APIs may not be on private networks "
                 "unless set with --allow-private-network"_s);
        const auto allowed = runHookyard(set + QStringList{u"--allow-private-network"_s});
        QVERIFY2(allowed.exitCode == 0, allowed.err.constData());
        QCOMPARE(db.scalar(u"SELECT allow_private_network FROM reconcile_sources"_s).toBool(), true);
    }

    void transfersRefuseToConnectToPrivateAddresses()
    {
        HttpSink sink;
        HttpTransfers transfers(4);
        const TransferOutcome refused = transfer(transfers, sink.url(u"/hook"_s), false);
        QCOMPARE(refused.errorClass, u"blocked_address"_s);
        QCOMPARE(refused.statusCode, 0);
        QCOMPARE(refused.errorDetail, u"refused to connect to 127.0.0.1, a loopback address: this destination does "
                                      "not allow private networks"_s);
        QCOMPARE(sink.connectionsAccepted(), 0);

        // A name is judged by what libcurl resolves it to when it connects; it resolves names under localhost to
        // loopback itself.
        for (const QString &name : {u"localhost"_s, u"shop.localhost"_s}) {
            QUrl byName = sink.url(u"/hook"_s);
            byName.setHost(name);
            QCOMPARE(transfer(transfers, byName, false).errorClass, u"blocked_address"_s);
        }
        QCOMPARE(sink.connectionsAccepted(), 0);
        QCOMPARE(sink.requestCount(), 0);

        const TransferOutcome allowed = transfer(transfers, sink.url(u"/hook"_s), true);
        QCOMPARE(allowed.errorClass, u"ok"_s);
        QCOMPARE(allowed.statusCode, 200);
        QCOMPARE(sink.requestCount(), 1);
    }

    // A proxy named in the environment is not used: the guard judges the destination's own address.
    void proxyVariablesAreIgnored()
    {
        HttpSink destination;
        HttpSink proxy;
        const QByteArray proxyUrl = proxy.url().toEncoded();
        const QList<QByteArray> variables{"http_proxy", "https_proxy", "all_proxy", "ALL_PROXY", "HTTPS_PROXY"};
        for (const QByteArray &variable : variables)
            qputenv(variable.constData(), proxyUrl);
        HttpTransfers transfers(1);
        const TransferOutcome allowed = transfer(transfers, destination.url(u"/hook"_s), true);
        const TransferOutcome refused = transfer(transfers, destination.url(u"/hook"_s), false);
        for (const QByteArray &variable : variables)
            qunsetenv(variable.constData());
        QCOMPARE(allowed.statusCode, 200);
        QCOMPARE(destination.requestCount(), 1);
        QCOMPARE(refused.errorClass, u"blocked_address"_s);
        QCOMPARE(proxy.connectionsAccepted(), 0);
    }

    // The connection kept alive for a request that allows private networks is not reused by one that does not.
    void keptAliveConnectionsAreCheckedAgain()
    {
        HttpSink sink;
        HttpTransfers transfers(1);
        QCOMPARE(transfer(transfers, sink.url(u"/allowed"_s), true).statusCode, 200);
        QCOMPARE(transfer(transfers, sink.url(u"/refused"_s), false).errorClass, u"blocked_address"_s);
        QCOMPARE(sink.requestCount(), 1);
        QCOMPARE(sink.requests().first().path, "/allowed"_ba);
    }

    // Found by an adversarial helper: when a kept-alive connection closed without an answer, libcurl sent the request
    // again on fresh connections, five more times, and the relay recorded one attempt. The endpoint may have acted on
    // the first: the outcome is unknown, and nothing more is sent.
    void aRequestIsSentOnceWhenItsKeptAliveConnectionDies()
    {
        HttpSink sink;
        sink.setHandler([](const HttpSink::Request &request, int) {
            return request.path == "/drop" ? HttpSink::Reply{.action = HttpSink::Reply::DropAfterBody}
                                           : HttpSink::Reply{};
        });
        HttpTransfers transfers(1);
        QCOMPARE(transfer(transfers, sink.url(u"/warm"_s), true).statusCode, 200); // keeps its connection open
        const TransferOutcome dropped = transfer(transfers, sink.url(u"/drop"_s), true);
        QCOMPARE(sink.requestCount(), 2);
        QCOMPARE(dropped.errorClass, u"unknown"_s);
        QVERIFY2(dropped.errorDetail.contains(u"without an answer"_s), qPrintable(dropped.errorDetail));
        // A fresh connection's request that dies the same way is one request too.
        HttpTransfers fresh(1);
        QCOMPARE(transfer(fresh, sink.url(u"/drop"_s), true).errorClass, u"unknown"_s);
        QCOMPARE(sink.requestCount(), 3);
    }

    // An endpoint added with a public URL that later points at loopback (its DNS changed, simulated by changing the
    // row): the relay refuses at connect time, records the attempt with its error class and keeps running.
    void relayRefusesAtConnectTime_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addRow("address") << u"127.0.0.1"_s;
        QTest::addRow("name") << u"localhost"_s;
    }

    void relayRefusesAtConnectTime()
    {
        QFETCH(QString, host);
        TestDatabase db(u"guard_relay"_s);
        HttpSink sink;
        QUrl url = sink.url(u"/hooks"_s);
        url.setHost(host);
        db.execOrDie(
            u"INSERT INTO endpoints (name, url, timeout_ms) VALUES ('moved', 'https://93.184.216.34/', 2000)"_s);
        db.execOrDie(u"INSERT INTO endpoint_secrets (endpoint_id, secret) SELECT id, ? FROM endpoints"_s, {kSecret});
        db.execOrDie(u"UPDATE endpoints SET url = ?"_s, {url.toString()});
        db.execOrDie(u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload) "
                     "VALUES (gen_random_uuid(), 'Order', gen_random_uuid(), 'order.paid', '{}')"_s);

        hookyard::core::RelayOptions options;
        options.pollIntervalMs = 100;
        hookyard::core::Relay relay(db.settings(), options);
        relay.start();
        QTRY_COMPARE_WITH_TIMEOUT(db.scalar(u"SELECT count(*) FROM delivery_attempts"_s).toInt(), 1, 10000);
        QCOMPARE(db.scalar(u"SELECT error_class FROM delivery_attempts"_s).toString(), u"blocked_address"_s);
        const QString detail = db.scalar(u"SELECT error_detail FROM delivery_attempts"_s).toString();
        // localhost may resolve to both loopback addresses; the detail names the last one refused.
        QVERIFY2(detail.startsWith(u"refused to connect to 127.0.0.1, a loopback address"_s) ||
                     detail.startsWith(u"refused to connect to ::1, a loopback address"_s),
                 qPrintable(detail));
        // Retried on the endpoint's schedule like any failure; the reason is the delivery's last error.
        QCOMPARE(db.scalar(u"SELECT state FROM deliveries"_s).toString(), u"pending"_s);
        QCOMPARE(db.scalar(u"SELECT last_error FROM deliveries"_s).toString(), detail);
        QCOMPARE(sink.connectionsAccepted(), 0);
        QCOMPARE(sink.requestCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestAddressGuard)
#include "tst_addressguard.moc"
