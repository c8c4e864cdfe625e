#include "EnginePanel.h"

#include "ReasonDialog.h"
#include "models/QueryRunner.h"

#include "audit/AuditLog.h"
#include "endpoints/EndpointStore.h"
#include "http/HttpServer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTcpServer>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
constexpr int kTickMs = 1000;

// A stopped part's status line: why its last start was refused or failed, else what it did.
QString stoppedStatus(const QString &problem, const QString &summary)
{
    return problem.isEmpty() ? summary : u"⚠ "_s + problem;
}

QString perSecond(qint64 count, qint64 elapsedMs)
{
    return QLocale().toString(elapsedMs > 0 ? double(count) * 1000.0 / double(elapsedMs) : 0.0, 'f', 1);
}

// A start/stop button with its engine's status to its right: a row less in a panel that docks where height is scarce.
QHBoxLayout *buttonBesideStatus(QPushButton *button, QLabel *status)
{
    auto *row = new QHBoxLayout;
    row->addWidget(button);
    row->addWidget(status, 1);
    return row;
}
} // namespace

EnginePanel::EnginePanel(const core::ConnectionSettings &settings, QueryRunner *actionRunner, QWidget *parent)
    : QWidget(parent)
    , m_actionRunner(actionRunner)
    , m_engine(new core::LocalEngine(settings, this))
{
    auto *relayBox = new QGroupBox(tr("Relay"), this);
    m_endpoint = new QComboBox(relayBox);
    m_endpoint->setAccessibleName(tr("Relay endpoint scope"));
    m_endpoint->addItem(tr("All endpoints"), QString());
    m_eventType = new QLineEdit(relayBox);
    m_eventType->setObjectName(u"relayEventType"_s);
    m_eventType->setAccessibleName(tr("Relay event type scope"));
    m_eventType->setPlaceholderText(tr("all types, or e.g. order.*"));
    m_rate = new QSpinBox(relayBox);
    m_rate->setAccessibleName(tr("Relay rate cap"));
    m_rate->setRange(0, 100000);
    m_rate->setSuffix(tr(" /s"));
    m_rate->setSpecialValueText(tr("no cap"));
    m_rate->setValue(10);
    m_relayButton = new QPushButton(tr("Start relay"), relayBox);
    m_relayButton->setObjectName(u"relayButton"_s);
    m_relayStatus = new QLabel(relayBox);
    m_relayStatus->setObjectName(u"relayStatus"_s);
    m_relayStatus->setAccessibleName(tr("Relay throughput"));
    m_relayStatus->setWordWrap(true);
    auto *relayForm = new QFormLayout(relayBox);
    relayForm->addRow(tr("Endpoint"), m_endpoint);
    relayForm->addRow(tr("Event type"), m_eventType);
    relayForm->addRow(tr("Rate cap"), m_rate);
    relayForm->addRow(buttonBesideStatus(m_relayButton, m_relayStatus));

    auto *receiverBox = new QGroupBox(tr("Receiver"), this);
    m_listen = new QLineEdit(u"127.0.0.1:8080"_s, receiverBox);
    m_listen->setObjectName(u"listenAddress"_s);
    m_listen->setAccessibleName(tr("Receiver listen address"));
    m_withWorker = new QCheckBox(tr("Process the inbox here (worker)"), receiverBox);
    m_withWorker->setChecked(true);
    m_receiverButton = new QPushButton(tr("Start receiver"), receiverBox);
    m_receiverButton->setObjectName(u"receiverButton"_s);
    m_receiverStatus = new QLabel(receiverBox);
    m_receiverStatus->setObjectName(u"receiverStatus"_s);
    m_receiverStatus->setAccessibleName(tr("Receiver throughput"));
    m_receiverStatus->setWordWrap(true);
    m_receiverStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *receiverForm = new QFormLayout(receiverBox);
    receiverForm->addRow(tr("Listen on"), m_listen);
    receiverForm->addRow(m_withWorker);
    receiverForm->addRow(buttonBesideStatus(m_receiverButton, m_receiverStatus));

    // Side by side: the panel docks below the views, where height is scarce.
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(relayBox, 1);
    layout->addWidget(receiverBox, 1);

    connect(m_relayButton, &QPushButton::clicked, this, &EnginePanel::toggleRelay);
    connect(m_receiverButton, &QPushButton::clicked, this, &EnginePanel::toggleReceiver);
    connect(m_engine, &core::LocalEngine::relayStopped, this, [this](const QString &error) {
        const core::LocalEngineCounters totals = m_engine->counters();
        audit(u"console.relay.stop"_s, u"console relay"_s, {},
              {{u"attempts"_s, totals.relayAttempts}, {u"delivered"_s, totals.relayDelivered}, {u"error"_s, error}},
              [this](const core::Status &written) {
                  if (!written)
                      Q_EMIT message(
                          tr("The relay stopped, but its audit record was not written: %1").arg(written.error()));
              });
        Q_EMIT message(error.isEmpty() ? tr("The console's relay stopped.")
                                       : tr("The console's relay stopped: %1").arg(error));
        m_relayState = PartState::Stopped;
        updateControls();
        updateThroughput();
    });
    connect(m_engine, &core::LocalEngine::receiverStopped, this, [this] {
        const core::LocalEngineCounters totals = m_engine->counters();
        audit(u"console.receiver.stop"_s, u"console receiver"_s, {},
              {{u"stored"_s, totals.webhooksStored}, {u"processed"_s, totals.inboxProcessed}},
              [this](const core::Status &written) {
                  if (!written)
                      Q_EMIT message(
                          tr("The receiver stopped, but its audit record was not written: %1").arg(written.error()));
              });
        Q_EMIT message(tr("The console's receiver stopped."));
        m_receiverState = PartState::Stopped;
        updateControls();
        updateThroughput();
    });

    m_tick = new QTimer(this);
    m_tick->setInterval(kTickMs);
    connect(m_tick, &QTimer::timeout, this, &EnginePanel::updateThroughput);
    m_tick->start();
    m_sinceLastTick.start();

    reloadEndpoints();
    updateControls();
    updateThroughput();
}

EnginePanel::~EnginePanel() = default;

void EnginePanel::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    updateControls();
}

void EnginePanel::reloadEndpoints()
{
    m_actionRunner->run<QStringList>(
        this,
        [](const core::DatabaseConnection &connection) -> core::Result<QStringList> {
            // Names only: EndpointStore::list() also counts every endpoint's deliveries, slow on a big outbox.
            auto query = connection.exec(u"SELECT name FROM endpoints ORDER BY name"_s);
            if (!query)
                return core::Error{query.error()};
            QStringList names;
            while (query.value().next())
                names << query.value().value(0).toString();
            return names;
        },
        [this](const core::Result<QStringList> &names) {
            if (!names)
                return;
            const QString chosen = m_endpoint->currentData().toString();
            while (m_endpoint->count() > 1)
                m_endpoint->removeItem(1);
            for (const QString &name : names.value())
                m_endpoint->addItem(name, name);
            m_endpoint->setCurrentIndex(std::max(0, m_endpoint->findData(chosen)));
        });
}

void EnginePanel::toggleRelay()
{
    if (m_relayState == PartState::Starting || m_relayState == PartState::Stopping)
        return; // the status beside the button says what is under way
    if (m_relayState == PartState::Running) {
        m_relayState = PartState::Stopping;
        m_engine->stopRelay();
        updateControls();
        updateThroughput();
        return;
    }
    core::LocalRelaySettings settings;
    settings.scope = {m_endpoint->currentData().toString(), m_eventType->text().trimmed()};
    if (m_rate->value() > 0)
        settings.ratePerSecond = m_rate->value();
    // A relay scoped to what no event type can be would run and deliver nothing, saying nothing.
    if (!settings.scope.eventType.isEmpty() && !core::EndpointStore::isEventTypePattern(settings.scope.eventType)) {
        m_relayProblem = tr("Event type: '%1' is no event type: use an exact name such as order.paid, or a prefix "
                            "such as order.*")
                             .arg(settings.scope.eventType);
        updateThroughput();
        return;
    }
    if (const auto reason =
            askWhy(this, tr("Start relay"), tr("Why run a relay in the console? (kept in the audit log)")))
        startRelay(settings, *reason);
}

void EnginePanel::startRelay(const core::LocalRelaySettings &settings, const QString &reason)
{
    const QJsonObject details{
        {u"endpoint"_s, settings.scope.endpointName},
        {u"event_type"_s, settings.scope.eventType},
        {u"rate_per_second"_s, settings.ratePerSecond ? QJsonValue(*settings.ratePerSecond) : QJsonValue()},
    };
    m_relayState = PartState::Starting;
    m_relayProblem.clear();
    updateControls();
    audit(u"console.relay.start"_s, u"console relay"_s, reason, details, [this, settings](const core::Status &written) {
        // Nothing starts without its audit record.
        const core::Status started = written ? m_engine->startRelay(settings) : written;
        m_relayState = started ? PartState::Running : PartState::Stopped;
        if (!started)
            Q_EMIT message(tr("The relay did not start: %1").arg(started.error()));
        updateControls();
        updateThroughput();
    });
}

void EnginePanel::toggleReceiver()
{
    if (m_receiverState == PartState::Starting || m_receiverState == PartState::Stopping)
        return; // the status beside the button says what is under way
    if (m_receiverState == PartState::Running) {
        m_receiverState = PartState::Stopping;
        m_engine->stopReceiver();
        updateControls();
        updateThroughput();
        return;
    }
    const auto listen = core::parseListenAddress(m_listen->text().trimmed());
    if (!listen) {
        m_receiverProblem = tr("Listen on: %1").arg(listen.error());
        updateThroughput();
        return;
    }
    core::LocalReceiverSettings settings;
    settings.address = listen->address;
    settings.port = listen->port;
    settings.withWorker = m_withWorker->isChecked();
    // Checked before asking why: a port another program holds was found only after the reason was given and audited.
    if (QTcpServer probe; !probe.listen(settings.address, settings.port)) {
        m_receiverProblem = tr("Listen on: %1 cannot be used: %2").arg(m_listen->text().trimmed(), probe.errorString());
        updateThroughput();
        return;
    }
    if (const auto reason =
            askWhy(this, tr("Start receiver"), tr("Why receive webhooks in the console? (kept in the audit log)")))
        startReceiver(settings, *reason);
}

void EnginePanel::startReceiver(const core::LocalReceiverSettings &settings, const QString &reason)
{
    const QJsonObject details{
        {u"listen"_s, u"%1:%2"_s.arg(settings.address.toString()).arg(settings.port)},
        {u"worker"_s, settings.withWorker},
    };
    m_receiverState = PartState::Starting;
    m_receiverProblem.clear();
    updateControls();
    audit(u"console.receiver.start"_s, u"console receiver"_s, reason, details,
          [this, settings](const core::Status &written) {
              const auto port =
                  written ? m_engine->startReceiver(settings) : core::Result<quint16>(core::Error{written.error()});
              m_receiverState = port ? PartState::Running : PartState::Stopped;
              if (!port)
                  m_receiverProblem = tr("Not started: %1").arg(port.error());
              else
                  Q_EMIT message(tr("Receiving on http://%1:%2/webhooks/{partner}")
                                     .arg(settings.address.toString())
                                     .arg(port.value()));
              updateControls();
              updateThroughput();
          });
}

void EnginePanel::audit(const QString &action, const QString &subject, const QString &reason,
                        const QJsonObject &details, std::function<void(const core::Status &)> done)
{
    m_actionRunner->run<core::Done>(
        this,
        [action, subject, reason, details](const core::DatabaseConnection &connection) {
            return core::recordAudit(connection, action, subject, reason, details);
        },
        std::move(done));
}

void EnginePanel::updateControls()
{
    // A running part can always be stopped; a stopped one started unless read-only.
    auto updateButton = [this](QPushButton *button, PartState state, const QString &start, const QString &stop) {
        button->setText(state == PartState::Running || state == PartState::Stopping ? stop : start);
        // Enabled while starting or stopping too, when a press does nothing (toggleRelay, toggleReceiver): a button
        // disabled while it has the keyboard passes it on, to "Listen on", whose text the next key replaced, or to
        // the other part's Stop button (found by a helper using the keyboard only, and in review).
        button->setEnabled(state != PartState::Stopped || !m_readOnly);
        button->setToolTip(state == PartState::Stopped && m_readOnly ? tr("Read-only: nothing can be started")
                                                                     : QString());
    };
    updateButton(m_relayButton, m_relayState, tr("Start relay"), tr("Stop relay"));
    updateButton(m_receiverButton, m_receiverState, tr("Start receiver"), tr("Stop receiver"));
    // The settings apply at the start: they are editable only while the part is stopped.
    for (QWidget *setting : std::initializer_list<QWidget *>{m_endpoint, m_eventType, m_rate})
        setting->setEnabled(m_relayState == PartState::Stopped);
    for (QWidget *setting : std::initializer_list<QWidget *>{m_listen, m_withWorker})
        setting->setEnabled(m_receiverState == PartState::Stopped);
}

void EnginePanel::updateThroughput()
{
    const core::LocalEngineCounters now = m_engine->counters();
    const qint64 elapsedMs = m_sinceLastTick.restart();
    const QLocale locale;
    switch (m_relayState) {
    case PartState::Starting:
        m_relayStatus->setText(tr("Starting…"));
        break;
    case PartState::Running:
        m_relayStatus->setText(tr("Running: %1 attempts/s, %2 delivered/s — %3 attempts, %4 delivered in all")
                                   .arg(perSecond(now.relayAttempts - m_lastCounters.relayAttempts, elapsedMs),
                                        perSecond(now.relayDelivered - m_lastCounters.relayDelivered, elapsedMs),
                                        locale.toString(now.relayAttempts), locale.toString(now.relayDelivered)));
        break;
    case PartState::Stopping:
        m_relayStatus->setText(tr("Stopping: finishing the requests in flight…"));
        break;
    case PartState::Stopped:
        m_relayStatus->setText(stoppedStatus(
            m_relayProblem, now.relayAttempts > 0
                                ? tr("Stopped after %1 attempts, %2 delivered.")
                                      .arg(locale.toString(now.relayAttempts), locale.toString(now.relayDelivered))
                                : tr("Stopped.")));
        break;
    }
    switch (m_receiverState) {
    case PartState::Starting:
        m_receiverStatus->setText(tr("Starting…"));
        break;
    case PartState::Running:
        m_receiverStatus->setText(tr("Running: %1 stored/s, %2 processed/s — %3 stored, %4 processed in all")
                                      .arg(perSecond(now.webhooksStored - m_lastCounters.webhooksStored, elapsedMs),
                                           perSecond(now.inboxProcessed - m_lastCounters.inboxProcessed, elapsedMs),
                                           locale.toString(now.webhooksStored), locale.toString(now.inboxProcessed)));
        break;
    case PartState::Stopping:
        m_receiverStatus->setText(tr("Stopping: answering the requests being stored…"));
        break;
    case PartState::Stopped:
        m_receiverStatus->setText(stoppedStatus(
            m_receiverProblem, now.webhooksStored > 0
                                   ? tr("Stopped after %1 stored, %2 processed.")
                                         .arg(locale.toString(now.webhooksStored), locale.toString(now.inboxProcessed))
                                   : tr("Stopped.")));
        break;
    }
    m_lastCounters = now;
}

} // namespace hookyard::ui
