#include "util/ControlCharacters.h"

#include <QList>

#include <algorithm>

namespace hookyard::core {

namespace {

bool isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c < 0xa0);
}

} // namespace

bool holdsControlCharacter(QStringView text)
{
    // Every control character is a single UTF-16 unit, so the units can be checked without decoding.
    return std::any_of(text.begin(), text.end(), [](QChar c) { return isControl(c.unicode()); });
}

QString withoutControlCharacters(QStringView text, qsizetype characters)
{
    const QList<uint> codePoints = text.toUcs4();
    QString shown;
    for (const uint c : codePoints.first(std::min(characters, codePoints.size())))
        shown.append(QChar::fromUcs4(isControl(c) ? char32_t(0xfffd) : char32_t(c)));
    return shown;
}

} // namespace hookyard::core
