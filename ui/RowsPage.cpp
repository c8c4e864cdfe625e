#include "RowsPage.h"

#include "RowDelegate.h"
#include "console/PayloadSearch.h"
#include "models/QueryRunner.h"
#include "models/RowsModel.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollBar>
#include <QShowEvent>
#include <QSignalBlocker>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {

constexpr int kTypingPauseMs = 400; // a text filter applies this long after the last key
constexpr int kNewerCheckMs = 5000; // fallback while visible; the window also calls checkForNewer on NOTIFY

QString translated(const char *text)
{
    return QCoreApplication::translate("hookyard::core::ViewQueries", text);
}

int initialWidth(core::ViewColumn::Kind kind, const core::ViewDescription &view, const QFontMetrics &metrics)
{
    switch (kind) {
    case core::ViewColumn::Kind::Time:
        // As wide as the widest age the column shows, in the console's language ("00 min ago").
        return metrics.horizontalAdvance(RowsModel::tr("%1 ago").arg(RowsModel::tr("%1 min").arg(u"00"_s)) + u"__"_s);
    case core::ViewColumn::Kind::State: {
        // As wide as the widest of the view's states, with its glyph (a fixed width for all of them left the Dead
        // letters' reasons out of view at 1024 px).
        int widest = metrics.horizontalAdvance(u"✓ "_s + RowsModel::stateName(u"unknown"_s) + u"__"_s);
        if (!view.states.isEmpty()) {
            widest = 0;
            for (const QString &state : view.states)
                widest = std::max(widest, metrics.horizontalAdvance(RowsModel::stateGlyph(state) + u' ' +
                                                                    RowsModel::stateName(state) + u"__"_s));
        }
        return widest;
    }
    case core::ViewColumn::Kind::Number:
        return metrics.horizontalAdvance(u"0000000__"_s);
    case core::ViewColumn::Kind::Id:
        // Narrower than a whole UUID, elided in the middle (RowDelegate): the columns after it stay in view, and the
        // end stays in view too, where time-ordered ids (the inbox's) differ. Found by a helper using the console: at
        // 1440 px the wider column ran past the table's edge, and every inbox row received in one minute read
        // "01a2430b-".
        return metrics.horizontalAdvance(u"00000000…00000000__"_s);
    case core::ViewColumn::Kind::Text:
    case core::ViewColumn::Kind::Reason:
        break;
    }
    return metrics.horizontalAdvance(u"order.activated_____"_s);
}

} // namespace

namespace {

// The value a plain search looks for, its enclosing quotes dropped (“"A-1036"” is A-1036); empty for no search or a
// JSON one.
QString plainSearchValue(const QString &search)
{
    QString value = search.trimmed();
    if (value.size() >= 2 && value.startsWith(u'"') && value.endsWith(u'"'))
        value = value.mid(1).chopped(1);
    return value.startsWith(u'{') ? QString() : value;
}

} // namespace

RowsPage::RowsPage(core::View view, QueryRunner *runner, QWidget *parent)
    : QWidget(parent)
    , m_runner(runner)
    , m_model(new RowsModel(view, runner, this))
{
    const core::ViewDescription &description = core::describe(view);
    const QString viewTitle = translated(description.title);
    setAccessibleName(viewTitle);

    m_state = new QComboBox(this);
    m_state->setAccessibleName(tr("State"));
    m_state->addItem(tr("All states"), QString());
    for (const QString &state : description.states)
        m_state->addItem(RowsModel::stateGlyph(state) + u' ' + RowsModel::stateName(state), state);
    m_state->setVisible(!description.states.isEmpty());

    m_party = new QLineEdit(this);
    m_party->setClearButtonEnabled(true);
    if (description.partyTitle) {
        m_party->setPlaceholderText(translated(description.partyTitle));
        m_party->setAccessibleName(translated(description.partyTitle));
    }
    m_party->setVisible(description.partyTitle != nullptr);

    m_eventType = new QLineEdit(this);
    m_eventType->setClearButtonEnabled(true);
    if (description.eventTypeTitle) {
        // The audit log filters actions: its example is one (found by a helper trying the console).
        const bool actions = QByteArrayView(description.eventTypeTitle) == "Action";
        m_eventType->setPlaceholderText((actions ? tr("%1: replay or endpoint.*") : tr("%1: order.paid or order.*"))
                                            .arg(translated(description.eventTypeTitle)));
        m_eventType->setAccessibleName(translated(description.eventTypeTitle));
    }
    m_eventType->setVisible(description.eventTypeTitle != nullptr);

    m_timeRange = new QComboBox(this);
    m_timeRange->setAccessibleName(tr("Time range"));
    m_timeRange->addItem(tr("Any time"), 0);
    m_timeRange->addItem(tr("Last 15 minutes"), 15 * 60);
    m_timeRange->addItem(tr("Last hour"), 60 * 60);
    m_timeRange->addItem(tr("Last 24 hours"), 24 * 60 * 60);
    m_timeRange->addItem(tr("Last 7 days"), 7 * 24 * 60 * 60);

    m_search = new QLineEdit(this);
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search"));
    m_search->setPlaceholderText(tr("⌕ id, aggregate id, partner event id, or JSON such as {\"status\": \"Active\"}"));
    m_search->setToolTip(tr("An id is matched whole, or a UUID by its first 8 or more digits (as the Id column "
                            "shows them); text starting with { is a JSON object the payload must contain. Press "
                            "Enter to search."));

    m_sort = new QToolButton(this);
    m_sort->setCheckable(true);
    m_sort->setAccessibleName(tr("Sort order"));
    m_sort->setText(tr("Newest first ▾"));
    m_sort->setToolTip(tr("Newest first or oldest first"));

    // Full width where there is room; on a narrow screen (1024 px) they give some up so that the views' names, the
    // rows and the detail pane all fit (found in a screenshot at that width).
    for (QWidget *shrinkable : std::initializer_list<QWidget *>{m_state, m_timeRange, m_sort})
        shrinkable->setMinimumWidth(fontMetrics().horizontalAdvance(u'x') * 9);

    // One row where the page is wide enough; below that the search field and the sort order move to a second row
    // (placeFilterBar).
    m_filterRow = new QHBoxLayout;
    m_filterRow->addWidget(m_state);
    m_filterRow->addWidget(m_party, 1);
    m_filterRow->addWidget(m_eventType, 1);
    m_filterRow->addWidget(m_timeRange);
    m_searchRow = new QHBoxLayout;
    m_searchRow->addWidget(m_search, 3);
    m_searchRow->addWidget(m_sort);

    m_newerBar = new QWidget(this);
    auto *newerLayout = new QHBoxLayout(m_newerBar);
    newerLayout->setContentsMargins(0, 0, 0, 0);
    m_newerLabel = new QLabel(m_newerBar);
    m_showNewer = new QPushButton(tr("Show"), m_newerBar);
    m_showNewer->setAccessibleName(tr("Show new rows"));
    newerLayout->addWidget(m_newerLabel);
    newerLayout->addWidget(m_showNewer);
    newerLayout->addStretch(1);
    m_newerBar->hide();
    // Its space stays when it is hidden or shown, so that the rows never move under a click on the way (found by a
    // helper trying the console: the bar appearing pushed the table down a row's height).
    QSizePolicy newerBarPolicy = m_newerBar->sizePolicy();
    newerBarPolicy.setRetainSizeWhenHidden(true);
    m_newerBar->setSizePolicy(newerBarPolicy);

    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setAccessibleName(tr("%1 rows").arg(viewTitle));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setCornerButtonEnabled(false);
    // Tab leaves the table for the next control instead of walking its cells: found by a helper using the keyboard
    // only, Tab moved the current row (and the detail pane) but not the selection the actions act on, and never left.
    m_table->setTabKeyNavigation(false);
    // Fixed row heights: nothing is measured per row while scrolling.
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    QHeaderView *header = m_table->horizontalHeader();
    header->setHighlightSections(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setItemDelegate(new RowDelegate(Qt::ElideRight, m_table));
    auto *idDelegate = new RowDelegate(Qt::ElideMiddle, m_table);
    for (int column = 0; column < description.columns.size(); ++column) {
        // At least as wide as the column's title ("Tolerance (s)" was cut to "olerance (s"), which the header draws
        // in its own font with a margin on each side.
        const int titleWidth =
            header->fontMetrics().horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) +
            2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 8;
        header->resizeSection(column, std::max(titleWidth, initialWidth(description.columns.at(column).kind,
                                                                        description, fontMetrics())));
        if (description.columns.at(column).kind == core::ViewColumn::Kind::Id)
            m_table->setItemDelegateForColumn(column, idDelegate);
    }
    // The "why" sits fourth, after the time, the state and the first of what the row is about (event type, partner,
    // endpoint, action), wide enough to read: what a person triaging a stuck row looks for stays in view, whatever
    // follows. In the Dead letters, which mixes deliveries and webhooks, that is whose it is: the endpoint or partner
    // goes third (found by a helper at 1024 px: it was off the screen, right of the event type and the why).
    for (int column = 0; column < int(description.columns.size()); ++column) {
        if (description.columns.at(column).key == u"party"_s && description.reasonColumn >= 0)
            header->moveSection(header->visualIndex(column), 2);
    }
    if (description.reasonColumn >= 0) {
        header->resizeSection(description.reasonColumn, fontMetrics().horizontalAdvance(u'x') * 44);
        header->moveSection(header->visualIndex(description.reasonColumn),
                            std::min(3, int(description.columns.size()) - 1));
    }
    header->setStretchLastSection(true);

    // Found by a helper using the console: a search for an order number ("A-1040", found only inside payloads) left
    // a blank table, with nothing to say that the search compares whole ids.
    // Over the viewport, not in it: the viewport's children move when it scrolls.
    m_emptyNote = new QLabel(m_table);
    m_emptyNote->setObjectName(u"emptyNote"_s);
    m_emptyNote->setWordWrap(true);
    m_emptyNote->setTextFormat(Qt::RichText); // every text put in it is escaped (emptyNoteText)
    m_emptyNote->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    m_emptyNote->setForegroundRole(QPalette::PlaceholderText);
    m_emptyNote->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse |
                                         Qt::LinksAccessibleByKeyboard);
    // Its one link searches with the fragment found in the payloads.
    connect(m_emptyNote, &QLabel::linkActivated, this, [this] {
        m_search->setText(m_payloadFragment);
        applyFilter();
    });
    m_emptyNote->hide();
    m_table->viewport()->installEventFilter(this);
    m_table->installEventFilter(this);
    connect(m_table, &QAbstractItemView::doubleClicked, this,
            [this](const QModelIndex &index) { Q_EMIT rowOpened(index.row()); });

    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Row count"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_filterRow);
    layout->addLayout(m_searchRow);
    layout->addWidget(m_newerBar);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);

    connect(m_state, &QComboBox::currentIndexChanged, this, &RowsPage::applyFilter);
    connect(m_timeRange, &QComboBox::currentIndexChanged, this, &RowsPage::applyFilter);
    connect(m_sort, &QToolButton::toggled, this, [this](bool oldestFirst) {
        m_sort->setText(oldestFirst ? tr("Oldest first ▴") : tr("Newest first ▾"));
        applyFilter();
    });
    // Text filters apply once typing pauses, on Enter, and at once when cleared. Found by an exploring helper: they
    // applied on Enter only, so a typed filter looked applied while the rows (and "Replay all matching") followed
    // the previous one.
    m_typingPause = new QTimer(this);
    m_typingPause->setSingleShot(true);
    m_typingPause->setInterval(kTypingPauseMs);
    connect(m_typingPause, &QTimer::timeout, this, &RowsPage::applyFilter);
    for (QLineEdit *edit : {m_party, m_eventType, m_search}) {
        connect(edit, &QLineEdit::returnPressed, this, &RowsPage::applyFilter);
        // Escape empties a field as its clear button does (which only a mouse reaches).
        auto *clear = new QAction(edit);
        clear->setShortcut(Qt::Key_Escape);
        clear->setShortcutContext(Qt::WidgetShortcut);
        connect(clear, &QAction::triggered, edit, &QLineEdit::clear);
        edit->addAction(clear);
        connect(edit, &QLineEdit::textChanged, this, [this](const QString &text) {
            if (text.isEmpty())
                applyFilter();
            else
                m_typingPause->start();
        });
    }
    connect(m_showNewer, &QPushButton::clicked, m_model, &RowsModel::showNewer);
    // Read ahead: the next page is asked for while half a page of loaded rows is still below the viewport, so
    // scrolling at reading speed never stops at the end of what is loaded and waits for the database.
    connect(m_table->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] {
        const int lastVisible = m_table->rowAt(m_table->viewport()->height() - 1);
        if (lastVisible >= 0 && lastVisible >= m_model->rowCount() - m_model->pageSize() / 2 &&
            m_model->canFetchMore({}))
            m_model->fetchMore({});
    });

    connect(m_model, &RowsModel::newerRowsAvailable, this, &RowsPage::showNewerCount);
    connect(m_model, &RowsModel::loadingChanged, this, &RowsPage::updateStatus);
    connect(m_model, &RowsModel::pageLoaded, this, &RowsPage::updateStatus);
    connect(m_model, &RowsModel::failed, this, &RowsPage::updateStatus);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // A reset clears the selection without the selection model saying so.
        updateStatus();
        Q_EMIT currentRowChanged({});
        Q_EMIT selectionChanged({});
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { Q_EMIT currentRowChanged(m_model->rowRef(current.row())); });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { Q_EMIT selectionChanged(selectedRows()); });
}

void RowsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Rows are loaded when the page is first shown, and looked for while it is in view.
    if (!m_started) {
        m_started = true;
        applyFilter();
    } else {
        // Back to a view left earlier: its rows are read again now, not at the next tick (found by a helper: a row
        // resolved meanwhile read "☣ quarantined" for seconds beside a count that had dropped).
        m_model->checkForNewer();
    }
    m_model->setNewerCheckInterval(kNewerCheckMs);
}

void RowsPage::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_model->setNewerCheckInterval(0);
}

bool RowsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize) {
        const int margin = fontMetrics().height();
        m_emptyNote->setGeometry(m_table->viewport()->geometry().adjusted(margin, margin, -margin, -margin));
    }
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) && m_table->currentIndex().isValid()) {
            Q_EMIT rowOpened(m_table->currentIndex().row());
            return true;
        }
        return moveBetweenRows(*key);
    }
    return QWidget::eventFilter(watched, event);
}

// Keys that move between rows select the row they move to, whatever the Control key says: the detail pane shows the
// current row and the actions take the selected ones, and Qt's Ctrl+Down or Ctrl+Home moved the one without the other
// (found by a helper using the keyboard only: the pane showed one delivery and Replay named another). Home and End go
// to the first and last row; a table of whole rows has no column to go to. Shift still extends the selection.
bool RowsPage::moveBetweenRows(const QKeyEvent &event)
{
    const Qt::KeyboardModifiers modifiers = event.modifiers() & ~Qt::KeypadModifier;
    if (modifiers != Qt::NoModifier && modifiers != Qt::ControlModifier)
        return false;
    const int key = event.key();
    if (key == Qt::Key_Home || key == Qt::Key_End) {
        const int row = key == Qt::Key_Home ? 0 : m_model->rowCount() - 1;
        if (row < 0)
            return true;
        const QModelIndex target = m_model->index(row, std::max(0, m_table->currentIndex().column()));
        m_table->selectionModel()->setCurrentIndex(target,
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_table->scrollTo(target);
        return true;
    }
    const bool moves = key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp || key == Qt::Key_PageDown;
    if (!moves || modifiers == Qt::NoModifier)
        return false;
    QKeyEvent plain(QEvent::KeyPress, key, Qt::NoModifier, event.text(), event.isAutoRepeat(), event.count());
    QCoreApplication::sendEvent(m_table, &plain);
    return true;
}

void RowsPage::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void RowsPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeFilterBar();
}

bool RowsPage::filterBarFitsOneRow() const
{
    // What the text fields need to stay readable, in widths of an 'x': a short partner or endpoint name, a short event
    // type, and the search placeholder's first words. The combo boxes and the sort button keep their own width.
    const int x = fontMetrics().horizontalAdvance(u'x');
    int needed = m_timeRange->sizeHint().width() + m_sort->sizeHint().width() + 26 * x;
    int widgets = 3;
    if (!m_state->isHidden()) {
        needed += m_state->sizeHint().width();
        ++widgets;
    }
    for (QLineEdit *field : {m_party, m_eventType}) {
        if (!field->isHidden()) {
            needed += 14 * x;
            ++widgets;
        }
    }
    const QMargins margins = layout()->contentsMargins();
    needed += (widgets - 1) * m_filterRow->spacing() + margins.left() + margins.right();
    return width() >= needed;
}

void RowsPage::placeFilterBar()
{
    const bool oneRow = filterBarFitsOneRow();
    if (oneRow == (m_filterRow->indexOf(m_search) >= 0))
        return;
    QHBoxLayout *from = oneRow ? m_searchRow : m_filterRow;
    QHBoxLayout *to = oneRow ? m_filterRow : m_searchRow;
    from->removeWidget(m_search);
    from->removeWidget(m_sort);
    to->addWidget(m_search, 3);
    to->addWidget(m_sort);
}

core::View RowsPage::view() const
{
    return m_model->view();
}

core::ViewFilter RowsPage::currentFilter() const
{
    return m_model->filter();
}

core::RowRef RowsPage::currentRow() const
{
    return m_model->rowRef(m_table->selectionModel()->currentIndex().row());
}

QList<core::RowRef> RowsPage::selectedRows() const
{
    QList<core::RowRef> rows;
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    for (const QModelIndex &index : selected)
        rows << m_model->rowRef(index.row());
    return rows;
}

core::ViewFilter RowsPage::filterFromBar() const
{
    core::ViewFilter filter;
    if (const QString state = m_state->currentData().toString(); !state.isEmpty())
        filter.states = {state};
    filter.party = m_party->text().trimmed();
    filter.eventType = m_eventType->text().trimmed();
    if (const int seconds = m_timeRange->currentData().toInt(); seconds > 0)
        filter.from = QDateTime::currentDateTimeUtc().addSecs(-seconds);
    filter.search = m_search->text().trimmed();
    filter.order = m_sort->isChecked() ? core::SortOrder::OldestFirst : core::SortOrder::NewestFirst;
    return filter;
}

void RowsPage::applyPendingFilter()
{
    if (m_typingPause->isActive())
        applyFilter();
}

void RowsPage::applyFilter()
{
    m_typingPause->stop();
    m_started = true;
    const core::ViewFilter filter = filterFromBar();
    if (auto valid = core::validateFilter(view(), filter); !valid) {
        // The rows of the last good filter stay, so what is shown and what an action would act on still agree.
        m_filterError = valid.error();
        updateStatus();
        return;
    }
    m_filterError.clear();
    const bool changed = m_model->filter() != filter;
    m_model->setFilter(filter);
    if (changed)
        Q_EMIT filterChanged();
}

void RowsPage::showParty(const QString &party)
{
    {
        // One filter applied, not one per field changed (each field applies its own change as it is edited).
        const QSignalBlocker state(m_state);
        const QSignalBlocker search(m_search);
        const QSignalBlocker partyField(m_party);
        m_state->setCurrentIndex(0);
        m_search->clear();
        m_party->setText(party);
    }
    applyFilter();
}

void RowsPage::reload()
{
    m_model->refresh();
}

void RowsPage::showNewerCount(int count)
{
    m_newerBar->setVisible(count > 0);
    // The count is capped (core::countNewer): at the cap, there may be more.
    if (count >= 10000)
        m_newerLabel->setText(tr("≥ %1 new rows").arg(QLocale().toString(count)));
    else
        m_newerLabel->setText(count == 1 ? tr("1 new row") : tr("%n new rows", nullptr, count));
    m_newerBar->setAccessibleName(m_newerLabel->text());
}

void RowsPage::updateStatus()
{
    const int rows = m_model->rowCount();
    QString text;
    if (!m_filterError.isEmpty())
        text = tr("⚠ Filter not applied: %1").arg(m_filterError);
    else if (!m_model->lastError().isEmpty())
        text = tr("⚠ %1").arg(m_model->lastError());
    else if (m_model->isLoading() && rows == 0)
        text = tr("Loading…");
    else if (m_model->isComplete())
        text = rows == 1 ? tr("1 row") : tr("%n rows", nullptr, rows);
    else
        text = tr("≥ %1 loaded").arg(QLocale().toString(rows));
    m_status->setText(text);
    const bool empty = rows == 0 && m_filterError.isEmpty() && m_model->lastError().isEmpty() &&
                       !m_model->isLoading() && m_model->isComplete();
    if (empty) {
        m_emptyNote->setText(emptyNoteText());
        if (const QString value = plainSearchValue(m_model->filter().search); !value.isEmpty())
            lookForTheSearchInPayloads(value);
    }
    m_emptyNote->setVisible(empty);
}

void RowsPage::lookForTheSearchInPayloads(const QString &value)
{
    if (value == m_payloadLookupValue)
        return; // looked for already, or being looked for
    m_payloadLookupValue = value;
    m_payloadFragment.clear();
    m_runner->run<QString>(
        this,
        [view = view(), value](const core::DatabaseConnection &connection) {
            return core::payloadFragmentFor(connection, view, value);
        },
        [this, value](const core::Result<QString> &fragment) {
            // A failed look is no error of the view's: the note keeps its general advice.
            if (value != m_payloadLookupValue || !fragment)
                return;
            m_payloadFragment = fragment.value();
            if (m_emptyNote->isVisible())
                m_emptyNote->setText(emptyNoteText());
        });
}

QString RowsPage::emptyNoteText() const
{
    const core::ViewFilter &filter = m_model->filter();
    const QString search = filter.search.trimmed();
    const QString value = plainSearchValue(search);
    if (!value.isEmpty()) {
        const QString nothing =
            tr("Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its "
               "first 8 or more digits), not parts of them.")
                .arg(search);
        if (value == m_payloadLookupValue && !m_payloadFragment.isEmpty())
            return nothing.toHtmlEscaped() + u"<br><br>"_s +
                   tr("“%1” is in the JSON of recent rows: <a href=\"#search\">search with %2</a>")
                       .arg(value.toHtmlEscaped(), m_payloadFragment.toHtmlEscaped());
        // The example as JSON would write it: a quote or a backslash in the value is escaped.
        const QString quoted =
            QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
        return QString(nothing + u' ' +
                       tr("To find a value inside the JSON, search with a fragment of it where it stands, such as %1 "
                          "at the "
                          "top or %2 one level down.")
                           .arg(u"{\"id\": "_s + quoted + u'}', u"{\"data\": {\"id\": "_s + quoted + u"}}"_s))
            .toHtmlEscaped();
    }
    core::ViewFilter unfiltered;
    unfiltered.order = filter.order;
    if (filter != unfiltered)
        return tr("No row matches the filters.").toHtmlEscaped();
    return tr("Nothing here.").toHtmlEscaped();
}

} // namespace hookyard::ui
