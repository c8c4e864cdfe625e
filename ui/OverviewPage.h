#pragma once

#include <QHash>
#include <QJsonObject>
#include <QWidget>

class QLabel;
class QChartView;
class QDateTimeAxis;
class QLineSeries;
class QValueAxis;

namespace hookyard::ui {

// The first screen: how many rows sit in each state, with the states that need a person marked; which engines are
// connected; attempts and received webhooks per minute over the last hour; the endpoints failing now.
class OverviewPage final : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPage(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(OverviewPage)

    // The engines connected to the database now, wherever they run (the counts' `engines`), and what waits for one
    // that is not: the first thing to know when rows pile up.
    struct EnginesRunning
    {
        QString summary;      // "Connected now — relays: 1 · workers: 1 · receivers: 0"
        QStringList warnings; // "⚠ No relay is connected; deliveries waiting for one: 20"
    };
    static EnginesRunning enginesRunning(const QJsonObject &stats);

public Q_SLOTS:
    void showStats(const QJsonObject &stats);

Q_SIGNALS:
    // An endpoint named among the failing ones was clicked: its dead letters are what to look at next.
    void endpointChosen(const QString &endpoint);

protected:
    void changeEvent(QEvent *event) override;

private:
    QString alertStyle() const; // the style sheet of a count or list that needs attention, for the palette in use
    struct Counter
    {
        QString section;
        QString key;
        QString label;
        bool needsAttention; // dead letters, quarantine: drawn as an alert when non-zero
    };
    QWidget *makeCard(const QString &title, const QList<Counter> &counters);

    void showActivity(const QJsonObject &activity);
    // The chart draws with its own colours: they follow the palette (light or dark theme) here.
    void paintChartWithPalette();

    QHash<QString, QLabel *> m_values; // "section/key" -> value label
    QHash<QString, bool> m_alerting;
    QLabel *m_updated = nullptr;
    QChartView *m_chartView = nullptr;
    QLineSeries *m_delivered = nullptr;
    QLineSeries *m_failed = nullptr;
    QLineSeries *m_received = nullptr;
    QDateTimeAxis *m_timeAxis = nullptr;
    QValueAxis *m_countAxis = nullptr;
    QLabel *m_failing = nullptr;
    QLabel *m_engines = nullptr;
    QLabel *m_engineWarnings = nullptr; // what waits for an engine that is not connected; hidden when nothing does
};

} // namespace hookyard::ui
