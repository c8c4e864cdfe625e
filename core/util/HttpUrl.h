#pragma once

#include <QString>

namespace hookyard::core {

// What keeps text from being an absolute http(s) URL with a host, no blank, and a port other than 0 (a request to port
// 0 could only fail), which an endpoint's URL, a partner's handler URL and a reconciliation list API must be: "its
// scheme is 'ftp'…", "it has no host", … Empty when it is one.
QString httpUrlProblem(const QString &text);
// The text of a URL or URL template, valid or not, as Hookyard shows it (lists, details, audit records, messages):
// without the password of its user info ("http://user:pw@host" becomes "http://user@host"), and with "…" for the
// values of query parameters named like a credential ("?token=…", "&api_key=…", "&sig=…").
QString urlWithoutSecrets(const QString &text);

} // namespace hookyard::core
