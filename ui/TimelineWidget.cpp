#include "TimelineWidget.h"

#include "StatusColours.h"
#include "models/RowsModel.h"
#include "util/ControlCharacters.h"

#include <QEvent>
#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {

using core::AttemptOutcome;
using core::TimelineItem;
using Kind = TimelineItem::Kind;

// A caption line about a row in `state`, led by the glyph the lists show for that state.
QString withStateGlyph(const QString &state, const QString &text)
{
    return RowsModel::stateGlyph(state) + u' ' + text;
}

} // namespace

QString TimelineWidget::operatorGlyph(TimelineItem::Kind kind)
{
    switch (kind) {
    case Kind::Replayed:
        return u"↻"_s;
    case Kind::RetriedNow:
        return u"»"_s;
    case Kind::Resolved:
        return u"✎"_s; // U+270E: in fonts-dejavu-core, as everyStateGlyphIsDrawable checks
    default:
        return {};
    }
}

namespace {

constexpr int kPadding = 6;
constexpr int kCaptionLines = 2; // room kept under the marks, however few lines the caption has
// How much of an endpoint's answer the caption line and an attempt's tooltip quote (the relay keeps 1 KiB).
constexpr qsizetype kAnswerCaptionCharacters = 200;
constexpr qsizetype kAnswerTooltipCharacters = 600;
constexpr qreal kMinimumDiameter = 8;     // below this, marks would be specks; they overlap instead
constexpr qreal kGlyphDiameter = 14;      // below this a mark is a plain dot: its glyph would not read
constexpr qreal kMaxPixelsPerWeight = 48; // a short timeline stays short instead of stretching over the pane

// How far apart two marks sit, before scaling: the logarithm of the time between them, so that a minute and an
// hour both fit on one axis (0 s → 0, 1 min → 2.3, 10 min → 5.4, 1 h → 7.9).
qreal gapWeight(const QDateTime &from, const QDateTime &to)
{
    const qreal seconds = std::max<qint64>(0, from.msecsTo(to)) / 1000.0;
    return std::log2(1.0 + seconds / 15.0);
}

// "0s", "45s", "6m", "2h 5m", "3d": compact enough to sit under a mark.
QString shortSpan(qint64 seconds)
{
    if (seconds < 60)
        return TimelineWidget::tr("%1s").arg(seconds);
    if (seconds < 3600)
        return TimelineWidget::tr("%1m").arg(seconds / 60);
    if (seconds < 86400) {
        const qint64 minutes = (seconds % 3600) / 60;
        return minutes == 0 ? TimelineWidget::tr("%1h").arg(seconds / 3600)
                            : TimelineWidget::tr("%1h %2m").arg(seconds / 3600).arg(minutes);
    }
    return TimelineWidget::tr("%1d").arg(seconds / 86400);
}

// "42 s", "4 min 10 s", "1 h 5 min": for sentences.
QString longSpan(qint64 seconds)
{
    if (seconds < 60)
        return TimelineWidget::tr("%1 s").arg(seconds);
    if (seconds < 3600) {
        return seconds % 60 == 0 ? TimelineWidget::tr("%1 min").arg(seconds / 60)
                                 : TimelineWidget::tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60);
    }
    if (seconds < 86400)
        return TimelineWidget::tr("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60);
    return TimelineWidget::tr("%1 d %2 h").arg(seconds / 86400).arg((seconds % 86400) / 3600);
}

// The absolute time, in the operator's time zone, named.
QString absoluteTime(const QDateTime &at)
{
    return QLocale().toString(at.toLocalTime(), u"yyyy-MM-dd HH:mm:ss t"_s);
}

QString clockTime(const QDateTime &at)
{
    return QLocale().toString(at.toLocalTime().time(), u"HH:mm:ss"_s);
}

// A delivery's "delivered" repeats the successful attempt just before it: that attempt's mark says it.
bool mergedIntoPrevious(const QList<TimelineItem> &items, qsizetype index)
{
    return items[index].kind == Kind::Delivered && index > 0 && items[index - 1].kind == Kind::Attempt &&
           core::attemptOutcome(items[index - 1]) == AttemptOutcome::Succeeded;
}

// Whether the attempt ended with its answer: an answer (ok, http_status, redirect) or a status check. A transfer that
// failed after the status line (its answer cut short, or too slow) is named by its failure, its status after it.
bool endedWithAnswer(const TimelineItem &attempt)
{
    return attempt.errorClass == u"ok"_s || attempt.errorClass == u"http_status"_s ||
           attempt.errorClass == u"redirect"_s || attempt.errorClass.startsWith(u"status_"_s);
}

QString failureText(const TimelineItem &attempt)
{
    if (attempt.errorClass == u"timeout"_s)
        return TimelineWidget::tr("timeout");
    if (attempt.errorClass == u"unknown"_s)
        return TimelineWidget::tr("no answer");
    return attempt.errorClass.isEmpty() ? TimelineWidget::tr("failed") : attempt.errorClass;
}

QString outcomeText(const TimelineItem &attempt)
{
    // A status check asked an unknown delivery's status URL: what it found out matters, not its HTTP status.
    if (attempt.errorClass == u"status_delivered"_s)
        return TimelineWidget::tr("status URL: delivered");
    if (attempt.errorClass == u"status_not_found"_s)
        return TimelineWidget::tr("status URL: not received");
    if (attempt.errorClass == u"status_unknown"_s)
        return TimelineWidget::tr("status URL: could not tell");
    if (attempt.statusCode && endedWithAnswer(attempt))
        return TimelineWidget::tr("HTTP %1").arg(*attempt.statusCode);
    if (attempt.statusCode)
        return TimelineWidget::tr("HTTP %1, then %2").arg(*attempt.statusCode).arg(failureText(attempt));
    return failureText(attempt);
}

// An attempt's answer on one line: line breaks and runs of spaces as one space, other control characters as U+FFFD
// (the body is the endpoint's, anything at all).
QString answerText(const TimelineItem &attempt, qsizetype characters)
{
    const QString simplified = attempt.responseSnippet.simplified();
    const QString shown = core::withoutControlCharacters(simplified, characters);
    return shown.size() < simplified.size() ? shown + u'…' : shown;
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent)
    : QWidget(parent)
    , m_clock([] { return QDateTime::currentDateTimeUtc(); })
    , m_countdown(new QTimer(this))
{
    setAccessibleName(tr("Retry timeline"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_countdown->setInterval(1000);
    connect(m_countdown, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    updateAccessibleText();
}

void TimelineWidget::setTimeline(const QList<core::TimelineItem> &items)
{
    m_items = items;
    relayout();
    updateTimer();
    updateAccessibleText();
    updateGeometry();
    update();
}

void TimelineWidget::setClock(Clock clock)
{
    m_clock = std::move(clock);
    updateAccessibleText();
    update();
}

QString TimelineWidget::countdownText() const
{
    if (m_items.isEmpty() || m_items.last().kind != Kind::Scheduled)
        return {};
    const TimelineItem &next = m_items.last();
    if (!next.actor.isEmpty())
        return tr("attempt in flight on %1").arg(next.actor);
    const qint64 seconds = m_clock().secsTo(next.at);
    // A deferred row's planned time is its deadline, not an attempt: it is checked again whenever its entity changes,
    // and quarantined then if it still waits (found by a helper: "next attempt in 58 min" read as a retry).
    if (isDeferredNow()) {
        if (seconds > 0)
            return tr("quarantined in %1 if still waiting (checked again whenever its entity changes)")
                .arg(longSpan(seconds));
        if (seconds < -60)
            return tr("check overdue by %1").arg(longSpan(-seconds));
        return tr("check due now");
    }
    if (seconds > 0)
        return tr("next attempt in %1").arg(longSpan(seconds));
    // A row well past its time is waiting for a relay or worker to take it: say so, it is a clue.
    if (seconds < -60)
        return tr("next attempt overdue by %1").arg(longSpan(-seconds));
    return tr("next attempt due now");
}

bool TimelineWidget::isDeferredNow() const
{
    return !m_items.isEmpty() && m_items.last().kind == Kind::Scheduled &&
           std::any_of(m_items.cbegin(), m_items.cend(),
                       [](const TimelineItem &item) { return item.kind == Kind::Deferred; });
}

bool TimelineWidget::isCountingDown() const
{
    return m_countdown->isActive();
}

QString TimelineWidget::toolTipAt(const QPoint &pos) const
{
    const Mark *nearest = nullptr;
    qreal nearestDistance = 0;
    for (const Mark &mark : m_marks) {
        const qreal reach = std::max<qreal>(mark.diameter / 2 + 3, 6);
        const qreal distance = QLineF(mark.centre, QPointF(pos)).length();
        if (distance <= reach && (!nearest || distance < nearestDistance)) {
            nearest = &mark;
            nearestDistance = distance;
        }
    }
    return nearest ? toolTipFor(m_items[nearest->item]) : QString();
}

const TimelineWidget::Mark *TimelineWidget::markOf(qsizetype index) const
{
    const auto found =
        std::find_if(m_marks.cbegin(), m_marks.cend(), [index](const Mark &mark) { return mark.item == index; });
    return found != m_marks.cend() ? &*found : nullptr;
}

QRect TimelineWidget::markRect(qsizetype index) const
{
    const Mark *mark = markOf(index);
    if (!mark)
        return {};
    const qreal r = mark->diameter / 2;
    return QRectF(mark->centre - QPointF(r, r), QSizeF(mark->diameter, mark->diameter)).toAlignedRect();
}

QString TimelineWidget::markTimeLabel(qsizetype index) const
{
    const Mark *mark = markOf(index);
    return mark ? mark->timeLabel : QString();
}

int TimelineWidget::markSize() const
{
    return std::max(22, fontMetrics().height() + 6);
}

// Marks, their labels and their times above; the caption lines below.
int TimelineWidget::captionTop() const
{
    return kPadding + markSize() + 2 * fontMetrics().height() + 6;
}

QSize TimelineWidget::sizeHint() const
{
    const int perMark = markSize() + 24;
    const int width = std::clamp(int(m_marks.size()) * perMark + 2 * kPadding, 320, 900);
    return {width, minimumSizeHint().height()};
}

QSize TimelineWidget::minimumSizeHint() const
{
    const int lines = std::max(kCaptionLines, int(captionLines().size()));
    return {160, captionTop() + lines * fontMetrics().height() + kPadding};
}

TimelineWidget::Mark TimelineWidget::markFor(qsizetype index) const
{
    const StatusColours colours(palette());
    const TimelineItem &item = m_items[index];
    Mark mark;
    mark.item = index;
    switch (item.kind) {
    case Kind::Queued:
        mark.colour = colours.neutral;
        mark.filled = false;
        mark.scale = 0.5;
        break;
    case Kind::Attempt:
        switch (core::attemptOutcome(item)) {
        case AttemptOutcome::Succeeded:
            mark.glyph = u"✓"_s;
            mark.colour = colours.good;
            break;
        case AttemptOutcome::Failed:
            mark.glyph = u"✕"_s;
            mark.colour = colours.bad;
            break;
        case AttemptOutcome::Uncertain:
            mark.glyph = u"◷"_s;
            mark.colour = colours.uncertain;
            break;
        }
        mark.label = item.statusCode && endedWithAnswer(item) ? QString::number(*item.statusCode)
                     : item.errorClass == u"timeout"_s        ? tr("tmo")
                     : item.errorClass.isEmpty()              ? tr("failed")
                                                              : item.errorClass;
        break;
    case Kind::Scheduled:
        mark.colour = colours.info;
        mark.filled = false;
        mark.label = isDeferredNow() ? tr("deadline") : tr("next");
        break;
    case Kind::Deferred:
        mark.glyph = RowsModel::stateGlyph(u"deferred"_s);
        mark.colour = colours.uncertain;
        mark.label = tr("deferred");
        break;
    case Kind::Held:
        mark.glyph = RowsModel::stateGlyph(u"held"_s);
        mark.colour = colours.uncertain;
        mark.label = tr("held");
        break;
    case Kind::DeadLettered:
        mark.glyph = RowsModel::stateGlyph(u"dead"_s);
        mark.colour = colours.bad;
        mark.label = tr("dead");
        break;
    case Kind::Quarantined:
        mark.glyph = RowsModel::stateGlyph(u"quarantined"_s);
        mark.colour = colours.bad;
        mark.label = tr("quarantined");
        break;
    case Kind::Replayed:
    case Kind::RetriedNow:
    case Kind::Resolved:
        mark.glyph = operatorGlyph(item.kind);
        mark.colour = item.kind == Kind::Resolved ? colours.neutral : colours.info;
        mark.label = item.actor;
        break;
    case Kind::Delivered:
        mark.glyph = u"✓"_s;
        mark.colour = colours.good;
        mark.label = tr("delivered");
        break;
    case Kind::Processed:
        mark.glyph = u"✓"_s;
        mark.colour = colours.good;
        mark.label = tr("processed");
        break;
    }
    // Time since the row began, and after a replay since the latest replay: a replay's fresh retry schedule stays
    // readable (found by a helper using the console: every mark after a replay five minutes on read "5m").
    auto replay = std::find_if(std::make_reverse_iterator(m_items.cbegin() + index), m_items.crend(),
                               [](const TimelineItem &earlier) { return earlier.kind == Kind::Replayed; });
    if (replay == m_items.crend())
        mark.timeLabel = shortSpan(std::max<qint64>(0, m_items.first().at.secsTo(item.at)));
    else
        mark.timeLabel =
            tr("+%1", "time since the latest replay").arg(shortSpan(std::max<qint64>(0, replay->at.secsTo(item.at))));
    return mark;
}

void TimelineWidget::relayout()
{
    m_marks.clear();
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        if (!mergedIntoPrevious(m_items, i))
            m_marks.append(markFor(i));
    }
    if (m_marks.isEmpty())
        return;

    const qreal size = markSize();
    const qreal edge = kPadding + size / 2;
    const qreal usable = std::max<qreal>(0, width() - 2 * edge);
    const qreal axisY = kPadding + size / 2;
    const qsizetype gaps = m_marks.size() - 1;

    // Every gap gets at least a mark's width plus room to breathe; what is left is shared by the logarithm of the
    // time each gap spans. When even the minimum does not fit (dozens of attempts), marks are spaced evenly and
    // shrink, overlapping if they must: the tooltip still finds the nearest.
    const qreal minimumGap = size + 12; // room for two short labels side by side ("500", "dead")
    QList<qreal> weights;
    qreal totalWeight = 0;
    for (qsizetype i = 1; i < m_marks.size(); ++i) {
        weights.append(gapWeight(m_items[m_marks[i - 1].item].at, m_items[m_marks[i].item].at));
        totalWeight += weights.last();
    }
    qreal x = edge;
    qreal diameter = size;
    if (gaps > 0 && usable < minimumGap * gaps) {
        const qreal gap = usable / gaps;
        diameter = std::max(kMinimumDiameter, std::min<qreal>(size, gap - 2));
        for (Mark &mark : m_marks) {
            mark.centre = {x, axisY};
            x += gap;
        }
    } else {
        const qreal spare = usable - minimumGap * gaps;
        const qreal perWeight = totalWeight > 0 ? std::min(spare / totalWeight, kMaxPixelsPerWeight) : 0;
        for (qsizetype i = 0; i < m_marks.size(); ++i) {
            m_marks[i].centre = {x, axisY};
            if (i < gaps)
                x += minimumGap + weights[i] * perWeight;
        }
    }
    for (Mark &mark : m_marks)
        mark.diameter = diameter;
}

QList<QString> TimelineWidget::captionLines() const
{
    QList<QString> lines;
    if (m_items.isEmpty()) {
        lines.append(tr("Nothing has happened yet."));
        return lines;
    }
    // The row's present state, which a resolution or a retry now may follow (a dead letter resolved stays dead).
    auto present = std::find_if(m_items.crbegin(), m_items.crend(), [](const TimelineItem &item) {
        return item.kind != Kind::Resolved && item.kind != Kind::RetriedNow;
    });
    const TimelineItem &last = present == m_items.crend() ? m_items.last() : *present;
    QString deferral;
    for (const TimelineItem &item : m_items) {
        if (item.kind == Kind::Deferred)
            deferral =
                withStateGlyph(u"deferred"_s, tr("waiting for %1 (deferrals: %2)").arg(item.detail).arg(item.count));
    }
    switch (last.kind) {
    case Kind::Scheduled:
        lines.append((deferral.isEmpty() ? u"◌"_s : deferral + u" ·"_s) + u' ' + countdownText());
        break;
    case Kind::DeadLettered:
        lines.append(
            withStateGlyph(u"dead"_s, tr("in the dead letters since %1: %2").arg(clockTime(last.at), last.detail)));
        break;
    case Kind::Quarantined:
        lines.append(
            withStateGlyph(u"quarantined"_s, tr("quarantined since %1: %2").arg(clockTime(last.at), last.detail)));
        break;
    case Kind::Held:
        lines.append(withStateGlyph(u"held"_s, tr("held while the endpoint is disabled: %1").arg(last.detail)));
        break;
    case Kind::Delivered:
        lines.append(tr("✓ delivered at %1").arg(clockTime(last.at)));
        break;
    case Kind::Processed:
        lines.append(tr("✓ processed at %1").arg(clockTime(last.at)));
        break;
    case Kind::Queued:
    case Kind::Attempt:
    case Kind::Deferred:
    case Kind::Replayed:
    case Kind::RetriedNow:
    case Kind::Resolved:
        if (!deferral.isEmpty())
            lines.append(deferral);
        break;
    }
    // What the endpoint last said, when its last attempt failed: at 3 a.m. the body ("unknown customer", "TLS
    // certificate expired") is the cause, and the tooltip alone hides it (found by an exploring helper).
    for (auto it = m_items.crbegin(); it != m_items.crend(); ++it) {
        if (it->kind != Kind::Attempt)
            continue;
        if (core::attemptOutcome(*it) != AttemptOutcome::Succeeded && !it->responseSnippet.isEmpty())
            // The body first: a narrow pane elides the end of the line, and the attempt's status is on its mark.
            lines.append(tr("last answer: %1 (attempt %2, %3)")
                             .arg(answerText(*it, kAnswerCaptionCharacters))
                             .arg(it->attemptNo)
                             .arg(outcomeText(*it)));
        break;
    }
    // The latest thing an operator did: who, as which role, when and why.
    for (auto it = m_items.crbegin(); it != m_items.crend(); ++it) {
        QString done;
        if (it->kind == Kind::Replayed)
            done = tr("replayed by %1 (role %2) at %3");
        else if (it->kind == Kind::RetriedNow)
            done = tr("retried now by %1 (role %2) at %3");
        else if (it->kind == Kind::Resolved)
            done = tr("resolved by %1 (role %2) at %3");
        else
            continue;
        const QString why = it->detail.isEmpty() ? QString() : tr(" — “%1”").arg(it->detail);
        lines.append(operatorGlyph(it->kind) + u' ' + done.arg(it->actor, it->dbRole, clockTime(it->at)) + why);
        break;
    }
    return lines;
}

QString TimelineWidget::toolTipFor(const TimelineItem &item) const
{
    QStringList lines;
    switch (item.kind) {
    case Kind::Queued:
        lines << tr("Queued");
        break;
    case Kind::Attempt:
        lines << tr("Attempt %1: %2").arg(item.attemptNo).arg(outcomeText(item));
        if (item.latencyMs)
            lines << tr("Latency: %1 ms").arg(*item.latencyMs);
        if (!item.errorDetail.isEmpty() && core::attemptOutcome(item) != AttemptOutcome::Succeeded)
            lines << tr("Error: %1").arg(item.errorDetail);
        if (!item.responseSnippet.isEmpty())
            lines << tr("Answer: %1").arg(answerText(item, kAnswerTooltipCharacters));
        if (!item.relayInstance.isEmpty())
            lines << tr("Relay: %1").arg(item.relayInstance);
        if (!item.workerInstance.isEmpty())
            lines << tr("Worker: %1").arg(item.workerInstance);
        break;
    case Kind::Scheduled:
        lines << countdownText();
        break;
    case Kind::Deferred:
        lines << tr("Deferred, waiting for %1 (deferrals: %2)").arg(item.detail).arg(item.count);
        break;
    case Kind::Held:
        lines << tr("Held: %1").arg(item.detail);
        break;
    case Kind::DeadLettered:
        lines << tr("Moved to the dead letters: %1").arg(item.detail);
        break;
    case Kind::Quarantined:
        lines << tr("Quarantined: %1").arg(item.detail);
        break;
    case Kind::Replayed:
    case Kind::RetriedNow:
    case Kind::Resolved:
        lines << (item.kind == Kind::Replayed     ? tr("Replayed by %1 (database role %2)")
                  : item.kind == Kind::RetriedNow ? tr("Retried now by %1 (database role %2)")
                                                  : tr("Resolved by %1 (database role %2)"))
                     .arg(item.actor, item.dbRole);
        if (!item.detail.isEmpty())
            lines << (item.kind == Kind::Resolved ? tr("Note: %1") : tr("Why: %1")).arg(item.detail);
        lines << tr("Audit record %1").arg(item.auditId);
        break;
    case Kind::Delivered:
        lines << tr("Delivered");
        break;
    case Kind::Processed:
        lines << tr("Processed");
        if (!item.detail.isEmpty())
            lines << item.detail;
        break;
    }
    lines << absoluteTime(item.at);
    return lines.join(u'\n');
}

void TimelineWidget::updateTimer()
{
    const bool scheduled = !m_items.isEmpty() && m_items.last().kind == Kind::Scheduled;
    if (scheduled && isVisible())
        m_countdown->start();
    else
        m_countdown->stop();
}

// In words, for screen readers: counts and the current position rather than a countdown that changes every second.
void TimelineWidget::updateAccessibleText()
{
    int succeeded = 0;
    int failed = 0;
    int uncertain = 0;
    for (const TimelineItem &item : std::as_const(m_items)) {
        if (item.kind != Kind::Attempt)
            continue;
        switch (core::attemptOutcome(item)) {
        case AttemptOutcome::Succeeded:
            ++succeeded;
            break;
        case AttemptOutcome::Failed:
            ++failed;
            break;
        case AttemptOutcome::Uncertain:
            ++uncertain;
            break;
        }
    }
    QStringList sentences;
    sentences << tr("Attempts: %1 (%2 succeeded, %3 failed, %4 without a known outcome).")
                     .arg(succeeded + failed + uncertain)
                     .arg(succeeded)
                     .arg(failed)
                     .arg(uncertain);
    if (!m_items.isEmpty() && m_items.last().kind == Kind::Scheduled)
        sentences << tr("Next attempt at %1.").arg(absoluteTime(m_items.last().at));
    for (const QString &line : captionLines()) {
        if (!line.startsWith(u"◌"_s))
            sentences << line;
    }
    setAccessibleDescription(sentences.join(u' '));
}

bool TimelineWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const StatusColours colours(palette());
    const QFontMetrics metrics = fontMetrics();
    const QColor text = palette().color(QPalette::WindowText);

    if (!m_marks.isEmpty()) {
        // The axis: solid through what happened, dashed to what is scheduled.
        const qreal axisY = m_marks.first().centre.y();
        QPen axis(colours.neutral, 1.5);
        painter.setPen(axis);
        const bool future = m_items.last().kind == Kind::Scheduled && m_marks.size() > 1;
        const qreal pastEnd = future ? m_marks[m_marks.size() - 2].centre.x() : m_marks.last().centre.x();
        painter.drawLine(QPointF(m_marks.first().centre.x(), axisY), QPointF(pastEnd, axisY));
        if (future) {
            axis.setStyle(Qt::DashLine);
            painter.setPen(axis);
            painter.drawLine(QPointF(pastEnd, axisY), m_marks.last().centre);
        }

        QFont glyphFont = font();
        const qreal labelsTop = kPadding + markSize() + 2;
        qreal labelRight = -1e9;
        qreal timeRight = -1e9;
        for (const Mark &mark : std::as_const(m_marks)) {
            const qreal drawn = mark.diameter * mark.scale;
            const QRectF circle(mark.centre - QPointF(drawn / 2, drawn / 2), QSizeF(drawn, drawn));
            painter.setPen(QPen(mark.colour, 1.5, mark.filled ? Qt::SolidLine : Qt::DotLine));
            painter.setBrush(mark.filled ? QBrush(mark.colour) : QBrush(palette().color(QPalette::Base)));
            painter.drawEllipse(circle);
            if (!mark.glyph.isEmpty() && drawn >= kGlyphDiameter) {
                glyphFont.setPixelSize(int(mark.diameter * 0.62));
                glyphFont.setBold(true);
                painter.setFont(glyphFont);
                painter.setPen(colours.onFill);
                painter.drawText(circle, Qt::AlignCenter, mark.glyph);
            }

            // Labels are centred under their mark, kept inside the widget, and left out where they would overlap
            // the previous one (the tooltip still has everything).
            painter.setFont(font());
            const auto place = [&](const QString &label, qreal top, qreal &right, const QColor &colour) {
                if (label.isEmpty())
                    return;
                const qreal w = metrics.horizontalAdvance(label);
                const qreal left = std::clamp(mark.centre.x() - w / 2, 0.0, std::max(0.0, width() - w));
                if (left < right + 4)
                    return;
                painter.setPen(colour);
                painter.drawText(QRectF(left, top, w + 1, metrics.height()), Qt::AlignLeft | Qt::AlignTop, label);
                right = left + w;
            };
            place(mark.label, labelsTop, labelRight, mark.filled ? mark.colour : text);
            place(mark.timeLabel, labelsTop + metrics.height(), timeRight, colours.neutral);
        }
    }

    painter.setFont(font());
    painter.setPen(text);
    qreal top = captionTop();
    for (const QString &line : captionLines()) {
        const QString elided = metrics.elidedText(line, Qt::ElideRight, width() - 2 * kPadding);
        painter.drawText(QRectF(kPadding, top, width() - 2 * kPadding, metrics.height()), Qt::AlignLeft, elided);
        top += metrics.height();
    }
}

void TimelineWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void TimelineWidget::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        relayout();
        updateGeometry();
        update();
    }
}

void TimelineWidget::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    updateTimer();
}

void TimelineWidget::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    updateTimer();
}

} // namespace hookyard::ui
