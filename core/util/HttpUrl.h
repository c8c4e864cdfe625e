#pragma once

#include <QString>

namespace hookyard::core {

// An absolute http(s) URL with a host, no blank, and a port other than 0 (a request to port 0 could only fail): what
// an endpoint's URL and a partner's handler URL must be.
bool isHttpUrl(const QString &text);
// The text of a URL, valid or not, without the password of its user info ("http://user:pw@host" becomes
// "http://user@host"): for messages about a URL that may not parse.
QString withoutUserPassword(const QString &text);

} // namespace hookyard::core
