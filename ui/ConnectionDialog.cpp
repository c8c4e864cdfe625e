#include "ConnectionDialog.h"

#include "db/ConnectionSettings.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
const QString kRecentKey = u"connections/recent"_s;
const QString kErrorStyle = u"color: #c62828"_s;
} // namespace

ConnectionDialog::ConnectionDialog(Connector connector, QWidget *parent)
    : QDialog(parent)
    , m_connector(std::move(connector))
{
    setWindowTitle(tr("Connect"));
    m_sandbox = new QRadioButton(tr("The &sandbox (a private PostgreSQL that Hookyard manages)"), this);
    m_database = new QRadioButton(tr("A &database:"), this);
    m_entry = new QComboBox(this);
    m_entry->setEditable(true);
    m_entry->addItems(recentConnections());
    m_entry->setCurrentIndex(-1);
    m_entry->lineEdit()->setPlaceholderText(tr("postgresql://user@host:5432/app  or  service=prod-eu"));
    m_entry->setAccessibleName(tr("Database URL or libpq service name"));
    m_entry->setMinimumWidth(fontMetrics().horizontalAdvance(u'x') * 60);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setAccessibleName(tr("Connection error"));
    m_error->setStyleSheet(kErrorStyle);
    m_error->hide();
    auto *hint = new QLabel(tr("Passwords are never remembered: libpq reads them from ~/.pgpass or PGPASSWORD."), this);
    hint->setWordWrap(true);

    (recentConnections().isEmpty() ? m_sandbox : m_database)->setChecked(true);
    connect(m_entry, &QComboBox::editTextChanged, this, [this] { m_database->setChecked(true); });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_sandbox);
    layout->addWidget(m_database);
    layout->addWidget(m_entry);
    layout->addWidget(m_error);
    layout->addWidget(hint);
    layout->addWidget(buttons);
}

QStringList ConnectionDialog::recentConnections()
{
    return QSettings().value(kRecentKey).toStringList();
}

void ConnectionDialog::remember(const QString &urlWithoutPassword)
{
    QStringList recent = recentConnections();
    recent.removeAll(urlWithoutPassword);
    recent.prepend(urlWithoutPassword);
    QSettings().setValue(kRecentKey, recent.mid(0, kRemembered));
}

QString ConnectionDialog::toUrl(const QString &entry, QString *error)
{
    const QString text = entry.trimmed();
    if (text.startsWith(u"service="_s)) {
        const QString service = text.mid(8);
        static const QRegularExpression name(u"^[A-Za-z0-9_.-]+$"_s);
        if (!name.match(service).hasMatch()) {
            *error = tr("a service name is letters, digits, '.', '_' or '-' (as in pg_service.conf)");
            return {};
        }
        return u"postgresql://?service="_s + service;
    }
    auto parsed = core::ConnectionSettings::fromUrl(text);
    if (!parsed) {
        *error = parsed.error();
        return {};
    }
    return text;
}

void ConnectionDialog::accept()
{
    QString url;
    if (m_database->isChecked()) {
        QString error;
        url = toUrl(m_entry->currentText(), &error);
        if (url.isEmpty()) {
            showError(error.isEmpty() ? tr("enter a postgresql:// URL or service=NAME") : error);
            return;
        }
    }
    // Opening a database can take a few seconds, on this thread: say so before it starts.
    m_error->setText(tr("Connecting…"));
    m_error->setStyleSheet({});
    m_error->show();
    m_error->repaint();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString refused = m_connector(url);
    QApplication::restoreOverrideCursor();
    m_error->hide();
    if (!refused.isEmpty()) {
        showError(refused);
        return;
    }
    m_chosenUrl = url;
    QDialog::accept();
}

void ConnectionDialog::showError(const QString &error)
{
    m_error->setText(error);
    m_error->setStyleSheet(kErrorStyle);
    m_error->show();
    m_entry->setFocus(); // to correct what was typed
    // The wrapped text takes more lines than the dialog had room for: grow, or it is drawn over the line below.
    layout()->activate();
    if (const int needed = layout()->totalHeightForWidth(width()); needed > height())
        resize(width(), needed);
}

} // namespace hookyard::ui
