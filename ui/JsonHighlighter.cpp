#include "JsonHighlighter.h"

using namespace Qt::StringLiterals;

namespace hookyard::ui {

JsonHighlighter::JsonHighlighter(QTextDocument *document, const QPalette &palette)
    : QSyntaxHighlighter(document)
    // A string (group 1) followed by a colon (group 2) is a key; then numbers (3) and literals (4).
    , m_tokens(uR"(("(?:[^"\\]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b)"_s)
{
    setPalette(palette);
}

void JsonHighlighter::setPalette(const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    m_key.setForeground(dark ? QColor(0x9c, 0xdc, 0xfe) : QColor(0x0b, 0x4f, 0x9c));
    m_string.setForeground(dark ? QColor(0xce, 0x91, 0x78) : QColor(0xa3, 0x15, 0x15));
    m_number.setForeground(dark ? QColor(0xb5, 0xce, 0xa8) : QColor(0x09, 0x86, 0x58));
    m_keyword.setForeground(dark ? QColor(0x56, 0x9c, 0xd6) : QColor(0x00, 0x00, 0xff));
    m_keyword.setFontWeight(QFont::Bold);
    rehighlight();
}

void JsonHighlighter::highlightBlock(const QString &text)
{
    auto matches = m_tokens.globalMatch(text);
    while (matches.hasNext()) {
        const QRegularExpressionMatch match = matches.next();
        if (match.hasCaptured(1))
            setFormat(match.capturedStart(1), match.capturedLength(1), match.hasCaptured(2) ? m_key : m_string);
        else if (match.hasCaptured(3))
            setFormat(match.capturedStart(3), match.capturedLength(3), m_number);
        else if (match.hasCaptured(4))
            setFormat(match.capturedStart(4), match.capturedLength(4), m_keyword);
    }
}

} // namespace hookyard::ui
