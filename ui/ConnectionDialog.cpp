#include "ConnectionDialog.h"

#include "StatusColours.h"
#include "db/ConnectionSettings.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
const QString kRecentKey = u"connections/recent"_s;
} // namespace

ConnectionDialog::ConnectionDialog(Connector connector, const std::optional<QString> &current, QWidget *parent)
    : QDialog(parent)
    , m_connector(std::move(connector))
{
    setWindowTitle(tr("Connect"));
    m_sandbox = new QRadioButton(tr("The &sandbox (a private PostgreSQL that Hookyard manages)"), this);
    m_database = new QRadioButton(tr("A &database:"), this);
    m_entry = new QComboBox(this);
    m_entry->setEditable(true);
    m_entry->addItems(recentConnections());
    // It opens on the window's own database (found by an exploring helper: an empty entry answered Enter with "no
    // database URL given"), all of it selected, so that typing replaces it.
    const QString url = current.value_or(QString());
    m_entry->setCurrentIndex(url.isEmpty() ? -1 : m_entry->findText(url));
    if (!url.isEmpty() && m_entry->currentIndex() < 0)
        m_entry->setEditText(url);
    m_entry->lineEdit()->selectAll();
    m_entry->lineEdit()->setPlaceholderText(tr("postgresql://user@host:5432/app  or  service=prod-eu"));
    m_entry->setAccessibleName(tr("Database URL or libpq service name"));
    m_entry->setMinimumWidth(fontMetrics().horizontalAdvance(u'x') * 60);
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setAccessibleName(tr("Connection error"));
    m_error->hide();
    auto *hint = new QLabel(tr("Passwords are never remembered: libpq reads them from ~/.pgpass or PGPASSWORD."), this);
    hint->setWordWrap(true);

    const bool sandbox = current ? current->isEmpty() : recentConnections().isEmpty();
    (sandbox ? m_sandbox : m_database)->setChecked(true);
    connect(m_entry, &QComboBox::editTextChanged, this, [this] { m_database->setChecked(true); });

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConnectionDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ConnectionDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_sandbox);
    layout->addWidget(m_database);
    layout->addWidget(m_entry);
    layout->addWidget(m_error);
    layout->addWidget(hint);
    layout->addWidget(m_buttons);
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
    setConnecting(true);
    // Shared with the opening thread, which fills it; the dialog stays open until then (reject()).
    auto result = std::make_shared<std::optional<core::Result<core::OpenedDatabase>>>();
    auto *watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcher<void>::finished, this, [this, watcher, result, url] {
        watcher->deleteLater();
        setConnecting(false);
        if (!result->value()) {
            showError(result->value().error());
            return;
        }
        m_chosenUrl = url;
        m_connector.show(std::move(result->value().value()));
        QDialog::accept();
    });
    watcher->setFuture(QtConcurrent::run([open = m_connector.open, result, url] { result->emplace(open(url)); }));
}

void ConnectionDialog::reject()
{
    if (!m_connecting)
        QDialog::reject();
}

void ConnectionDialog::setConnecting(bool connecting)
{
    m_connecting = connecting;
    for (QWidget *input : std::initializer_list<QWidget *>{m_sandbox, m_database, m_entry})
        input->setEnabled(!connecting);
    m_buttons->setEnabled(!connecting);
    if (connecting) {
        m_error->setText(tr("Connecting…"));
        m_error->setStyleSheet({});
        m_error->show();
    } else {
        m_error->hide();
    }
}

void ConnectionDialog::showError(const QString &error)
{
    m_error->setText(error);
    m_error->setStyleSheet(u"color: %1"_s.arg(StatusColours(palette()).bad.name()));
    m_error->show();
    m_entry->setFocus(); // to correct what was typed
    // The wrapped text takes more lines than the dialog had room for: grow, or it is drawn over the line below.
    layout()->activate();
    if (const int needed = layout()->totalHeightForWidth(width()); needed > height())
        resize(width(), needed);
}

} // namespace hookyard::ui
