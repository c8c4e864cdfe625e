#pragma once

#include "console/RowRef.h"
#include "console/ViewQueries.h"

#include <QList>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QKeyEvent;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;
class QToolButton;

namespace hookyard::ui {

class QueryRunner;
class RowsModel;

// One console view: a filter bar, the table, a "N new — show" bar and a row count. The rows come from a RowsModel;
// actions on them belong to the window, which reads the current row, the selection and the filter from here.
class RowsPage final : public QWidget
{
    Q_OBJECT
public:
    RowsPage(core::View view, QueryRunner *runner, QWidget *parent = nullptr);
    Q_DISABLE_COPY_MOVE(RowsPage)

    core::View view() const;
    RowsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The filter the rows shown were loaded with (what "all matching" means for an action).
    core::ViewFilter currentFilter() const;
    // Applies text typed into the filter bar that is still waiting for typing to pause.
    void applyPendingFilter();
    // Why the filter bar's contents are not what the rows were loaded with; empty when they are.
    QString filterError() const { return m_filterError; }
    // Puts the keyboard in the search field, its text selected so that typing replaces it (Ctrl+F).
    void focusSearch();
    // Shows the rows of one endpoint or partner (the view's party filter), in every state, without a search.
    void showParty(const QString &party);
    core::RowRef currentRow() const;
    QList<core::RowRef> selectedRows() const;

public Q_SLOTS:
    // Reads the filter bar and reloads; a filter that is not valid is reported next to the row count instead.
    // (Rows are first loaded when the page is first shown.)
    void applyFilter();
    void reload();

Q_SIGNALS:
    void currentRowChanged(const hookyard::core::RowRef &row);
    void selectionChanged(const QList<hookyard::core::RowRef> &rows);
    // The rows are being loaded for another filter: a row detailed from the last one is not among them.
    void filterChanged();
    // A row was opened: double-clicked, or Enter pressed on it (not the platform's "activated", which some desktops
    // give a single click).
    void rowOpened(int row);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool moveBetweenRows(const QKeyEvent &event);
    core::ViewFilter filterFromBar() const;
    void updateStatus();
    // What an empty table says, in place of its rows (rich text): why nothing is there, and how the search matches.
    QString emptyNoteText() const;
    // For a search of a whole value that matched nothing: looks for the value in the JSON of the view's newest rows,
    // so that the empty table can offer the fragment that finds it (core::payloadFragmentFor).
    void lookForTheSearchInPayloads(const QString &value);
    void showNewerCount(int count);
    // Puts the search field and the sort order on the filter row when the page is wide enough for every field to
    // show its placeholder's first words, on a row of their own below it when not.
    void placeFilterBar();
    bool filterBarFitsOneRow() const;

    QueryRunner *m_runner = nullptr; // shared with the model: this page's own lookups queue behind its pages
    RowsModel *m_model = nullptr;
    QComboBox *m_state = nullptr;
    QLineEdit *m_party = nullptr;
    QLineEdit *m_eventType = nullptr;
    QComboBox *m_timeRange = nullptr;
    QLineEdit *m_search = nullptr;
    QToolButton *m_sort = nullptr;
    QHBoxLayout *m_filterRow = nullptr; // state, partner or endpoint, event type, time range; with room, the rest
    QHBoxLayout *m_searchRow = nullptr; // the search field and the sort order on a narrow page
    QTableView *m_table = nullptr;
    QWidget *m_newerBar = nullptr;
    QLabel *m_newerLabel = nullptr;
    QPushButton *m_showNewer = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_emptyNote = nullptr; // on the table's viewport while it has no rows
    QString m_filterError;         // why the filter bar's contents were not applied
    QString m_payloadLookupValue;  // the value lookForTheSearchInPayloads() last looked for
    QString m_payloadFragment;     // what it found: the JSON fragment that finds that value; empty for nothing (yet)
    QTimer *m_typingPause = nullptr;
    bool m_started = false; // rows are loaded on the first show
};

} // namespace hookyard::ui
