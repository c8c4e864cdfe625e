#include "ReasonDialog.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace hookyard::ui {

std::optional<QString> askWhy(QWidget *parent, const QString &title, const QString &question)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto *label = new QLabel(question, &dialog);
    label->setWordWrap(true);
    auto *why = new QLineEdit(&dialog);
    label->setBuddy(why);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(false);
    QObject::connect(why, &QLineEdit::textChanged, ok,
                     [ok](const QString &text) { ok->setEnabled(!text.trimmed().isEmpty()); });
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(label);
    layout->addWidget(why);
    layout->addWidget(buttons);
    dialog.setMinimumWidth(dialog.fontMetrics().averageCharWidth() * 60);
    if (dialog.exec() != QDialog::Accepted || why->text().trimmed().isEmpty())
        return std::nullopt;
    return why->text().trimmed();
}

} // namespace hookyard::ui
