#pragma once

#include "db/DatabaseSetup.h"
#include "util/Result.h"

#include <QDialog>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QRadioButton;

namespace hookyard::ui {

// File › Connect…: a PostgreSQL URL or a libpq service name, picked from the recent connections or typed, or the
// managed sandbox. Recent connections are remembered without their passwords (libpq finds those in ~/.pgpass or
// PGPASSWORD). The dialog closes only once the chosen database is open: a malformed entry or a refused connection
// says why and the dialog stays open with what was typed. The database is opened on a thread of its own (connecting
// may take up to libpq's connect_timeout, starting the sandbox a few seconds), so every window keeps painting and
// updating meanwhile. The dialog cannot be closed until the open has ended: an open left running could start the
// sandbox and then stop it again under a window opened on it since.
class ConnectionDialog final : public QDialog
{
    Q_OBJECT
public:
    struct Connector
    {
        // Opens the database `url` names (empty: the sandbox), or says why it could not. Runs on a thread of its own.
        std::function<core::Result<core::OpenedDatabase>(const QString &url)> open;
        // Shows what `open` opened, on the GUI thread.
        std::function<void(core::OpenedDatabase opened)> show;
    };

    // `current`: the window's own database, to start from — a URL without its password, or empty for the sandbox;
    // nothing when it has no URL to show (one libpq's environment chose).
    explicit ConnectionDialog(Connector connector, const std::optional<QString> &current = {},
                              QWidget *parent = nullptr);

    // The chosen database as a URL for openDatabase(); empty for the sandbox.
    QString chosenUrl() const { return m_chosenUrl; }

    // Most recent first, at most kRemembered, never with a password.
    static QStringList recentConnections();
    static void remember(const QString &urlWithoutPassword);
    static constexpr int kRemembered = 10;

    // "service=NAME" becomes the URL libpq reads it from; a URL is returned unchanged; anything else is an error.
    static QString toUrl(const QString &entry, QString *error);

    void accept() override;
    void reject() override; // ignored while connecting

private:
    void showError(const QString &error);
    void setConnecting(bool connecting);

    QRadioButton *m_sandbox = nullptr;
    QRadioButton *m_database = nullptr;
    QComboBox *m_entry = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    Connector m_connector;
    QString m_chosenUrl;
    bool m_connecting = false;
};

} // namespace hookyard::ui
