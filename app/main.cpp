// hookyard: the console by default; a headless engine command when one is named (see --help).

#include "MainWindow.h"
#include "cli/CommandLine.h"
#include "console/ViewQueries.h"
#include "db/DatabaseSetup.h"
#include "db/ManagedCluster.h"
#include "util/TerminationSignals.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTextStream>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace {

void describeApplication()
{
    QCoreApplication::setOrganizationName(u"Hookyard"_s);
    QCoreApplication::setApplicationName(u"hookyard"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(HOOKYARD_VERSION));
}

int runConsole(int argc, char **argv)
{
    QApplication app(argc, argv);
    describeApplication();

    QTranslator translator;
    if (translator.load(QLocale(), u"hookyard"_s, u"_"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(&translator);

    if (const QString notice = hookyard::core::ManagedCluster::privilegeNotice(); !notice.isEmpty())
        QTextStream(stderr) << "hookyard: " << notice << Qt::endl;
    auto opened = hookyard::core::openDatabase(hookyard::core::cli::databaseUrlOption(QCoreApplication::arguments()),
                                               hookyard::core::WhenUnconfigured::StartSandbox);
    if (!opened) {
        QTextStream(stderr) << "hookyard: " << opened.error() << Qt::endl;
        return hookyard::core::cli::ExitFailure;
    }

    // SIGTERM/SIGINT close the window normally, so the sandbox is stopped on the way out.
    hookyard::core::TerminationSignals termination;
    QObject::connect(&termination, &hookyard::core::TerminationSignals::terminationRequested, &app,
                     &QCoreApplication::quit);

    hookyard::ui::MainWindow window(opened.value().settings);
    const QStringList arguments = QCoreApplication::arguments();
    for (const QString &argument : arguments) {
        if (argument.startsWith(u"--view="_s)) {
            for (hookyard::core::View view : hookyard::core::allViews()) {
                if (hookyard::core::describe(view).key == argument.mid(7))
                    window.showView(view);
            }
        }
    }
    window.applyOptions(arguments.contains(u"--read-only"_s), arguments.contains(u"--dark"_s));
    window.show();
    return app.exec(); // `opened` stops the sandbox (if it started it) when it goes out of scope
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
    return runConsole(argc, argv);
}
