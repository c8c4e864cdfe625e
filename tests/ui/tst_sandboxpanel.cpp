// The console's Sandbox panel: its sliders and spin boxes set the simulation's knobs at once, pausing pauses its
// traffic, and the summary line shows what the simulation reports.

#include "SandboxPanel.h"
#include "sandbox/Sandbox.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::Sandbox;

class SandboxPanelTest final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void knobsSetTheSimulationsKnobs()
    {
        // Not started: the knobs are the simulation's whether it runs or not, and this needs no database.
        Sandbox sandbox({}, {});
        hookyard::ui::SandboxPanel panel(&sandbox);

        panel.knob(u"errorRate"_s)->setValue(75);
        QCOMPARE(sandbox.knobs().errorRatePercent, 75);
        panel.knob(u"slowness"_s)->setValue(1200);
        panel.knob(u"dropRate"_s)->setValue(3);
        panel.knob(u"outOfOrder"_s)->setValue(50);
        panel.knob(u"duplicates"_s)->setValue(0);
        panel.knob(u"poison"_s)->setValue(100);
        panel.eventsPerSecond()->setValue(7.5);
        const hookyard::core::FaultKnobs knobs = sandbox.knobs();
        QCOMPARE(knobs.slownessMs, 1200);
        QCOMPARE(knobs.dropAfterBodyPercent, 3);
        QCOMPARE(knobs.outOfOrderPercent, 50);
        QCOMPARE(knobs.duplicatePercent, 0);
        QCOMPARE(knobs.poisonPercent, 100);
        QCOMPARE(knobs.eventsPerSecond, 7.5);

        // The slider beside a spin box moves it, and so the knob.
        const QList<QSlider *> sliders = panel.findChildren<QSlider *>();
        QCOMPARE(sliders.size(), 6);
        sliders.first()->setValue(10); // the first row: the error rate
        QCOMPARE(panel.knob(u"errorRate"_s)->value(), 10);
        QCOMPARE(sandbox.knobs().errorRatePercent, 10);

        QVERIFY(!sandbox.isPaused());
        panel.pauseButton()->click();
        QVERIFY(sandbox.isPaused());
        panel.pauseButton()->click();
        QVERIFY(!sandbox.isPaused());
    }

    void summaryShowsWhatTheSimulationReports()
    {
        Sandbox sandbox({}, {});
        hookyard::ui::SandboxPanel panel(&sandbox);
        hookyard::core::SandboxSummary summary;
        summary.delivered = 12;
        summary.dead = 3;
        summary.openMismatches = 2;
        summary.problem = u"reconciliation: Acme's list API did not answer"_s;
        Q_EMIT sandbox.summaryChanged(summary);
        auto *line = panel.findChild<QLabel *>(u"sandboxSummary"_s);
        QVERIFY(line->text().contains(u"12"_s));
        QVERIFY(line->text().contains(u"mismatches 2"_s));
        QCOMPARE(panel.findChild<QLabel *>(u"sandboxProblem"_s)->text(), summary.problem);
    }
};

QTEST_MAIN(SandboxPanelTest)
#include "tst_sandboxpanel.moc"
