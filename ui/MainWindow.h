#pragma once

#include "db/ConnectionSettings.h"

#include <QMainWindow>

class QLabel;
class QListWidget;
class QStackedWidget;
class QThread;

namespace hookyard::ui {

class OverviewPage;

// The console's frame: a navigation list of views on the left, the current view in the middle, and the
// connection and freshness of the data in the status bar.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(const core::ConnectionSettings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;
    Q_DISABLE_COPY_MOVE(MainWindow)

private:
    void showConnectionProblem(const QString &reason);

    QListWidget *m_navigation = nullptr;
    QStackedWidget *m_pages = nullptr;
    OverviewPage *m_overview = nullptr;
    QLabel *m_connectionLabel = nullptr;
    QThread *m_statsThread = nullptr;
};

} // namespace hookyard::ui
