#pragma once

#include "db/ConnectionSettings.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>

#include <memory>

class QTimer;

namespace hookyard::core {
class DatabaseConnection;
}

namespace hookyard::ui {

// Reads the per-state counts on its own thread and connection, so the GUI thread never waits on SQL.
// Lives in a worker QThread; results arrive in the GUI thread through queued signals.
//
// What needs attention is read every intervalMs; the totals of finished rows (delivered, processed), which scan all
// history, only every totalsIntervalMs — in between each result carries the last totals read.
class StatsPoller final : public QObject
{
    Q_OBJECT
public:
    StatsPoller(core::ConnectionSettings settings, int intervalMs, int totalsIntervalMs);
    ~StatsPoller() override;
    Q_DISABLE_COPY_MOVE(StatsPoller)

public Q_SLOTS:
    void start();
    void refresh();

Q_SIGNALS:
    void statsReady(const QJsonObject &stats);
    void failed(const QString &reason);

private:
    core::ConnectionSettings m_settings;
    int m_intervalMs;
    int m_totalsIntervalMs;
    QElapsedTimer m_totalsAge; // invalid until the totals were read
    QDateTime m_totalsReadAt;  // of m_lastTotals, sent with every result as "totals_read_at"
    QJsonObject m_lastTotals;  // {"outbox": {"delivered": n}, "deliveries": {...}, "inbox": {"processed": n}}
    QTimer *m_timer = nullptr;
    std::unique_ptr<core::DatabaseConnection> m_connection;
};

} // namespace hookyard::ui
