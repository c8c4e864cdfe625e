#include "http/ConfiguredHeaders.h"

#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

bool isHeaderToken(const QString &name)
{
    static const QRegularExpression token(u"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"_s);
    return token.match(name).hasMatch();
}

const QStringList &framingHeaders()
{
    static const QStringList names{u"content-length"_s,   u"host"_s,   u"connection"_s,      u"transfer-encoding"_s,
                                   u"content-encoding"_s, u"te"_s,     u"trailer"_s,         u"upgrade"_s,
                                   u"keep-alive"_s,       u"expect"_s, u"proxy-connection"_s};
    return names;
}

Status validateConfiguredHeaders(const QJsonObject &headers, const std::function<bool(const QString &)> &reserved,
                                 const QString &reservedBy)
{
    QStringList seen;
    for (auto it = headers.begin(); it != headers.end(); ++it) {
        const QString &name = it.key();
        const QString lower = name.toLower();
        if (!isHeaderToken(name))
            return Error{u"header name '%1' is not a valid HTTP field name"_s.arg(name)};
        if (framingHeaders().contains(lower) || reserved(lower))
            return Error{u"header '%1' is set by %2 itself and cannot be configured"_s.arg(name, reservedBy)};
        if (seen.contains(lower))
            return Error{u"header '%1' is given twice"_s.arg(name)};
        seen << lower;
        if (!it.value().isString())
            return Error{u"header '%1' needs a text value"_s.arg(name)};
        const QString value = it.value().toString();
        if (value.trimmed().isEmpty())
            return Error{u"header '%1' needs a value: an empty one is never sent"_s.arg(name)};
        const bool hasControl =
            std::any_of(value.begin(), value.end(), [](QChar c) { return c.unicode() < 0x20 && c != u'\t'; });
        if (hasControl || value.contains(QChar(0x7f)))
            return Error{u"header '%1' has a line break or control character in its value"_s.arg(name)};
    }
    return success();
}

} // namespace hookyard::core
