#include "signing/Signatures.h"

#include <QJsonValue>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace hookyard::core::signing {

namespace {

Verdict accepted()
{
    return {true, {}};
}

Verdict rejected(QStringView reason)
{
    return {false, reason.toString()};
}

const char *digestName(HmacAlgorithm algorithm)
{
    switch (algorithm) {
    case HmacAlgorithm::Sha1:
        return "SHA1";
    case HmacAlgorithm::Sha256:
        return "SHA256";
    case HmacAlgorithm::Sha512:
        return "SHA512";
    }
    Q_UNREACHABLE();
}

struct MacContextFree
{
    void operator()(EVP_MAC_CTX *context) const { EVP_MAC_CTX_free(context); }
};
using MacContext = std::unique_ptr<EVP_MAC_CTX, MacContextFree>;

// This thread's HMAC context for `algorithm`, made once and keyed anew for each MAC. OpenSSL 3's one-shot HMAC() looks
// the MAC and the digest up among its providers on every call, about half the time the receiver spent verifying a
// webhook (docs/benchmarks.md, ingest); a context keeps the digest it was made with.
EVP_MAC_CTX *macContext(HmacAlgorithm algorithm)
{
    thread_local std::array<MacContext, 3> contexts;
    MacContext &context = contexts.at(size_t(algorithm));
    if (!context) {
        EVP_MAC *mac = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
        context.reset(mac ? EVP_MAC_CTX_new(mac) : nullptr);
        EVP_MAC_free(mac); // the context holds a reference of its own
        const OSSL_PARAM digest[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, const_cast<char *>(digestName(algorithm)), 0),
            OSSL_PARAM_construct_end()};
        if (!context || !EVP_MAC_CTX_set_params(context.get(), digest))
            qFatal("OpenSSL has no HMAC with %s", digestName(algorithm));
    }
    return context.get();
}

// Failing here means OpenSSL could not allocate. Carrying on with an empty MAC is not an option: it would compare equal
// to an empty signature in a header such as "sha256=".
QByteArray hmac(HmacAlgorithm algorithm, const QByteArray &key, const QByteArray &data)
{
    EVP_MAC_CTX *context = macContext(algorithm);
    unsigned char mac[EVP_MAX_MD_SIZE];
    size_t length = 0;
    // constData() is never null, not even for an empty key: a null key would reuse the previous MAC's.
    if (!EVP_MAC_init(context, reinterpret_cast<const unsigned char *>(key.constData()), size_t(key.size()), nullptr) ||
        !EVP_MAC_update(context, reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size())) ||
        !EVP_MAC_final(context, mac, &length, sizeof mac))
        qFatal("OpenSSL could not compute an HMAC");
    return QByteArray(reinterpret_cast<const char *>(mac), qsizetype(length));
}

// The length of a signature follows from the algorithm and encoding and is no secret; the contents are compared in
// constant time so a forger learns nothing from response timing.
bool constantTimeEquals(const QByteArray &a, const QByteArray &b)
{
    return a.size() == b.size() && CRYPTO_memcmp(a.constData(), b.constData(), size_t(a.size())) == 0;
}

bool hasUsableKey(const QList<QByteArray> &keys)
{
    return std::any_of(keys.cbegin(), keys.cend(), [](const QByteArray &key) { return !key.isEmpty(); });
}

// Unix seconds as plain ASCII digits: no sign, no spaces, no exponent. At most 18 digits, so differences with the
// current time cannot overflow qint64.
std::optional<qint64> parseUnixSeconds(const QByteArray &text)
{
    if (text.isEmpty() || text.size() > 18)
        return std::nullopt;
    qint64 value = 0;
    for (const char digit : text) {
        if (digit < '0' || digit > '9')
            return std::nullopt;
        value = value * 10 + (digit - '0');
    }
    return value;
}

enum class Window
{
    PastOnly,
    BothDirections
};

// The rejection reason when timestamp lies outside the tolerance, an empty string when it is acceptable.
QString toleranceViolation(qint64 timestamp, qint64 nowSeconds, int toleranceSeconds, Window window)
{
    const qint64 age = nowSeconds - timestamp;
    if (age > toleranceSeconds)
        return u"timestamp outside tolerance (%1 s old)"_s.arg(age);
    if (window == Window::BothDirections && -age > toleranceSeconds)
        return u"timestamp outside tolerance (%1 s in the future)"_s.arg(-age);
    return {};
}

// Accepted when any non-empty key's MAC over content, encoded, equals any candidate.
Verdict matchAny(const QList<QByteArray> &keys, HmacAlgorithm algorithm, const QByteArray &content,
                 const QList<QByteArray> &candidates, SignatureEncoding encoding)
{
    for (const QByteArray &key : keys) {
        if (key.isEmpty())
            continue;
        const QByteArray mac = hmac(algorithm, key, content);
        const QByteArray expected = encoding == SignatureEncoding::Hex ? mac.toHex() : mac.toBase64();
        for (const QByteArray &candidate : candidates) {
            if (constantTimeEquals(expected, candidate))
                return accepted();
        }
    }
    return rejected(u"no signature matched");
}

QByteArray standardSignedContent(const QByteArray &messageId, const QByteArray &timestamp, const QByteArray &body)
{
    return messageId + '.' + timestamp + '.' + body;
}

// The string at key; an empty string when the key is absent, an error when it holds something else.
Result<QString> optionalString(const QJsonObject &config, const QString &key)
{
    const QJsonValue value = config.value(key);
    if (value.isUndefined())
        return QString();
    if (!value.isString())
        return Error{u"generic HMAC config: \"%1\" must be a string"_s.arg(key)};
    return value.toString();
}

constexpr QStringView noSecret = u"no signing secret configured";

} // namespace

Result<QByteArray> standardSecretKey(const QString &secret)
{
    constexpr QStringView prefix = u"whsec_";
    const QStringView encoded =
        secret.startsWith(prefix) ? QStringView(secret).sliced(prefix.size()) : QStringView(secret);
    if (encoded.isEmpty())
        return Error{u"empty secret"_s};
    const QString invalid = u"invalid secret: the part after \"whsec_\" is not base64"_s;
    // Qt's strict decoder accepts missing padding, as the spec asks, but also a lone trailing character, which
    // cannot encode a whole byte.
    if (encoded.size() % 4 == 1)
        return Error{invalid};
    auto decoded = QByteArray::fromBase64Encoding(encoded.toLatin1(),
                                                  QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return Error{invalid};
    return std::move(decoded.decoded);
}

QString generateStandardSecret()
{
    // 32 bytes: the full strength of HMAC-SHA256, within the 24–64 bytes the spec asks for.
    QByteArray bytes(32, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(bytes.data()), int(bytes.size())) != 1)
        qFatal("OpenSSL's random generator failed; refusing to create a predictable secret");
    return u"whsec_"_s + QString::fromLatin1(bytes.toBase64());
}

QByteArray standardSignature(const QByteArray &key, const QByteArray &messageId, qint64 timestamp,
                             const QByteArray &body)
{
    const QByteArray content = standardSignedContent(messageId, QByteArray::number(timestamp), body);
    return "v1,"_ba + hmac(HmacAlgorithm::Sha256, key, content).toBase64();
}

QByteArray standardSignatureHeader(const QList<QByteArray> &keys, const QByteArray &messageId, qint64 timestamp,
                                   const QByteArray &body)
{
    QList<QByteArray> signatures;
    signatures.reserve(keys.size());
    for (const QByteArray &key : keys)
        signatures << standardSignature(key, messageId, timestamp, body);
    return signatures.join(' ');
}

Verdict verifyStandard(const QList<QByteArray> &keys, const QByteArray &messageId, const QByteArray &timestampHeader,
                       const QByteArray &signatureHeader, const QByteArray &body, qint64 nowSeconds,
                       int toleranceSeconds)
{
    if (!hasUsableKey(keys))
        return rejected(noSecret);
    if (messageId.isEmpty())
        return rejected(u"missing webhook-id header"_s);
    if (timestampHeader.isEmpty())
        return rejected(u"missing webhook-timestamp header"_s);
    if (signatureHeader.isEmpty())
        return rejected(u"missing webhook-signature header"_s);

    const std::optional<qint64> timestamp = parseUnixSeconds(timestampHeader);
    if (!timestamp)
        return rejected(u"malformed webhook-timestamp header"_s);
    if (const QString late = toleranceViolation(*timestamp, nowSeconds, toleranceSeconds, Window::BothDirections);
        !late.isEmpty())
        return rejected(late);

    // Entries are "<version>,<signature>"; runs of spaces are tolerated, as in the reference JavaScript library.
    QList<QByteArray> candidates;
    for (const QByteArray &entry : signatureHeader.split(' ')) {
        if (entry.isEmpty())
            continue;
        const qsizetype comma = entry.indexOf(',');
        if (comma <= 0)
            return rejected(u"malformed webhook-signature header"_s);
        if (entry.first(comma) == "v1")
            candidates << entry.sliced(comma + 1);
    }
    if (candidates.isEmpty())
        return rejected(u"no v1 signature in webhook-signature header"_s);

    // Compared as base64 text, as the reference libraries do: one accepted spelling per signature.
    const QByteArray content = standardSignedContent(messageId, timestampHeader, body);
    return matchAny(keys, HmacAlgorithm::Sha256, content, candidates, SignatureEncoding::Base64);
}

Verdict verifyStripe(const QList<QByteArray> &secrets, const QByteArray &stripeSignatureHeader, const QByteArray &body,
                     qint64 nowSeconds, int toleranceSeconds)
{
    if (!hasUsableKey(secrets))
        return rejected(noSecret);
    if (stripeSignatureHeader.isEmpty())
        return rejected(u"missing Stripe-Signature header"_s);

    const QString malformed = u"malformed Stripe-Signature header"_s;
    QByteArray timestampText;
    QList<QByteArray> candidates;
    // v0 and any other schemes are skipped: v0 carries test-mode signatures with a different secret.
    for (const QByteArray &item : stripeSignatureHeader.split(',')) {
        const qsizetype equals = item.indexOf('=');
        if (equals <= 0)
            return rejected(malformed);
        const QByteArray key = item.first(equals);
        if (key == "t") {
            if (!timestampText.isEmpty())
                return rejected(malformed);
            timestampText = item.sliced(equals + 1);
        } else if (key == "v1") {
            candidates << item.sliced(equals + 1);
        }
    }
    if (timestampText.isEmpty())
        return rejected(u"no timestamp in Stripe-Signature header"_s);
    const std::optional<qint64> timestamp = parseUnixSeconds(timestampText);
    if (!timestamp)
        return rejected(malformed);
    if (const QString late = toleranceViolation(*timestamp, nowSeconds, toleranceSeconds, Window::PastOnly);
        !late.isEmpty())
        return rejected(late);
    if (candidates.isEmpty())
        return rejected(u"no v1 signature in Stripe-Signature header"_s);

    const QByteArray content = timestampText + '.' + body;
    return matchAny(secrets, HmacAlgorithm::Sha256, content, candidates, SignatureEncoding::Hex);
}

Verdict verifyGitHub(const QList<QByteArray> &secrets, const QByteArray &signature256Header, const QByteArray &body)
{
    if (!hasUsableKey(secrets))
        return rejected(noSecret);
    if (signature256Header.isEmpty())
        return rejected(u"missing X-Hub-Signature-256 header"_s);
    const QByteArray prefix = "sha256="_ba;
    if (!signature256Header.startsWith(prefix))
        return rejected(u"malformed X-Hub-Signature-256 header"_s);

    const QList<QByteArray> candidates{signature256Header.sliced(prefix.size())};
    return matchAny(secrets, HmacAlgorithm::Sha256, body, candidates, SignatureEncoding::Hex);
}

Result<GenericHmacConfig> parseGenericHmacConfig(const QJsonObject &config)
{
    GenericHmacConfig parsed;

    const auto header = optionalString(config, u"signature_header"_s);
    if (!header)
        return Error{header.error()};
    if (header->trimmed().isEmpty())
        return Error{u"generic HMAC config: \"signature_header\" is required"_s};
    parsed.signatureHeader = header->trimmed().toLatin1().toLower();

    const auto algorithm = optionalString(config, u"algorithm"_s);
    if (!algorithm)
        return Error{algorithm.error()};
    if (algorithm->isEmpty() || algorithm.value() == u"sha256")
        parsed.algorithm = HmacAlgorithm::Sha256;
    else if (algorithm.value() == u"sha1")
        parsed.algorithm = HmacAlgorithm::Sha1;
    else if (algorithm.value() == u"sha512")
        parsed.algorithm = HmacAlgorithm::Sha512;
    else
        return Error{u"generic HMAC config: unknown algorithm \"%1\" (expected sha1, sha256 or sha512)"_s.arg(
            algorithm.value())};

    const auto encoding = optionalString(config, u"encoding"_s);
    if (!encoding)
        return Error{encoding.error()};
    if (encoding->isEmpty() || encoding.value() == u"hex")
        parsed.encoding = SignatureEncoding::Hex;
    else if (encoding.value() == u"base64")
        parsed.encoding = SignatureEncoding::Base64;
    else
        return Error{u"generic HMAC config: unknown encoding \"%1\" (expected hex or base64)"_s.arg(encoding.value())};

    const auto prefix = optionalString(config, u"prefix"_s);
    if (!prefix)
        return Error{prefix.error()};
    parsed.prefix = prefix->toUtf8();

    const auto timestampHeader = optionalString(config, u"timestamp_header"_s);
    if (!timestampHeader)
        return Error{timestampHeader.error()};
    parsed.timestampHeader = timestampHeader->trimmed().toLatin1().toLower();

    const QJsonValue timestampSigned = config.value(u"timestamp_signed"_s);
    if (!timestampSigned.isUndefined() && !timestampSigned.isBool())
        return Error{u"generic HMAC config: \"timestamp_signed\" must be true or false"_s};
    parsed.timestampSigned = timestampSigned.toBool(false);
    if (parsed.timestampSigned && parsed.timestampHeader.isEmpty())
        return Error{u"generic HMAC config: \"timestamp_signed\" needs \"timestamp_header\""_s};

    return parsed;
}

Verdict verifyGenericHmac(const GenericHmacConfig &config, const QList<QByteArray> &secrets,
                          const HeaderMap &lowercasedHeaders, const QByteArray &body, qint64 nowSeconds,
                          int toleranceSeconds)
{
    if (!hasUsableKey(secrets))
        return rejected(noSecret);
    const QString signatureHeaderName = QString::fromLatin1(config.signatureHeader);
    const QByteArray signature = lowercasedHeaders.value(config.signatureHeader);
    if (signature.isEmpty())
        return rejected(u"missing %1 header"_s.arg(signatureHeaderName));
    if (!signature.startsWith(config.prefix))
        return rejected(u"malformed %1 header (expected prefix \"%2\")"_s.arg(signatureHeaderName,
                                                                              QString::fromUtf8(config.prefix)));

    QByteArray content = body;
    if (!config.timestampHeader.isEmpty()) {
        const QString timestampHeaderName = QString::fromLatin1(config.timestampHeader);
        const QByteArray timestampText = lowercasedHeaders.value(config.timestampHeader);
        if (timestampText.isEmpty())
            return rejected(u"missing %1 header"_s.arg(timestampHeaderName));
        const std::optional<qint64> timestamp = parseUnixSeconds(timestampText);
        if (!timestamp)
            return rejected(u"malformed %1 header"_s.arg(timestampHeaderName));
        if (const QString late = toleranceViolation(*timestamp, nowSeconds, toleranceSeconds, Window::BothDirections);
            !late.isEmpty())
            return rejected(late);
        if (config.timestampSigned)
            content = timestampText + '.' + body;
    }

    // Home-made schemes differ in the case of their hex digits; the case carries no information.
    const QByteArray encoded = signature.sliced(config.prefix.size());
    const bool hex = config.encoding == SignatureEncoding::Hex;
    const QList<QByteArray> candidates{hex ? encoded.toLower() : encoded};
    return matchAny(secrets, config.algorithm, content, candidates, config.encoding);
}

} // namespace hookyard::core::signing
