#include "util/HttpUrl.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hookyard::core {

bool isHttpUrl(const QString &text)
{
    const QUrl url(text, QUrl::StrictMode);
    return url.isValid() && !url.isRelative() && (url.scheme() == u"http"_s || url.scheme() == u"https"_s) &&
           !url.host().isEmpty() && url.port() != 0 && !text.contains(u' ');
}

QString urlWithoutSecrets(const QString &text)
{
    // The scheme, "://", a user name; then ':' and everything up to the last '@': a password that made the URL
    // unparsable often holds '/', '#' or '@' itself, and hiding more than the password is safe.
    static const QRegularExpression password(u"^(\\s*[A-Za-z][A-Za-z0-9+.-]*://[^/?#@:]*):.*@"_s);
    // A query parameter whose name holds one of these words (found by an adversarial helper: "?token=..." was shown
    // in full by endpoint show and the audit log). The Endpoints view's SQL masks the same (ViewQueries.cpp).
    static const QRegularExpression credential(
        u"([?&][^=&#]*(?:token|key|secret|password|passwd|pwd|pw|sig|auth|credential|code)[^=&#]*=)[^&#]*"_s,
        QRegularExpression::CaseInsensitiveOption);
    return QString(text).replace(password, u"\\1@"_s).replace(credential, u"\\1…"_s);
}

} // namespace hookyard::core
