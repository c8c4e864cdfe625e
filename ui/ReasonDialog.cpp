#include "ReasonDialog.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace hookyard::ui {

std::optional<QString> askWhy(QWidget *parent, const QString &title, const QString &question)
{
    // On the heap and watched: its parent window may be closed and deleted while it is open (SIGTERM closes every
    // window), and a dialog on the stack would then be deleted twice.
    const QPointer<QDialog> dialog = new QDialog(parent);
    dialog->setWindowTitle(title);
    auto *label = new QLabel(question, dialog);
    label->setWordWrap(true);
    auto *why = new QLineEdit(dialog);
    label->setBuddy(why);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    ok->setEnabled(false);
    QObject::connect(why, &QLineEdit::textChanged, ok,
                     [ok](const QString &text) { ok->setEnabled(!text.trimmed().isEmpty()); });
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(label);
    layout->addWidget(why);
    layout->addWidget(buttons);
    dialog->setMinimumWidth(dialog->fontMetrics().averageCharWidth() * 60);
    const bool accepted = dialog->exec() == QDialog::Accepted;
    if (!dialog)
        return std::nullopt; // deleted with its parent: the action is not taken
    const QString answer = why->text().trimmed();
    delete dialog;
    if (!accepted || answer.isEmpty())
        return std::nullopt;
    return answer;
}

} // namespace hookyard::ui
