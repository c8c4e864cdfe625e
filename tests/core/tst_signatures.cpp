// Webhook signatures: the public vectors of PROTOCOLS.md §1–2, and every way a request can fail verification.

#include "signing/Signatures.h"

#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace hookyard::core::signing;

using Headers = hookyard::core::HeaderMap;

namespace {

// Standard Webhooks public vector (PROTOCOLS.md §1).
const QString vectorSecret = u"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_s;
const QByteArray vectorId = "msg_p5jXN8AQM9LWM0D4loKWxJek"_ba;
constexpr qint64 vectorTimestamp = 1614265330;
const QByteArray vectorPayload = R"({"test": 2432232314})"_ba;
const QByteArray vectorSignature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="_ba;

// GitHub public vector (PROTOCOLS.md §2).
const QByteArray githubSecret = "It's a Secret to Everybody"_ba;
const QByteArray githubPayload = "Hello, World!"_ba;
const QByteArray githubSignature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"_ba;

// Stripe: no public vector, so the expected signatures come from QMessageAuthenticationCode, not from the code
// under test.
const QByteArray stripeSecret = "whsec_stripeTestSecret0123456789"_ba;
constexpr qint64 stripeTimestamp = 1700000000;
const QByteArray stripePayload = R"({"id":"evt_1","object":"event"})"_ba;

constexpr int tolerance = 300;

QByteArray vectorKey()
{
    const auto key = standardSecretKey(vectorSecret);
    return key ? key.value() : QByteArray();
}

QByteArray mac(QCryptographicHash::Algorithm algorithm, const QByteArray &key, const QByteArray &message)
{
    return QMessageAuthenticationCode::hash(message, key, algorithm);
}

QByteArray stripeV1(const QByteArray &secret, qint64 timestamp, const QByteArray &body)
{
    return mac(QCryptographicHash::Sha256, secret, QByteArray::number(timestamp) + '.' + body).toHex();
}

QByteArray stripeHeader(const QByteArray &v1Entries)
{
    return "t="_ba + QByteArray::number(stripeTimestamp) + ',' + v1Entries;
}

} // namespace

class TestSignatures final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void standardSignsThePublicVector()
    {
        const auto key = standardSecretKey(vectorSecret);
        QVERIFY2(key, qPrintable(key.ok() ? QString() : key.error()));
        QCOMPARE(key->size(), 24);
        QCOMPARE(standardSignature(key.value(), vectorId, vectorTimestamp, vectorPayload), vectorSignature);
        QCOMPARE(standardSignatureHeader({key.value()}, vectorId, vectorTimestamp, vectorPayload), vectorSignature);
    }

    void standardVerifies_data()
    {
        QTest::addColumn<QList<QByteArray>>("keys");
        QTest::addColumn<QByteArray>("messageId");
        QTest::addColumn<QByteArray>("timestamp");
        QTest::addColumn<QByteArray>("signature");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<qint64>("now");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("reason");

        const QList<QByteArray> keys{vectorKey()};
        const QByteArray ts = QByteArray::number(vectorTimestamp);
        const QByteArray otherSignature = "v1,"_ba + QByteArray(32, 'x').toBase64();
        auto row = [&](const char *name, const QByteArray &signature, bool valid, const QString &reason) {
            QTest::addRow("%s", name) << keys << vectorId << ts << signature << vectorPayload << vectorTimestamp
                                      << valid << reason;
        };

        row("public vector", vectorSignature, true, QString());
        row("last character changed to A", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OA="_ba, false,
            u"no signature matched"_s);
        row("padding changed to A", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OEA"_ba, false,
            u"no signature matched"_s);
        // Decodes to the same bytes as the vector (only unused low bits differ); compared as text it is rejected.
        row("non-canonical base64", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OF="_ba, false,
            u"no signature matched"_s);
        row("v1a and v1 entries", "v1a,"_ba + QByteArray(64, 'e').toBase64() + ' ' + vectorSignature, true, QString());
        row("unknown version, wrong v1, right v1", "v2,abc "_ba + otherSignature + ' ' + vectorSignature, true,
            QString());
        row("runs of spaces", otherSignature + "  "_ba + vectorSignature, true, QString());
        row("only v1a", "v1a,"_ba + QByteArray(64, 'e').toBase64(), false,
            u"no v1 signature in webhook-signature header"_s);
        row("entry without comma", "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="_ba, false,
            u"malformed webhook-signature header"_s);
        row("missing signature", QByteArray(), false, u"missing webhook-signature header"_s);

        QTest::addRow("tampered body") << keys << vectorId << ts << vectorSignature << R"({"test": 2432232315})"_ba
                                       << vectorTimestamp << false << u"no signature matched"_s;
        QTest::addRow("other message id") << keys << "msg_other"_ba << ts << vectorSignature << vectorPayload
                                          << vectorTimestamp << false << u"no signature matched"_s;
        QTest::addRow("wrong secret") << QList<QByteArray>{"another key"_ba} << vectorId << ts << vectorSignature
                                      << vectorPayload << vectorTimestamp << false << u"no signature matched"_s;
        QTest::addRow("no keys") << QList<QByteArray>{} << vectorId << ts << vectorSignature << vectorPayload
                                 << vectorTimestamp << false << u"no signing secret configured"_s;
        QTest::addRow("only an empty key")
            << QList<QByteArray>{QByteArray()} << vectorId << ts << vectorSignature << vectorPayload << vectorTimestamp
            << false << u"no signing secret configured"_s;
        QTest::addRow("missing id") << keys << QByteArray() << ts << vectorSignature << vectorPayload << vectorTimestamp
                                    << false << u"missing webhook-id header"_s;
        QTest::addRow("missing timestamp") << keys << vectorId << QByteArray() << vectorSignature << vectorPayload
                                           << vectorTimestamp << false << u"missing webhook-timestamp header"_s;
        for (const char *malformed : {"1614265330a", "-1614265330", " 1614265330", "+1614265330", "1.6e9"}) {
            QTest::addRow("timestamp '%s'", malformed)
                << keys << vectorId << QByteArray(malformed) << vectorSignature << vectorPayload << vectorTimestamp
                << false << u"malformed webhook-timestamp header"_s;
        }
        QTest::addRow("old, at the tolerance") << keys << vectorId << ts << vectorSignature << vectorPayload
                                               << vectorTimestamp + tolerance << true << QString();
        QTest::addRow("stale") << keys << vectorId << ts << vectorSignature << vectorPayload
                               << vectorTimestamp + tolerance + 112 << false
                               << u"timestamp outside tolerance (412 s old)"_s;
        QTest::addRow("ahead, at the tolerance") << keys << vectorId << ts << vectorSignature << vectorPayload
                                                 << vectorTimestamp - tolerance << true << QString();
        QTest::addRow("future") << keys << vectorId << ts << vectorSignature << vectorPayload
                                << vectorTimestamp - tolerance - 1 << false
                                << u"timestamp outside tolerance (301 s in the future)"_s;
    }

    void standardVerifies()
    {
        QFETCH(QList<QByteArray>, keys);
        QFETCH(QByteArray, messageId);
        QFETCH(QByteArray, timestamp);
        QFETCH(QByteArray, signature);
        QFETCH(QByteArray, body);
        QFETCH(qint64, now);
        const Verdict verdict = verifyStandard(keys, messageId, timestamp, signature, body, now, tolerance);
        QTEST(verdict.valid, "valid");
        QTEST(verdict.reason, "reason");
    }

    void standardHeaderCarriesOneSignaturePerKey()
    {
        const QByteArray oldKey = vectorKey();
        const auto newKey = standardSecretKey(generateStandardSecret());
        QVERIFY(newKey);
        const QByteArray header =
            standardSignatureHeader({oldKey, newKey.value()}, vectorId, vectorTimestamp, vectorPayload);
        const QList<QByteArray> entries = header.split(' ');
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries.first(), vectorSignature);
        QVERIFY(entries.last().startsWith("v1,"));

        const QByteArray ts = QByteArray::number(vectorTimestamp);
        for (const QByteArray &key : {oldKey, newKey.value()}) {
            const Verdict verdict = verifyStandard({key}, vectorId, ts, header, vectorPayload, vectorTimestamp, 300);
            QVERIFY2(verdict.valid, qPrintable(verdict.reason));
        }
        const Verdict stranger =
            verifyStandard({"a third key"_ba}, vectorId, ts, header, vectorPayload, vectorTimestamp, 300);
        QVERIFY(!stranger.valid);
        QCOMPARE(stranger.reason, u"no signature matched"_s);
    }

    void standardSecretsDecode_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QByteArray>("key");
        const QByteArray raw = "0123456789abcdef0123456789abcdef"_ba;
        QTest::addRow("prefixed") << u"whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="_s << raw;
        QTest::addRow("missing padding") << u"whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY"_s << raw;
        QTest::addRow("no prefix") << u"MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="_s << raw;
        QTest::addRow("two padding characters missing") << u"whsec_YQ"_s << "a"_ba;
    }

    void standardSecretsDecode()
    {
        QFETCH(QString, secret);
        const auto key = standardSecretKey(secret);
        QVERIFY2(key, qPrintable(key.ok() ? QString() : key.error()));
        QTEST(key.value(), "key");
    }

    void standardSecretsRejected_data()
    {
        QTest::addColumn<QString>("secret");
        QTest::addColumn<QString>("error");
        QTest::addRow("empty") << QString() << u"empty secret"_s;
        QTest::addRow("prefix only") << u"whsec_"_s << u"empty secret"_s;
        QTest::addRow("not base64") << u"whsec_hunter2!"_s << u"not base64"_s;
        QTest::addRow("url-safe alphabet") << u"whsec_hunter2-_"_s << u"not base64"_s;
        QTest::addRow("inner space") << u"whsec_hunter2 hunter2"_s << u"not base64"_s;
        QTest::addRow("lone trailing character") << u"whsec_hunter2hh"_s << u"not base64"_s;
        QTest::addRow("partial padding") << u"whsec_hunter2hun="_s << u"not base64"_s;
        QTest::addRow("non-Latin-1") << u"whsec_hunter2\u20ac"_s << u"not base64"_s;
    }

    void standardSecretsRejected()
    {
        QFETCH(QString, secret);
        QFETCH(QString, error);
        const auto key = standardSecretKey(secret);
        QVERIFY(!key);
        QVERIFY2(key.error().contains(error), qPrintable(key.error()));
        QVERIFY2(!key.error().contains(u"hunter2"_s), qPrintable(key.error()));
    }

    void generatedSecretsRoundTrip()
    {
        const QString secret = generateStandardSecret();
        QVERIFY(secret.startsWith(u"whsec_"_s));
        const auto key = standardSecretKey(secret);
        QVERIFY2(key, qPrintable(key.ok() ? QString() : key.error()));
        QCOMPARE(key->size(), 32);
        QCOMPARE(u"whsec_"_s + QString::fromLatin1(key->toBase64()), secret);
        QVERIFY(generateStandardSecret() != secret);
    }

    void github_data()
    {
        QTest::addColumn<QList<QByteArray>>("secrets");
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("reason");
        const QList<QByteArray> secrets{githubSecret};
        QTest::addRow("public vector") << secrets << githubSignature << githubPayload << true << QString();
        QTest::addRow("second secret during rotation") << QList<QByteArray>{"old secret"_ba, githubSecret}
                                                       << githubSignature << githubPayload << true << QString();
        QByteArray wrong = githubSignature;
        wrong.back() = '6';
        QTest::addRow("wrong signature") << secrets << wrong << githubPayload << false << u"no signature matched"_s;
        QTest::addRow("uppercase hex") << secrets << QByteArray("sha256="_ba + githubSignature.sliced(7).toUpper())
                                       << githubPayload << false << u"no signature matched"_s;
        QTest::addRow("wrong secret") << QList<QByteArray>{"It's a Secret to Nobody"_ba} << githubSignature
                                      << githubPayload << false << u"no signature matched"_s;
        QTest::addRow("tampered body") << secrets << githubSignature << "Hello, World?"_ba << false
                                       << u"no signature matched"_s;
        QTest::addRow("sha1 header") << secrets << "sha1=01dc10d0c83e72ed246219cdd91669667fe2ca59"_ba << githubPayload
                                     << false << u"malformed X-Hub-Signature-256 header"_s;
        QTest::addRow("missing header") << secrets << QByteArray() << githubPayload << false
                                        << u"missing X-Hub-Signature-256 header"_s;
        // Anybody can compute an HMAC with an empty key, so an empty secret in the list must verify nothing.
        QTest::addRow("made with an empty secret")
            << QList<QByteArray>{QByteArray(), githubSecret}
            << QByteArray("sha256="_ba + mac(QCryptographicHash::Sha256, QByteArray(), githubPayload).toHex())
            << githubPayload << false << u"no signature matched"_s;
        QTest::addRow("no secrets") << QList<QByteArray>{} << githubSignature << githubPayload << false
                                    << u"no signing secret configured"_s;
    }

    void github()
    {
        QFETCH(QList<QByteArray>, secrets);
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, body);
        const Verdict verdict = verifyGitHub(secrets, header, body);
        QTEST(verdict.valid, "valid");
        QTEST(verdict.reason, "reason");
    }

    void stripe_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<qint64>("now");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("reason");

        const QByteArray good = stripeV1(stripeSecret, stripeTimestamp, stripePayload);
        const QByteArray other = stripeV1("whsec_someoneElse"_ba, stripeTimestamp, stripePayload);
        const QString noMatch = u"no signature matched"_s;
        QTest::addRow("v1") << stripeHeader("v1="_ba + good) << stripePayload << stripeTimestamp << true << QString();
        QTest::addRow("several v1, the last matches")
            << stripeHeader("v1="_ba + other + ",v1=" + good) << stripePayload << stripeTimestamp << true << QString();
        QTest::addRow("v1 and v0") << stripeHeader("v1="_ba + good + ",v0=" + other) << stripePayload << stripeTimestamp
                                   << true << QString();
        QTest::addRow("t last") << QByteArray("v1="_ba + good + ",t=" + QByteArray::number(stripeTimestamp))
                                << stripePayload << stripeTimestamp << true << QString();
        QTest::addRow("at the tolerance")
            << stripeHeader("v1="_ba + good) << stripePayload << stripeTimestamp + tolerance << true << QString();
        QTest::addRow("too old") << stripeHeader("v1="_ba + good) << stripePayload << stripeTimestamp + tolerance + 1
                                 << false << u"timestamp outside tolerance (301 s old)"_s;
        QTest::addRow("an hour in the future")
            << stripeHeader("v1="_ba + good) << stripePayload << stripeTimestamp - 3600 << true << QString();
        QTest::addRow("only a v0 match") << stripeHeader("v1="_ba + other + ",v0=" + good) << stripePayload
                                         << stripeTimestamp << false << noMatch;
        QTest::addRow("tampered body") << stripeHeader("v1="_ba + good) << R"({"id":"evt_2","object":"event"})"_ba
                                       << stripeTimestamp << false << noMatch;
        QTest::addRow("signed with a different t")
            << stripeHeader("v1="_ba + stripeV1(stripeSecret, stripeTimestamp + 1, stripePayload)) << stripePayload
            << stripeTimestamp << false << noMatch;
        // The key is the secret text itself: a signature made with the base64-decoded secret must not verify.
        const QByteArray decodedKey = QByteArray::fromBase64(stripeSecret.sliced(6));
        QTest::addRow("signed with the decoded secret")
            << stripeHeader("v1="_ba + mac(QCryptographicHash::Sha256, decodedKey,
                                           QByteArray::number(stripeTimestamp) + '.' + stripePayload)
                                           .toHex())
            << stripePayload << stripeTimestamp << false << noMatch;
        QTest::addRow("uppercase hex") << stripeHeader("v1="_ba + good.toUpper()) << stripePayload << stripeTimestamp
                                       << false << noMatch;
        QTest::addRow("no v1") << stripeHeader("v0="_ba + good) << stripePayload << stripeTimestamp << false
                               << u"no v1 signature in Stripe-Signature header"_s;
        QTest::addRow("no t") << QByteArray("v1="_ba + good) << stripePayload << stripeTimestamp << false
                              << u"no timestamp in Stripe-Signature header"_s;
        QTest::addRow("two t") << stripeHeader("t=1,v1="_ba + good) << stripePayload << stripeTimestamp << false
                               << u"malformed Stripe-Signature header"_s;
        QTest::addRow("t not a number") << QByteArray("t=soon,v1="_ba + good) << stripePayload << stripeTimestamp
                                        << false << u"malformed Stripe-Signature header"_s;
        QTest::addRow("item without =") << stripeHeader("v1"_ba) << stripePayload << stripeTimestamp << false
                                        << u"malformed Stripe-Signature header"_s;
        QTest::addRow("missing header") << QByteArray() << stripePayload << stripeTimestamp << false
                                        << u"missing Stripe-Signature header"_s;
    }

    void stripe()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, body);
        QFETCH(qint64, now);
        const Verdict verdict = verifyStripe({"whsec_retired"_ba, stripeSecret}, header, body, now, tolerance);
        QTEST(verdict.valid, "valid");
        QTEST(verdict.reason, "reason");
    }

    void genericHmacConfigDefaults()
    {
        const auto config =
            parseGenericHmacConfig(QJsonObject{{u"signature_header"_s, u" X-Signature "_s}, {u"event_id"_s, u"/id"_s}});
        QVERIFY2(config, qPrintable(config.ok() ? QString() : config.error()));
        QCOMPARE(config->signatureHeader, "x-signature"_ba);
        QCOMPARE(config->algorithm, HmacAlgorithm::Sha256);
        QCOMPARE(config->encoding, SignatureEncoding::Hex);
        QVERIFY(config->prefix.isEmpty());
        QVERIFY(config->timestampHeader.isEmpty());
        QVERIFY(!config->timestampSigned);
    }

    void genericHmacConfigRejected_data()
    {
        QTest::addColumn<QJsonObject>("config");
        QTest::addColumn<QString>("error");
        const QJsonObject base{{u"signature_header"_s, u"X-Signature"_s}};
        auto with = [&](const QString &key, const QJsonValue &value) {
            QJsonObject config = base;
            config.insert(key, value);
            return config;
        };
        QTest::addRow("unknown algorithm")
            << with(u"algorithm"_s, u"md5"_s) << u"unknown algorithm \"md5\" (expected sha1, sha256 or sha512)"_s;
        QTest::addRow("algorithm in capitals") << with(u"algorithm"_s, u"SHA256"_s) << u"unknown algorithm"_s;
        QTest::addRow("unknown encoding")
            << with(u"encoding"_s, u"base32"_s) << u"unknown encoding \"base32\" (expected hex or base64)"_s;
        QTest::addRow("algorithm not a string") << with(u"algorithm"_s, 256) << u"\"algorithm\" must be a string"_s;
        QTest::addRow("no signature header")
            << QJsonObject{{u"algorithm"_s, u"sha256"_s}} << u"\"signature_header\" is required"_s;
        QTest::addRow("signed timestamp without header")
            << with(u"timestamp_signed"_s, true) << u"\"timestamp_signed\" needs \"timestamp_header\""_s;
        QTest::addRow("timestamp_signed not a bool")
            << with(u"timestamp_signed"_s, u"yes"_s) << u"\"timestamp_signed\" must be true or false"_s;
    }

    void genericHmacConfigRejected()
    {
        QFETCH(QJsonObject, config);
        QFETCH(QString, error);
        const auto parsed = parseGenericHmacConfig(config);
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().contains(error), qPrintable(parsed.error()));
    }

    void genericHmac_data()
    {
        QTest::addColumn<QJsonObject>("config");
        QTest::addColumn<Headers>("headers");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("reason");

        const QByteArray secret = "partner secret"_ba;
        const QByteArray body = R"({"order":42,"state":"paid"})"_ba;
        const QByteArray ts = QByteArray::number(stripeTimestamp);
        const QString noMatch = u"no signature matched"_s;

        const QJsonObject hexPrefixed{{u"signature_header"_s, u"X-Partner-Signature"_s},
                                      {u"algorithm"_s, u"sha256"_s},
                                      {u"encoding"_s, u"hex"_s},
                                      {u"prefix"_s, u"sha256="_s}};
        const QByteArray hex = mac(QCryptographicHash::Sha256, secret, body).toHex();
        QTest::addRow("hex with prefix") << hexPrefixed << Headers{{"x-partner-signature", "sha256=" + hex}} << body
                                         << true << QString();
        QTest::addRow("hex in capitals") << hexPrefixed << Headers{{"x-partner-signature", "sha256=" + hex.toUpper()}}
                                         << body << true << QString();
        QTest::addRow("hex, tampered body") << hexPrefixed << Headers{{"x-partner-signature", "sha256=" + hex}}
                                            << QByteArray(body + ' ') << false << noMatch;
        QTest::addRow("hex without the prefix")
            << hexPrefixed << Headers{{"x-partner-signature", hex}} << body << false
            << u"malformed x-partner-signature header (expected prefix \"sha256=\")"_s;
        QTest::addRow("hex, header missing") << hexPrefixed << Headers{{"x-signature", "sha256=" + hex}} << body
                                             << false << u"missing x-partner-signature header"_s;

        QJsonObject sha1 = hexPrefixed;
        sha1.insert(u"algorithm"_s, u"sha1"_s);
        sha1.insert(u"prefix"_s, u"sha1="_s);
        QTest::addRow("sha1") << sha1
                              << Headers{{"x-partner-signature",
                                          "sha1=" + mac(QCryptographicHash::Sha1, secret, body).toHex()}}
                              << body << true << QString();
        QJsonObject sha512 = hexPrefixed;
        sha512.insert(u"algorithm"_s, u"sha512"_s);
        sha512.remove(u"prefix"_s);
        QTest::addRow("sha512 without prefix")
            << sha512 << Headers{{"x-partner-signature", mac(QCryptographicHash::Sha512, secret, body).toHex()}} << body
            << true << QString();
        QTest::addRow("sha512 given a sha256 signature")
            << sha512 << Headers{{"x-partner-signature", hex}} << body << false << noMatch;

        const QJsonObject base64Timestamped{{u"signature_header"_s, u"X-Sig"_s},
                                            {u"encoding"_s, u"base64"_s},
                                            {u"timestamp_header"_s, u"X-Sig-Timestamp"_s},
                                            {u"timestamp_signed"_s, true}};
        const QByteArray overTimestamp = mac(QCryptographicHash::Sha256, secret, ts + '.' + body).toBase64();
        const QByteArray overBodyOnly = mac(QCryptographicHash::Sha256, secret, body).toBase64();
        QTest::addRow("base64 with signed timestamp")
            << base64Timestamped << Headers{{"x-sig", overTimestamp}, {"x-sig-timestamp", ts}} << body << true
            << QString();
        QTest::addRow("base64, signature over the body only")
            << base64Timestamped << Headers{{"x-sig", overBodyOnly}, {"x-sig-timestamp", ts}} << body << false
            << noMatch;
        QTest::addRow("base64, timestamp replaced")
            << base64Timestamped
            << Headers{{"x-sig", overTimestamp}, {"x-sig-timestamp", QByteArray::number(stripeTimestamp + 1)}} << body
            << false << noMatch;
        QTest::addRow("base64, timestamp missing") << base64Timestamped << Headers{{"x-sig", overTimestamp}} << body
                                                   << false << u"missing x-sig-timestamp header"_s;
        QTest::addRow("base64, timestamp malformed")
            << base64Timestamped << Headers{{"x-sig", overTimestamp}, {"x-sig-timestamp", "yesterday"}} << body << false
            << u"malformed x-sig-timestamp header"_s;

        QJsonObject unsignedTimestamp = base64Timestamped;
        unsignedTimestamp.insert(u"timestamp_signed"_s, false);
        QTest::addRow("base64, timestamp checked but not signed")
            << unsignedTimestamp << Headers{{"x-sig", overBodyOnly}, {"x-sig-timestamp", ts}} << body << true
            << QString();
    }

    void genericHmac()
    {
        QFETCH(QJsonObject, config);
        QFETCH(Headers, headers);
        QFETCH(QByteArray, body);
        const auto parsed = parseGenericHmacConfig(config);
        QVERIFY2(parsed, qPrintable(parsed.ok() ? QString() : parsed.error()));
        const Verdict verdict =
            verifyGenericHmac(parsed.value(), {"partner secret"_ba}, headers, body, stripeTimestamp, tolerance);
        QTEST(verdict.valid, "valid");
        QTEST(verdict.reason, "reason");
    }

    void genericHmacChecksTheTimestampBothWays_data()
    {
        QTest::addColumn<qint64>("now");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("reason");
        QTest::addRow("at the tolerance, old") << stripeTimestamp + tolerance << true << QString();
        QTest::addRow("at the tolerance, ahead") << stripeTimestamp - tolerance << true << QString();
        QTest::addRow("stale") << stripeTimestamp + 412 << false << u"timestamp outside tolerance (412 s old)"_s;
        QTest::addRow("future") << stripeTimestamp - 400 << false
                                << u"timestamp outside tolerance (400 s in the future)"_s;
    }

    void genericHmacChecksTheTimestampBothWays()
    {
        QFETCH(qint64, now);
        GenericHmacConfig config;
        config.signatureHeader = "x-sig"_ba;
        config.encoding = SignatureEncoding::Base64;
        config.timestampHeader = "x-sig-timestamp"_ba;
        config.timestampSigned = true;
        const QByteArray secret = "partner secret"_ba;
        const QByteArray ts = QByteArray::number(stripeTimestamp);
        const Headers headers{{"x-sig", mac(QCryptographicHash::Sha256, secret, ts + ".{}").toBase64()},
                              {"x-sig-timestamp", ts}};
        const Verdict verdict = verifyGenericHmac(config, {secret}, headers, "{}"_ba, now, tolerance);
        QTEST(verdict.valid, "valid");
        QTEST(verdict.reason, "reason");
    }
};

QTEST_GUILESS_MAIN(TestSignatures)
#include "tst_signatures.moc"
