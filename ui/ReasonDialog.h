#pragma once

#include <QString>

#include <optional>

class QWidget;

namespace hookyard::ui {

// Asks why an action is taken; the answer goes to the audit log with it (every console action is audited with a
// reason). OK stays disabled until there is an answer; nothing when cancelled, or when `parent` went away meanwhile.
// The question is a QLabel, the answer a QLineEdit, in a QDialogButtonBox's dialog (tests find them so).
std::optional<QString> askWhy(QWidget *parent, const QString &title, const QString &question);

} // namespace hookyard::ui
