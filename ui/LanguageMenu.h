#pragma once

#include <QMenu>
#include <QString>

class QActionGroup;

namespace hookyard::ui {

// View › Language: the console's language — the system's (the default), English, Belarusian, Latvian or
// Indonesian, each named in its own language. The choice is saved in the settings (key "language") and read by
// app/main.cpp before the first window opens, so it applies at the next start; --language=CODE overrides it for
// one run.
class LanguageMenu final : public QMenu
{
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(LanguageMenu)

    // The saved choice: "" follows the system, else "en", "be", "lv" or "id".
    static QString savedLanguage();
    static void saveLanguage(const QString &code);
    // The codes offered, besides "" for the system's language.
    static QStringList languageCodes();

private:
    void choose(const QString &code);

    QActionGroup *m_group = nullptr;
};

} // namespace hookyard::ui
