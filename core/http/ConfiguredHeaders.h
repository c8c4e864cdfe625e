#pragma once

#include "util/Result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace hookyard::core {

// An HTTP field name (RFC 9110 token).
bool isHeaderToken(const QString &name);

// The hop-by-hop and framing headers (lowercase), which change how a request is carried: no configured header may
// set them (found by an adversarial helper: Content-Encoding: gzip on a body that is not, Expect, Upgrade were
// accepted and sent).
const QStringList &framingHeaders();

// Headers an operator configured Hookyard to send (an endpoint's, a reconciliation list API's), by name: each a valid
// field name given once (names compare without case), none of `reserved` (lowercase) or framingHeaders(), each value
// text on one line that is not empty (libcurl takes "Name:" for "do not send Name"). `reserved` is given the name in
// lowercase; `reservedBy` says who sets the reserved ones, for the error: "the relay".
Status validateConfiguredHeaders(const QJsonObject &headers, const std::function<bool(const QString &)> &reserved,
                                 const QString &reservedBy);

} // namespace hookyard::core
