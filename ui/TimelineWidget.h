#pragma once

#include "console/DetailQueries.h"

#include <QDateTime>
#include <QList>
#include <QWidget>

#include <functional>

class QTimer;

namespace hookyard::ui {

// A row's life on a time axis, painted: every attempt as a mark (✓ 2xx, ✕ failure, ◷ outcome unknown — a glyph
// as well as a colour), deferrals, holds, the move to the dead letters or to quarantine (each with the glyph the
// lists show for that state, RowsModel::stateGlyph), what operators did and who (↻ replayed, » retried now,
// ✎ resolved), and a live countdown to the next
// scheduled attempt. Gaps are compressed logarithmically, so seconds and hours share one axis; labels give the time
// since the first item ("0s, 1m, 6m, 16m"), the tooltip of a mark its details.
class TimelineWidget final : public QWidget
{
    Q_OBJECT
public:
    // The current time (UTC) the countdown counts against.
    using Clock = std::function<QDateTime()>;

    explicit TimelineWidget(QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(TimelineWidget)

    // Items oldest first, as loadDetail returns them.
    void setTimeline(const QList<core::TimelineItem> &items);
    const QList<core::TimelineItem> &timeline() const { return m_items; }
    // By default the local clock; the detail pane corrects it to the database server's clock.
    void setClock(Clock clock);

    // "next attempt in 42 s", "next attempt due now", ...; empty when no attempt is scheduled.
    QString countdownText() const;
    // Whether the timeline is a deferred inbox row's: its planned time is the deadline of its deferral.
    bool isDeferredNow() const;
    // Whether the countdown is being refreshed every second.
    bool isCountingDown() const;
    // The tooltip of the mark at `pos` (widget coordinates), or empty where there is none.
    QString toolTipAt(const QPoint &pos) const;
    // Where item `index` of timeline() is drawn; empty for an item without a mark of its own (a delivery's
    // "delivered" is shown by the successful attempt before it).
    QRect markRect(qsizetype index) const;
    // The time written under item `index`'s mark ("6m", "+2s" after a replay); empty for an item without a mark.
    QString markTimeLabel(qsizetype index) const;

    // The glyph of an operator's action (Replayed, RetriedNow, Resolved) on its mark and caption line; empty for
    // other kinds.
    static QString operatorGlyph(core::TimelineItem::Kind kind);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    struct Mark
    {
        qsizetype item = 0;
        QPointF centre;
        qreal diameter = 0;
        QString glyph;
        QColor colour;
        bool filled = true; // outlined, without a glyph: not an outcome (queued, scheduled)
        qreal scale = 1;    // of the drawn circle: the start of the axis is a small ring
        QString label;      // under the mark: status code, "dead", who replayed
        QString timeLabel;  // since the first item, or since the latest replay: "6m", "+2s"
    };

    // The mark of item `index` of timeline(); null for an item without a mark of its own.
    const Mark *markOf(qsizetype index) const;
    void relayout();
    void updateTimer();
    void updateAccessibleText();
    QList<QString> captionLines() const;
    QString toolTipFor(const core::TimelineItem &item) const;
    Mark markFor(qsizetype index) const;
    int markSize() const;
    int captionTop() const;

    QList<core::TimelineItem> m_items;
    QList<Mark> m_marks;
    Clock m_clock;
    QTimer *m_countdown = nullptr;
};

} // namespace hookyard::ui
