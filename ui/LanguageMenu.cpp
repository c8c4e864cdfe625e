#include "LanguageMenu.h"

#include <QAction>
#include <QActionGroup>
#include <QMessageBox>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {

const auto kLanguageKey = u"language"_s;

struct Language
{
    QString code;
    QString nativeName; // never translated: each language is named as its speakers name it
};

const QList<Language> &languages()
{
    static const QList<Language> all{{u"en"_s, u"&English"_s},
                                     {u"be"_s, u"&Беларуская"_s},
                                     {u"lv"_s, u"&Latviešu"_s},
                                     {u"id"_s, u"Bahasa &Indonesia"_s}};
    return all;
}

} // namespace

LanguageMenu::LanguageMenu(QWidget *parent)
    : QMenu(tr("Lan&guage"), parent)
    , m_group(new QActionGroup(this))
{
    setObjectName(u"languageMenu"_s);
    const QString saved = savedLanguage();
    auto add = [this, &saved](const QString &text, const QString &code) {
        QAction *action = addAction(text);
        action->setCheckable(true);
        action->setChecked(code == saved);
        action->setData(code);
        action->setObjectName(code.isEmpty() ? u"language-system"_s : u"language-"_s + code);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { choose(code); });
    };
    add(tr("&System default"), QString());
    addSeparator();
    for (const Language &language : languages())
        add(language.nativeName, language.code);
}

QString LanguageMenu::savedLanguage()
{
    const QString code = QSettings().value(kLanguageKey).toString();
    return languageCodes().contains(code) ? code : QString();
}

void LanguageMenu::saveLanguage(const QString &code)
{
    QSettings().setValue(kLanguageKey, code);
}

QStringList LanguageMenu::languageCodes()
{
    QStringList codes;
    for (const Language &language : languages())
        codes << language.code;
    return codes;
}

void LanguageMenu::choose(const QString &code)
{
    if (code == savedLanguage())
        return;
    saveLanguage(code);
    // Menus are popups of their own: the message belongs to the window the menu bar is in.
    QWidget *owner = parentWidget();
    while (owner && qobject_cast<QMenu *>(owner))
        owner = owner->parentWidget();
    QMessageBox::information(owner ? owner->window() : nullptr, tr("Language"),
                             tr("The console will use the chosen language the next time it starts."));
}

} // namespace hookyard::ui
