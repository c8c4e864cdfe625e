#pragma once

#include "http/HeaderMap.h"
#include "util/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

// Webhook signatures: the relay signs what it sends with Standard Webhooks (PROTOCOLS.md §1); the receiver verifies
// what partners send with Standard Webhooks, Stripe, GitHub or a configured generic HMAC (§2).
//
// Every verifier accepts when any configured secret matches any signature of the accepted version (key rotation on
// either side), compares signatures in constant time, and recomputes the HMAC over the timestamp text exactly as it
// arrived. Timestamps are Unix seconds written as plain ASCII digits; anything else is malformed. Empty secrets are
// skipped: anybody can compute an HMAC with an empty key.
namespace hookyard::core::signing {

// The outcome of a verification. reason is a short phrase for the rejected-requests table, empty when valid; it
// never contains a secret or a signature.
struct Verdict
{
    bool valid = false;
    QString reason;
};

// ---- Standard Webhooks ----

// The HMAC key of a "whsec_<base64>" secret: the base64-decoded part after the prefix. The prefix is optional on
// input and missing base64 padding is tolerated; an empty secret or invalid base64 is an error.
Result<QByteArray> standardSecretKey(const QString &secret);

// "whsec_" + base64 of 32 bytes from OpenSSL's CSPRNG.
QString generateStandardSecret();

// "v1," + base64 of HMAC-SHA256(key, "<messageId>.<timestamp>.<body>"). body is the exact bytes sent.
QByteArray standardSignature(const QByteArray &key, const QByteArray &messageId, qint64 timestamp,
                             const QByteArray &body);

// The webhook-signature header value: one "v1,..." entry per key, separated by single spaces, so a receiver that
// knows any of the active secrets can verify during rotation.
QByteArray standardSignatureHeader(const QList<QByteArray> &keys, const QByteArray &messageId, qint64 timestamp,
                                   const QByteArray &body);

// Verifies webhook-id / webhook-timestamp / webhook-signature (the caller passes the svix-* headers instead when a
// sender uses those names). keys are decoded keys (standardSecretKey). Entries of other versions (v1a is Ed25519)
// are skipped. The timestamp must lie within toleranceSeconds of nowSeconds in both directions.
Verdict verifyStandard(const QList<QByteArray> &keys, const QByteArray &messageId, const QByteArray &timestampHeader,
                       const QByteArray &signatureHeader, const QByteArray &body, qint64 nowSeconds,
                       int toleranceSeconds);

// ---- Stripe ----

// Verifies "Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...][,v0=...]" over "<t>.<body>" with HMAC-SHA256 in
// lowercase hex. secrets are the UTF-8 bytes of the whole secret strings, "whsec_" included: Stripe uses the
// secret text itself as the key and does not base64-decode it, unlike Standard Webhooks. Only the past side of the
// tolerance is checked, as Stripe's own libraries do, so a timestamp ahead of nowSeconds (a sender's fast clock) is
// accepted.
Verdict verifyStripe(const QList<QByteArray> &secrets, const QByteArray &stripeSignatureHeader, const QByteArray &body,
                     qint64 nowSeconds, int toleranceSeconds);

// ---- GitHub ----

// Verifies "X-Hub-Signature-256: sha256=<lowercase hex HMAC-SHA256 of the body>". No timestamp is signed, so
// GitHub deliveries have no replay window; deduplication on X-GitHub-Delivery is what protects against replays.
Verdict verifyGitHub(const QList<QByteArray> &secrets, const QByteArray &signature256Header, const QByteArray &body);

// ---- Generic HMAC, for partners with home-made schemes ----

enum class HmacAlgorithm
{
    Sha1,
    Sha256,
    Sha512
};
enum class SignatureEncoding
{
    Hex,
    Base64
};

struct GenericHmacConfig
{
    QByteArray signatureHeader; // lowercase
    HmacAlgorithm algorithm = HmacAlgorithm::Sha256;
    SignatureEncoding encoding = SignatureEncoding::Hex;
    QByteArray prefix; // precedes the encoded signature in the header, e.g. "sha256="; may be empty
    // Empty when the partner sends no timestamp. When set, the timestamp must lie within the tolerance in both
    // directions; it guards against replays only when timestampSigned is true.
    QByteArray timestampHeader;   // lowercase
    bool timestampSigned = false; // the signed content is "<timestamp>.<body>" instead of the body alone
};

// Reads the generic-HMAC settings from a partner's JSON config:
//   "signature_header" (required), "algorithm" ("sha1" | "sha256" | "sha512", default "sha256"),
//   "encoding" ("hex" | "base64", default "hex"), "prefix" (default none),
//   "timestamp_header" (default none), "timestamp_signed" (bool, default false; requires "timestamp_header").
// Other keys belong to the rest of the partner's config and are ignored.
Result<GenericHmacConfig> parseGenericHmacConfig(const QJsonObject &config);

// lowercasedHeaders maps lowercase header names to values. Base64 signatures are compared as standard padded
// base64; hex signatures are compared case-insensitively.
Verdict verifyGenericHmac(const GenericHmacConfig &config, const QList<QByteArray> &secrets,
                          const HeaderMap &lowercasedHeaders, const QByteArray &body, qint64 nowSeconds,
                          int toleranceSeconds);

} // namespace hookyard::core::signing
