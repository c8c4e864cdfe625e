#include "StatsPoller.h"

#include "db/Database.h"
#include "stats/Stats.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
// The sections and keys collectStats leaves out with StatsDepth::NeedsAttention.
constexpr std::pair<const char *, const char *> kTotals[] = {
    {"outbox", "delivered"},
    {"deliveries", "delivered"},
    {"inbox", "processed"},
};
} // namespace

StatsPoller::StatsPoller(core::ConnectionSettings settings, int intervalMs, int totalsIntervalMs)
    : m_settings(std::move(settings))
    , m_intervalMs(intervalMs)
    , m_totalsIntervalMs(totalsIntervalMs)
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
    const bool readTotals = !m_totalsAge.isValid() || m_totalsAge.elapsed() >= m_totalsIntervalMs;
    auto stats =
        core::collectStats(*m_connection, readTotals ? core::StatsDepth::Everything : core::StatsDepth::NeedsAttention);
    auto activity =
        stats ? core::collectActivity(*m_connection) : core::Result<QJsonObject>(core::Error{stats.error()});
    if (!activity) {
        m_connection.reset(); // reconnect next time: the server may have restarted
        Q_EMIT failed(activity.error());
        return;
    }
    QJsonObject all = stats.value();
    for (const auto &[sectionName, keyName] : kTotals) {
        const QString section = QLatin1StringView(sectionName);
        const QString key = QLatin1StringView(keyName);
        if (readTotals) {
            QJsonObject totals = m_lastTotals.value(section).toObject();
            totals.insert(key, all.value(section).toObject().value(key));
            m_lastTotals.insert(section, totals);
        } else {
            QJsonObject counts = all.value(section).toObject();
            counts.insert(key, m_lastTotals.value(section).toObject().value(key));
            all.insert(section, counts);
        }
    }
    if (readTotals) {
        m_totalsAge.start();
        m_totalsReadAt = QDateTime::currentDateTimeUtc();
    }
    all.insert(u"totals_read_at"_s, m_totalsReadAt.toString(Qt::ISODate));
    all.insert(u"activity"_s, activity.value());
    Q_EMIT statsReady(all);
}

} // namespace hookyard::ui
