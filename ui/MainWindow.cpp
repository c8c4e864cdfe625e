#include "MainWindow.h"

#include "OverviewPage.h"
#include "StatsPoller.h"

#include <QApplication>
#include <QKeySequence>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QThread>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

namespace {
constexpr int kStatsIntervalMs = 2000;

QString sourceName(core::ConnectionSettings::Source source)
{
    switch (source) {
    case core::ConnectionSettings::Source::ManagedCluster:
        return MainWindow::tr("sandbox");
    case core::ConnectionSettings::Source::CommandLine:
        return MainWindow::tr("--database");
    case core::ConnectionSettings::Source::EnvironmentUrl:
        return u"HOOKYARD_DATABASE_URL"_s;
    case core::ConnectionSettings::Source::LibpqEnvironment:
        return MainWindow::tr("libpq environment");
    }
    return {};
}
} // namespace

MainWindow::MainWindow(const core::ConnectionSettings &settings, QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Hookyard — %1 (%2)").arg(sourceName(settings.source), settings.toUrl()));

    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    m_navigation = new QListWidget(this);
    m_navigation->setAccessibleName(tr("Views"));
    m_navigation->addItem(tr("Overview"));
    m_navigation->setMaximumWidth(220);

    m_pages = new QStackedWidget(this);
    m_overview = new OverviewPage(m_pages);
    m_pages->addWidget(m_overview);
    connect(m_navigation, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    m_navigation->setCurrentRow(0);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_navigation);
    splitter->addWidget(m_pages);
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);

    m_connectionLabel = new QLabel(tr("Connected: %1").arg(settings.describe()), this);
    statusBar()->addPermanentWidget(m_connectionLabel);

    // Counts are read on a worker thread with its own connection; results come back as queued signals.
    m_statsThread = new QThread(this);
    auto *poller = new StatsPoller(settings, kStatsIntervalMs);
    poller->moveToThread(m_statsThread);
    connect(m_statsThread, &QThread::started, poller, &StatsPoller::start);
    connect(m_statsThread, &QThread::finished, poller, &QObject::deleteLater);
    connect(poller, &StatsPoller::statsReady, m_overview, &OverviewPage::showStats);
    connect(poller, &StatsPoller::statsReady, this, [this] { statusBar()->clearMessage(); });
    connect(poller, &StatsPoller::failed, this, &MainWindow::showConnectionProblem);
    m_statsThread->start();

    resize(1280, 800);
}

MainWindow::~MainWindow()
{
    m_statsThread->quit();
    m_statsThread->wait();
}

void MainWindow::showConnectionProblem(const QString &reason)
{
    statusBar()->showMessage(tr("⚠ %1").arg(reason));
}

} // namespace hookyard::ui
