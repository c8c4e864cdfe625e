#pragma once

#include <QByteArrayView>

namespace hookyard::core {

// Whether a received HTTP header's name (in lower case) says its value is a credential: a token, a secret, a
// password, a cookie, an Authorization value, or a key that grants access (X-Api-Key, X-Auth-Key,
// Ocp-Apim-Subscription-Key, X-Functions-Key). Names that merely hold "key" are not (Bitbucket's X-Event-Key names
// the event type; Idempotency-Key names the request), and a signature never is, whatever its name: it is made for
// one request, and it is the evidence a support engineer checks. The receiver stores such a header's value as
// "(redacted)" (and drops Authorization, Cookie and Proxy-Authorization); the console masks configured headers by
// this rule and more (looksLikeCredential).
bool namesACredential(QByteArrayView lowercaseName);

} // namespace hookyard::core
