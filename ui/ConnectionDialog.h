#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>

class QComboBox;
class QLabel;
class QRadioButton;

namespace hookyard::ui {

// File › Connect…: a PostgreSQL URL or a libpq service name, picked from the recent connections or typed, or the
// managed sandbox. Recent connections are remembered without their passwords (libpq finds those in ~/.pgpass or
// PGPASSWORD). What was typed is checked before the dialog closes; a malformed entry says why and stays open.
class ConnectionDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ConnectionDialog(QWidget *parent = nullptr);

    // The chosen database as a URL for openDatabase(); empty for the sandbox.
    QString chosenUrl() const { return m_chosenUrl; }

    // Most recent first, at most kRemembered, never with a password.
    static QStringList recentConnections();
    static void remember(const QString &urlWithoutPassword);
    static constexpr int kRemembered = 10;

    // "service=NAME" becomes the URL libpq reads it from; a URL is returned unchanged; anything else is an error.
    static QString toUrl(const QString &entry, QString *error);

    void accept() override;

private:
    QRadioButton *m_sandbox = nullptr;
    QRadioButton *m_database = nullptr;
    QComboBox *m_entry = nullptr;
    QLabel *m_error = nullptr;
    QString m_chosenUrl;
};

} // namespace hookyard::ui
