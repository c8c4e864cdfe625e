#pragma once

#include "util/Result.h"

#include <QHostAddress>
#include <QString>
#include <QUrl>

// The SSRF guard (docs/security.md): Hookyard sends requests to URLs that operators, and through them partners,
// choose. Unless an endpoint (or reconciliation source) allows private networks, those requests may not reach the
// relay's own host, its cloud metadata service or the private networks around it.
namespace hookyard::core {

// The kind of non-public range `address` lies in — "loopback", "link-local", "private", "shared (CGNAT)",
// "unspecified", "multicast", ... — or an empty string for a public address. An IPv4-mapped (::ffff:a.b.c.d),
// IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address is judged by the IPv4 address inside it.
QString privateRangeOf(const QHostAddress &address);
// A range's kind as a sentence names it: "an unspecified", "a loopback".
QString withArticle(const QString &kind);

// Checked when a URL is configured: its host, if an address, or else every address it resolves to now, must be
// public. `what` names the URL in the error ("url", "status url"), which names the address and its range; the
// caller adds how to allow it. A name that does not resolve passes: it may be set up before its DNS, and the check
// at connect time (HttpTransfers) judges whatever it resolves to then.
Status checkPublicDestination(const QString &what, const QUrl &url);

} // namespace hookyard::core
