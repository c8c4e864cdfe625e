#include "MainWindow.h"

#include "ChangeListener.h"
#include "ConnectionDialog.h"
#include "DetailPane.h"
#include "EnginePanel.h"
#include "LanguageMenu.h"
#include "OverviewPage.h"
#include "ReasonDialog.h"
#include "RowDelegate.h"
#include "RowsPage.h"
#include "SandboxPanel.h"
#include "StatsPoller.h"
#include "StatusColours.h"
#include "models/QueryRunner.h"
#include "models/RowsModel.h"

#include "console/ConsoleActions.h"
#include "endpoints/EndpointStore.h"

#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QKeySequence>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPalette>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyleFactory>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QToolBar>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
constexpr int kStatsIntervalMs = 2000;
constexpr int kStatsTotalsIntervalMs = 30000; // delivered/processed totals scan all history
constexpr int kStatsFirstDelayMs = 300;
constexpr int kMatchingPageRows = 1000;

// The views whose rows replay, retry now and resolve act on (outbox events through their deliveries, deliveries,
// inbox rows, mismatches); every row of the others (endpoints, audit records, ...) would be skipped.
bool actionsApplyTo(core::View view)
{
    return view == core::View::Outbox || view == core::View::DeadLetters || view == core::View::Inbox ||
           view == core::View::Deferred || view == core::View::Reconciliation;
}

// The window's title: the database first, then where its URL came from.
QString titleFor(core::ConnectionSettings::Source source, const QString &databaseUrl)
{
    switch (source) {
    case core::ConnectionSettings::Source::ManagedCluster:
        return MainWindow::tr("Hookyard — sandbox (%1)").arg(databaseUrl);
    case core::ConnectionSettings::Source::CommandLine:
        return MainWindow::tr("Hookyard — %1 (from %2)").arg(databaseUrl, u"--database"_s);
    case core::ConnectionSettings::Source::EnvironmentUrl:
        return MainWindow::tr("Hookyard — %1 (from %2)").arg(databaseUrl, u"HOOKYARD_DATABASE_URL"_s);
    case core::ConnectionSettings::Source::LibpqEnvironment:
        return MainWindow::tr("Hookyard — %1 (from the libpq environment)").arg(databaseUrl);
    case core::ConnectionSettings::Source::ConnectDialog:
        return MainWindow::tr("Hookyard — %1 (from File › Connect…)").arg(databaseUrl);
    }
    return {};
}

QString viewTitle(core::View view)
{
    return QCoreApplication::translate("hookyard::core::ViewQueries", core::describe(view).title);
}

int columnOf(core::View view, QStringView key)
{
    const QList<core::ViewColumn> &columns = core::describe(view).columns;
    for (int column = 0; column < columns.size(); ++column) {
        if (columns.at(column).key == key)
            return column;
    }
    return -1;
}

// Rows of the Outbox view are events, which the actions act on through their deliveries (takeEventDeliveries).
bool actsThroughDeliveries(const QList<core::RowRef> &rows)
{
    return std::all_of(rows.cbegin(), rows.cend(),
                       [](const core::RowRef &row) { return row.kind == core::RowRef::Kind::Event; });
}

// What an action's question names: one row by its kind and id, so that the operator sees which one it is, or the
// count of several.
QString targetText(const QList<core::RowRef> &rows)
{
    const int count = int(rows.size());
    if (actsThroughDeliveries(rows)) {
        return count == 1 ? MainWindow::tr("the deliveries of event %1").arg(rows.first().id)
                          : MainWindow::tr("the deliveries of %n events", nullptr, count);
    }
    if (count > 1) {
        // Of which kinds: the Dead letters view mixes deliveries and webhooks, and a replay of both goes to two
        // places (endpoints, the worker).
        const auto countOf = [&](core::RowRef::Kind kind) {
            return int(
                std::count_if(rows.cbegin(), rows.cend(), [&](const core::RowRef &row) { return row.kind == kind; }));
        };
        // English has no plural rules without a translation file: one is said apart, as outcomeText does.
        QStringList parts;
        if (const int deliveries = countOf(core::RowRef::Kind::Delivery))
            parts << (deliveries == 1 ? MainWindow::tr("1 delivery")
                                      : MainWindow::tr("%n deliveries", nullptr, deliveries));
        if (const int webhooks = countOf(core::RowRef::Kind::InboxMessage))
            parts << (webhooks == 1 ? MainWindow::tr("1 received webhook")
                                    : MainWindow::tr("%n received webhooks", nullptr, webhooks));
        if (const int mismatches = countOf(core::RowRef::Kind::Mismatch))
            parts << (mismatches == 1 ? MainWindow::tr("1 mismatch")
                                      : MainWindow::tr("%n mismatches", nullptr, mismatches));
        const int others = count - countOf(core::RowRef::Kind::Delivery) - countOf(core::RowRef::Kind::InboxMessage) -
                           countOf(core::RowRef::Kind::Mismatch);
        if (others > 0)
            parts << (others == 1 ? MainWindow::tr("1 other row") : MainWindow::tr("%n other rows", nullptr, others));
        return parts.size() == 1 ? parts.first()
                                 : MainWindow::tr("%n rows (%1)", nullptr, count).arg(parts.join(u", "_s));
    }
    const core::RowRef &row = rows.first();
    switch (row.kind) {
    case core::RowRef::Kind::Delivery:
        return MainWindow::tr("delivery %1").arg(row.id);
    case core::RowRef::Kind::InboxMessage:
        return MainWindow::tr("inbox message %1").arg(row.id);
    case core::RowRef::Kind::Mismatch:
        return MainWindow::tr("mismatch %1").arg(row.id);
    default:
        return MainWindow::tr("row %1").arg(row.id);
    }
}

// Contents that scroll rather than being cut off, or holding the window's height, when the window is shorter than they
// are (the Local engine dock and the overview on a 1024×700 screen).
QScrollArea *scrollable(QWidget *contents)
{
    auto *area = new QScrollArea;
    area->setWidget(contents);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setFocusPolicy(Qt::NoFocus); // Tab goes to the controls inside, not to the frame around them
    return area;
}

// The filter a "Replay all matching" question names, as the filter bar shows it: "partner shop, event type order.*,
// received since 12:00"; "no filter" when it matches every row of the view.
QString filterText(core::View view, const core::ViewFilter &filter)
{
    const core::ViewDescription &description = core::describe(view);
    const auto translated = [](const char *text) {
        return QCoreApplication::translate("hookyard::core::ViewQueries", text);
    };
    QStringList parts;
    if (!filter.states.isEmpty()) {
        QStringList states;
        for (const QString &state : filter.states)
            states << RowsModel::stateName(state);
        parts << MainWindow::tr("state %1").arg(states.join(MainWindow::tr(" or ")));
    }
    if (!filter.party.isEmpty() && description.partyTitle)
        parts << MainWindow::tr("%1 %2").arg(translated(description.partyTitle).toLower(), filter.party);
    if (!filter.eventType.isEmpty() && filter.eventType != u"*"_s && description.eventTypeTitle)
        parts << MainWindow::tr("%1 %2").arg(translated(description.eventTypeTitle).toLower(), filter.eventType);
    const QString timeTitle = translated(description.columns.at(description.timeColumn).title).toLower();
    const auto when = [](const QDateTime &time) {
        return QLocale().toString(time.toLocalTime(), QLocale::ShortFormat);
    };
    if (filter.from.isValid())
        parts << MainWindow::tr("%1 from %2").arg(timeTitle, when(filter.from));
    if (filter.until.isValid())
        parts << MainWindow::tr("%1 before %2").arg(timeTitle, when(filter.until));
    if (!filter.search.isEmpty())
        parts << MainWindow::tr("search “%1”").arg(filter.search);
    return parts.isEmpty() ? MainWindow::tr("no filter: every row of the view") : parts.join(u", "_s);
}

// An action's result. For events it counts the deliveries changed; what it skipped mixes events without a delivery
// the action applies to and deliveries it left alone, so that count names neither.
QString outcomeText(const core::ActionOutcome &outcome, bool events)
{
    const int changed = outcome.changed;
    QString text =
        events ? (changed == 1 ? MainWindow::tr("1 delivery changed")
                               : MainWindow::tr("%n deliveries changed", nullptr, changed))
               : (changed == 1 ? MainWindow::tr("1 row changed") : MainWindow::tr("%n rows changed", nullptr, changed));
    if (outcome.skipped > 0)
        text += u", "_s + MainWindow::tr("%n skipped (not in a state this applies to)", nullptr, outcome.skipped);
    // An action that changed nothing writes no audit record (core/console/ConsoleActions.h).
    return changed > 0 ? text + u" · "_s + MainWindow::tr("audited") : text;
}

// The count shown beside a view's name in the navigation, from `hookyard stats`.
struct NavigationCount
{
    qint64 count = -1;  // -1 when the view has none
    bool alert = false; // the count needs a person when it is not zero
    QString meaning;    // what it counts, for the item's tooltip: a view lists more rows than its count
};

NavigationCount navigationCount(const QJsonObject &stats, core::View view)
{
    auto count = [&](const char *section, const char *key) {
        return stats.value(QLatin1StringView(section)).toObject().value(QLatin1StringView(key)).toInteger();
    };
    switch (view) {
    case core::View::Outbox:
        return {count("outbox", "pending"), false,
                MainWindow::tr("%1 events on their way to their endpoints; %2 more have a dead delivery")
                    .arg(count("outbox", "pending"))
                    .arg(count("outbox", "dead"))};
    case core::View::Inbox:
        return {count("inbox", "pending"), false,
                MainWindow::tr("%1 received webhooks waiting for the worker").arg(count("inbox", "pending"))};
    case core::View::Deferred:
        return {count("inbox", "deferred"), false,
                MainWindow::tr("%1 webhooks waiting for their entity to advance").arg(count("inbox", "deferred"))};
    case core::View::DeadLetters: {
        const qint64 dead = count("deliveries", "dead");
        const qint64 quarantined = count("inbox", "quarantined_unresolved"); // as the view lists them
        return {dead + quarantined, true,
                MainWindow::tr("%1 dead deliveries and %2 quarantined webhooks").arg(dead).arg(quarantined)};
    }
    case core::View::Rejected:
        // Turned-away webhooks are lost to us until their sender fixes them (a secret rotated on one side only, a
        // partner not added): worth a person's look. The view lists the older ones too.
        return {count("rejected", "last_hour"), true,
                MainWindow::tr("%1 requests turned away in the last hour").arg(count("rejected", "last_hour"))};
    case core::View::Reconciliation:
        return {count("reconciliation", "open_mismatches"), true,
                MainWindow::tr("%1 open mismatches").arg(count("reconciliation", "open_mismatches"))};
    default:
        return {};
    }
}

QString csvField(QString text)
{
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n'))
        return u'"' + text.replace(u"\""_s, u"\"\""_s) + u'"';
    return text;
}

QPalette darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xdf, 0xe1, 0xe5);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::ToolTipBase, base);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, window);
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x6f, 0xb6));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8f, 0x96));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6c, 0x6f, 0x76));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6c, 0x6f, 0x76));
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6c, 0x6f, 0x76));
    return palette;
}
} // namespace

MainWindow::MainWindow(const core::ConnectionSettings &settings, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
    , m_databaseUrl(settings.toUrl())
{
    m_viewRunner = new QueryRunner(settings, this);
    m_actionRunner = new QueryRunner(settings, this);

    m_navigation = new QListWidget(this);
    m_navigation->setAccessibleName(tr("Views"));
    m_navigation->setItemDelegate(new RowDelegate(Qt::ElideRight, m_navigation));
    m_navigation->addItem(tr("Overview"));
    m_navigation->setMaximumWidth(240);

    m_pages = new QStackedWidget(this);
    // The pages' minimum width is the widest page's, which the overview's cards and lines would set for every view:
    // at 1024 px that pushed the window past the screen (found in a screenshot at that width). The overview is shown
    // without the detail pane, so it has the room it needs wherever the views fit: squeezed rather than scrolled
    // sideways there. Its height scrolls, so that it does not hold the views above the Local engine dock on a 700 px
    // screen.
    m_overview = new OverviewPage;
    m_overview->setMinimumWidth(1);
    m_pages->addWidget(scrollable(m_overview));
    for (core::View view : core::allViews()) {
        auto *page = new RowsPage(view, m_viewRunner, m_pages);
        m_viewPages.insert(int(view), page);
        m_navigationViews.append(view);
        m_pages->addWidget(page);
        m_navigation->addItem(viewTitle(view));
        connect(page, &RowsPage::currentRowChanged, this, [this, page](const core::RowRef &row) {
            // A row that leaves the view (replayed out of the dead letters) stays in the detail pane, so that the
            // operator sees what happens to it next.
            if (page == currentPage() && row.isValid())
                m_detail->showRow(row);
            updateActionStates();
        });
        connect(page, &RowsPage::selectionChanged, this, &MainWindow::updateActionStates);
        // A row read again in place may have changed state (an endpoint paused): what may be done with it follows.
        connect(page->model(), &QAbstractItemModel::dataChanged, this, [this, page] {
            if (page == currentPage())
                updateActionStates();
        });
        // Found by a helper trying the console: after a filter that matched nothing, the last row stayed in the pane
        // with its actions enabled.
        connect(page, &RowsPage::filterChanged, this, [this, page] {
            if (page == currentPage())
                m_detail->showRow({});
            updateActionStates();
        });
        // The first row is selected when a view first has rows, so its detail is there without a click.
        connect(page->model(), &RowsModel::pageLoaded, this, [page] {
            if (!page->table()->currentIndex().isValid() && page->model()->rowCount() > 0)
                page->table()->selectRow(0);
        });
    }

    // From an endpoint to its dead letters: a failing one named on the overview, or a row of the Endpoints view
    // opened with Enter or a double click (found by a helper: neither led anywhere).
    connect(m_overview, &OverviewPage::endpointChosen, this, &MainWindow::showDeadLettersOf);
    RowsPage *endpoints = page(core::View::Endpoints);
    connect(endpoints, &RowsPage::rowOpened, this, [this, endpoints](int row) {
        const int nameColumn = columnOf(core::View::Endpoints, u"name");
        showDeadLettersOf(endpoints->model()->index(row, nameColumn).data(Qt::DisplayRole).toString());
    });

    m_detail = new DetailPane(settings, this);
    m_detail->setMinimumWidth(380);
    connect(m_detail, &DetailPane::replayRequested, this,
            [this](const core::RowRef &row) { actOn(RowAction::Replay, {row}); });
    connect(m_detail, &DetailPane::retryNowRequested, this,
            [this](const core::RowRef &row) { actOn(RowAction::RetryNow, {row}); });
    connect(m_detail, &DetailPane::resolveRequested, this,
            [this](const core::RowRef &row) { actOn(RowAction::Resolve, {row}); });
    connect(m_detail, &DetailPane::copyAsCurlRequested, this, &MainWindow::copyAsCurl);

    connect(m_navigation, &QListWidget::currentRowChanged, this, [this](int row) {
        m_pages->setCurrentIndex(row);
        RowsPage *page = currentPage();
        m_detail->setVisible(page != nullptr); // the overview has no rows: its charts take the width
        m_detail->showRow(page ? page->currentRow() : core::RowRef());
        updateActionStates();
    });

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_navigation);
    splitter->addWidget(m_pages);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 2);
    setCentralWidget(splitter);

    // The console's own relay and receiver, for helping out during an incident.
    m_enginePanel = new EnginePanel(settings, m_actionRunner, this);
    m_engineDock = new QDockWidget(tr("Local engine"), this);
    m_engineDock->setObjectName(u"engineDock"_s);
    m_engineDock->setWidget(scrollable(m_enginePanel));
    m_engineDock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_engineDock);
    m_engineDock->hide();
    connect(m_engineDock, &QDockWidget::visibilityChanged, m_enginePanel, [this](bool visible) {
        if (visible)
            m_enginePanel->reloadEndpoints();
    });
    connect(m_enginePanel, &EnginePanel::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 15000); });

    createActions();
    createMenus();
    m_navigation->setCurrentRow(0);

    m_readOnlyLabel = new QLabel(this);
    m_readOnlyLabel->setObjectName(u"readOnlyLabel"_s);
    m_readOnlyLabel->hide();
    statusBar()->addPermanentWidget(m_readOnlyLabel);
    m_enginesLabel = new QLabel(this);
    m_enginesLabel->setObjectName(u"enginesLabel"_s);
    m_enginesLabel->setAccessibleName(tr("Engines connected"));
    statusBar()->addPermanentWidget(m_enginesLabel);
    m_liveLabel = new QLabel(tr("○ connecting…"), this);
    m_liveLabel->setAccessibleName(tr("Live updates"));
    m_liveLabel->setObjectName(u"liveLabel"_s);
    statusBar()->addPermanentWidget(m_liveLabel);
    m_connectionLabel = new QLabel(tr("Connected: %1").arg(settings.describe()), this);
    m_connectionLabel->setToolTip(m_connectionLabel->text());
    statusBar()->addPermanentWidget(m_connectionLabel);
    // Long texts are cut rather than widen the window: at 1024 px the status bar pushed the detail pane off the
    // screen (found in a screenshot at that width). The title shows the connection too.
    for (QLabel *label : {m_readOnlyLabel, m_enginesLabel, m_connectionLabel})
        label->setMinimumWidth(1);
    // An action's result is what the operator waits for: while a message shows, it has the connection's room (the
    // title shows the connection too). Found by a helper: beside the engines' warnings, "Replay: 1 row changed" was
    // cut to "Rep".
    connect(statusBar(), &QStatusBar::messageChanged, m_connectionLabel,
            [this](const QString &message) { m_connectionLabel->setVisible(message.isEmpty()); });

    // Counts are read on a worker thread with its own connection; results come back as queued signals.
    m_statsThread = new QThread(this);
    auto *poller = new StatsPoller(settings, kStatsIntervalMs, kStatsTotalsIntervalMs);
    poller->moveToThread(m_statsThread);
    // The counts start a moment after the window: on a big database they take a few hundred ms of CPU, which the
    // first page of the view being opened needs more (bench/console: first screen 206 ms with both at once). The
    // thread itself starts at once, so that its finished() always deletes the poller, however soon the window closes.
    connect(m_statsThread, &QThread::started, poller,
            [poller] { QTimer::singleShot(kStatsFirstDelayMs, poller, &StatsPoller::start); });
    connect(m_statsThread, &QThread::finished, poller, &QObject::deleteLater);
    connect(poller, &StatsPoller::statsReady, this, &MainWindow::showStats);
    connect(poller, &StatsPoller::failed, this, &MainWindow::showConnectionProblem);
    m_statsThread->start();

    // LISTEN/NOTIFY: what the engine changes reaches the open view and the detail pane without polling.
    m_listenThread = new QThread(this);
    auto *listener = new ChangeListener(settings);
    listener->moveToThread(m_listenThread);
    connect(m_listenThread, &QThread::started, listener, &ChangeListener::start);
    connect(m_listenThread, &QThread::finished, listener, &QObject::deleteLater);
    connect(listener, &ChangeListener::changed, this, &MainWindow::onEngineChanged);
    connect(listener, &ChangeListener::listening, this, [this](bool connected) {
        m_liveLabel->setText(connected ? tr("● live") : tr("○ not listening (reconnecting)"));
    });
    m_listenThread->start();

    m_actionRunner->run<bool>(
        this, [](const core::DatabaseConnection &connection) { return core::roleCanAct(connection); },
        [this](const core::Result<bool> &canAct) {
            if (canAct && !canAct.value()) {
                m_roleCanAct = false;
                setReadOnly(true, tr("the database role %1 may not change rows").arg(m_settings.user));
            }
        });

    updateTitle();
    updateActionStates();
    // 1440 × 860, or the screen's room if that is less (at 1024 × 700 the window ran off the screen); there it is
    // also maximised, so that a window manager's title bar does not push it off either.
    const QSize room = screen()->availableGeometry().size();
    resize(std::min(1440, room.width()), std::min(860, room.height()));
    if (room.width() < 1440 || room.height() < 860)
        setWindowState(windowState() | Qt::WindowMaximized);
    // The views' names as wide as the longest needs with a count beside it, the detail pane as wide as a whole id
    // needs (DetailPane::sizeHint), the rows the rest; later changes of the window's width are shared by the stretch
    // factors. On a narrow screen the first two take their least, so that the rows keep room for their reasons.
    const auto navigationFor = [this](const QString &count) {
        return std::min(m_navigation->maximumWidth(), m_navigation->sizeHintForColumn(0) +
                                                          2 * m_navigation->frameWidth() +
                                                          m_navigation->fontMetrics().horizontalAdvance(count));
    };
    // Never narrower than the names with a short count: at 1024 px the splitter squeezed it to "Rejected reques" and
    // hid the counts behind a scroll bar (found in a screenshot at that width).
    m_navigation->setMinimumWidth(navigationFor(u"  00 ●"_s));
    splitter->setCollapsible(0, false);
    const bool narrow = width() < 1280;
    const int navigationWidth = narrow ? m_navigation->minimumWidth() : navigationFor(u"  000,000 ●"_s);
    const int detailWidth = narrow ? m_detail->minimumWidth() : m_detail->sizeHint().width();
    splitter->setSizes({navigationWidth, std::max(1, width() - navigationWidth - detailWidth), detailWidth});
}

MainWindow::~MainWindow()
{
    for (QThread *thread : {m_statsThread, m_listenThread}) {
        thread->quit();
        thread->wait();
    }
}

void MainWindow::createActions()
{
    auto make = [this](const QString &text, const QKeySequence &shortcut, const QString &objectName) {
        auto *action = new QAction(text, this);
        action->setShortcut(shortcut);
        action->setObjectName(objectName);
        action->setToolTip(u"%1 (%2)"_s.arg(QString(text).remove(u'&'), shortcut.toString(QKeySequence::NativeText)));
        return action;
    };
    m_replay = make(tr("&Replay…"), QKeySequence(u"Ctrl+R"_s), u"replay"_s);
    m_replayMatching = make(tr("Replay all &matching…"), QKeySequence(u"Ctrl+Shift+R"_s), u"replayMatching"_s);
    m_retryNow = make(tr("Retry &now…"), QKeySequence(u"Ctrl+T"_s), u"retryNow"_s);
    m_resolve = make(tr("Re&solve with a note…"), QKeySequence(u"Ctrl+E"_s), u"resolve"_s);
    m_copyId = make(tr("Copy &id"), QKeySequence(u"Ctrl+Shift+C"_s), u"copyId"_s);
    m_copyCurl = make(tr("Copy as c&url"), QKeySequence(u"Ctrl+Shift+U"_s), u"copyCurl"_s);
    m_exportCsv = make(tr("Export selection as &CSV…"), QKeySequence(u"Ctrl+Shift+S"_s), u"exportCsv"_s);
    m_exportJson = make(tr("Export selection as &JSON…"), QKeySequence(u"Ctrl+Shift+J"_s), u"exportJson"_s);
    m_pauseEndpoint = make(tr("&Pause endpoint…"), QKeySequence(u"Ctrl+Shift+P"_s), u"pauseEndpoint"_s);
    m_resumeEndpoint = make(tr("Resume &endpoint…"), QKeySequence(u"Ctrl+Shift+M"_s), u"resumeEndpoint"_s);
    m_refresh = make(tr("Re&fresh"), QKeySequence(QKeySequence::Refresh), u"refresh"_s);
    m_readOnlyToggle = make(tr("&Read-only"), QKeySequence(u"Ctrl+Shift+O"_s), u"readOnly"_s);
    m_readOnlyToggle->setCheckable(true);
    m_darkTheme = make(tr("&Dark theme"), QKeySequence(u"Ctrl+Shift+D"_s), u"darkTheme"_s);
    m_darkTheme->setCheckable(true);

    // In read-only mode the actions are off, and their keys said nothing (found by a helper): they say why instead.
    for (QAction *action : {m_replay, m_replayMatching, m_retryNow, m_resolve, m_pauseEndpoint, m_resumeEndpoint}) {
        auto *refused = new QShortcut(action->shortcut(), this);
        refused->setEnabled(false);
        connect(refused, &QShortcut::activated, this, [this, action] {
            statusBar()->showMessage(
                tr("%1 is off: read-only: %2").arg(QString(action->text()).remove(u'&').remove(u'…'), m_readOnlyReason),
                10000);
        });
        m_readOnlyRefusals << refused;
    }
    connect(m_replay, &QAction::triggered, this, [this] { actOn(RowAction::Replay, selectedRows()); });
    connect(m_replayMatching, &QAction::triggered, this, &MainWindow::replayAllMatching);
    connect(m_retryNow, &QAction::triggered, this, [this] { actOn(RowAction::RetryNow, selectedRows()); });
    connect(m_resolve, &QAction::triggered, this, [this] { actOn(RowAction::Resolve, selectedRows()); });
    connect(m_copyId, &QAction::triggered, this, &MainWindow::copyId);
    connect(m_copyCurl, &QAction::triggered, this, [this] {
        if (RowsPage *page = currentPage())
            copyAsCurl(page->currentRow());
    });
    connect(m_exportCsv, &QAction::triggered, this, [this] { exportSelection(false); });
    connect(m_exportJson, &QAction::triggered, this, [this] { exportSelection(true); });
    connect(m_pauseEndpoint, &QAction::triggered, this, [this] { setEndpointPaused(true); });
    connect(m_resumeEndpoint, &QAction::triggered, this, [this] { setEndpointPaused(false); });
    connect(m_refresh, &QAction::triggered, this, [this] {
        if (RowsPage *page = currentPage())
            page->reload();
        m_detail->reload();
    });
    connect(m_readOnlyToggle, &QAction::toggled, this,
            [this](bool on) { setReadOnly(on, on ? tr("chosen in the View menu") : QString()); });
    connect(m_darkTheme, &QAction::toggled, this, &MainWindow::applyTheme);
}

void MainWindow::createMenus()
{
    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    m_connect = fileMenu->addAction(tr("&Connect…"), QKeySequence::Open, this, [this] {
        using Source = core::ConnectionSettings::Source;
        std::optional<QString> current = m_settings.toUrl();
        if (m_settings.source == Source::ManagedCluster)
            current = QString();
        else if (m_settings.source == Source::LibpqEnvironment)
            current.reset(); // "postgresql:/" says nothing; the entry stays empty
        ConnectionDialog dialog(m_connector, current, this);
        if (dialog.exec() == QDialog::Accepted)
            close(); // a window on the chosen database is open
    });
    m_connect->setVisible(false); // until setConnector
    fileMenu->addSeparator();
    fileMenu->addAction(m_exportCsv);
    fileMenu->addAction(m_exportJson);
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &MainWindow::quitAsked)->setObjectName(u"quit"_s);

    auto *actionsMenu = menuBar()->addMenu(tr("&Actions"));
    actionsMenu->addActions({m_replay, m_replayMatching, m_retryNow, m_resolve});
    actionsMenu->addSeparator();
    actionsMenu->addActions({m_pauseEndpoint, m_resumeEndpoint});
    actionsMenu->addSeparator();
    actionsMenu->addActions({m_copyId, m_copyCurl});

    auto *viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu = viewMenu;
    viewMenu->addAction(m_refresh);
    viewMenu->addSeparator();
    for (int row = 0; row < m_navigation->count(); ++row) {
        QAction *go = viewMenu->addAction(m_navigation->item(row)->text(), this, [this, row] {
            m_navigation->setCurrentRow(row);
            focusRows();
        });
        // Alt+1 … Alt+9, then Alt+0 and Alt+- for the tenth and eleventh view (found by an exploring helper:
        // Idempotency and Reconciliation had none), in the order of the keyboard's top row.
        static const QStringList keys{u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s, u"6"_s,
                                      u"7"_s, u"8"_s, u"9"_s, u"0"_s, u"-"_s};
        if (row < keys.size())
            go->setShortcut(QKeySequence(u"Alt+"_s + keys.at(row)));
    }
    viewMenu->addSeparator();
    viewMenu->addAction(tr("Searc&h this view"), QKeySequence::Find, this, [this] {
        if (RowsPage *page = currentPage())
            page->focusSearch();
        else
            statusBar()->showMessage(tr("The overview has no rows to search: open a view (Alt+2 … Alt+-)"), 8000);
    });
    QAction *engine = m_engineDock->toggleViewAction();
    engine->setText(tr("&Local engine (relay, receiver)"));
    engine->setShortcut(QKeySequence(u"Ctrl+Shift+L"_s));
    engine->setObjectName(u"localEngine"_s);
    viewMenu->addAction(engine);
    viewMenu->addAction(m_readOnlyToggle);
    viewMenu->addAction(m_darkTheme);
    viewMenu->addSeparator();
    viewMenu->addMenu(new LanguageMenu(viewMenu));

    auto *toolbar = addToolBar(tr("Actions"));
    toolbar->setObjectName(u"actionsToolbar"_s);
    toolbar->setAccessibleName(tr("Actions"));
    toolbar->addActions({m_replay, m_replayMatching, m_retryNow, m_resolve});
    toolbar->addSeparator();
    toolbar->addActions({m_copyId, m_copyCurl, m_refresh});
}

void MainWindow::showView(core::View view)
{
    m_navigation->setCurrentRow(int(m_navigationViews.indexOf(view)) + 1);
    focusRows();
}

void MainWindow::quitAsked()
{
    if (mayQuit())
        QApplication::quit();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (mayQuit())
        event->accept();
    else
        event->ignore();
}

bool MainWindow::mayQuit()
{
    // Found by a helper: Ctrl+Q quit at once while the console's own relay and receiver served an incident; and in
    // review, the window's close button too.
    const core::LocalEngine *engine = m_enginePanel->engine();
    const bool relay = engine->relayRunning();
    const bool receiver = engine->receiverRunning();
    if (relay || receiver) {
        const QString running = relay && receiver ? tr("The console's relay and receiver are running.")
                                : relay           ? tr("The console's relay is running.")
                                                  : tr("The console's receiver is running.");
        if (QMessageBox::question(this, tr("Quit"),
                                  running + u' ' +
                                      tr("Quitting stops them: what is in flight finishes first, and nothing sends or "
                                         "receives here after. Quit?"),
                                  QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
            return false;
    }
    return true;
}

void MainWindow::showDeadLettersOf(const QString &endpoint)
{
    showView(core::View::DeadLetters);
    page(core::View::DeadLetters)->showParty(endpoint);
}

void MainWindow::focusRows()
{
    if (RowsPage *page = currentPage())
        page->table()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::applyOptions(bool readOnly, bool dark)
{
    if (readOnly)
        setReadOnly(true, tr("started with --read-only"));
    if (dark)
        m_darkTheme->setChecked(true);
}

void MainWindow::showEnginePanel()
{
    m_engineDock->show();
}

void MainWindow::attachSandbox(core::Sandbox *sandbox)
{
    auto *dock = new QDockWidget(tr("Sandbox"), this);
    dock->setObjectName(u"sandboxDock"_s);
    dock->setWidget(scrollable(new SandboxPanel(sandbox)));
    dock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    QAction *toggle = dock->toggleViewAction();
    toggle->setText(tr("&Sandbox (simulated partner, fault knobs)"));
    toggle->setObjectName(u"sandboxPanel"_s);
    m_viewMenu->insertAction(m_engineDock->toggleViewAction(), toggle);
}

RowsPage *MainWindow::currentPage() const
{
    return qobject_cast<RowsPage *>(m_pages->currentWidget());
}

QList<core::RowRef> MainWindow::selectedRows() const
{
    RowsPage *page = currentPage();
    if (!page)
        return {};
    QList<core::RowRef> rows = page->selectedRows();
    if (rows.isEmpty() && page->currentRow().isValid())
        rows.append(page->currentRow());
    return rows;
}

void MainWindow::updateTitle()
{
    QString title = titleFor(m_settings.source, m_databaseUrl);
    if (m_readOnly)
        title += u"  "_s + tr("[read-only: %1]").arg(m_readOnlyReason);
    setWindowTitle(title);
}

void MainWindow::updateActionStates()
{
    RowsPage *page = currentPage();
    const bool hasRow = page && (page->currentRow().isValid() || !page->selectedRows().isEmpty());
    const bool onEndpoints = page && page->view() == core::View::Endpoints && hasRow;
    const bool onDelivery = page && page->currentRow().kind == core::RowRef::Kind::Delivery;
    const bool canAct = !m_readOnly && page && actionsApplyTo(page->view());
    for (QAction *action : {m_replay, m_retryNow, m_resolve})
        action->setEnabled(canAct && hasRow);
    m_replayMatching->setEnabled(canAct && page->model()->rowCount() > 0); // an empty view matches nothing
    // Pause an active endpoint (failing ones above all), resume a paused or disabled one (both were offered whatever
    // its state).
    const QString endpointState =
        onEndpoints ? page->table()->currentIndex().data(RowsModel::StateRole).toString() : QString();
    m_pauseEndpoint->setEnabled(!m_readOnly && (endpointState == u"active"_s || endpointState == u"failing"_s));
    m_resumeEndpoint->setEnabled(!m_readOnly && (endpointState == u"paused"_s || endpointState == u"disabled"_s));
    m_copyId->setEnabled(hasRow);
    m_copyCurl->setEnabled(onDelivery);
    m_exportCsv->setEnabled(hasRow);
    m_exportJson->setEnabled(hasRow);
    m_refresh->setEnabled(true);
    const QString why = m_readOnly ? tr("Read-only: %1").arg(m_readOnlyReason) : QString();
    for (QAction *action : {m_replay, m_replayMatching, m_retryNow, m_resolve, m_pauseEndpoint, m_resumeEndpoint})
        action->setStatusTip(why);
}

void MainWindow::setReadOnly(bool readOnly, const QString &why)
{
    if (!readOnly && !m_roleCanAct)
        return; // the role decides; the toggle cannot lift it
    m_readOnly = readOnly;
    m_readOnlyReason = why;
    const QSignalBlocker blocker(m_readOnlyToggle);
    m_readOnlyToggle->setChecked(readOnly);
    m_readOnlyToggle->setEnabled(m_roleCanAct);
    for (QShortcut *refusal : std::as_const(m_readOnlyRefusals))
        refusal->setEnabled(readOnly);
    m_detail->setReadOnly(readOnly, why);
    m_enginePanel->setReadOnly(readOnly);
    // In the status bar as well as the title, where it came last after a long URL (found by an exploring helper).
    m_readOnlyLabel->setText(tr("Read-only: %1").arg(why));
    m_readOnlyLabel->setVisible(readOnly);
    updateTitle();
    updateActionStates();
}

QString MainWindow::withCautions(const QString &question, const QList<core::RowRef> &rows,
                                 const QString &endpoint) const
{
    // Found by a helper: replays sat unsent for want of a relay, then died again at an endpoint still failing, and
    // the question had said nothing of either; "Retry now" on a deferred row did nothing without a worker.
    const auto count = [&](const char *section, const char *key) {
        return m_lastStats.value(QLatin1StringView(section)).toObject().value(QLatin1StringView(key)).toInteger(-1);
    };
    const bool inbox = std::any_of(rows.cbegin(), rows.cend(), [](const core::RowRef &row) {
        return row.kind == core::RowRef::Kind::InboxMessage;
    });
    const bool deliveries = std::any_of(rows.cbegin(), rows.cend(), [](const core::RowRef &row) {
        return row.kind == core::RowRef::Kind::Delivery || row.kind == core::RowRef::Kind::Event;
    });
    QStringList cautions;
    if (deliveries && count("engines", "relays") == 0)
        cautions << tr("⚠ No relay is connected now: deliveries wait until one runs (the Local engine panel, or "
                       "hookyard relay).");
    if (inbox && count("engines", "workers") == 0)
        cautions << tr("⚠ No worker is connected now: webhooks wait until one runs (the Local engine panel's receiver, "
                       "or hookyard worker).");
    const QJsonArray failing = m_lastStats.value(u"activity"_s).toObject().value(u"failing_endpoints"_s).toArray();
    for (const QJsonValue &entry : failing) {
        const QJsonObject failed = entry.toObject();
        if (!endpoint.isEmpty() && failed.value(u"endpoint"_s).toString() == endpoint &&
            failed.value(u"failing_now"_s).toBool())
            cautions << tr("⚠ %1 is failing now: %2 of %3 attempts in the last hour failed, the latest with %4.")
                            .arg(endpoint, QLocale().toString(failed.value(u"failed"_s).toInteger()),
                                 QLocale().toString(failed.value(u"attempts"_s).toInteger()),
                                 failed.value(u"last_error"_s).toString());
    }
    return cautions.isEmpty() ? question : QString(question + u"\n\n"_s + cautions.join(u'\n'));
}

void MainWindow::showStats(const QJsonObject &stats)
{
    m_lastStats = stats;
    m_overview->showStats(stats);
    const OverviewPage::EnginesRunning engines = OverviewPage::enginesRunning(stats);
    m_enginesLabel->setText(engines.warnings.isEmpty() ? engines.summary : engines.warnings.join(u"  "_s));
    m_enginesLabel->setToolTip(engines.summary);
    m_enginesLabel->setStyleSheet(
        engines.warnings.isEmpty() ? QString() : u"color: %1;"_s.arg(StatusColours(palette()).bad.name()));
    // Counts arrived: a connection problem shown is over. Any other message stays its time (an action's result was
    // cleared by the next count, two seconds later at most).
    if (m_connectionProblemShown) {
        statusBar()->clearMessage();
        m_connectionProblemShown = false;
    }
    for (qsizetype i = 0; i < m_navigationViews.size(); ++i) {
        const NavigationCount shown = navigationCount(stats, m_navigationViews.at(i));
        QString text = viewTitle(m_navigationViews.at(i));
        if (shown.count >= 0)
            text += u"  %1"_s.arg(QLocale().toString(shown.count));
        if (shown.alert && shown.count > 0)
            text += u" ●"_s;
        QListWidgetItem *item = m_navigation->item(int(i) + 1);
        item->setText(text);
        item->setToolTip(shown.meaning);
        item->setForeground(shown.alert && shown.count > 0 ? QBrush(StatusColours(palette()).bad) : QBrush());
    }
}

void MainWindow::showConnectionProblem(const QString &reason)
{
    m_connectionProblemShown = true;
    statusBar()->showMessage(tr("⚠ %1").arg(reason));
}

void MainWindow::onEngineChanged()
{
    if (RowsPage *page = currentPage())
        page->model()->checkForNewer();
    m_detail->reload();
}

void MainWindow::reportActionDone(const QString &message)
{
    statusBar()->showMessage(message, 15000);
    // The rows are read again in place, as after any change: a row the action took out of the view stays where it
    // was, marked as gone, and the selection with it. Found by an exploring helper: the page was reloaded, a replayed
    // dead letter vanished and the selection jumped to an unrelated row, which a second Ctrl+R would have replayed.
    if (RowsPage *page = currentPage()) {
        // Rows still loading, or a failed load, are not read again in place: they are loaded afresh.
        if (page->model()->isLoading() || !page->model()->lastError().isEmpty())
            page->reload();
        else
            page->model()->checkForNewer();
    }
    m_detail->reload();
}

void MainWindow::actOn(RowAction action, const QList<core::RowRef> &rows)
{
    if (m_readOnly || rows.isEmpty())
        return;
    const bool events = actsThroughDeliveries(rows);
    QString target = targetText(rows);
    QString endpoint; // of one delivery shown in the pane
    // One delivery or webhook shown in the pane is named with what it is and whose (found by a helper: "delivery 206"
    // alone left the operator to check which one that was).
    if (const core::RowDetail *shown = rows.size() == 1 ? m_detail->shownDetail(rows.first()) : nullptr) {
        using Field = core::DetailFact::Field;
        if (rows.first().kind == core::RowRef::Kind::Delivery) {
            endpoint = shown->fact(Field::Endpoint).toString();
            target = tr("%1 (%2 to %3)").arg(target, shown->title, endpoint);
        }
        if (rows.first().kind == core::RowRef::Kind::InboxMessage)
            target = tr("%1 (%2 from %3)").arg(target, shown->title, shown->fact(Field::Partner).toString());
    }
    QString title;
    QString question;
    switch (action) {
    case RowAction::Replay:
        title = tr("Replay");
        question = tr("Replay %1 with the same id. Why? (kept in the audit log)").arg(target);
        break;
    case RowAction::RetryNow:
        title = tr("Retry now");
        question = tr("Make %1 due now, if waiting. Why? (kept in the audit log)").arg(target);
        break;
    case RowAction::Resolve:
        title = tr("Resolve with a note");
        question = tr("Resolve %1 by hand: what is resolved leaves the dead letters and keeps its history. How was it "
                      "settled? (kept in the audit log)")
                       .arg(target);
        break;
    }
    if (action != RowAction::Resolve)
        question = withCautions(question, rows, endpoint);
    const std::optional<QString> reason = askWhy(this, title, question);
    if (!reason)
        return;
    statusBar()->showMessage(tr("%1: working…").arg(title));
    m_actionRunner->run<core::ActionOutcome>(
        this,
        [action, rows, reason = *reason](const core::DatabaseConnection &connection) {
            switch (action) {
            case RowAction::Replay:
                return core::replayRows(connection, rows, reason);
            case RowAction::RetryNow:
                return core::retryRowsNow(connection, rows, reason);
            case RowAction::Resolve:
                break;
            }
            return core::resolveRows(connection, rows, reason);
        },
        [this, title, events](const core::Result<core::ActionOutcome> &outcome) {
            if (!outcome) {
                statusBar()->showMessage(tr("⚠ %1 failed: %2").arg(title, outcome.error()), 30000);
                QMessageBox::warning(this, title, outcome.error());
                return;
            }
            reportActionDone(title + u": "_s + outcomeText(outcome.value(), events));
        });
}

void MainWindow::replayAllMatching()
{
    RowsPage *page = currentPage();
    if (!page || m_readOnly)
        return;
    page->applyPendingFilter(); // what is typed in the filter bar is what "matching" means
    if (const QString error = page->filterError(); !error.isEmpty()) {
        // The rows shown still follow the previous filter, not the one on screen: nothing to match against.
        statusBar()->showMessage(tr("⚠ Replay all matching: the filter is not applied: %1").arg(error), 15000);
        return;
    }
    const core::View view = page->view();
    const core::ViewFilter filter = page->currentFilter();
    // The rows are listed before the question, and exactly those are replayed: a count taken first and a second
    // listing after the answer disagreed when rows arrived in between (found by a helper trying the console: 34
    // asked, 35 replayed).
    m_actionRunner->run<QList<core::RowRef>>(
        this,
        [view, filter](const core::DatabaseConnection &connection) -> core::Result<QList<core::RowRef>> {
            // Keyset pages over the same filter: every matching row once, however many there are.
            QList<core::RowRef> rows;
            std::optional<core::KeysetPosition> after;
            while (true) {
                auto matching = core::fetchPage(connection, view, filter, after, kMatchingPageRows);
                if (!matching)
                    return core::Error{matching.error()};
                for (const core::ViewRow &row : matching.value())
                    rows.append(row.ref);
                if (matching.value().size() < kMatchingPageRows)
                    return rows;
                after = matching.value().last().position;
            }
        },
        [this, view, filter](const core::Result<QList<core::RowRef>> &matching) {
            if (!matching) {
                QMessageBox::warning(this, tr("Replay all matching"), matching.error());
                return;
            }
            const QList<core::RowRef> rows = matching.value();
            if (rows.isEmpty()) {
                statusBar()->showMessage(tr("No row matches the current filter."), 10000);
                return;
            }
            const bool events = actsThroughDeliveries(rows);
            const std::optional<QString> reason = askWhy(
                this, tr("Replay all matching"),
                withCautions(tr("Replay %1, all that match the filter of %2 (%3)? Those that cannot be replayed are "
                                "skipped. Why? (kept in the audit log)")
                                 .arg(targetText(rows), viewTitle(view), filterText(view, filter)),
                             rows, filter.party));
            if (!reason)
                return;
            statusBar()->showMessage(tr("Replaying %1…").arg(targetText(rows)));
            m_actionRunner->run<core::ActionOutcome>(
                this,
                [rows, reason = *reason](const core::DatabaseConnection &connection) {
                    return core::replayRows(connection, rows, reason);
                },
                [this, events](const core::Result<core::ActionOutcome> &outcome) {
                    if (!outcome) {
                        // In place of "Replaying …", which had no timeout and stayed (found in review).
                        statusBar()->showMessage(tr("⚠ %1 failed: %2").arg(tr("Replay all matching"), outcome.error()),
                                                 30000);
                        QMessageBox::warning(this, tr("Replay all matching"), outcome.error());
                        return;
                    }
                    reportActionDone(tr("Replay all matching") + u": "_s + outcomeText(outcome.value(), events));
                });
        });
}

void MainWindow::copyId()
{
    RowsPage *page = currentPage();
    if (!page || !page->currentRow().isValid())
        return;
    // The same id as the detail pane's Copy id (found by a helper: for a delivery this copied "205", the pane its
    // webhook-id).
    const core::RowRef row = page->currentRow();
    const core::RowDetail *shown = m_detail->shownDetail(row);
    if (!shown && row.kind == core::RowRef::Kind::Delivery) {
        // Its number is not what a partner quotes; the webhook-id comes with the detail (found in review: pressed
        // before the detail was there, this copied the number).
        statusBar()->showMessage(tr("The delivery's detail is still loading: copy its id again in a moment"), 5000);
        return;
    }
    const QString id = shown && !shown->primaryId.isEmpty() ? shown->primaryId : row.id;
    QApplication::clipboard()->setText(id);
    statusBar()->showMessage(tr("Copied %1").arg(id), 5000);
}

void MainWindow::copyAsCurl(const core::RowRef &row)
{
    if (row.kind != core::RowRef::Kind::Delivery)
        return;
    m_actionRunner->run<QString>(
        this, [row](const core::DatabaseConnection &connection) { return core::curlCommandFor(connection, row); },
        [this](const core::Result<QString> &command) {
            if (!command) {
                statusBar()->showMessage(tr("⚠ %1").arg(command.error()), 15000);
                return;
            }
            QApplication::clipboard()->setText(command.value());
            statusBar()->showMessage(tr("Copied a curl command, signed just now (no secret in it)"), 8000);
        });
}

void MainWindow::exportSelection(bool asJson)
{
    RowsPage *page = currentPage();
    if (!page)
        return;
    QList<int> rows;
    for (const QModelIndex &index : page->table()->selectionModel()->selectedRows())
        rows.append(index.row());
    if (rows.isEmpty() && page->table()->currentIndex().isValid())
        rows.append(page->table()->currentIndex().row());
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end());

    const QString path = QFileDialog::getSaveFileName(
        this, asJson ? tr("Export as JSON") : tr("Export as CSV"),
        u"hookyard-%1.%2"_s.arg(core::describe(page->view()).key, asJson ? u"json"_s : u"csv"_s),
        asJson ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;

    const core::ViewDescription &description = core::describe(page->view());
    const RowsModel *model = page->model();
    // Times as absolute timestamps (their tooltip), not "3 min ago"; everything else as shown.
    auto cellText = [&](int row, int column) {
        const QModelIndex index = model->index(row, column);
        const bool isTime = description.columns.at(column).kind == core::ViewColumn::Kind::Time;
        return isTime ? index.data(Qt::ToolTipRole).toString() : index.data().toString();
    };
    QByteArray bytes;
    if (asJson) {
        QJsonArray array;
        for (int row : rows) {
            QJsonObject object{{u"id"_s, model->rowRef(row).id}};
            for (int column = 0; column < description.columns.size(); ++column)
                object.insert(description.columns.at(column).key, cellText(row, column));
            array.append(object);
        }
        bytes = QJsonDocument(array).toJson();
    } else {
        QStringList header{u"id"_s};
        for (const core::ViewColumn &column : description.columns)
            header << column.key;
        QStringList lines{header.join(u',')};
        for (int row : rows) {
            QStringList fields{csvField(model->rowRef(row).id)};
            for (int column = 0; column < description.columns.size(); ++column)
                fields << csvField(cellText(row, column));
            lines << fields.join(u',');
        }
        bytes = (lines.join(u'\n') + u'\n').toUtf8();
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size()) {
        QMessageBox::warning(this, tr("Export"), tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    statusBar()->showMessage(tr("Exported %n row(s) to %1", nullptr, int(rows.size())).arg(path), 10000);
}

void MainWindow::setEndpointPaused(bool paused)
{
    RowsPage *page = currentPage();
    if (m_readOnly || !page || page->currentRow().kind != core::RowRef::Kind::Endpoint)
        return;
    const QString title = paused ? tr("Pause endpoint") : tr("Resume endpoint");
    const qint64 endpointId = page->currentRow().id.toLongLong(); // read before the dialog, as the name is
    const int nameColumn = columnOf(core::View::Endpoints, u"name");
    const QString shownName =
        page->model()->index(page->table()->currentIndex().row(), nameColumn).data(Qt::DisplayRole).toString();
    const std::optional<QString> reason =
        askWhy(this, title,
               (paused ? tr("Pause %1: the relay stops sending to it. Why? (kept in the audit log)")
                       : tr("Resume %1: its held deliveries are due at once. Why? (kept in the audit log)"))
                   .arg(shownName));
    if (!reason)
        return;
    // The endpoint's name, and whether anything changed: what the view showed may have changed meanwhile, and an
    // endpoint paused or resumed already is left so, unaudited (found in review: it was reported as done).
    using Outcome = std::pair<QString, bool>;
    m_actionRunner->run<Outcome>(
        this,
        [endpointId, paused, reason = *reason](const core::DatabaseConnection &connection) -> core::Result<Outcome> {
            auto name = connection.exec(u"SELECT name FROM endpoints WHERE id = ?"_s, {endpointId});
            if (!name)
                return core::Error{name.error()};
            if (!name.value().next())
                return core::Error{u"endpoint %1 no longer exists"_s.arg(endpointId)};
            const QString endpoint = name.value().value(0).toString();
            const core::EndpointStore store(connection);
            if (paused) {
                auto done = store.pause(endpoint, reason);
                if (!done)
                    return core::Error{done.error()};
                return Outcome{endpoint, done.value()};
            }
            auto done = store.resume(endpoint, reason);
            if (!done)
                return core::Error{done.error()};
            return Outcome{endpoint, done.value().has_value()};
        },
        [this, paused](const core::Result<Outcome> &outcome) {
            if (!outcome) {
                QMessageBox::warning(this, paused ? tr("Pause endpoint") : tr("Resume endpoint"), outcome.error());
                return;
            }
            const auto &[endpoint, changed] = outcome.value();
            if (!changed)
                reportActionDone(
                    (paused ? tr("%1 is paused already; nothing changed") : tr("%1 is active already; nothing changed"))
                        .arg(endpoint));
            else
                reportActionDone((paused ? tr("Paused %1") : tr("Resumed %1")).arg(endpoint) + u" · "_s +
                                 tr("audited"));
        });
}

void MainWindow::setConnector(ConnectionDialog::Connector connector)
{
    m_connector = std::move(connector);
    m_connect->setVisible(m_connector.open && m_connector.show);
}

void MainWindow::applyTheme(bool dark)
{
    QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    QApplication::setPalette(dark ? darkPalette() : QApplication::style()->standardPalette());
}

} // namespace hookyard::ui
