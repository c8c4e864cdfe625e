#pragma once

#include <QHash>
#include <QJsonObject>
#include <QWidget>

class QLabel;

namespace hookyard::ui {

// The first screen: how many rows sit in each state, with the states that need a person marked.
class OverviewPage final : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPage(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(OverviewPage)

public Q_SLOTS:
    void showStats(const QJsonObject &stats);

private:
    struct Counter
    {
        QString section;
        QString key;
        QString label;
        bool needsAttention; // dead letters, quarantine: drawn as an alert when non-zero
    };
    QWidget *makeCard(const QString &title, const QList<Counter> &counters);

    QHash<QString, QLabel *> m_values; // "section/key" -> value label
    QHash<QString, bool> m_alerting;
    QLabel *m_updated = nullptr;
};

} // namespace hookyard::ui
