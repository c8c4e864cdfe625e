// The receiver's per-request checks (core/receiver/Receiver's checkWebhook) on a request to a known partner, as the
// receiver makes them once the body is read: size limit, signature, JSON, event id and the configured fields. No
// database: the partners are fixed here, configured as the tests and scripts/demo-traffic.sh configure theirs.
// The first input byte picks the partner ('0' to '5'); the rest is the raw request, parsed by the server's own
// parseRequestHead, its body being whatever follows the head, cut at Content-Length.
#include "FuzzSupport.h"

#include "db/Jsonb.h"
#include "http/HttpServer.h"
#include "inbox/PartnerConfig.h"
#include "receiver/Receiver.h"
#include "signing/Signatures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

using namespace Qt::StringLiterals;
using namespace hookyard::core;
using namespace hookyard::fuzz;

namespace {

constexpr qint64 kNow = 1614265330; // the Standard Webhooks test vector's timestamp
const QByteArray kStandardSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_ba;
const QByteArray kGitHubSecret = "It's a Secret to Everybody"_ba;

PartnerConfig partner(PartnerScheme scheme, const char *configJson, const QByteArray &secret, int maxBodyBytes)
{
    const QJsonObject json = QJsonDocument::fromJson(configJson).object();
    auto config = parsePartnerConfig(scheme, json);
    require(config.ok(), "the fuzz target's partner configs are valid");
    config.value().name = u"fuzz"_s;
    config.value().secrets = {secret};
    config.value().maxBodyBytes = maxBodyBytes;
    return config.value();
}

const std::vector<PartnerConfig> &partners()
{
    static const std::vector<PartnerConfig> all{
        partner(PartnerScheme::StandardWebhooks,
                R"({"entity_type": "=order", "entity_id": "/data/id", "defer_max_age_s": 3600})", kStandardSecret,
                1048576),
        partner(PartnerScheme::StandardWebhooks, R"({"svix_headers": true, "event_id": "/id"})", kStandardSecret, 100),
        partner(PartnerScheme::Stripe, "{}", kStandardSecret, 1048576),
        partner(PartnerScheme::GitHub, "{}", kGitHubSecret, 1048576),
        partner(PartnerScheme::GenericHmac,
                R"({"hmac": {"signature_header": "X-Signature", "prefix": "sha256=", "timestamp_header": "X-Timestamp",
                    "timestamp_signed": true}, "event_time": "header:x-timestamp", "mode": "timestamp"})",
                kGitHubSecret, 1048576),
        partner(PartnerScheme::GenericHmac,
                R"({"hmac": {"signature_header": "x-sig", "algorithm": "sha512", "encoding": "base64"},
                    "event_id": "/events/0/id", "event_type": "header:x-event", "entity_id": "=fixed",
                    "event_time": "/events/0/at"})",
                kGitHubSecret, 1048576),
    };
    return all;
}

bool storable(const QString &text)
{
    return !text.contains(QChar::Null) && QStringView(text).isValidUtf16();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const PartnerConfig &config = partners().at(std::uint8_t(data[0] - '0') % partners().size());
    const QByteArrayView stream(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));

    constexpr QByteArrayView headEnd("\r\n\r\n");
    // -1: the input never reached checkWebhook (libFuzzer keeps it out of the corpus; the replay counts it).
    const qsizetype end = stream.indexOf(headEnd);
    if (end < 0)
        return -1;
    RequestHead head = parseRequestHead(stream.first(end));
    if (head.rejectStatus != 0)
        return -1;
    HttpRequest request;
    request.method = std::move(head.method);
    request.target = std::move(head.target);
    request.headers = std::move(head.headers);
    const QByteArrayView body = stream.sliced(end + headEnd.size());
    request.body = body.first(qsizetype(std::min<qint64>(head.bodyLength, body.size()))).toByteArray();

    const auto checked = checkWebhook(config, request, kNow);
    if (const auto *rejection = std::get_if<WebhookRejection>(&checked)) {
        require(rejection->status == 400 || rejection->status == 401 || rejection->status == 413,
                "a webhook is turned away with 400, 401 or 413");
        require(!rejection->reason.isEmpty(), "a rejection says why");
        return 0;
    }
    const IngestItem &item = std::get<IngestItem>(checked);
    const qsizetype idCharacters = item.partnerEventId.toUcs4().size();
    require(idCharacters >= 1 && idCharacters <= 100, "a stored event has an id of 1 to 100 characters");
    require(item.rawBody == request.body, "the body is stored verbatim");
    require(!item.headers.contains("authorization"), "credentials are never kept");
    // What is accepted, the ingest statement can store: PostgreSQL's text and jsonb take no NUL and no unpaired
    // surrogate, and the event time goes as ISO 8601 text. Otherwise the whole batch would fail with a 503 each.
    for (const QString *text : {&item.partnerEventId, &item.eventType, &item.entityType, &item.entityId})
        require(storable(*text), "extracted fields are storable text");
    for (const auto &[name, value] : item.headers)
        require(storable(QString::fromUtf8(value)), "kept header values are storable text");
    require(!item.eventTime || !item.eventTime->toString(Qt::ISODateWithMs).isEmpty(), "an event time has ISO text");
    // checkWebhook walks a body only when its bytes could hold what jsonb refuses; every accepted body passes the walk.
    const QJsonDocument document = QJsonDocument::fromJson(item.rawBody);
    require(jsonbCanStore(document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array())),
            "an accepted body holds no U+0000 and no unpaired surrogate");
    return 0;
}
