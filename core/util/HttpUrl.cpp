#include "util/HttpUrl.h"

#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace hookyard::core {

QString httpUrlProblem(const QString &text)
{
    if (text.trimmed().isEmpty())
        return u"it is empty"_s;
    if (text.contains(u' '))
        return u"it holds a space"_s;
    const QUrl url(text, QUrl::StrictMode);
    // "localhost:8080/x" parses as the scheme "localhost": unless "://" follows it, no scheme was meant.
    if (url.scheme().isEmpty() || !text.trimmed().startsWith(url.scheme() + u"://"_s, Qt::CaseInsensitive))
        return u"it does not start with https:// or http://"_s;
    if (url.scheme() != u"http"_s && url.scheme() != u"https"_s)
        return u"its scheme is '%1', and only http and https are sent to"_s.arg(url.scheme());
    if (!url.isValid()) {
        // QUrl's reason ("Invalid port or port number out of range"), without the dump of the parts that follows it;
        // for the user info a reason of our own, since QUrl's quotes the password's character.
        const QString reason = url.errorString().section(u';', 0, 0).trimmed();
        if (reason.contains(u"user name"_s, Qt::CaseInsensitive) || reason.contains(u"password"_s, Qt::CaseInsensitive))
            return u"its user name or password holds a character that must be percent-encoded"_s;
        return reason.isEmpty() ? u"it is not a valid URL"_s : reason.left(1).toLower() + reason.mid(1);
    }
    if (url.host().isEmpty())
        return u"it has no host"_s;
    if (url.port() == 0)
        return u"its port is 0"_s;
    return {};
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
