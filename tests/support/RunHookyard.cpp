#include "RunHookyard.h"

#include <QProcess>

using namespace Qt::StringLiterals;

namespace hookyard::test {

HookyardRun runHookyard(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"HOOKYARD_DATABASE_URL"_s);
    process.setProcessEnvironment(environment);
    process.start(qEnvironmentVariable("HOOKYARD_BINARY"), arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError()};
}

} // namespace hookyard::test
