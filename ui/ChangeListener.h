#pragma once

#include "db/ConnectionSettings.h"

#include <QObject>

#include <memory>

class QSocketNotifier;
class QTimer;

namespace hookyard::core {
class Notifications;
}

namespace hookyard::ui {

// Tells the console that rows it may be showing changed: LISTENs on the channels the engine notifies (new events
// and inbox rows, attempts, settlements, operators' actions) over a connection of its own, and emits `changed`
// at most once per coalescing interval however many notifications arrive. Lives in a worker QThread; reconnects
// by itself when the database goes away.
class ChangeListener final : public QObject
{
    Q_OBJECT
public:
    explicit ChangeListener(core::ConnectionSettings settings);
    ~ChangeListener() override;
    Q_DISABLE_COPY_MOVE(ChangeListener)

public Q_SLOTS:
    void start();

Q_SIGNALS:
    void changed();
    void listening(bool connected);

private:
    void connectNow();
    void consume();

    core::ConnectionSettings m_settings;
    std::unique_ptr<core::Notifications> m_notifications;
    QSocketNotifier *m_readable = nullptr;
    QTimer *m_reconnect = nullptr;
    QTimer *m_coalesce = nullptr;
};

} // namespace hookyard::ui
