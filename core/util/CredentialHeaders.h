#pragma once

#include <QByteArrayView>

namespace hookyard::core {

// Whether an HTTP header's name (in lower case) says its value is a credential: a bearer or API token, a secret, a
// password, a session, or a key that grants access (X-Api-Key, X-Auth-Key, Ocp-Apim-Subscription-Key,
// X-Functions-Key). Names that merely hold "key" are not (Bitbucket's X-Event-Key names the event type;
// Idempotency-Key names the request), nor are signatures, which are made per request.
// The receiver keeps such a header's value as "(redacted)"; the console masks it.
bool namesACredential(QByteArrayView lowercaseName);

} // namespace hookyard::core
