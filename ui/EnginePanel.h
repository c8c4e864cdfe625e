#pragma once

#include "console/LocalEngine.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace hookyard::ui {

class QueryRunner;

// The console's own relay and receiver (core::LocalEngine), in a dock: the relay with a scope (endpoint, event type)
// and a rate cap, the receiver with its listen address and inbox worker, each with Start/Stop and a live throughput
// read-out refreshed every second. Starting asks why and writes an audit record first (nothing starts when that
// fails); stopping is audited with the totals. Starting is refused in read-only mode; stopping never is.
class EnginePanel final : public QWidget
{
    Q_OBJECT
public:
    EnginePanel(const core::ConnectionSettings &settings, QueryRunner *actionRunner, QWidget *parent = nullptr);
    ~EnginePanel() override;
    Q_DISABLE_COPY_MOVE(EnginePanel)

    void setReadOnly(bool readOnly);
    // Fills the endpoint choice from the database (again: endpoints come and go).
    void reloadEndpoints();

    // For tests: the engine and the controls.
    core::LocalEngine *engine() const { return m_engine; }
    QPushButton *relayButton() const { return m_relayButton; }
    QPushButton *receiverButton() const { return m_receiverButton; }

Q_SIGNALS:
    // An action's outcome for the status bar.
    void message(const QString &text);

private:
    void toggleRelay();
    void toggleReceiver();
    void startRelay(const core::LocalRelaySettings &settings, const QString &reason);
    void startReceiver(const core::LocalReceiverSettings &settings, const QString &reason);
    // Writes an audit record on the action runner's connection, then calls `done` with whether it was written.
    void audit(const QString &action, const QString &subject, const QString &reason, const QJsonObject &details,
               std::function<void(const core::Status &)> done);
    void updateControls();
    void updateThroughput();

    // Each part's life as the panel shows it; Starting covers the audit write before the engine starts it.
    enum class PartState
    {
        Stopped,
        Starting,
        Running,
        Stopping,
    };

    QueryRunner *m_actionRunner;
    core::LocalEngine *m_engine;
    bool m_readOnly = false;
    PartState m_relayState = PartState::Stopped;
    PartState m_receiverState = PartState::Stopped;
    QString m_relayProblem;    // why the last start was refused, shown until the next start
    QString m_receiverProblem; // why the last start failed, shown until the next start

    QComboBox *m_endpoint = nullptr;
    QLineEdit *m_eventType = nullptr;
    QSpinBox *m_rate = nullptr;
    QPushButton *m_relayButton = nullptr;
    QLabel *m_relayStatus = nullptr;
    QLineEdit *m_listen = nullptr;
    QCheckBox *m_withWorker = nullptr;
    QPushButton *m_receiverButton = nullptr;
    QLabel *m_receiverStatus = nullptr;

    QTimer *m_tick = nullptr;
    QElapsedTimer m_sinceLastTick;
    core::LocalEngineCounters m_lastCounters;
};

} // namespace hookyard::ui
