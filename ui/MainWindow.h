#pragma once

#include "ConnectionDialog.h"
#include "console/RowRef.h"
#include "console/ViewQueries.h"
#include "db/ConnectionSettings.h"

#include <QHash>
#include <QJsonObject>
#include <QMainWindow>

class QAction;
class QDockWidget;
class QCloseEvent;
class QLabel;
class QShortcut;
class QListWidget;
class QMenu;
class QStackedWidget;
class QThread;

namespace hookyard::core {
class Sandbox;
}

namespace hookyard::ui {

class DetailPane;
class EnginePanel;
class OverviewPage;
class QueryRunner;
class RowsPage;

// The console's frame: the views with live counts on the left, the current view in the middle, the selected row's
// detail and retry timeline on the right, and the actions on rows in a menu, a toolbar and the detail pane. Every
// action asks for a reason (or a note), runs off the GUI thread, is audited by core, and is refused in read-only
// mode — chosen in the View menu, or forced when the database role cannot write, and shown in the title bar.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(const core::ConnectionSettings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;
    Q_DISABLE_COPY_MOVE(MainWindow)

    // For tests and the screenshot tool: the page of a view, the detail pane, the local engine's panel.
    RowsPage *page(core::View view) const { return m_viewPages.value(int(view)); }
    DetailPane *detailPane() const { return m_detail; }
    EnginePanel *enginePanel() const { return m_enginePanel; }
    // Opens a view with the keyboard in its rows.
    void showView(core::View view);
    // The console's command-line options: --read-only and --dark.
    void applyOptions(bool readOnly, bool dark);
    bool isReadOnly() const { return m_readOnly; }
    // Opens the Local engine dock (View › Local engine; --local-engine on the command line).
    void showEnginePanel();
    // Shows the sandbox's simulation in a Sandbox dock (View › Sandbox), open from the start. `sandbox` must outlive
    // the window or be destroyed with it.
    void attachSandbox(core::Sandbox *sandbox);
    // What File › Connect… calls with the chosen database (a URL, or empty for the sandbox): the application opens
    // a window on it, and this one closes once that worked. Without one, File › Connect… is not offered.
    void setConnector(ConnectionDialog::Connector connector);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    // Opens the Dead letters view on one endpoint's rows.
    void showDeadLettersOf(const QString &endpoint);
    // File > Quit: asks first while the Local engine's relay or receiver runs (mayQuit), as closing the window does.
    void quitAsked();
    bool mayQuit();

    enum class RowAction
    {
        Replay,
        RetryNow,
        Resolve,
    };

    void createActions();
    void createMenus();
    void updateTitle();
    void updateActionStates();
    void showStats(const QJsonObject &stats);
    void showConnectionProblem(const QString &reason);
    void setReadOnly(bool readOnly, const QString &why);
    void onEngineChanged();

    // Puts the keyboard in the current view's rows, so that arrow keys move among them rather than among the views
    // (found by a helper using the keyboard only: Down after Alt+5 opened the next view).
    void focusRows();
    RowsPage *currentPage() const;
    QList<core::RowRef> selectedRows() const;
    void actOn(RowAction action, const QList<core::RowRef> &rows);
    // `question` with what the last counts say would keep the action from helping at once: no relay or no worker
    // connected for the rows' kind, or `endpoint` (when given) failing now.
    QString withCautions(const QString &question, const QList<core::RowRef> &rows, const QString &endpoint) const;
    void replayAllMatching();
    void copyId();
    void copyAsCurl(const core::RowRef &row);
    void exportSelection(bool asJson);
    void setEndpointPaused(bool paused);
    void applyTheme(bool dark);
    void reportActionDone(const QString &message);

    core::ConnectionSettings m_settings;
    QString m_databaseUrl;
    QListWidget *m_navigation = nullptr;
    QStackedWidget *m_pages = nullptr;
    OverviewPage *m_overview = nullptr;
    QHash<int, RowsPage *> m_viewPages;  // by core::View
    QList<core::View> m_navigationViews; // navigation row i + 1 shows m_navigationViews[i] (row 0 is Overview)
    DetailPane *m_detail = nullptr;
    EnginePanel *m_enginePanel = nullptr; // in a dock below the views, hidden until asked for
    QDockWidget *m_engineDock = nullptr;
    QMenu *m_viewMenu = nullptr;
    QueryRunner *m_viewRunner = nullptr;
    QueryRunner *m_actionRunner = nullptr; // actions and their previews, so they never queue behind page loads
    QLabel *m_connectionLabel = nullptr;
    QLabel *m_liveLabel = nullptr;
    QLabel *m_enginesLabel = nullptr;      // the engines connected now, or what waits for one that is not
    QList<QShortcut *> m_readOnlyRefusals; // the actions' keys while read-only: they say why nothing happens
    QJsonObject m_lastStats; // the latest counts (collectStats with the activity): actions' cautions read them
    QLabel *m_readOnlyLabel = nullptr;     // why no action is allowed, while none is
    bool m_connectionProblemShown = false; // the status bar's message is showConnectionProblem's
    QThread *m_statsThread = nullptr;
    QThread *m_listenThread = nullptr;

    bool m_readOnly = false;
    bool m_roleCanAct = true;
    QString m_readOnlyReason;
    ConnectionDialog::Connector m_connector;
    QAction *m_connect = nullptr;

    QAction *m_replay = nullptr;
    QAction *m_replayMatching = nullptr;
    QAction *m_retryNow = nullptr;
    QAction *m_resolve = nullptr;
    QAction *m_copyId = nullptr;
    QAction *m_copyCurl = nullptr;
    QAction *m_exportCsv = nullptr;
    QAction *m_exportJson = nullptr;
    QAction *m_pauseEndpoint = nullptr;
    QAction *m_resumeEndpoint = nullptr;
    QAction *m_refresh = nullptr;
    QAction *m_readOnlyToggle = nullptr;
    QAction *m_darkTheme = nullptr;
};

} // namespace hookyard::ui
