#include "RowDelegate.h"

#include <QWidget>

namespace hookyard::ui {

RowDelegate::RowDelegate(Qt::TextElideMode elideMode, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_elideMode(elideMode)
{}

void RowDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = m_elideMode;
    if (!option->widget || option->widget->hasFocus())
        return;
    // A third of the way from the background to the highlight: visible on both alternating row colours, in the
    // light and the dark palette, and readable under the row's own text colour (a state's green or red stays).
    QPalette &palette = option->palette;
    for (const QPalette::ColorGroup group : {QPalette::Active, QPalette::Inactive}) {
        const QColor base = palette.color(group, QPalette::Base);
        const QColor highlight = palette.color(group, QPalette::Highlight);
        const auto mix = [](int from, int to) { return from + (to - from) / 3; };
        palette.setColor(group, QPalette::Highlight,
                         QColor(mix(base.red(), highlight.red()), mix(base.green(), highlight.green()),
                                mix(base.blue(), highlight.blue())));
        palette.setColor(group, QPalette::HighlightedText, palette.color(group, QPalette::Text));
    }
}

} // namespace hookyard::ui
