#include "ChangeListener.h"

#include "db/Database.h"
#include "db/Notifications.h"

#include <QSocketNotifier>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
constexpr int kReconnectMs = 2000;
// Long enough to fold a relay's burst of batches into one refresh, short enough to feel live.
constexpr int kCoalesceMs = 100;
} // namespace

ChangeListener::ChangeListener(core::ConnectionSettings settings)
    : m_settings(std::move(settings))
{}

ChangeListener::~ChangeListener() = default;

void ChangeListener::start()
{
    m_reconnect = new QTimer(this);
    m_reconnect->setSingleShot(true);
    m_reconnect->setInterval(kReconnectMs);
    connect(m_reconnect, &QTimer::timeout, this, &ChangeListener::connectNow);
    m_coalesce = new QTimer(this);
    m_coalesce->setSingleShot(true);
    m_coalesce->setInterval(kCoalesceMs);
    connect(m_coalesce, &QTimer::timeout, this, &ChangeListener::changed);
    connectNow();
}

void ChangeListener::connectNow()
{
    auto opened = core::DatabaseConnection::open(m_settings, u"console-listen"_s);
    auto notifications =
        opened ? core::Notifications::listen(std::move(opened.value()),
                                             {u"hookyard_deliveries"_s, u"hookyard_inbox"_s, u"hookyard_console"_s})
               : core::Result<std::unique_ptr<core::Notifications>>(core::Error{opened.error()});
    if (!notifications || notifications.value()->socket() < 0) {
        Q_EMIT listening(false);
        m_reconnect->start();
        return;
    }
    m_notifications = std::move(notifications.value());
    m_readable = new QSocketNotifier(qintptr(m_notifications->socket()), QSocketNotifier::Read, this);
    connect(m_readable, &QSocketNotifier::activated, this, &ChangeListener::consume);
    Q_EMIT listening(true);
    Q_EMIT changed(); // whatever happened while we were not listening
}

void ChangeListener::consume()
{
    auto arrived = m_notifications->consume();
    if (!arrived) {
        delete m_readable;
        m_readable = nullptr;
        m_notifications.reset();
        Q_EMIT listening(false);
        m_reconnect->start();
        return;
    }
    if (!arrived.value().isEmpty() && !m_coalesce->isActive())
        m_coalesce->start();
}

} // namespace hookyard::ui
