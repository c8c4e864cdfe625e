#include "SandboxPanel.h"

#include "sandbox/Sandbox.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

SandboxPanel::SandboxPanel(core::Sandbox *sandbox, QWidget *parent)
    : QWidget(parent)
    , m_sandbox(sandbox)
{
    const core::FaultKnobs knobs = sandbox->knobs();

    auto *outbound = new QGroupBox(tr("Our deliveries to Acme"), this);
    auto *outboundForm = new QFormLayout(outbound);
    m_errorRate = addKnob(outboundForm, u"errorRate"_s, tr("Errors (500)"), tr("Error rate"), 100, tr(" %"),
                          knobs.errorRatePercent);
    m_slowness = addKnob(outboundForm, u"slowness"_s, tr("Slowness"), tr("Slowness"), core::FaultKnobs::kMaxSlownessMs,
                         tr(" ms"), knobs.slownessMs);
    m_dropRate = addKnob(outboundForm, u"dropRate"_s, tr("Dropped after the body"),
                         tr("Connections dropped after the body"), 100, tr(" %"), knobs.dropAfterBodyPercent);

    auto *inbound = new QGroupBox(tr("Acme's webhooks to us"), this);
    auto *inboundForm = new QFormLayout(inbound);
    m_outOfOrder = addKnob(inboundForm, u"outOfOrder"_s, tr("Out of order"), tr("Out-of-order orders"), 100, tr(" %"),
                           knobs.outOfOrderPercent);
    m_duplicates = addKnob(inboundForm, u"duplicates"_s, tr("Duplicates"), tr("Duplicate webhooks"), 100, tr(" %"),
                           knobs.duplicatePercent);
    m_poison =
        addKnob(inboundForm, u"poison"_s, tr("Poison"), tr("Poison payloads"), 100, tr(" %"), knobs.poisonPercent);

    auto *traffic = new QGroupBox(tr("Traffic"), this);
    m_eventsPerSecond = new QDoubleSpinBox(traffic);
    m_eventsPerSecond->setObjectName(u"eventsPerSecond"_s);
    m_eventsPerSecond->setAccessibleName(tr("Events per second"));
    m_eventsPerSecond->setRange(core::FaultKnobs::kMinEventsPerSecond, core::FaultKnobs::kMaxEventsPerSecond);
    m_eventsPerSecond->setDecimals(1);
    m_eventsPerSecond->setSuffix(tr(" /s"));
    m_eventsPerSecond->setValue(knobs.eventsPerSecond);
    connect(m_eventsPerSecond, &QDoubleSpinBox::valueChanged, this, &SandboxPanel::applyKnobs);
    m_pause = new QPushButton(tr("Pause traffic"), traffic);
    m_pause->setObjectName(u"pauseTraffic"_s);
    m_pause->setCheckable(true);
    connect(m_pause, &QPushButton::toggled, this, [this](bool paused) {
        m_sandbox->setPaused(paused);
        m_pause->setText(paused ? tr("Resume traffic") : tr("Pause traffic"));
    });
    auto *hint = new QLabel(tr("Refunds to sandbox-acme-v1 fail until replayed: select one in Dead letters and "
                               "replay it (Ctrl+R)."),
                            traffic);
    hint->setWordWrap(true);
    auto *trafficForm = new QFormLayout(traffic);
    trafficForm->addRow(tr("Events per second"), m_eventsPerSecond);
    trafficForm->addRow(m_pause);
    trafficForm->addRow(hint);

    m_summary = new QLabel(tr("Starting…"), this);
    m_summary->setObjectName(u"sandboxSummary"_s);
    m_summary->setAccessibleName(tr("Sandbox summary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem = new QLabel(this);
    m_problem->setObjectName(u"sandboxProblem"_s);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(u"color: #c0392b;"_s);
    m_problem->hide();

    // Side by side, the summary below: the panel docks below the views, where height is scarce.
    auto *groups = new QHBoxLayout;
    groups->addWidget(outbound, 1);
    groups->addWidget(inbound, 1);
    groups->addWidget(traffic, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(groups);
    layout->addWidget(m_summary);
    layout->addWidget(m_problem);

    connect(sandbox, &core::Sandbox::summaryChanged, this, &SandboxPanel::showSummary);
}

SandboxPanel::~SandboxPanel() = default;

QSpinBox *SandboxPanel::knob(const QString &objectName) const
{
    return findChild<QSpinBox *>(objectName);
}

QSpinBox *SandboxPanel::addKnob(QFormLayout *form, const QString &objectName, const QString &label,
                                const QString &accessibleName, int maximum, const QString &suffix, int value)
{
    auto *slider = new QSlider(Qt::Horizontal, this);
    slider->setRange(0, maximum);
    slider->setValue(value);
    slider->setAccessibleName(accessibleName);
    auto *spinBox = new QSpinBox(this);
    spinBox->setObjectName(objectName);
    spinBox->setAccessibleName(accessibleName);
    spinBox->setRange(0, maximum);
    spinBox->setSuffix(suffix);
    spinBox->setValue(value);
    connect(slider, &QSlider::valueChanged, spinBox, &QSpinBox::setValue);
    connect(spinBox, &QSpinBox::valueChanged, slider, &QSlider::setValue);
    connect(spinBox, &QSpinBox::valueChanged, this, &SandboxPanel::applyKnobs);
    auto *row = new QHBoxLayout;
    row->addWidget(slider, 1);
    row->addWidget(spinBox);
    form->addRow(label, row);
    return spinBox;
}

void SandboxPanel::applyKnobs()
{
    core::FaultKnobs knobs;
    knobs.errorRatePercent = m_errorRate->value();
    knobs.slownessMs = m_slowness->value();
    knobs.dropAfterBodyPercent = m_dropRate->value();
    knobs.outOfOrderPercent = m_outOfOrder->value();
    knobs.duplicatePercent = m_duplicates->value();
    knobs.poisonPercent = m_poison->value();
    knobs.eventsPerSecond = m_eventsPerSecond->value();
    m_sandbox->setKnobs(knobs);
}

void SandboxPanel::showSummary(const core::SandboxSummary &summary)
{
    const QLocale locale;
    m_summary->setText(tr("Delivered %1 · retries %2 · dead %3 · deferred %4 (healed %5) · quarantined %6 · "
                          "duplicates sent %7 · open mismatches %8")
                           .arg(locale.toString(summary.delivered), locale.toString(summary.retries),
                                locale.toString(summary.dead), locale.toString(summary.deferred),
                                locale.toString(summary.healed), locale.toString(summary.quarantined),
                                locale.toString(summary.partner.duplicatesSent),
                                locale.toString(summary.openMismatches)));
    m_problem->setText(summary.problem);
    m_problem->setVisible(!summary.problem.isEmpty());
}

} // namespace hookyard::ui
