// Partners: field sources and JSON pointers, the config keys with their per-scheme defaults, storage with secrets,
// rotation and audit rows, what the receiver loads, and the `hookyard partner` command line.

#include "RunHookyard.h"
#include "TestDatabase.h"
#include "db/Migrator.h"
#include "inbox/PartnerConfig.h"
#include "inbox/PartnerStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryFile>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::FieldSource;
using hookyard::core::Migrator;
using hookyard::core::PartnerConfig;
using hookyard::core::PartnerScheme;
using hookyard::core::PartnerSettings;
using hookyard::core::PartnerStore;
using hookyard::core::ProcessingMode;
using hookyard::test::runHookyard;
using hookyard::test::TestDatabase;

namespace {

QJsonObject jsonObject(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

const QByteArray kBody = R"({
  "id": "evt_1", "type": "order.paid", "a/b": 1, "m~n": 2, "": 3, "empty": "",
  "data": {"object": {"id": "ch_1", "object": "charge", "amount": 2432232314, "ratio": 0.25, "paid": true,
                      "refunded": false, "meta": null}},
  "items": [{"sku": "x"}, {"sku": "y"}],
  "exact": 9007199254740993, "max": 9223372036854775807, "huge": 12345678901234567890, "neg": -42, "expo": 1e3,
  "hugeNegative": -12345678901234567890
})";

QString standardSecret(char fill)
{
    return u"whsec_"_s + QString::fromLatin1(QByteArray(32, fill).toBase64());
}

PartnerSettings partner(const QString &name, PartnerScheme scheme, const QJsonObject &config = {})
{
    PartnerSettings settings;
    settings.name = name;
    settings.scheme = scheme;
    settings.config = config;
    return settings;
}

QString errorOf(const hookyard::core::Status &status)
{
    return status.ok() ? QString() : status.error();
}

QString specOf(const FieldSource &source)
{
    return source.isSet() ? hookyard::core::fieldSourceSpec(source) : QString();
}

// `hookyard partner ARGUMENTS` on the test's database.
hookyard::test::HookyardRun partnerCommand(const TestDatabase &db, const QStringList &arguments)
{
    return runHookyard(QStringList{u"--database"_s, db.url(), u"partner"_s} + arguments);
}

// What `hookyard partner show NAME --json` says of the partner.
QJsonObject shownPartner(const TestDatabase &db, const QString &name)
{
    return QJsonDocument::fromJson(partnerCommand(db, {u"show"_s, name, u"--json"_s}).out)
        .object()[u"partner"_s]
        .toObject();
}

} // namespace

class TestPartners final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseFieldSource_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("value"); // header, pointer or literal; the error's start when kind is -1
        const int header = int(FieldSource::Kind::Header);
        const int pointer = int(FieldSource::Kind::JsonPointer);
        const int literal = int(FieldSource::Kind::Literal);
        QTest::addRow("header, lowercased") << u"header:X-Request-Id"_s << header << u"x-request-id"_s;
        QTest::addRow("pointer") << u"/data/object/id"_s << pointer << u"/data/object/id"_s;
        QTest::addRow("pointer with escapes") << u"/a~1b/~0c"_s << pointer << u"/a~1b/~0c"_s;
        QTest::addRow("pointer to the empty key") << u"/"_s << pointer << u"/"_s;
        QTest::addRow("literal") << u"=order"_s << literal << u"order"_s;
        QTest::addRow("literal with a colon") << u"=a:b"_s << literal << u"a:b"_s;
        QTest::addRow("unset") << u"="_s << literal << QString();
        QTest::addRow("empty") << QString() << -1 << u"'' is not a field source"_s;
        QTest::addRow("pointer without slash") << u"data/id"_s << -1 << u"'data/id' is not a field source"_s;
        QTest::addRow("header without name") << u"header:"_s << -1 << u"'header:' does not name a valid HTTP"_s;
        QTest::addRow("header with space") << u"header:x id"_s << -1 << u"'header:x id' does not name"_s;
        QTest::addRow("uppercase prefix") << u"Header:x-id"_s << -1 << u"'Header:x-id' is not a field source"_s;
        QTest::addRow("bad escape") << u"/a~2"_s << -1 << u"JSON pointer '/a~2' has a '~' not followed"_s;
        QTest::addRow("trailing tilde") << u"/a~"_s << -1 << u"JSON pointer '/a~' has a '~' not followed"_s;
    }

    void parseFieldSource()
    {
        QFETCH(QString, spec);
        QFETCH(int, kind);
        QFETCH(QString, value);
        const auto parsed = hookyard::core::parseFieldSource(spec);
        if (kind < 0) {
            QVERIFY(!parsed);
            QVERIFY2(parsed.error().startsWith(value), qPrintable(parsed.error()));
            return;
        }
        QVERIFY2(parsed, qPrintable(parsed.ok() ? QString() : parsed.error()));
        QCOMPARE(int(parsed->kind), kind);
        switch (parsed->kind) {
        case FieldSource::Kind::Header:
            QCOMPARE(QString::fromLatin1(parsed->header), value);
            QCOMPARE(hookyard::core::fieldSourceSpec(parsed.value()), u"header:"_s + value);
            break;
        case FieldSource::Kind::JsonPointer:
            QCOMPARE(parsed->pointer, value);
            QCOMPARE(hookyard::core::fieldSourceSpec(parsed.value()), spec);
            break;
        case FieldSource::Kind::Literal:
            QCOMPARE(parsed->literal, value);
            QCOMPARE(parsed->isSet(), !value.isEmpty());
            QCOMPARE(hookyard::core::fieldSourceSpec(parsed.value()), spec);
            break;
        }
    }

    void resolveJsonPointer_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<bool>("found");
        QTest::addColumn<QJsonValue>("expected");
        QTest::addRow("member") << u"/id"_s << true << QJsonValue(u"evt_1"_s);
        QTest::addRow("nested") << u"/data/object/id"_s << true << QJsonValue(u"ch_1"_s);
        QTest::addRow("~1 is a slash") << u"/a~1b"_s << true << QJsonValue(1);
        QTest::addRow("~0 is a tilde") << u"/m~0n"_s << true << QJsonValue(2);
        QTest::addRow("empty key") << u"/"_s << true << QJsonValue(3);
        QTest::addRow("array element") << u"/items/1/sku"_s << true << QJsonValue(u"y"_s);
        QTest::addRow("array first") << u"/items/0/sku"_s << true << QJsonValue(u"x"_s);
        QTest::addRow("null is a value") << u"/data/object/meta"_s << true << QJsonValue(QJsonValue::Null);
        QTest::addRow("object") << u"/data/object"_s << true
                                << QJsonValue(jsonObject(QString::fromUtf8(kBody))[u"data"_s][u"object"_s]);
        QTest::addRow("missing member") << u"/missing"_s << false << QJsonValue();
        QTest::addRow("missing nested") << u"/data/nothing/id"_s << false << QJsonValue();
        QTest::addRow("index past the end") << u"/items/2"_s << false << QJsonValue();
        QTest::addRow("leading zero") << u"/items/01"_s << false << QJsonValue();
        QTest::addRow("dash: after the last") << u"/items/-"_s << false << QJsonValue();
        QTest::addRow("index not a number") << u"/items/first"_s << false << QJsonValue();
        QTest::addRow("negative index") << u"/items/-1"_s << false << QJsonValue();
        QTest::addRow("through a scalar") << u"/id/x"_s << false << QJsonValue();
        QTest::addRow("no leading slash") << u"id"_s << false << QJsonValue();
        QTest::addRow("bad escape") << u"/m~2n"_s << false << QJsonValue();
        QTest::addRow("escape is not the key") << u"/a/b"_s << false << QJsonValue();
    }

    void resolveJsonPointer()
    {
        QFETCH(QString, pointer);
        QFETCH(bool, found);
        QFETCH(QJsonValue, expected);
        const auto value = hookyard::core::resolveJsonPointer(QJsonDocument::fromJson(kBody), pointer);
        QCOMPARE(value.has_value(), found);
        if (found)
            QCOMPARE(*value, expected);
    }

    void resolveJsonPointerOnWholeDocumentsAndArrays()
    {
        const QJsonDocument object = QJsonDocument::fromJson(kBody);
        QCOMPARE(hookyard::core::resolveJsonPointer(object, QString()), QJsonValue(object.object()));
        const QJsonDocument array = QJsonDocument::fromJson(R"([{"id": "a"}, {"id": "b"}])");
        QCOMPARE(hookyard::core::resolveJsonPointer(array, u"/1/id"_s), QJsonValue(u"b"_s));
        QVERIFY(!hookyard::core::resolveJsonPointer(QJsonDocument(), u"/id"_s));
        QVERIFY(!hookyard::core::resolveJsonPointer(QJsonDocument::fromJson("not json"), u"/id"_s));
    }

    void extractField_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<bool>("found");
        QTest::addColumn<QString>("expected");
        QTest::addRow("header") << u"header:webhook-id"_s << true << u"msg_1"_s;
        QTest::addRow("header configured in capitals") << u"header:Webhook-Id"_s << true << u"msg_1"_s;
        QTest::addRow("header in UTF-8") << u"header:x-name"_s << true << u"Zoë"_s;
        QTest::addRow("missing header") << u"header:x-missing"_s << false << QString();
        QTest::addRow("header not in UTF-8") << u"header:x-latin1"_s << false << QString();
        QTest::addRow("empty header") << u"header:x-empty"_s << false << QString();
        QTest::addRow("string") << u"/type"_s << true << u"order.paid"_s;
        QTest::addRow("integer") << u"/data/object/amount"_s << true << u"2432232314"_s;
        QTest::addRow("integer beyond 2^53") << u"/exact"_s << true << u"9007199254740993"_s;
        QTest::addRow("largest qint64") << u"/max"_s << true << u"9223372036854775807"_s;
        // Held as a double, which 12345678901234567890 and 12345678901234567891 both become: not usable as an id.
        QTest::addRow("integer beyond qint64") << u"/huge"_s << false << QString();
        QTest::addRow("negative integer beyond qint64") << u"/hugeNegative"_s << false << QString();
        QTest::addRow("negative") << u"/neg"_s << true << u"-42"_s;
        QTest::addRow("exponent written") << u"/expo"_s << true << u"1000"_s;
        QTest::addRow("fraction") << u"/data/object/ratio"_s << true << u"0.25"_s;
        QTest::addRow("true") << u"/data/object/paid"_s << true << u"true"_s;
        QTest::addRow("false") << u"/data/object/refunded"_s << true << u"false"_s;
        QTest::addRow("null") << u"/data/object/meta"_s << false << QString();
        QTest::addRow("object") << u"/data/object"_s << false << QString();
        QTest::addRow("array") << u"/items"_s << false << QString();
        QTest::addRow("empty string") << u"/empty"_s << false << QString();
        QTest::addRow("missing path") << u"/data/object/customer"_s << false << QString();
        QTest::addRow("literal") << u"=order"_s << true << u"order"_s;
        QTest::addRow("unset") << u"="_s << false << QString();
    }

    void extractField()
    {
        QFETCH(QString, spec);
        QFETCH(bool, found);
        QFETCH(QString, expected);
        const hookyard::core::HeaderMap headers{
            {"webhook-id", "msg_1"}, {"x-name", "Zo\xc3\xab"}, {"x-latin1", "caf\xe9"}, {"x-empty", ""}};
        const auto source = hookyard::core::parseFieldSource(spec);
        QVERIFY(source);
        const auto value = hookyard::core::extractField(source.value(), headers, QJsonDocument::fromJson(kBody));
        QCOMPARE(value.has_value(), found);
        if (found)
            QCOMPARE(*value, expected);
    }

    void extractFieldFromABodyThatIsNotJson()
    {
        const auto pointer = hookyard::core::parseFieldSource(u"/id"_s).value();
        QVERIFY(!hookyard::core::extractField(pointer, {}, QJsonDocument::fromJson("id=1")));
        const auto header = hookyard::core::parseFieldSource(u"header:x-id"_s).value();
        QCOMPARE(hookyard::core::extractField(header, {{"x-id", "7"}}, QJsonDocument()), std::optional(u"7"_s));
    }

    void schemeAndModeNames()
    {
        for (const QString &name : {u"standard"_s, u"stripe"_s, u"github"_s, u"hmac"_s})
            QCOMPARE(hookyard::core::partnerSchemeName(hookyard::core::parsePartnerScheme(name).value()), name);
        QCOMPARE(hookyard::core::parsePartnerScheme(u"svix"_s).error(),
                 u"unknown scheme 'svix': standard, stripe, github or hmac"_s);
        for (const QString &name : {u"state_machine"_s, u"timestamp"_s, u"store_only"_s})
            QCOMPARE(hookyard::core::processingModeName(hookyard::core::parseProcessingMode(name).value()), name);
        QVERIFY(!hookyard::core::parseProcessingMode(u"StateMachine"_s));
    }

    void schemeDefaults_data()
    {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<QString>("config");
        QTest::addColumn<QStringList>("sources"); // event id, event type, entity type, entity id, event time
        QTest::addColumn<QString>("mode");
        QTest::addRow("standard") << u"standard"_s << u"{}"_s
                                  << QStringList{u"header:webhook-id"_s, u"/type"_s, QString(), u"/data/id"_s,
                                                 u"/timestamp"_s}
                                  << u"state_machine"_s;
        QTest::addRow("standard, svix names")
            << u"standard"_s << uR"({"svix_headers": true})"_s
            << QStringList{u"header:svix-id"_s, u"/type"_s, QString(), u"/data/id"_s, u"/timestamp"_s}
            << u"state_machine"_s;
        QTest::addRow("stripe") << u"stripe"_s << u"{}"_s
                                << QStringList{u"/id"_s, u"/type"_s, u"/data/object/object"_s, u"/data/object/id"_s,
                                               u"/created"_s}
                                << u"state_machine"_s;
        QTest::addRow("github") << u"github"_s << u"{}"_s
                                << QStringList{u"header:x-github-delivery"_s, u"header:x-github-event"_s, QString(),
                                               QString(), QString()}
                                << u"store_only"_s;
        QTest::addRow("hmac") << u"hmac"_s << uR"({"hmac": {"signature_header": "X-Signature"}})"_s
                              << QStringList{u"/id"_s, u"/type"_s, QString(), u"/entity_id"_s, QString()}
                              << u"state_machine"_s;
        QTest::addRow("github with an entity")
            << u"github"_s << uR"({"entity_type": "=pull_request", "entity_id": "/pull_request/id"})"_s
            << QStringList{u"header:x-github-delivery"_s, u"header:x-github-event"_s, u"=pull_request"_s,
                           u"/pull_request/id"_s, QString()}
            << u"state_machine"_s;
        QTest::addRow("an entity id unset again")
            << u"stripe"_s << uR"({"entity_id": "="})"_s
            << QStringList{u"/id"_s, u"/type"_s, u"/data/object/object"_s, QString(), u"/created"_s} << u"store_only"_s;
    }

    void schemeDefaults()
    {
        QFETCH(QString, scheme);
        QFETCH(QString, config);
        QFETCH(QStringList, sources);
        QFETCH(QString, mode);
        const PartnerScheme parsedScheme = hookyard::core::parsePartnerScheme(scheme).value();
        const auto parsed = hookyard::core::parsePartnerConfig(parsedScheme, jsonObject(config));
        QVERIFY2(parsed, qPrintable(parsed.ok() ? QString() : parsed.error()));
        const PartnerConfig &partnerConfig = parsed.value();
        QCOMPARE(partnerConfig.scheme, parsedScheme);
        QCOMPARE(QStringList({specOf(partnerConfig.eventId), specOf(partnerConfig.eventType),
                              specOf(partnerConfig.entityType), specOf(partnerConfig.entityId),
                              specOf(partnerConfig.eventTime)}),
                 sources);
        QCOMPARE(hookyard::core::processingModeName(partnerConfig.mode), mode);
        QCOMPARE(partnerConfig.hmac.has_value(), parsedScheme == PartnerScheme::GenericHmac);
        if (partnerConfig.hmac)
            QCOMPARE(partnerConfig.hmac->signatureHeader, QByteArray("x-signature"));
        QVERIFY(partnerConfig.handlerUrl.isEmpty());
        QCOMPARE(partnerConfig.handlerTimeoutMs, 10000);
        QCOMPARE(partnerConfig.deferMaxAgeSeconds, 86400);
        QCOMPARE(partnerConfig.deferMaxCount, 50);
        QCOMPARE(partnerConfig.toleranceSeconds, 300);
        QCOMPARE(partnerConfig.maxBodyBytes, 1048576);
    }

    void everyKeyIsRead()
    {
        const QJsonObject hmac{{u"signature_header"_s, u"X-Sig"_s},
                               {u"algorithm"_s, u"sha512"_s},
                               {u"encoding"_s, u"base64"_s},
                               {u"prefix"_s, u"v1="_s},
                               {u"timestamp_header"_s, u"X-Sig-Time"_s},
                               {u"timestamp_signed"_s, true}};
        const auto parsed = hookyard::core::parsePartnerConfig(
            PartnerScheme::GenericHmac, {{u"event_id"_s, u"header:X-Event-Id"_s},
                                         {u"event_type"_s, u"/kind"_s},
                                         {u"entity_type"_s, u"=invoice"_s},
                                         {u"entity_id"_s, u"/invoice/number"_s},
                                         {u"event_time"_s, u"/at"_s},
                                         {u"mode"_s, u"timestamp"_s},
                                         {u"handler_url"_s, u"https://app.internal/hooks/billing"_s},
                                         {u"handler_timeout_ms"_s, 2500},
                                         {u"defer_max_age_s"_s, 600},
                                         {u"defer_max_count"_s, 5},
                                         {u"hmac"_s, hmac}});
        QVERIFY2(parsed, qPrintable(parsed.ok() ? QString() : parsed.error()));
        const PartnerConfig &config = parsed.value();
        QCOMPARE(specOf(config.eventId), u"header:x-event-id"_s);
        QCOMPARE(specOf(config.eventType), u"/kind"_s);
        QCOMPARE(config.entityType.literal, u"invoice"_s);
        QCOMPARE(specOf(config.entityId), u"/invoice/number"_s);
        QCOMPARE(specOf(config.eventTime), u"/at"_s);
        QCOMPARE(config.mode, ProcessingMode::Timestamp);
        QCOMPARE(config.handlerUrl, u"https://app.internal/hooks/billing"_s);
        QCOMPARE(config.handlerTimeoutMs, 2500);
        QCOMPARE(config.deferMaxAgeSeconds, 600);
        QCOMPARE(config.deferMaxCount, 5);
        QVERIFY(config.hmac);
        QCOMPARE(config.hmac->signatureHeader, QByteArray("x-sig"));
        QCOMPARE(config.hmac->algorithm, hookyard::core::signing::HmacAlgorithm::Sha512);
        QCOMPARE(config.hmac->encoding, hookyard::core::signing::SignatureEncoding::Base64);
        QCOMPARE(config.hmac->prefix, QByteArray("v1="));
        QCOMPARE(config.hmac->timestampHeader, QByteArray("x-sig-time"));
        QVERIFY(config.hmac->timestampSigned);

        const auto storeOnly = hookyard::core::parsePartnerConfig(
            PartnerScheme::StandardWebhooks, jsonObject(uR"({"mode": "store_only", "event_type": "="})"_s));
        QVERIFY(storeOnly);
        QCOMPARE(storeOnly->mode, ProcessingMode::StoreOnly);
        QVERIFY(!storeOnly->eventType.isSet());
    }

    void badConfigIsRejectedNamingTheKey_data()
    {
        QTest::addColumn<QString>("scheme");
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("expected");
        const QString hmac = uR"("hmac": {"signature_header": "x-sig"})"_s;
        QTest::addRow("unknown key") << u"standard"_s << uR"({"event-id": "/id"})"_s
                                     << u"unknown config key 'event-id' (known: event_id, event_type"_s;
        QTest::addRow("source not text") << u"standard"_s << uR"({"event_id": 7})"_s
                                         << u"config key 'event_id': must be a text"_s;
        QTest::addRow("source null") << u"stripe"_s << uR"({"entity_type": null})"_s
                                     << u"config key 'entity_type': must be a text"_s;
        QTest::addRow("literal event id") << u"standard"_s << uR"({"event_id": "=fixed"})"_s
                                          << u"config key 'event_id': must come from a header or a JSON pointer"_s;
        QTest::addRow("unset event id") << u"stripe"_s << uR"({"event_id": "="})"_s
                                        << u"config key 'event_id': must come from a header or a JSON pointer"_s;
        QTest::addRow("not a source") << u"standard"_s << uR"({"event_type": "data.type"})"_s
                                      << u"config key 'event_type': 'data.type' is not a field source"_s;
        QTest::addRow("bad escape") << u"standard"_s << uR"({"entity_id": "/a~2"})"_s
                                    << u"config key 'entity_id': JSON pointer '/a~2' has a '~'"_s;
        QTest::addRow("bad header") << u"standard"_s << uR"({"event_time": "header:x time"})"_s
                                    << u"config key 'event_time': 'header:x time' does not name"_s;
        QTest::addRow("hmac missing") << u"hmac"_s << u"{}"_s << u"config key 'hmac': is required for scheme hmac"_s;
        QTest::addRow("hmac for stripe") << u"stripe"_s << u"{%1}"_s.arg(hmac)
                                         << u"config key 'hmac': applies to scheme hmac only, not stripe"_s;
        QTest::addRow("hmac not an object")
            << u"hmac"_s << uR"({"hmac": "x-sig"})"_s << u"config key 'hmac': must be an object"_s;
        QTest::addRow("hmac unknown key") << u"hmac"_s << uR"({"hmac": {"signature_header": "x", "header": "y"}})"_s
                                          << u"config key 'hmac': unknown key 'header'"_s;
        QTest::addRow("hmac without header") << u"hmac"_s << uR"({"hmac": {"algorithm": "sha256"}})"_s
                                             << u"generic HMAC config: \"signature_header\" is required"_s;
        // Found by trying bad input: accepted, it made a partner whose every webhook failed verification.
        QTest::addRow("hmac header name with a blank")
            << u"hmac"_s << uR"({"hmac": {"signature_header": "bad header"}})"_s
            << u"config key 'hmac': \"signature_header\" is not a valid HTTP header name: 'bad header'"_s;
        QTest::addRow("hmac timestamp header name with a colon")
            << u"hmac"_s << uR"({"hmac": {"signature_header": "x-sig", "timestamp_header": "x:t"}})"_s
            << u"config key 'hmac': \"timestamp_header\" is not a valid HTTP header name: 'x:t'"_s;
        QTest::addRow("hmac algorithm") << u"hmac"_s << uR"({"hmac": {"signature_header": "x", "algorithm": "md5"}})"_s
                                        << u"generic HMAC config: unknown algorithm \"md5\""_s;
        QTest::addRow("svix for github") << u"github"_s << uR"({"svix_headers": true})"_s
                                         << u"config key 'svix_headers': applies to scheme standard only, not github"_s;
        QTest::addRow("svix not bool") << u"standard"_s << uR"({"svix_headers": "yes"})"_s
                                       << u"config key 'svix_headers': must be true or false"_s;
        QTest::addRow("unknown mode") << u"standard"_s << uR"({"mode": "fifo"})"_s
                                      << u"config key 'mode': unknown mode 'fifo': state_machine, timestamp"_s;
        QTest::addRow("mode not text") << u"standard"_s << uR"({"mode": 1})"_s
                                       << u"config key 'mode': must be a text"_s;
        QTest::addRow("state machine without entity") << u"github"_s << uR"({"mode": "state_machine"})"_s
                                                      << u"config key 'mode': state_machine needs entity_id"_s;
        QTest::addRow("state machine without type")
            << u"standard"_s << uR"({"event_type": "="})"_s << u"config key 'mode': state_machine needs event_type"_s;
        QTest::addRow("timestamp without time") << u"hmac"_s << uR"({"mode": "timestamp", %1})"_s.arg(hmac)
                                                << u"config key 'mode': timestamp needs event_time"_s;
        QTest::addRow("handler not http") << u"standard"_s << uR"({"handler_url": "ftp://app/x"})"_s
                                          << u"config key 'handler_url': must be an absolute http(s) URL with a "
                                             "host and a port other than 0, not 'ftp://app/x' (its scheme is 'ftp', "
                                             "and only http and https are sent to)"_s;
        QTest::addRow("handler relative") << u"standard"_s << uR"({"handler_url": "/hooks"})"_s
                                          << u"config key 'handler_url': must be an absolute http(s) URL"_s;
        // Found by an adversarial helper: port 0 was accepted, and the URL with its password was echoed.
        QTest::addRow("handler on port 0") << u"standard"_s << uR"({"handler_url": "http://u:pw@app:0/x"})"_s
                                           << u"config key 'handler_url': must be an absolute http(s) URL with a "
                                              "host and a port other than 0, not 'http://u@app:0/x' (its port is "
                                              "0)"_s;
        QTest::addRow("handler not text")
            << u"standard"_s << uR"({"handler_url": true})"_s << u"config key 'handler_url': must be a text"_s;
        QTest::addRow("zero timeout") << u"standard"_s << uR"({"handler_timeout_ms": 0})"_s
                                      << u"config key 'handler_timeout_ms': must be a whole number from 1"_s;
        QTest::addRow("fractional timeout") << u"standard"_s << uR"({"handler_timeout_ms": 1.5})"_s
                                            << u"config key 'handler_timeout_ms': must be a whole number"_s;
        // Found by an adversarial helper: 2147483647 overflowed the worker's lease, and no row was processed.
        QTest::addRow("timeout over an hour")
            << u"standard"_s << uR"({"handler_timeout_ms": 3600001})"_s
            << u"config key 'handler_timeout_ms': must be a whole number from 1 to 3600000"_s;
        QTest::addRow("age as text") << u"standard"_s << uR"({"defer_max_age_s": "60"})"_s
                                     << u"config key 'defer_max_age_s': must be a whole number"_s;
        QTest::addRow("negative count") << u"standard"_s << uR"({"defer_max_count": -1})"_s
                                        << u"config key 'defer_max_count': must be a whole number"_s;
        QTest::addRow("count over int") << u"standard"_s << uR"({"defer_max_count": 3000000000})"_s
                                        << u"config key 'defer_max_count': must be a whole number"_s;
    }

    // Found by an exploring helper: added and listed as ok, then every webhook of the partner got a 400. Refused when
    // added or changed; a stored configuration still loads (its partner keeps working as before).
    void fixedTextsTheReceiverWouldRefuseAreRefusedWhenAdded_data()
    {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("expected");
        QTest::addRow("line break") << uR"({"entity_type": "=a\nb"})"_s
                                    << u"config key 'entity_type': the fixed text holds a control character"_s;
        // Found in review: the receiver began refusing such an event type, while `add` still took it as fixed text.
        QTest::addRow("event type with a bell")
            << u"{\"event_type\": \"=order\\u0007\"}"_s
            << u"config key 'event_type': the fixed text holds a control character"_s;
        QTest::addRow("blank") << uR"({"event_type": "=  "})"_s
                               << u"config key 'event_type': the fixed text is blank"_s;
        QTest::addRow("too long") << uR"({"entity_id": "=%1"})"_s.arg(QString(256, u'x'))
                                  << u"config key 'entity_id': the fixed text has 256 characters, over the 255"_s;
    }

    void fixedTextsTheReceiverWouldRefuseAreRefusedWhenAdded()
    {
        QFETCH(QString, config);
        QFETCH(QString, expected);
        const QJsonObject json = QJsonDocument::fromJson(config.toUtf8()).object();
        const auto checked = hookyard::core::checkFixedTexts(json);
        QVERIFY(!checked);
        QVERIFY2(checked.error().startsWith(expected), qPrintable(checked.error()));
        QVERIFY(hookyard::core::parsePartnerConfig(hookyard::core::PartnerScheme::StandardWebhooks, json));
    }

    void badConfigIsRejectedNamingTheKey()
    {
        QFETCH(QString, scheme);
        QFETCH(QString, config);
        QFETCH(QString, expected);
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(config.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const auto parsed =
            hookyard::core::parsePartnerConfig(hookyard::core::parsePartnerScheme(scheme).value(), document.object());
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().startsWith(expected), qPrintable(parsed.error()));
        QVERIFY(!parsed.error().contains(u'\n'));
    }

    void addRejectsBadInputWithoutWritingAnything_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::addRow("name with a space") << u"name"_s << u"acme pay"_s << u"partner name 'acme pay' is invalid"_s;
        QTest::addRow("name too long") << u"name"_s << QString(51, u'a') << u"is invalid: 1 to 50"_s;
        QTest::addRow("zero tolerance") << u"tolerance"_s << u"0"_s << u"tolerance must be a positive number"_s;
        QTest::addRow("zero body limit") << u"max-body"_s << u"0"_s << u"body limit must be from 1 to 67108864"_s;
        QTest::addRow("body limit over 64 MiB")
            << u"max-body"_s << u"67108865"_s << u"body limit must be from 1 to 67108864 bytes (64 MiB)"_s;
        QTest::addRow("empty retry") << u"retry"_s << QString() << u"retry schedule is empty"_s;
        QTest::addRow("zero retry wait") << u"retry"_s << u"60,0"_s << u"retry schedule waits must be positive"_s;
        QTest::addRow("bad config") << u"config"_s << uR"({"mode": "fifo"})"_s << u"config key 'mode'"_s;
        QTest::addRow("standard secret without prefix")
            << u"secret"_s << QString::fromLatin1(QByteArray(32, 's').toBase64()) << u"secret must be 'whsec_'"_s;
        QTest::addRow("standard secret too short")
            << u"secret"_s << u"whsec_"_s + QString::fromLatin1(QByteArray(23, 's').toBase64())
            << u"base64 of 24 to 64 bytes"_s;
        QTest::addRow("stripe secret empty") << u"stripe-secret"_s << QString() << u"a secret cannot be empty"_s;
        QTest::addRow("stripe secret with a newline")
            << u"stripe-secret"_s << u"whsec_abc\n"_s << u"a secret starts or ends with whitespace"_s;
        QTest::addRow("no stripe secret")
            << u"stripe-none"_s << QString() << u"partner 'acme' needs a secret: scheme stripe verifies"_s;
        // Found by trying bad input: such secrets were stored, and no signature could ever match them.
        QTest::addRow("stripe secret with a tab inside")
            << u"stripe-secret"_s << u"whsec_a\tb"_s << u"a secret holds a control character"_s;
        QTest::addRow("stripe secret that was not UTF-8")
            << u"stripe-secret"_s << u"whsec_a\uFFFDb"_s << u"a secret holds bytes that are not UTF-8"_s;
        QTest::addRow("same secret twice")
            << u"stripe-twice"_s << u"whsec_same"_s << u"the same secret is given twice"_s;
        QTest::addRow("same key twice, once without its padding")
            << u"standard-twice"_s << u"whsec_"_s + QString::fromLatin1(QByteArray(32, 's').toBase64())
            << u"the same secret is given twice"_s;
    }

    void addRejectsBadInputWithoutWritingAnything()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        PartnerSettings settings = partner(u"acme"_s, PartnerScheme::StandardWebhooks);
        QStringList secrets;
        if (field == u"name"_s)
            settings.name = value;
        else if (field == u"tolerance"_s)
            settings.toleranceSeconds = value.toInt();
        else if (field == u"max-body"_s)
            settings.maxBodyBytes = value.toInt();
        else if (field == u"retry"_s) {
            settings.retryScheduleSeconds.clear();
            for (const QString &wait : value.split(u',', Qt::SkipEmptyParts))
                settings.retryScheduleSeconds << wait.toInt();
        } else if (field == u"config"_s)
            settings.config = jsonObject(value);
        else if (field == u"secret"_s)
            secrets = {value};
        else if (field == u"standard-twice"_s)
            secrets = {value, value.chopped(1)};
        else if (field.startsWith(u"stripe"_s)) {
            settings.scheme = PartnerScheme::Stripe;
            if (field == u"stripe-secret"_s)
                secrets = {value};
            else if (field == u"stripe-twice"_s)
                secrets = {value, value};
        }

        TestDatabase db(u"pa_invalid"_s);
        PartnerStore store(db.connection());
        auto added = store.add(settings, secrets, QString());
        QVERIFY(!added);
        QVERIFY2(added.error().contains(expected), qPrintable(added.error()));
        QVERIFY(!added.error().contains(u'\n'));
        if (field.contains(u"secret"_s) && !value.trimmed().isEmpty())
            QVERIFY2(!added.error().contains(value.trimmed()), "the error repeats the secret");
        QCOMPARE(db.scalar(u"SELECT count(*) FROM partners"_s).toInt(), 0);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log"_s).toInt(), 0);
    }

    void addStoresEverySettingAndAuditsWithoutSecrets()
    {
        TestDatabase db(u"pa_add"_s);
        PartnerStore store(db.connection());
        PartnerSettings stripe = partner(
            u"stripe.eu-1"_s, PartnerScheme::Stripe,
            QJsonObject{{u"handler_url"_s, u"https://ops:pa55@app.internal/stripe"_s}, {u"defer_max_count"_s, 7}});
        stripe.toleranceSeconds = 600;
        stripe.maxBodyBytes = 65536;
        stripe.retryScheduleSeconds = {5, 10};
        const QStringList stripeSecrets{u"whsec_stripe_old"_s, u"whsec_stripe_new"_s};
        auto added = store.add(stripe, stripeSecrets, u"onboarding"_s);
        QVERIFY2(added, qPrintable(added.ok() ? QString() : added.error()));
        QCOMPARE(added.value(), stripeSecrets);

        auto generated = store.add(partner(u"acme"_s, PartnerScheme::StandardWebhooks), {}, QString());
        QVERIFY(generated);
        QCOMPARE(generated->size(), 1);
        QVERIFY(PartnerStore::validateSecret(PartnerScheme::StandardWebhooks, generated->first()));
        const QString githubSecret = u"It's a Secret to Everybody"_s;
        QVERIFY(store.add(partner(u"gh"_s, PartnerScheme::GitHub), {githubSecret}, QString()));

        auto found = store.find(u"stripe.eu-1"_s);
        QVERIFY(found);
        const auto &stored = found.value();
        QCOMPARE(stored.settings.scheme, PartnerScheme::Stripe);
        QCOMPARE(stored.settings.config, stripe.config);
        QCOMPARE(stored.settings.toleranceSeconds, 600);
        QCOMPARE(stored.settings.maxBodyBytes, 65536);
        QCOMPARE(stored.settings.retryScheduleSeconds, QList<int>({5, 10}));
        QCOMPARE(stored.activeSecretCount, 2);
        QCOMPARE(stored.secrets.size(), 2);
        QVERIFY(!stored.secrets.first().expiresAt.isValid());
        QVERIFY(stored.effective);
        QCOMPARE(stored.effective->deferMaxCount, 7);
        QCOMPARE(stored.effective->toleranceSeconds, 600);
        QVERIFY(stored.effective->secrets.isEmpty());
        QVERIFY(stored.configError.isEmpty());

        auto listed = store.list();
        QVERIFY(listed);
        QStringList names;
        for (const auto &each : listed.value())
            names << each.settings.name;
        QCOMPARE(names, QStringList({u"acme"_s, u"gh"_s, u"stripe.eu-1"_s}));

        auto duplicate = store.add(partner(u"acme"_s, PartnerScheme::GitHub), {u"x"_s}, QString());
        QVERIFY(!duplicate);
        QCOMPARE(duplicate.error(), u"partner 'acme' already exists"_s);
        auto missing = store.find(u"nope"_s);
        QVERIFY(!missing);
        QCOMPARE(missing.error(), u"partner 'nope' does not exist"_s);

        QSqlQuery audit = db.execOrDie(u"SELECT action, subject, reason, details::text FROM audit_log ORDER BY id"_s);
        QStringList actions;
        while (audit.next()) {
            actions << audit.value(0).toString();
            const QString details = audit.value(3).toString();
            QVERIFY2(!details.contains(u"whsec_"_s), qPrintable(details));
            QVERIFY2(!details.contains(u"Secret to Everybody"_s), qPrintable(details));
            QVERIFY2(!details.contains(u"pa55"_s), qPrintable(details));
        }
        QCOMPARE(actions, QStringList({u"partner.add"_s, u"partner.add"_s, u"partner.add"_s}));
        const QJsonObject details =
            jsonObject(db.scalar(u"SELECT details::text FROM audit_log WHERE subject = 'stripe.eu-1'"_s).toString());
        QCOMPARE(details.value(u"scheme"_s).toString(), u"stripe"_s);
        QCOMPARE(details.value(u"secrets"_s).toInt(), 2);
        QCOMPARE(details.value(u"secret_generated"_s).toBool(), false);
        QCOMPARE(details[u"config"_s][u"handler_url"_s].toString(), u"https://ops@app.internal/stripe"_s);
        QCOMPARE(details.value(u"retry_schedule_s"_s).toArray(), QJsonArray({5, 10}));
        QCOMPARE(db.scalar(u"SELECT reason FROM audit_log WHERE subject = 'stripe.eu-1'"_s).toString(),
                 u"onboarding"_s);
        QVERIFY(db.scalar(u"SELECT (details->>'secret_generated')::boolean FROM audit_log WHERE subject = 'acme'"_s)
                    .toBool());
    }

    void defaultsAreTheSchemas()
    {
        TestDatabase db(u"pa_defaults"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme) VALUES ('raw', 'github')"_s);
        PartnerStore store(db.connection());
        QVERIFY(store.add(partner(u"api"_s, PartnerScheme::GitHub), {u"s"_s}, QString()));
        const auto raw = store.find(u"raw"_s).value().settings;
        const auto viaStore = store.find(u"api"_s).value().settings;
        QCOMPARE(viaStore.config, raw.config);
        QCOMPARE(viaStore.toleranceSeconds, raw.toleranceSeconds);
        QCOMPARE(viaStore.maxBodyBytes, raw.maxBodyBytes);
        QCOMPARE(viaStore.retryScheduleSeconds, raw.retryScheduleSeconds);
        const PartnerConfig defaults;
        QCOMPARE(raw.retryScheduleSeconds, defaults.retryScheduleSeconds);
        QCOMPARE(raw.toleranceSeconds, defaults.toleranceSeconds);
        QCOMPARE(raw.maxBodyBytes, defaults.maxBodyBytes);
    }

    // The 64 MiB cap holds for partners written by SQL too (found by trying it: 2 GiB could be stored so), and the
    // migration that set it lowered larger limits to it.
    void theTableHoldsTheBodyLimitCap()
    {
        TestDatabase db(u"pa_cap"_s);
        const auto insert = [&](const QString &name, qint64 limit) {
            return db.connection().exec(
                u"INSERT INTO partners (name, scheme, max_body_bytes) VALUES (?, 'github', ?)"_s, {name, limit});
        };
        QVERIFY(insert(u"at-the-cap"_s, 67108864));
        const auto over = insert(u"over-the-cap"_s, 67108865);
        QVERIFY(!over);
        QVERIFY2(over.error().contains(u"partners_max_body_bytes_at_most_64_mib"_s), qPrintable(over.error()));

        db.execOrDie(u"ALTER TABLE partners DROP CONSTRAINT partners_max_body_bytes_at_most_64_mib"_s);
        QVERIFY(insert(u"from-before"_s, 2147483647));
        const QList<Migrator::Migration> migrations = Migrator::bundled();
        const auto capping = std::find_if(migrations.cbegin(), migrations.cend(),
                                          [](const Migrator::Migration &m) { return m.version == 24; });
        QVERIFY(capping != migrations.cend());
        QVERIFY(db.connection().execScript(capping->sql));
        QCOMPARE(db.scalar(u"SELECT max_body_bytes FROM partners WHERE name = 'from-before'"_s).toLongLong(), 67108864);
        QCOMPARE(db.scalar(u"SELECT max_body_bytes FROM partners WHERE name = 'at-the-cap'"_s).toLongLong(), 67108864);
    }

    // Stored handler timeouts over the new cap are lowered by migration 25, so that their partners still parse.
    void aStoredHandlerTimeoutOverTheCapIsLowered()
    {
        TestDatabase db(u"pa_timeout_cap"_s);
        db.execOrDie(u"INSERT INTO partners (name, scheme, config) VALUES "
                     "('slow', 'standard', '{\"handler_timeout_ms\": 2147483647}'), "
                     "('fine', 'standard', '{\"handler_timeout_ms\": 2500}')"_s);
        const QList<Migrator::Migration> migrations = Migrator::bundled();
        const auto capping = std::find_if(migrations.cbegin(), migrations.cend(),
                                          [](const Migrator::Migration &m) { return m.version == 25; });
        QVERIFY(capping != migrations.cend());
        QVERIFY(db.connection().execScript(capping->sql));
        QCOMPARE(db.scalar(u"SELECT string_agg(name || '=' || (config->>'handler_timeout_ms'), ',' ORDER BY name) "
                           "FROM partners"_s)
                     .toString(),
                 u"fine=2500,slow=3600000"_s);
        QStringList problems;
        const auto loaded = PartnerStore(db.connection()).loadActive(&problems);
        QVERIFY(loaded);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
        QCOMPARE(loaded.value().value(u"slow"_s).handlerTimeoutMs, 3600000);
    }

    void rotationKeepsOldSecretsUntilTheGraceEnds()
    {
        TestDatabase db(u"pa_rotate"_s);
        PartnerStore store(db.connection());
        QVERIFY(store.add(partner(u"acme"_s, PartnerScheme::StandardWebhooks), {standardSecret('a')}, QString()));
        QVERIFY(store.add(partner(u"stripe"_s, PartnerScheme::Stripe), {u"whsec_one"_s}, QString()));

        auto rotated = store.rotateSecret(u"acme"_s, u"scheduled"_s);
        QVERIFY(rotated);
        QVERIFY(PartnerStore::validateSecret(PartnerScheme::StandardWebhooks, rotated.value()));
        auto acme = store.find(u"acme"_s).value();
        QCOMPARE(acme.activeSecretCount, 2);
        const qint64 graceS = QDateTime::currentDateTimeUtc().secsTo(acme.secrets.first().expiresAt);
        QVERIFY2(graceS > 23 * 3600 && graceS <= 24 * 3600, qPrintable(QString::number(graceS)));
        QVERIFY(!acme.secrets.last().expiresAt.isValid());

        // Stripe issues its secrets: a rotation needs the new one.
        auto refused = store.rotateSecret(u"stripe"_s, QString());
        QVERIFY(!refused);
        QCOMPARE(refused.error(), u"partner 'stripe' uses scheme stripe: give the new secret the partner signs with"_s);
        auto invalid = store.rotateSecret(u"acme"_s, QString(), std::chrono::hours(1), u"whsec_short"_s);
        QVERIFY(!invalid);
        QVERIFY2(invalid.error().startsWith(u"secret must be 'whsec_'"_s), qPrintable(invalid.error()));
        auto immediate = store.rotateSecret(u"stripe"_s, u"leaked"_s, std::chrono::seconds(0), u"whsec_two"_s);
        QVERIFY(immediate);
        QCOMPARE(immediate.value(), u"whsec_two"_s);
        QCOMPARE(store.find(u"stripe"_s).value().activeSecretCount, 1);
        // The secret in use again is refused, and the error does not repeat it; nothing changes or is audited.
        auto again = store.rotateSecret(u"stripe"_s, u"twice"_s, std::chrono::hours(1), u"whsec_two"_s);
        QVERIFY(!again);
        QCOMPARE(again.error(),
                 u"cannot rotate the secret of partner 'stripe': the new secret is one still in use: rotate to a "
                 "different one"_s);
        QCOMPARE(store.find(u"stripe"_s).value().activeSecretCount, 1);
        // The same key is the same secret: the generated one without its base64 padding (found by a helper).
        QVERIFY(rotated.value().endsWith(u'='));
        auto unpadded = store.rotateSecret(u"acme"_s, QString(), std::chrono::hours(1), rotated.value().chopped(1));
        QVERIFY(!unpadded);
        QVERIFY2(unpadded.error().endsWith(u"the new secret is one still in use: rotate to a different one"_s),
                 qPrintable(unpadded.error()));
        QCOMPARE(store.find(u"acme"_s).value().activeSecretCount, 2);
        QVERIFY(!store.rotateSecret(u"nope"_s, QString(), std::chrono::seconds(0), u"x"_s));

        QSqlQuery audit = db.execOrDie(u"SELECT subject, reason, details::text FROM audit_log "
                                       "WHERE action = 'partner.rotate-secret' ORDER BY id"_s);
        QVERIFY(audit.next());
        QCOMPARE(audit.value(0).toString(), u"acme"_s);
        QCOMPARE(audit.value(1).toString(), u"scheduled"_s);
        QCOMPARE(jsonObject(audit.value(2).toString()).value(u"grace_s"_s).toInt(), 86400);
        QVERIFY(!audit.value(2).toString().contains(rotated.value().mid(6)));
        QVERIFY(audit.next());
        QCOMPARE(audit.value(0).toString(), u"stripe"_s);
        QVERIFY(!audit.value(2).toString().contains(u"whsec_"_s));
        QCOMPARE(jsonObject(audit.value(2).toString()).value(u"secrets_expiring"_s).toInt(), 1);
        QVERIFY(!audit.next());
    }

    void removeKeepsReceivedWebhooks()
    {
        TestDatabase db(u"pa_remove"_s);
        PartnerStore store(db.connection());
        QVERIFY(store.add(partner(u"acme"_s, PartnerScheme::GitHub), {u"s1"_s, u"s2"_s}, QString()));
        const qint64 id = store.find(u"acme"_s).value().id;
        db.execOrDie(
            u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, "
            "status, partner_id, raw_body) VALUES (gen_random_uuid(), 'acme', 'd-1', '{}', true, 'QUARANTINED', "
            "?, '\\x7b7d')"_s,
            {id});

        QVERIFY(store.remove(u"acme"_s, PartnerStore::Removal::RefuseWhileWaiting, u"contract ended"_s));
        QCOMPARE(db.scalar(u"SELECT count(*) FROM partners"_s).toInt(), 0);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM partner_secrets"_s).toInt(), 0);
        QCOMPARE(db.scalar(u"SELECT partner_name FROM webhook_inbox"_s).toString(), u"acme"_s);
        QVERIFY(db.scalar(u"SELECT partner_id FROM webhook_inbox"_s).isNull());
        QSqlQuery audit =
            db.execOrDie(u"SELECT reason, details->>'scheme', details->>'active_secrets', details::text FROM audit_log "
                         "WHERE action = 'partner.remove'"_s);
        QVERIFY(audit.next());
        QCOMPARE(audit.value(0).toString(), u"contract ended"_s);
        QCOMPARE(audit.value(1).toString(), u"github"_s);
        QCOMPARE(audit.value(2).toInt(), 2);
        QVERIFY(!audit.value(3).toString().contains(u"\"s1\""_s));
        QCOMPARE(errorOf(store.remove(u"acme"_s, PartnerStore::Removal::Force, QString())),
                 u"partner 'acme' does not exist"_s);

        // Added again, the partner takes its kept rows back: the worker wakes deferred rows by partner_id (found by
        // an adversarial helper: they were never woken).
        QVERIFY(store.add(partner(u"acme"_s, PartnerScheme::GitHub), {u"s3"_s}, QString()));
        QCOMPARE(db.scalar(u"SELECT partner_id FROM webhook_inbox"_s).toLongLong(), store.find(u"acme"_s).value().id);
    }

    void loadActiveSkipsExpiredSecretsAndBrokenPartners()
    {
        TestDatabase db(u"pa_load"_s);
        PartnerStore store(db.connection());
        const QString oldSecret = standardSecret('o');
        const QString newSecret = standardSecret('n');
        QVERIFY(store.add(partner(u"acme"_s, PartnerScheme::StandardWebhooks), {oldSecret}, QString()));
        QVERIFY(store.rotateSecret(u"acme"_s, QString(), std::chrono::hours(1), newSecret));
        QVERIFY(store.add(partner(u"gh"_s, PartnerScheme::GitHub,
                                  QJsonObject{{u"entity_id"_s, u"/issue/id"_s}, {u"entity_type"_s, u"=issue"_s}}),
                          {u"gh-secret"_s}, QString()));
        QVERIFY(store.add(partner(u"billing"_s, PartnerScheme::Stripe), {u"whsec_billing"_s}, QString()));
        QVERIFY(store.add(partner(u"expired"_s, PartnerScheme::Stripe), {u"whsec_gone"_s}, QString()));
        QVERIFY(store.add(partner(u"listy"_s, PartnerScheme::GitHub), {u"gh"_s}, QString()));

        QStringList problems;
        auto all = store.loadActive(&problems);
        QVERIFY(all);
        QVERIFY(problems.isEmpty());
        QCOMPARE(all->value(u"acme"_s).secrets, QList<QByteArray>({newSecret.toUtf8(), oldSecret.toUtf8()}));

        // acme's old secret has expired; billing's and listy's configs were broken by hand; expired has no active
        // secret left.
        db.execOrDie(u"UPDATE partner_secrets SET expires_at = now() - interval '1 second' "
                     "WHERE expires_at IS NOT NULL"_s);
        db.execOrDie(u"UPDATE partners SET config = '{\"bogus\": 1}' WHERE name = 'billing'"_s);
        db.execOrDie(u"UPDATE partners SET config = '[1]' WHERE name = 'listy'"_s);
        db.execOrDie(u"UPDATE partner_secrets SET expires_at = now() - interval '1 minute' WHERE partner_id = "
                     "(SELECT id FROM partners WHERE name = 'expired')"_s);
        all = store.loadActive(&problems);
        QVERIFY(all);
        const QHash<QString, PartnerConfig> loaded = all.value();
        QCOMPARE(problems, QStringList({u"partner 'billing' is skipped: unknown config key 'bogus' (known: event_id, "
                                        "event_type, entity_type, entity_id, event_time, hmac, svix_headers, mode, "
                                        "handler_url, handler_timeout_ms, defer_max_age_s, defer_max_count)"_s,
                                        u"partner 'listy' is skipped: the stored config is not a JSON object"_s}));
        QStringList names = loaded.keys();
        names.sort();
        QCOMPARE(names, QStringList({u"acme"_s, u"expired"_s, u"gh"_s}));

        const PartnerConfig acme = loaded.value(u"acme"_s);
        QCOMPARE(acme.name, u"acme"_s);
        QCOMPARE(acme.id, store.find(u"acme"_s).value().id);
        QCOMPARE(acme.scheme, PartnerScheme::StandardWebhooks);
        QCOMPARE(acme.secrets, QList<QByteArray>({newSecret.toUtf8()}));
        QCOMPARE(specOf(acme.eventId), u"header:webhook-id"_s);
        const PartnerConfig gh = loaded.value(u"gh"_s);
        QCOMPARE(gh.secrets, QList<QByteArray>({"gh-secret"}));
        QCOMPARE(gh.mode, ProcessingMode::StateMachine);
        QCOMPARE(gh.entityType.literal, u"issue"_s);
        QVERIFY(loaded.value(u"expired"_s).secrets.isEmpty());

        // The broken partner is still listed, with the reason, so an operator sees it.
        const auto billing = store.find(u"billing"_s).value();
        QVERIFY(!billing.effective);
        QVERIFY(billing.configError.startsWith(u"unknown config key 'bogus'"_s));

        // Without a list for the problems the others still load.
        auto quiet = store.loadActive();
        QVERIFY(quiet);
        QCOMPARE(quiet->size(), 3);
    }

    // Neither the partner's secret nor a password in its handler URL is ever printed.
    void showAndListPrintNoSecret()
    {
        TestDatabase db(u"pa_masked"_s);
        const auto added =
            runHookyard({u"--database"_s, db.url(), u"partner"_s, u"add"_s, u"acme"_s, u"--scheme"_s, u"standard"_s,
                         u"--config"_s, u"{\"handler_url\": \"http://app:handler-pa55@127.0.0.1:9/h\"}"_s});
        QVERIFY2(added.exitCode == 0, added.err.constData());
        const QByteArray secret = added.out.trimmed().split('\n').last().mid(8);
        QVERIFY(secret.startsWith("whsec_"));
        for (const QStringList &arguments :
             {QStringList{u"show"_s, u"acme"_s}, QStringList{u"show"_s, u"acme"_s, u"--json"_s}, QStringList{u"list"_s},
              QStringList{u"list"_s, u"--json"_s}}) {
            const auto shown = partnerCommand(db, arguments);
            QCOMPARE(shown.exitCode, 0);
            QVERIFY2(!shown.out.contains("handler-pa55"), shown.out.constData());
            QVERIFY2(!shown.out.contains(secret), shown.out.constData());
        }
        const auto shown = partnerCommand(db, {u"show"_s, u"acme"_s});
        QVERIFY2(shown.out.contains("http://app@127.0.0.1:9/h"), shown.out.constData());
    }

    void cliAddListShowRotateRemove()
    {
        TestDatabase db(u"pa_cli"_s);
        const hookyard::test::HookyardRun added =
            partnerCommand(db, {u"add"_s, u"acme"_s, u"--scheme"_s, u"standard"_s, u"--config"_s,
                                uR"({"svix_headers": true, "handler_url": "http://127.0.0.1:9/h"})"_s,
                                u"--tolerance-s"_s, u"120"_s, u"--retry"_s, u"5,10"_s, u"--reason"_s, u"onboarding"_s});
        QVERIFY2(added.exitCode == 0, added.err.constData());
        const QList<QByteArray> lines = added.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines.at(0), QByteArray("added partner 'acme'"));
        QVERIFY(lines.at(1).startsWith("secret: whsec_"));
        const QString secret = QString::fromLatin1(lines.at(1).mid(8));
        QVERIFY(PartnerStore::validateSecret(PartnerScheme::StandardWebhooks, secret));

        QTemporaryFile configFile;
        QVERIFY(configFile.open());
        configFile.write(R"({"hmac": {"signature_header": "X-Signature", "prefix": "sha256="}, "mode": "store_only"})");
        configFile.close();
        const hookyard::test::HookyardRun hmac = partnerCommand(
            db, {u"add"_s, u"legacy"_s, u"--scheme"_s, u"hmac"_s, u"--config-file"_s, configFile.fileName(),
                 u"--secret"_s, u"k1"_s, u"--secret"_s, u"k2"_s, u"--max-body-bytes"_s, u"4096"_s});
        QVERIFY2(hmac.exitCode == 0, hmac.err.constData());
        QCOMPARE(hmac.out, QByteArray("added partner 'legacy'\n"));

        const hookyard::test::HookyardRun listed = partnerCommand(db, {u"list"_s, u"--json"_s});
        QVERIFY2(listed.exitCode == 0, listed.err.constData());
        QJsonParseError error;
        const QJsonObject list = QJsonDocument::fromJson(listed.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(list.value(u"format"_s).toInt(), 1);
        const QJsonArray partners = list.value(u"partners"_s).toArray();
        QCOMPARE(partners.size(), 2);
        const QJsonObject acme = partners.at(0).toObject();
        QCOMPARE(acme.value(u"name"_s).toString(), u"acme"_s);
        QCOMPARE(acme.value(u"scheme"_s).toString(), u"standard"_s);
        QCOMPARE(acme.value(u"tolerance_s"_s).toInt(), 120);
        QCOMPARE(acme.value(u"max_body_bytes"_s).toInt(), 1048576);
        QCOMPARE(acme.value(u"retry_schedule_s"_s).toArray(), QJsonArray({5, 10}));
        QCOMPARE(acme.value(u"active_secrets"_s).toInt(), 1);
        QCOMPARE(acme[u"config"_s][u"svix_headers"_s].toBool(), true);
        QCOMPARE(acme[u"effective"_s][u"event_id"_s].toString(), u"header:svix-id"_s);
        QCOMPARE(acme[u"effective"_s][u"entity_type"_s], QJsonValue(QJsonValue::Null));
        QCOMPARE(acme[u"effective"_s][u"mode"_s].toString(), u"state_machine"_s);
        QCOMPARE(acme.value(u"config_error"_s), QJsonValue(QJsonValue::Null));
        QVERIFY(!acme.contains(u"secrets"_s));
        const QJsonObject legacy = partners.at(1).toObject();
        QCOMPARE(legacy.value(u"active_secrets"_s).toInt(), 2);
        QCOMPARE(legacy.value(u"max_body_bytes"_s).toInt(), 4096);
        QCOMPARE(legacy[u"effective"_s][u"mode"_s].toString(), u"store_only"_s);
        QVERIFY(!listed.out.contains("whsec_"));

        const hookyard::test::HookyardRun table = partnerCommand(db, {u"list"_s});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.startsWith("NAME"));
        QVERIFY(table.out.contains("legacy"));

        const hookyard::test::HookyardRun shownJson = partnerCommand(db, {u"show"_s, u"acme"_s, u"--json"_s});
        QCOMPARE(shownJson.exitCode, 0);
        QVERIFY(!shownJson.out.contains("whsec_"));
        const QJsonObject shown = QJsonDocument::fromJson(shownJson.out).object()[u"partner"_s].toObject();
        QCOMPARE(shown.value(u"secrets"_s).toArray().size(), 1);
        const hookyard::test::HookyardRun shownText = partnerCommand(db, {u"show"_s, u"legacy"_s});
        QCOMPARE(shownText.exitCode, 0);
        QVERIFY(shownText.out.contains("2 active"));
        QVERIFY(shownText.out.contains("/id"));
        QVERIFY(!shownText.out.contains("k1"));

        const hookyard::test::HookyardRun rotated =
            partnerCommand(db, {u"rotate-secret"_s, u"acme"_s, u"--grace-hours"_s, u"0"_s});
        QCOMPARE(rotated.exitCode, 0);
        QVERIFY(rotated.out.contains("secret: whsec_"));
        QVERIFY(!rotated.out.contains(secret.toLatin1()));
        // The secret rotated out without grace is kept, and said to be expired.
        const hookyard::test::HookyardRun afterRotation = partnerCommand(db, {u"show"_s, u"acme"_s});
        QVERIFY2(afterRotation.out.contains("1 active") && afterRotation.out.contains(", no longer used\n") &&
                     afterRotation.out.contains(", no expiry\n"),
                 afterRotation.out.constData());
        const QJsonArray secrets = QJsonDocument::fromJson(partnerCommand(db, {u"show"_s, u"acme"_s, u"--json"_s}).out)
                                       .object()[u"partner"_s][u"secrets"_s]
                                       .toArray();
        QCOMPARE(secrets.size(), 2);
        QCOMPARE(secrets[0][u"expired"_s].toBool() + secrets[1][u"expired"_s].toBool(), 1);
        const hookyard::test::HookyardRun rotatedHmac = partnerCommand(db, {u"rotate-secret"_s, u"legacy"_s});
        QCOMPARE(rotatedHmac.exitCode, 1);
        QVERIFY(rotatedHmac.err.contains("give the new secret"));

        // Not while a webhook of it waits: no worker could process it (found by an adversarial helper).
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, signature_verified, "
                     "status) VALUES (gen_random_uuid(), 'legacy', 'w-1', '{}', true, 'DEFERRED'), "
                     "(gen_random_uuid(), 'legacy', 'w-2', '{}', true, 'PENDING'), "
                     "(gen_random_uuid(), 'legacy', 'w-3', '{}', true, 'QUARANTINED')"_s);
        const hookyard::test::HookyardRun refused = partnerCommand(db, {u"remove"_s, u"legacy"_s});
        QCOMPARE(refused.exitCode, 1);
        QCOMPARE(
            refused.err,
            QByteArray("hookyard: partner 'legacy' still has 1 pending and 1 deferred webhooks in the inbox, which "
                       "its worker could no longer process (they would fail as not configured until quarantined): "
                       "let them finish, or remove it anyway with --force\n"));
        const hookyard::test::HookyardRun removed =
            partnerCommand(db, {u"remove"_s, u"legacy"_s, u"--force"_s, u"--reason"_s, u"retired"_s});
        QCOMPARE(removed.exitCode, 0);
        QCOMPARE(db.scalar(u"SELECT details->'waiting'->>'deferred' || ' ' || (details->>'forced') FROM audit_log "
                           "WHERE action = 'partner.remove'"_s)
                     .toString(),
                 u"1 true"_s);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM partners"_s).toInt(), 1);
        QSqlQuery audit = db.execOrDie(u"SELECT action, coalesce(reason, '') FROM audit_log ORDER BY id"_s);
        QStringList actions;
        while (audit.next())
            actions << audit.value(0).toString() + u' ' + audit.value(1).toString();
        QCOMPARE(actions, QStringList({u"partner.add onboarding"_s, u"partner.add "_s, u"partner.rotate-secret "_s,
                                       u"partner.remove retired"_s}));
    }

    // `partner set` merges --config key by key (null removes a key), changes the other settings it names, keeps the
    // scheme and the secrets, audits each change, and writes nothing when the settings are already so.
    void cliSetMergesTheConfigAndChangesOnlyWhatItNames()
    {
        TestDatabase db(u"pa_cli_set"_s);
        const auto stored = [&] { return shownPartner(db, u"shop"_s); };
        QCOMPARE(partnerCommand(db, {u"add"_s, u"shop"_s, u"--scheme"_s, u"standard"_s, u"--config"_s,
                                     uR"({"entity_type": "=order", "entity_id": "/data/id", "defer_max_count": 9})"_s})
                     .exitCode,
                 0);
        const QJsonObject before = stored();

        const hookyard::test::HookyardRun changed = partnerCommand(
            db, {u"set"_s, u"shop"_s, u"--config"_s,
                 uR"({"handler_url": "https://orders.example.com/hooks", "defer_max_count": null})"_s,
                 u"--tolerance-s"_s, u"600"_s, u"--retry"_s, u"5,10"_s, u"--reason"_s, u"handler moved"_s});
        QVERIFY2(changed.exitCode == 0, changed.err.constData());
        QCOMPARE(changed.out, QByteArray("changed partner 'shop'; receivers and workers apply it within 5 s\n"));
        const QJsonObject after = stored();
        QCOMPARE(after.value(u"config"_s).toObject(),
                 QJsonObject({{u"entity_type"_s, u"=order"_s},
                              {u"entity_id"_s, u"/data/id"_s},
                              {u"handler_url"_s, u"https://orders.example.com/hooks"_s}}));
        QCOMPARE(after[u"effective"_s][u"defer_max_count"_s].toInt(), 50); // the default again
        QCOMPARE(after.value(u"tolerance_s"_s).toInt(), 600);
        QCOMPARE(after.value(u"retry_schedule_s"_s).toArray(), QJsonArray({5, 10}));
        QCOMPARE(after.value(u"max_body_bytes"_s).toInt(), before.value(u"max_body_bytes"_s).toInt());
        QCOMPARE(after.value(u"scheme"_s).toString(), u"standard"_s);
        QCOMPARE(after.value(u"active_secrets"_s).toInt(), 1);

        const QJsonObject audit =
            QJsonDocument::fromJson(
                db.scalar(
                      u"SELECT details::text FROM audit_log WHERE action = 'partner.set' AND reason = 'handler moved'"_s)
                    .toString()
                    .toUtf8())
                .object()[u"changes"_s]
                .toObject();
        QCOMPARE(audit.keys(), QStringList({u"config"_s, u"retry_schedule_s"_s, u"tolerance_s"_s}));
        QCOMPARE(audit[u"config"_s].toObject(),
                 QJsonObject({{u"defer_max_count"_s, QJsonObject({{u"from"_s, 9}, {u"to"_s, QJsonValue()}})},
                              {u"handler_url"_s, QJsonObject({{u"from"_s, QJsonValue()},
                                                              {u"to"_s, u"https://orders.example.com/hooks"_s}})}}));
        QCOMPARE(audit[u"tolerance_s"_s].toObject(), QJsonObject({{u"from"_s, 300}, {u"to"_s, 600}}));

        const hookyard::test::HookyardRun same =
            partnerCommand(db, {u"set"_s, u"shop"_s, u"--tolerance-s"_s, u"600"_s});
        QCOMPARE(same.exitCode, 0);
        QCOMPARE(same.out, QByteArray("partner 'shop' already has these settings; nothing changed\n"));

        // Refusals change nothing: the command line's mistakes exit 2, the rest 1.
        const QList<std::pair<QStringList, int>> refused{
            {{u"set"_s, u"shop"_s}, 2},
            {{u"set"_s, u"shop"_s, u"--max-body-bytes"_s, u"0"_s}, 2},
            {{u"set"_s, u"shop"_s, u"--config"_s, u"{}"_s, u"--config-file"_s, u"/nonexistent"_s}, 2},
            {{u"set"_s, u"shop"_s, u"--config"_s, u"[1]"_s}, 1},
            {{u"set"_s, u"shop"_s, u"--config"_s, uR"({"mode": "bogus"})"_s}, 1},
            {{u"set"_s, u"shop"_s, u"--config"_s, uR"({"event-id": "/id"})"_s}, 1},
            {{u"set"_s, u"nobody"_s, u"--tolerance-s"_s, u"5"_s}, 1},
            {{u"set"_s, u"shop"_s, u"--config"_s, uR"({"handler-url": null})"_s}, 1}, // a typo: no such key
            {{u"set"_s, u"shop"_s, u"--config-file"_s, u"/dev/zero"_s}, 1},           // not read without end
        };
        for (const auto &[arguments, exitCode] : refused) {
            const hookyard::test::HookyardRun run = partnerCommand(db, arguments);
            QVERIFY2(run.exitCode == exitCode, qPrintable(arguments.join(u' ') + u": "_s + QString::fromUtf8(run.err)));
            QCOMPARE(run.err.count('\n'), 1);
            QVERIFY(run.out.isEmpty());
        }
        QCOMPARE(stored(), after);
        QCOMPARE(db.scalar(u"SELECT count(*) FROM audit_log WHERE action = 'partner.set'"_s).toInt(), 1);
    }

    // Found in review: {"hmac": {"prefix": "v1="}} replaced the whole hmac object, so a partner whose prefix was
    // changed lost its timestamp header and signed timestamp without a word. The merge now goes into objects too.
    void cliSetMergesANestedObjectKeyByKey()
    {
        TestDatabase db(u"pa_cli_set_nested"_s);
        const auto storedHmac = [&] { return shownPartner(db, u"legacy"_s)[u"config"_s][u"hmac"_s].toObject(); };
        const hookyard::test::HookyardRun added =
            partnerCommand(db, {u"add"_s, u"legacy"_s, u"--scheme"_s, u"hmac"_s, u"--secret"_s, u"shared key"_s,
                                u"--config"_s, uR"({"hmac": {"signature_header": "X-Signature", "prefix": "sha256=",
                                    "timestamp_header": "X-Timestamp", "timestamp_signed": true}})"_s});
        QVERIFY2(added.exitCode == 0, added.err.constData());

        const hookyard::test::HookyardRun prefix =
            partnerCommand(db, {u"set"_s, u"legacy"_s, u"--config"_s, uR"({"hmac": {"prefix": "v1="}})"_s});
        QVERIFY2(prefix.exitCode == 0, prefix.err.constData());
        QCOMPARE(storedHmac(), QJsonObject({{u"signature_header"_s, u"X-Signature"_s},
                                            {u"prefix"_s, u"v1="_s},
                                            {u"timestamp_header"_s, u"X-Timestamp"_s},
                                            {u"timestamp_signed"_s, true}}));

        const hookyard::test::HookyardRun removed =
            partnerCommand(db, {u"set"_s, u"legacy"_s, u"--config"_s,
                                uR"({"hmac": {"timestamp_header": null, "timestamp_signed": null}})"_s});
        QVERIFY2(removed.exitCode == 0, removed.err.constData());
        QCOMPARE(storedHmac(), QJsonObject({{u"signature_header"_s, u"X-Signature"_s}, {u"prefix"_s, u"v1="_s}}));

        // A nested key to remove that is not there is named with its object.
        const hookyard::test::HookyardRun typo =
            partnerCommand(db, {u"set"_s, u"legacy"_s, u"--config"_s, uR"({"hmac": {"prefixx": null}})"_s});
        QCOMPARE(typo.exitCode, 1);
        QCOMPARE(typo.err, QByteArray("hookyard: partner 'legacy' has no config key 'hmac.prefixx' to remove (hmac's "
                                      "keys: prefix, signature_header)\n"));
        QCOMPARE(storedHmac().value(u"prefix"_s).toString(), u"v1="_s);
    }

    void cliFailuresExitWithOneLine_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::addRow("bad config key") << QStringList{u"add"_s,      u"a"_s,
                                                       u"--scheme"_s, u"stripe"_s,
                                                       u"--secret"_s, u"s"_s,
                                                       u"--config"_s, uR"({"event-id": "/id"})"_s}
                                        << 1 << u"hookyard: unknown config key 'event-id'"_s;
        QTest::addRow("config not JSON") << QStringList{u"add"_s,      u"a"_s, u"--scheme"_s, u"github"_s,
                                                        u"--secret"_s, u"s"_s, u"--config"_s, u"{event_id: /id}"_s}
                                         << 1 << u"hookyard: --config is not JSON"_s;
        // Found by an adversarial helper: the last of two keys was taken without a word.
        QTest::addRow("config key twice")
            << QStringList{u"add"_s,      u"a"_s, u"--scheme"_s, u"github"_s,
                           u"--secret"_s, u"s"_s, u"--config"_s, uR"({"mode": "store_only", "mode": "timestamp"})"_s}
            << 1 << u"hookyard: --config gives the key at /mode twice"_s;
        QTest::addRow("config an array") << QStringList{u"add"_s,      u"a"_s, u"--scheme"_s, u"github"_s,
                                                        u"--secret"_s, u"s"_s, u"--config"_s, u"[]"_s}
                                         << 1 << u"hookyard: --config must be a JSON object"_s;
        QTest::addRow("config file missing")
            << QStringList{u"add"_s,      u"a"_s, u"--scheme"_s,      u"github"_s,
                           u"--secret"_s, u"s"_s, u"--config-file"_s, u"/nonexistent/partner.json"_s}
            << 1 << u"hookyard: cannot read the config file '/nonexistent/partner.json'"_s;
        QTest::addRow("no secret for stripe") << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"stripe"_s} << 1
                                              << u"hookyard: partner 'a' needs a secret"_s;
        QTest::addRow("bad standard secret")
            << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"standard"_s, u"--secret"_s, u"whsec_c2hvcnQ="_s} << 1
            << u"hookyard: secret must be 'whsec_'"_s;
        QTest::addRow("unknown partner") << QStringList{u"show"_s, u"nope"_s} << 1
                                         << u"hookyard: partner 'nope' does not exist"_s;
        QTest::addRow("unknown scheme") << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"svix"_s} << 2
                                        << u"hookyard: --scheme: unknown scheme 'svix'"_s;
        QTest::addRow("no scheme") << QStringList{u"add"_s, u"a"_s} << 2 << u"hookyard: partner add needs --scheme"_s;
        QTest::addRow("config twice") << QStringList{u"add"_s,      u"a"_s,  u"--scheme"_s,      u"github"_s,
                                                     u"--config"_s, u"{}"_s, u"--config-file"_s, u"x.json"_s}
                                      << 2 << u"hookyard: give --config or --config-file, not both"_s;
        QTest::addRow("bad number") << QStringList{u"add"_s,           u"a"_s, u"--scheme"_s, u"github"_s,
                                                   u"--tolerance-s"_s, u"5m"_s}
                                    << 2 << u"hookyard: --tolerance-s needs a whole number"_s;
        // Found by trying bad input: a number beyond an int was told it was no whole number.
        QTest::addRow("number too large")
            << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"github"_s, u"--tolerance-s"_s, u"99999999999"_s} << 2
            << u"hookyard: --tolerance-s needs a whole number of seconds from 1 to 86400 (a day), got '99999999999'"_s;
        // Found by an adversarial helper: a tolerance of 2147483647 s was taken, replay protection as good as off.
        QTest::addRow("tolerance over a day")
            << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"github"_s, u"--tolerance-s"_s, u"86401"_s} << 2
            << u"hookyard: --tolerance-s needs a whole number of seconds from 1 to 86400 (a day), got '86401'"_s;
        QTest::addRow("no body") << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"github"_s, u"--max-body-bytes"_s,
                                                u"0"_s}
                                 << 2 << u"hookyard: --max-body-bytes needs a whole number of bytes from 1"_s;
        QTest::addRow("body limit over 64 MiB")
            << QStringList{u"add"_s, u"a"_s, u"--scheme"_s, u"github"_s, u"--max-body-bytes"_s, u"2147483647"_s} << 2
            << u"hookyard: --max-body-bytes needs a whole number of bytes from 1 to 67108864 (64 MiB), got "
               "'2147483647'"_s;
        QTest::addRow("secret that is not UTF-8") << QStringList{u"add"_s,
                                                                 u"a"_s,
                                                                 u"--scheme"_s,
                                                                 u"github"_s,
                                                                 u"--secret"_s,
                                                                 QString::fromLocal8Bit("a\xff"
                                                                                        "b")}
                                                  << 1 << u"hookyard: a secret holds bytes that are not UTF-8"_s;
        QTest::addRow("unknown option") << QStringList{u"list"_s, u"--colour"_s} << 2
                                        << u"hookyard: unknown option --colour (see hookyard "_s;
        QTest::addRow("unknown action") << QStringList{u"pause"_s, u"a"_s} << 2
                                        << u"hookyard: unknown partner action 'pause'"_s;
        QTest::addRow("no action") << QStringList{} << 2 << u"hookyard: partner needs an action"_s;
        QTest::addRow("no name") << QStringList{u"remove"_s} << 2
                                 << u"hookyard: partner remove needs exactly one partner NAME"_s;
    }

    void cliFailuresExitWithOneLine()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        TestDatabase db(u"pa_cli_fail"_s);
        const hookyard::test::HookyardRun run = partnerCommand(db, arguments);
        QCOMPARE(run.exitCode, exitCode);
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.startsWith(expected), qPrintable(err));
        QCOMPARE(err.count(u'\n'), 1);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(db.scalar(u"SELECT count(*) FROM partners"_s).toInt(), 0);
    }

    void cliHelpListsTheActions()
    {
        const hookyard::test::HookyardRun run = runHookyard({u"partner"_s, u"--help"_s});
        QCOMPARE(run.exitCode, 0);
        for (const char *action : {"add", "list", "show", "set", "rotate-secret", "remove"})
            QVERIFY2(run.out.contains(action), action);
        const hookyard::test::HookyardRun addHelp = runHookyard({u"partner"_s, u"add"_s, u"--help"_s});
        QCOMPARE(addHelp.exitCode, 0);
        QVERIFY(addHelp.out.contains("--config-file"));
        const hookyard::test::HookyardRun top = runHookyard({u"--help"_s});
        QVERIFY(top.out.contains("partner <action>"));
    }
};

QTEST_GUILESS_MAIN(TestPartners)
#include "tst_partners.moc"
