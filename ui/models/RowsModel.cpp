#include "models/RowsModel.h"

#include "models/QueryRunner.h"

#include "reconcile/Reconciler.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QLocale>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {

using ColumnKind = core::ViewColumn::Kind;

// The state of a row shown that no longer matches the view (RowsModel::checkForNewer).
const QString kLeftTheView = u"left-view"_s;

// A colour readable on light and dark backgrounds. Never the only cue: every state also has its own glyph.
QColor stateColour(const QString &state)
{
    if (state == u"delivered"_s || state == u"processed"_s || state == u"active"_s)
        return QColor(0x38, 0x8e, 0x3c);
    if (state == u"pending"_s)
        return QColor(0x1e, 0x88, 0xe5);
    if (state == u"deferred"_s || state == u"held"_s || state == u"unknown"_s || state == u"paused"_s)
        return QColor(0xef, 0x6c, 0x00);
    if (state == u"dead"_s || state == u"quarantined"_s || state == u"rejected"_s || state == u"disabled"_s ||
        state == u"stuck"_s || state == u"failed"_s || state == u"failing"_s)
        return QColor(0xe5, 0x39, 0x35);
    if (state == u"succeeded"_s)
        return QColor(0x38, 0x8e, 0x3c);
    if (state == u"processing"_s)
        return QColor(0x1e, 0x88, 0xe5);
    if (core::mismatchKinds().contains(state)) // every kind of reconciliation mismatch needs a person
        return QColor(0xef, 0x6c, 0x00);
    return {};
}

// A row that left the view is greyed as a whole: what it shows is no longer so. Mid-grey reads on light and dark.
const QColor kLeftTheViewColour(0x80, 0x80, 0x80);

// "3 min ago", "in 40 s"; older than a day: the date and time.
QString relativeTime(const QDateTime &time, const QDateTime &now)
{
    const qint64 seconds = time.secsTo(now); // positive: in the past
    const qint64 magnitude = std::abs(seconds);
    QString amount;
    if (magnitude < 60)
        amount = RowsModel::tr("%1 s").arg(magnitude);
    else if (magnitude < 3600)
        amount = RowsModel::tr("%1 min").arg(magnitude / 60);
    else if (magnitude < 86400)
        amount = RowsModel::tr("%1 h").arg(magnitude / 3600);
    else
        return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
    return seconds >= 0 ? RowsModel::tr("%1 ago").arg(amount) : RowsModel::tr("in %1").arg(amount);
}

} // namespace

RowsModel::RowsModel(core::View view, QueryRunner *runner, QObject *parent)
    : QAbstractTableModel(parent)
    , m_view(view)
    , m_runner(runner)
    , m_newerTimer(new QTimer(this))
{
    connect(m_newerTimer, &QTimer::timeout, this, &RowsModel::checkForNewer);
}

const core::ViewDescription &RowsModel::description() const
{
    return core::describe(m_view);
}

void RowsModel::setFilter(const core::ViewFilter &filter)
{
    m_filter = filter;
    reload();
}

void RowsModel::setPageSize(int rows)
{
    m_pageSize = std::max(1, rows);
}

void RowsModel::setNewerCheckInterval(int milliseconds)
{
    if (milliseconds > 0)
        m_newerTimer->start(milliseconds);
    else
        m_newerTimer->stop();
}

core::RowRef RowsModel::rowRef(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).ref : core::RowRef();
}

void RowsModel::refresh()
{
    reload();
}

void RowsModel::showNewer()
{
    // Oldest first, with every row loaded: the new rows belong after the last one, away from the reader.
    if (m_filter.order == core::SortOrder::OldestFirst && m_complete && m_lastError.isEmpty() && !m_rows.isEmpty()) {
        m_complete = false;
        m_newerCount = 0;
        Q_EMIT newerRowsAvailable(0);
        requestPage();
        return;
    }
    reload();
}

void RowsModel::reload()
{
    ++m_generation; // whatever is still running for the old rows is dropped when it returns
    m_started = true;
    // Loading from before the reset: a view (or tester) that calls fetchMore while reacting to it waits for the
    // first page requested below instead of requesting one of its own.
    setLoading(true);
    beginResetModel();
    m_rows.clear();
    m_complete = false;
    m_lastError.clear();
    endResetModel();
    if (m_newerCount != 0) {
        m_newerCount = 0;
        Q_EMIT newerRowsAvailable(0);
    }
    queryPage();
}

void RowsModel::setLoading(bool loading)
{
    if (m_loading == loading)
        return;
    m_loading = loading;
    Q_EMIT loadingChanged(loading);
}

void RowsModel::requestPage()
{
    if (m_loading || m_complete)
        return;
    setLoading(true);
    queryPage();
}

void RowsModel::queryPage()
{
    const quint64 generation = m_generation;
    const std::optional<core::KeysetPosition> after =
        m_rows.isEmpty() ? std::nullopt : std::optional<core::KeysetPosition>(m_rows.last().position);
    const int limit = m_pageSize;
    m_runner->run<QList<core::ViewRow>>(
        this,
        [view = m_view, filter = m_filter, after, limit](const core::DatabaseConnection &connection) {
            return core::fetchPage(connection, view, filter, after, limit);
        },
        [this, generation, limit](const core::Result<QList<core::ViewRow>> &page) {
            if (generation != m_generation)
                return; // superseded: the rows it would continue are gone
            if (!page) {
                m_lastError = page.error();
                m_complete = true; // no automatic retries; refresh() tries again
                setLoading(false);
                Q_EMIT failed(m_lastError);
                return;
            }
            // Still loading while the rows go in, so that a fetchMore from a view reacting to the insertion does
            // not ask for this page again.
            const QList<core::ViewRow> &rows = page.value();
            if (!rows.isEmpty()) {
                beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + rows.size() - 1));
                m_rows.append(rows);
                endInsertRows();
            }
            m_complete = rows.size() < limit;
            setLoading(false);
            Q_EMIT pageLoaded();
        });
}

void RowsModel::checkForNewer()
{
    if (m_loading || !m_lastError.isEmpty())
        return;
    const quint64 generation = m_generation;
    if (m_rows.isEmpty()) {
        // Nothing shown, nothing under the cursor: rows that match now are simply loaded.
        m_runner->run<qint64>(
            this,
            [view = m_view, filter = m_filter](const core::DatabaseConnection &connection) {
                return core::countMatching(connection, view, filter);
            },
            [this, generation](const core::Result<qint64> &count) {
                if (generation == m_generation && count && count.value() > 0 && m_rows.isEmpty())
                    reload();
            });
        return;
    }
    refreshShown();
    core::KeysetPosition newestKnown;
    if (m_filter.order == core::SortOrder::NewestFirst)
        newestKnown = m_rows.first().position;
    else if (m_complete)
        newestKnown = m_rows.last().position;
    else
        return; // oldest first: newer rows come after the ones still to load, reached by scrolling
    m_runner->run<qint64>(
        this,
        [view = m_view, filter = m_filter, newestKnown](const core::DatabaseConnection &connection) {
            return core::countNewer(connection, view, filter, newestKnown);
        },
        [this, generation](const core::Result<qint64> &count) {
            if (generation != m_generation || !count)
                return;
            const int newer = int(count.value());
            if (newer == m_newerCount)
                return;
            m_newerCount = newer;
            Q_EMIT newerRowsAvailable(newer);
        });
}

void RowsModel::refreshShown()
{
    constexpr qsizetype kMostRows = 1000; // the first ones: a reader far below them reloads to see the rest fresh
    QList<core::KeysetPosition> shown;
    for (qsizetype i = 0; i < std::min(m_rows.size(), kMostRows); ++i)
        shown << m_rows.at(i).position;
    const quint64 generation = m_generation;
    m_runner->run<QList<core::ViewRow>>(
        this,
        [view = m_view, filter = m_filter, shown](const core::DatabaseConnection &connection) {
            return core::fetchRowsAgain(connection, view, filter, shown);
        },
        [this, generation, shown](const core::Result<QList<core::ViewRow>> &fresh) {
            if (generation != m_generation || !fresh)
                return;
            // By kind and key, not by source: a row may have moved to another of the view's sources (fetchRowsAgain).
            // It keeps its place, and its position for paging.
            QHash<std::pair<int, QString>, const core::ViewRow *> byKey;
            for (const core::ViewRow &row : fresh.value())
                byKey.insert({int(row.ref.kind), row.ref.id}, &row);
            for (qsizetype i = 0; i < std::min(m_rows.size(), shown.size()); ++i) {
                core::ViewRow &row = m_rows[i];
                if (const core::ViewRow *now = byKey.value({int(row.ref.kind), row.ref.id})) {
                    row.state = now->state;
                    row.cells = now->cells;
                } else {
                    row.state = kLeftTheView;
                }
            }
            // Every cell: the relative times are repainted too.
            if (!m_rows.isEmpty())
                Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, columnCount() - 1));
        });
}

int RowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(description().columns.size());
}

bool RowsModel::canFetchMore(const QModelIndex &parent) const
{
    // Nothing before the first setFilter() or refresh(): a view that is built but never shown must not query.
    return !parent.isValid() && m_started && !m_complete;
}

void RowsModel::fetchMore(const QModelIndex &parent)
{
    if (!parent.isValid())
        requestPage();
}

QString RowsModel::stateName(const QString &state)
{
    if (state == u"pending"_s)
        return tr("pending");
    if (state == u"delivered"_s)
        return tr("delivered");
    if (state == u"dead"_s)
        return tr("dead");
    if (state == u"held"_s)
        return tr("held");
    if (state == u"unknown"_s)
        return tr("outcome unknown");
    if (state == u"none"_s)
        return tr("no delivery");
    if (state == u"deferred"_s)
        return tr("deferred");
    if (state == u"processed"_s)
        return tr("processed");
    if (state == u"quarantined"_s)
        return tr("quarantined");
    if (state == u"resolved"_s) // by an operator, with a note: a dead letter, a quarantine or a mismatch
        return tr("resolved");
    if (state == u"rejected"_s)
        return tr("rejected");
    if (state == u"active"_s)
        return tr("active");
    if (state == u"paused"_s)
        return tr("paused");
    if (state == u"disabled"_s)
        return tr("disabled");
    if (state == u"failing"_s)
        return tr("active, failing");
    if (state == kLeftTheView)
        return tr("left this view (reload to drop it)");
    // Idempotency-Key records
    if (state == u"stuck"_s)
        return tr("stuck");
    if (state == u"processing"_s)
        return tr("processing");
    if (state == u"succeeded"_s)
        return tr("succeeded");
    if (state == u"failed"_s)
        return tr("failed");
    // Reconciliation mismatches
    if (state == u"missing_on_their_side"_s)
        return tr("missing on their side");
    if (state == u"unknown_not_received"_s)
        return tr("unknown, not received");
    if (state == u"missing_on_our_side"_s)
        return tr("missing on our side");
    if (state == u"not_in_their_records"_s)
        return tr("not in their records");
    if (state == u"payload_differs"_s)
        return tr("payload differs");
    if (state == u"delivered_but_we_failed"_s)
        return tr("they have it, we failed");
    if (state == u"could_not_check"_s)
        return tr("could not check");
    if (state == u"unknown_was_delivered"_s)
        return tr("unknown, was delivered");
    return state;
}

QString RowsModel::stateGlyph(const QString &state)
{
    if (state == u"delivered"_s || state == u"processed"_s || state == u"active"_s)
        return u"✓"_s;
    if (state == u"pending"_s)
        return u"◷"_s;
    if (state == u"deferred"_s)
        return u"◔"_s; // U+25D4, waiting part-way: the hourglass U+29D7 is in none of Debian's default fonts
    if (state == u"held"_s || state == u"paused"_s)
        return u"‖"_s; // U+2016: the pause sign U+23F8 is missing from Debian's default fonts
    if (state == kLeftTheView)
        return u"↷"_s;
    if (state == u"unknown"_s)
        return u"?"_s;
    if (state == u"dead"_s)
        return u"☠"_s;
    if (state == u"quarantined"_s)
        return u"☣"_s; // U+2623, a poison message: ✕ is a failed attempt in the timeline
    if (state == u"rejected"_s || state == u"disabled"_s)
        return u"⊘"_s;
    if (state == u"none"_s)
        return u"–"_s;
    if (state == u"resolved"_s)
        return u"☑"_s; // U+2611: closed by a person, not by a delivery (✓)
    if (state == u"succeeded"_s)
        return u"✓"_s;
    if (state == u"processing"_s)
        return u"◷"_s;
    if (state == u"stuck"_s || state == u"failed"_s || state == u"failing"_s)
        return u"⚠"_s;
    if (core::mismatchKinds().contains(state))
        return u"≠"_s;
    return {};
}

int RowsModel::leftTheViewColumn() const
{
    const core::ViewDescription &view = description();
    const bool hasStateColumn =
        std::any_of(view.columns.cbegin(), view.columns.cend(),
                    [](const core::ViewColumn &column) { return column.kind == ColumnKind::State; });
    if (hasStateColumn)
        return -1; // the State column says it
    return view.reasonColumn >= 0 ? view.reasonColumn : 0;
}

QVariant RowsModel::display(const core::ViewRow &row, int column) const
{
    // A view without a State column (Deferred) says it where the row's reason was: "Waiting for" would mislead.
    if (row.state == kLeftTheView && column == leftTheViewColumn())
        return QString(stateGlyph(row.state) + u' ' + stateName(row.state));
    const QVariant &value = row.cells.at(column);
    if (value.isNull())
        return {};
    switch (description().columns.at(column).kind) {
    case ColumnKind::Time:
        return relativeTime(value.toDateTime(), QDateTime::currentDateTimeUtc());
    case ColumnKind::Number:
        return QLocale().toString(value.toLongLong());
    case ColumnKind::State:
        return QString(stateGlyph(row.state) + u' ' + stateName(row.state));
    case ColumnKind::Text:
    case ColumnKind::Id:
    case ColumnKind::Reason:
        break;
    }
    // One line per cell: fixed row heights.
    return value.toString().simplified();
}

QVariant RowsModel::toolTip(const core::ViewRow &row, int column) const
{
    const QVariant &value = row.cells.at(column);
    if (value.isNull())
        return {};
    switch (description().columns.at(column).kind) {
    case ColumnKind::Time: {
        const QDateTime time = value.toDateTime();
        return tr("%1 (UTC %2)")
            .arg(QLocale().toString(time.toLocalTime(), QLocale::LongFormat), time.toUTC().toString(Qt::ISODateWithMs));
    }
    case ColumnKind::Number:
        return {};
    case ColumnKind::State:
        return stateName(row.state);
    case ColumnKind::Text:
    case ColumnKind::Id:
    case ColumnKind::Reason:
        break;
    }
    return value.toString(); // the whole text, which the cell may cut short
}

QVariant RowsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::ViewRow &row = m_rows.at(index.row());
    const ColumnKind kind = description().columns.at(index.column()).kind;
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole: {
        const QVariant tip = toolTip(row, index.column());
        if (row.state != kLeftTheView || kind == ColumnKind::State)
            return tip;
        const QString notice = stateName(row.state);
        return tip.isNull() ? notice : QString(notice + u'\n' + tip.toString());
    }
    case Qt::ForegroundRole:
        if (row.state == kLeftTheView)
            return QBrush(kLeftTheViewColour);
        // The state cell carries the colour; the rest of the row stays calm.
        if (kind == ColumnKind::State) {
            if (const QColor colour = stateColour(row.state); colour.isValid())
                return QBrush(colour);
        }
        return {};
    case Qt::FontRole: {
        QFont font = kind == ColumnKind::Id ? QFontDatabase::systemFont(QFontDatabase::FixedFont) : QFont();
        if (row.state == kLeftTheView)
            font.setItalic(true);
        else if (kind != ColumnKind::Id)
            return {};
        return font;
    }
    case Qt::TextAlignmentRole:
        if (kind == ColumnKind::Number)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case RowRefRole:
        return QVariant::fromValue(row.ref);
    case StateRole:
        return row.state;
    case StateGlyphRole:
        return stateGlyph(row.state);
    default:
        return {};
    }
}

QVariant RowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= description().columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role != Qt::DisplayRole)
        return {};
    return QCoreApplication::translate("hookyard::core::ViewQueries", description().columns.at(section).title);
}

QHash<int, QByteArray> RowsModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(RowRefRole, "rowRef");
    names.insert(StateRole, "state");
    names.insert(StateGlyphRole, "stateGlyph");
    return names;
}

} // namespace hookyard::ui
