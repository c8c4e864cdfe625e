#pragma once

#include "db/ConnectionSettings.h"

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
class StatsPoller final : public QObject
{
    Q_OBJECT
public:
    explicit StatsPoller(core::ConnectionSettings settings, int intervalMs);
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
    QTimer *m_timer = nullptr;
    std::unique_ptr<core::DatabaseConnection> m_connection;
};

} // namespace hookyard::ui
