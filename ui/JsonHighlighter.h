#pragma once

#include <QPalette>
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace hookyard::ui {

// Colours pretty-printed JSON (one token never spans lines): keys, strings, numbers, true/false/null, in colours
// chosen for the palette's light or dark window.
class JsonHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    JsonHighlighter(QTextDocument *document, const QPalette &palette);
    Q_DISABLE_COPY_MOVE(JsonHighlighter)

    void setPalette(const QPalette &palette);

protected:
    void highlightBlock(const QString &text) override;

private:
    QRegularExpression m_tokens;
    QTextCharFormat m_key;
    QTextCharFormat m_string;
    QTextCharFormat m_number;
    QTextCharFormat m_keyword;
};

} // namespace hookyard::ui
