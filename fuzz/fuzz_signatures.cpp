// The signature header parsers and verifiers the receiver uses (core/signing/Signatures): Standard Webhooks (Svix
// sends the same values under other header names, so one parser serves both), Stripe, GitHub, generic HMAC, and the
// decoding of "whsec_" secrets.
//
// One target for all of them, the first input byte picking the scheme: the schemes share their helpers (timestamp
// parsing, tolerance, candidate matching), one corpus lets libFuzzer carry a mutation found for one scheme over to
// the others, and the whole family gets one long run instead of five short ones. The rest of the input is split at
// newlines into the scheme's header values, and what follows them is the body. Secrets and clock are fixed to the
// public test vectors (PROTOCOLS.md §1–§2) so that seeds with valid signatures reach the HMAC comparison.
#include "FuzzSupport.h"

#include "signing/Signatures.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

using namespace Qt::StringLiterals;
using namespace hookyard::core;
using namespace hookyard::fuzz;

namespace {

constexpr qint64 kNow = 1614265330; // the Standard Webhooks test vector's timestamp
constexpr int kToleranceSeconds = 300;

const QByteArray kStandardSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"_ba;
const QByteArray kGitHubSecret = "It's a Secret to Everybody"_ba;

enum class Scheme
{
    Standard,    // webhook-id \n webhook-timestamp \n webhook-signature \n body
    Stripe,      // Stripe-Signature \n body
    GitHub,      // X-Hub-Signature-256 \n body
    GenericHmac, // {hmac config JSON} \n signature header value \n timestamp header value \n body
    Secret,      // a secret as an operator gives it; signed with and verified back
    Count
};

void checkVerdict(const signing::Verdict &verdict)
{
    // A rejection always says why (it goes to rejected_requests); an acceptance says nothing.
    require(verdict.valid == verdict.reason.isEmpty(), "a verdict has a reason exactly when it rejects");
}

QList<QByteArray> standardKeys()
{
    // An empty key among the keys is skipped, never used for an HMAC.
    return {signing::standardSecretKey(QString::fromLatin1(kStandardSecret)).value(), QByteArray()};
}

void fuzzStandard(QByteArrayView input)
{
    const QByteArray id = takeLine(input).toByteArray();
    const QByteArray timestamp = takeLine(input).toByteArray();
    const QByteArray signature = takeLine(input).toByteArray();
    static const QList<QByteArray> keys = standardKeys();
    checkVerdict(signing::verifyStandard(keys, id, timestamp, signature, input.toByteArray(), kNow, kToleranceSeconds));
}

void fuzzStripe(QByteArrayView input)
{
    const QByteArray header = takeLine(input).toByteArray();
    // Stripe keys with the whole secret text, prefix included.
    checkVerdict(signing::verifyStripe({kStandardSecret}, header, input.toByteArray(), kNow, kToleranceSeconds));
}

void fuzzGitHub(QByteArrayView input)
{
    const QByteArray header = takeLine(input).toByteArray();
    checkVerdict(signing::verifyGitHub({kGitHubSecret}, header, input.toByteArray()));
}

void fuzzGenericHmac(QByteArrayView input)
{
    const QJsonObject configJson = QJsonDocument::fromJson(takeLine(input).toByteArray()).object();
    const QByteArray signature = takeLine(input).toByteArray();
    const QByteArray timestamp = takeLine(input).toByteArray();
    const auto config = signing::parseGenericHmacConfig(configJson);
    if (!config)
        return;
    require(!config->signatureHeader.isEmpty(), "a generic HMAC config names its signature header");
    HeaderMap headers{{config->signatureHeader, signature}};
    if (!config->timestampHeader.isEmpty())
        headers.insert(config->timestampHeader, timestamp);
    checkVerdict(signing::verifyGenericHmac(config.value(), {kGitHubSecret}, headers, input.toByteArray(), kNow,
                                            kToleranceSeconds));
}

void fuzzSecret(QByteArrayView input)
{
    const auto key = signing::standardSecretKey(QString::fromUtf8(input));
    if (!key)
        return;
    require(!key->isEmpty(), "a decoded Standard Webhooks key is never empty");
    // What the relay signs with a key, a receiver holding the same key accepts.
    const QByteArray body = R"({"type":"fuzz"})"_ba;
    const QByteArray header = signing::standardSignatureHeader({key.value()}, "msg_fuzz"_ba, kNow, body);
    const signing::Verdict verdict = signing::verifyStandard({key.value()}, "msg_fuzz"_ba, QByteArray::number(kNow),
                                                             header, body, kNow, kToleranceSeconds);
    require(verdict.valid, "a signature made with a key verifies with that key");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    // '0' picks the first scheme, so a seed reads "0msg_...": every byte value picks one.
    const auto scheme = Scheme(std::uint8_t(data[0] - '0') % int(Scheme::Count));
    const QByteArrayView input(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    switch (scheme) {
    case Scheme::Standard:
        fuzzStandard(input);
        break;
    case Scheme::Stripe:
        fuzzStripe(input);
        break;
    case Scheme::GitHub:
        fuzzGitHub(input);
        break;
    case Scheme::GenericHmac:
        fuzzGenericHmac(input);
        break;
    case Scheme::Secret:
        fuzzSecret(input);
        break;
    case Scheme::Count:
        break;
    }
    return 0;
}
