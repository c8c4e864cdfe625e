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

QString withoutUserPassword(const QString &text)
{
    // The scheme, "://", a user name; then ':' and everything up to the last '@': a password that made the URL
    // unparsable often holds '/', '#' or '@' itself, and hiding more than the password is safe.
    static const QRegularExpression password(u"^(\\s*[A-Za-z][A-Za-z0-9+.-]*://[^/?#@:]*):.*@"_s);
    return QString(text).replace(password, u"\\1@"_s);
}

} // namespace hookyard::core
