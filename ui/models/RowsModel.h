#pragma once

#include "console/ViewQueries.h"

#include <QAbstractTableModel>
#include <QList>

class QTimer;

namespace hookyard::ui {

class QueryRunner;

// One console view as a table: lazy and keyset-paged (canFetchMore/fetchMore load the next page), its queries run
// by a QueryRunner off the GUI thread. Every load carries a generation number; a result whose generation is no
// longer current (the filter changed, or the view was refreshed, while it ran) is dropped. Rows that arrive later
// are announced (newerRowsAvailable) rather than inserted above the reader: showNewer() reloads.
class RowsModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        RowRefRole = Qt::UserRole + 1, // QVariant of core::RowRef, in every column
        StateRole,                     // the row's state name ("dead", "pending", ...), in every column
        StateGlyphRole,                // the glyph that goes with the state's colour (colour-blind safe)
    };

    RowsModel(core::View view, QueryRunner *runner, QObject *parent = nullptr);
    Q_DISABLE_COPY_MOVE(RowsModel)

    core::View view() const { return m_view; }
    const core::ViewDescription &description() const;
    const core::ViewFilter &filter() const { return m_filter; }
    // Replaces the rows with the first page of the new filter. An invalid filter empties the view and fails.
    void setFilter(const core::ViewFilter &filter);
    int pageSize() const { return m_pageSize; }
    void setPageSize(int rows);
    // How often to look for rows newer than the first one; 0: only when checkForNewer() is called (NOTIFY).
    void setNewerCheckInterval(int milliseconds);

    bool isLoading() const { return m_loading; }
    bool isComplete() const { return m_complete; } // every matching row is loaded
    QString lastError() const { return m_lastError; }
    core::RowRef rowRef(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QHash<int, QByteArray> roleNames() const override;

    // How a state reads, looks and is marked, for the model's cells and the page's state filter.
    static QString stateName(const QString &state);
    static QString stateGlyph(const QString &state);

public Q_SLOTS:
    // Reloads from the first page with the same filter.
    void refresh();
    // Shows the rows announced by newerRowsAvailable (a reload).
    void showNewer();
    // Counts rows newer than the newest one shown (the answer arrives as newerRowsAvailable), and reads the rows
    // shown again: their states and times change as the engine works. A row that has left the view since (a dead
    // letter replayed) stays where it is, marked as such, until the next reload, so that nothing moves under the
    // reader.
    void checkForNewer();

Q_SIGNALS:
    void loadingChanged(bool loading);
    void pageLoaded();                  // a page arrived (rows inserted, or the end reached)
    void failed(const QString &reason); // a load failed; the rows so far stay
    void newerRowsAvailable(int count); // rows newer than the first one shown; 0 when there are none (any more)

private:
    void reload();
    void requestPage(); // the next page, unless one is loading or there is none
    void queryPage();   // sends the query for the next page; m_loading is already set
    void setLoading(bool loading);
    void refreshShown();
    // Where a row that left the view says so when the view has no State column; -1 when it has one.
    int leftTheViewColumn() const;
    QVariant display(const core::ViewRow &row, int column) const;
    QVariant toolTip(const core::ViewRow &row, int column) const;

    const core::View m_view;
    QueryRunner *const m_runner;
    core::ViewFilter m_filter;
    QList<core::ViewRow> m_rows;
    quint64 m_generation = 0; // of the rows shown and the requests for them
    int m_pageSize = 200;
    bool m_loading = false;
    bool m_complete = false;
    bool m_started = false; // set by the first load (setFilter, refresh); until then no query runs
    int m_newerCount = 0;
    QString m_lastError;
    QTimer *m_newerTimer = nullptr;
};

} // namespace hookyard::ui
