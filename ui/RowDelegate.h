#pragma once

#include <QStyledItemDelegate>

namespace hookyard::ui {

// Draws the rows of the console's lists and tables. While its view does not have the keyboard focus, the selection
// is drawn muted (a tint of the highlight, the row's own text colour on it), as desktop lists do: with the view list
// and a table both showing a selection, the strong one says where the keys go.
class RowDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    // elideMode: how text too long for its cell is cut; ids elide in the middle, so that both ends stay readable (an
    // id's type and its last digits, as in "order 7eb1…d7612").
    explicit RowDelegate(Qt::TextElideMode elideMode, QObject *parent);
    Q_DISABLE_COPY_MOVE(RowDelegate)

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    Qt::TextElideMode m_elideMode;
};

} // namespace hookyard::ui
