// hookyard: the console by default; a headless engine command when one is named (see --help).

#include "ConnectionDialog.h"
#include "LanguageMenu.h"
#include "MainWindow.h"
#include "cli/CommandLine.h"
#include "console/ViewQueries.h"
#include "db/DatabaseSetup.h"
#include "db/ManagedCluster.h"
#include "sandbox/Sandbox.h"
#include "util/TerminationSignals.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

void describeApplication()
{
    QCoreApplication::setOrganizationName(u"Hookyard"_s);
    QCoreApplication::setApplicationName(u"hookyard"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOOKYARD_VERSION));
}

// Whether Qt has somewhere to show the console: a display, or a platform chosen by hand (QT_QPA_PLATFORM or
// -platform, e.g. offscreen). Without one Qt aborts with a screenful about plugins (found by an exploring helper).
bool hasDisplay(const QStringList &arguments)
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || arguments.contains(u"-platform"_s);
}

int runConsole(int argc, char **argv)
{
    QApplication app(argc, argv);
    describeApplication();

    // The language: --language=CODE for this run, else the one chosen in View › Language, else the system's.
    QString language = hookyard::ui::LanguageMenu::savedLanguage();
    for (const QString &argument : QCoreApplication::arguments()) {
        if (argument.startsWith(u"--language="_s))
            language = argument.mid(11); // a code Qt knows (consoleArgumentError)
    }
    if (!language.isEmpty())
        QLocale::setDefault(QLocale(language)); // numbers and dates follow the chosen language too
    QTranslator translator;
    if (translator.load(QLocale(), u"hookyard"_s, u"_"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(&translator);
    else if (!language.isEmpty() && QLocale().language() != QLocale::English)
        QTextStream(stderr) << "hookyard: no translation for " << language << ", the console is in English" << Qt::endl;
    QTranslator qtTranslator; // Qt's own strings (standard buttons, file dialogs), where the system has them
    if (qtTranslator.load(QLocale(), u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qtTranslator);

    // Every database a window was opened on stays open (a sandbox keeps running) until the console quits.
    std::vector<hookyard::core::OpenedDatabase> databases;
    // The simulation of each window on the sandbox (PRODUCT.md §5), stopped with its window, or before the databases
    // when the console quits (declared after them).
    std::vector<std::unique_ptr<hookyard::core::Sandbox>> simulations;
    const QStringList arguments = QCoreApplication::arguments();
    // Opens the database for a window. At start-up an empty `url` is the configured database, else the sandbox; from
    // File › Connect… (`fromConnectDialog`, on a thread of the dialog's) it is the sandbox itself.
    const auto openFor = [](const QString &url,
                            bool fromConnectDialog) -> hookyard::core::Result<hookyard::core::OpenedDatabase> {
        const bool sandboxOnly = fromConnectDialog && url.isEmpty();
        auto opened = hookyard::core::openDatabase(url, sandboxOnly ? hookyard::core::WhenUnconfigured::AlwaysSandbox
                                                                    : hookyard::core::WhenUnconfigured::StartSandbox);
        if (!opened)
            return opened;
        // Said only when the sandbox is the database (it was said with --database too).
        if (const QString notice = hookyard::core::ManagedCluster::privilegeNotice();
            opened.value().cluster && !notice.isEmpty())
            QTextStream(stderr) << "hookyard: " << notice << Qt::endl;
        if (fromConnectDialog && !url.isEmpty())
            opened.value().settings.source = hookyard::core::ConnectionSettings::Source::ConnectDialog;
        return opened;
    };
    // Shows a window on an opened database, which stays open until the console quits.
    std::function<void(hookyard::core::OpenedDatabase)> showWindow = [&](hookyard::core::OpenedDatabase opened) {
        auto *window = new hookyard::ui::MainWindow(opened.settings);
        window->setAttribute(Qt::WA_DeleteOnClose);
        // File › Connect… names a database, or empty for the sandbox itself.
        window->setConnector(
            {.open = [openFor](const QString &chosenUrl) { return openFor(chosenUrl, true); },
             .show = [&showWindow](hookyard::core::OpenedDatabase chosen) { showWindow(std::move(chosen)); }});
        if (opened.settings.source != hookyard::core::ConnectionSettings::Source::ManagedCluster)
            hookyard::ui::ConnectionDialog::remember(opened.settings.toUrl());
        databases.push_back(std::move(opened));
        for (const QString &argument : arguments) {
            if (argument.startsWith(u"--view="_s)) {
                for (hookyard::core::View view : hookyard::core::allViews()) {
                    if (hookyard::core::describe(view).key == argument.mid(7))
                        window->showView(view);
                }
            }
        }
        // The simulation writes sandbox-* rows and traffic: only into the sandbox's own cluster, or a database the
        // operator named for it with --sandbox-simulation.
        if (const auto &settings = databases.back().settings;
            settings.source == hookyard::core::ConnectionSettings::Source::ManagedCluster ||
            arguments.contains(u"--sandbox-simulation"_s)) {
            auto sandbox = std::make_unique<hookyard::core::Sandbox>(settings, hookyard::core::SandboxOptions{});
            if (auto started = sandbox->start(); started) {
                window->attachSandbox(sandbox.get());
                QObject::connect(window, &QObject::destroyed, [&simulations, running = sandbox.get()] {
                    std::erase_if(simulations,
                                  [running](const auto &simulation) { return simulation.get() == running; });
                });
                simulations.push_back(std::move(sandbox));
            } else {
                QTextStream(stderr) << "hookyard: the sandbox's simulated partner did not start: " << started.error()
                                    << Qt::endl;
            }
        }
        window->applyOptions(arguments.contains(u"--read-only"_s), arguments.contains(u"--dark"_s));
        if (arguments.contains(u"--local-engine"_s))
            window->showEnginePanel();
        window->show();
    };
    auto first = openFor(hookyard::core::cli::databaseUrlOption(arguments), false);
    if (!first) {
        QTextStream(stderr) << "hookyard: " << first.error() << Qt::endl;
        return hookyard::core::cli::ExitFailure;
    }
    showWindow(std::move(first.value()));

    // SIGTERM/SIGINT close the windows normally, so the sandbox is stopped on the way out.
    hookyard::core::TerminationSignals termination;
    QObject::connect(&termination, &hookyard::core::TerminationSignals::terminationRequested, &app,
                     &QApplication::closeAllWindows);
    return app.exec(); // `databases` stops the sandbox (if it started it) when it goes out of scope
}

} // namespace

int main(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);

    if (hookyard::core::cli::isHeadless(arguments)) {
        QCoreApplication app(argc, argv);
        describeApplication();
        return hookyard::core::cli::run(QCoreApplication::arguments());
    }
    if (const QString error = hookyard::core::cli::consoleArgumentError(arguments); !error.isEmpty()) {
        QTextStream(stderr) << "hookyard: " << error << Qt::endl;
        return hookyard::core::cli::ExitUsage;
    }
    if (!hasDisplay(arguments)) {
        QTextStream(stderr) << "hookyard: no display to open the console on (DISPLAY and WAYLAND_DISPLAY are unset); "
                               "run it in a desktop session, or run a command such as `hookyard receive` (see "
                               "hookyard --help)"
                            << Qt::endl;
        return hookyard::core::cli::ExitFailure;
    }
    return runConsole(argc, argv);
}
