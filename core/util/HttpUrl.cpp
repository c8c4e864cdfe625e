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
    // The scheme, "://", a user name; then ':' and the password up to the '@' that ends the authority's user info.
    static const QRegularExpression password(u"^([A-Za-z][A-Za-z0-9+.-]*://[^/?#@:]*):[^/?#@]*@"_s);
    return QString(text).replace(password, u"\\1@"_s);
}

} // namespace hookyard::core
