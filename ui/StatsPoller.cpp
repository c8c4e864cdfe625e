#include "StatsPoller.h"

#include "db/Database.h"
#include "stats/Stats.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

StatsPoller::StatsPoller(core::ConnectionSettings settings, int intervalMs)
    : m_settings(std::move(settings))
    , m_intervalMs(intervalMs)
{}

StatsPoller::~StatsPoller() = default;

void StatsPoller::start()
{
    m_timer = new QTimer(this);
    m_timer->setInterval(m_intervalMs);
    connect(m_timer, &QTimer::timeout, this, &StatsPoller::refresh);
    m_timer->start();
    refresh();
}

void StatsPoller::refresh()
{
    if (!m_connection || !m_connection->database().isOpen()) {
        auto opened = core::DatabaseConnection::open(m_settings, u"console-stats"_s);
        if (!opened) {
            Q_EMIT failed(opened.error());
            return;
        }
        m_connection = std::move(opened.value());
    }
    auto stats = core::collectStats(*m_connection);
    auto activity =
        stats ? core::collectActivity(*m_connection) : core::Result<QJsonObject>(core::Error{stats.error()});
    if (!activity) {
        m_connection.reset(); // reconnect next time: the server may have restarted
        Q_EMIT failed(activity.error());
        return;
    }
    QJsonObject all = stats.value();
    all.insert(u"activity"_s, activity.value());
    Q_EMIT statsReady(all);
}

} // namespace hookyard::ui
