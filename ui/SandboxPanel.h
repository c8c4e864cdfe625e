#pragma once

#include "sandbox/FaultKnobs.h"

#include <QWidget>

class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace hookyard::core {
class Sandbox;
struct SandboxSummary;
} // namespace hookyard::core

namespace hookyard::ui {

// The sandbox's simulation (core::Sandbox), in a dock: the fault knobs of Acme, the simulated partner — each a slider
// with a spin box, taking effect at once — a pause for the traffic, and a one-line summary refreshed every second.
class SandboxPanel final : public QWidget
{
    Q_OBJECT
public:
    // `sandbox` must outlive the panel, or be destroyed with it.
    explicit SandboxPanel(core::Sandbox *sandbox, QWidget *parent = nullptr);
    ~SandboxPanel() override;
    Q_DISABLE_COPY_MOVE(SandboxPanel)

    // For tests: the spin box of a knob by its object name (errorRate, slowness, dropRate, outOfOrder, duplicates,
    // poison), the rate and the pause button.
    QSpinBox *knob(const QString &objectName) const;
    QDoubleSpinBox *eventsPerSecond() const { return m_eventsPerSecond; }
    QPushButton *pauseButton() const { return m_pause; }

private:
    // A slider and a spin box kept in step; changing either sets the sandbox's knobs.
    QSpinBox *addKnob(QFormLayout *form, const QString &objectName, const QString &label, const QString &accessibleName,
                      int maximum, const QString &suffix, int value);
    void applyKnobs();
    void showSummary(const core::SandboxSummary &summary);

    core::Sandbox *m_sandbox;
    QSpinBox *m_errorRate = nullptr;
    QSpinBox *m_slowness = nullptr;
    QSpinBox *m_dropRate = nullptr;
    QSpinBox *m_outOfOrder = nullptr;
    QSpinBox *m_duplicates = nullptr;
    QSpinBox *m_poison = nullptr;
    QDoubleSpinBox *m_eventsPerSecond = nullptr;
    QPushButton *m_pause = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace hookyard::ui
