#pragma once

#include <QByteArray>
#include <QStringList>

namespace hookyard::test {

// What a run of the real `hookyard` binary (HOOKYARD_BINARY, set by ctest) printed and returned.
struct HookyardRun
{
    int exitCode = -1; // -1 when it did not finish within a minute
    QByteArray out;
    QByteArray err;
};

// Runs the binary with `arguments`, without any HOOKYARD_DATABASE_URL of the test's own environment.
HookyardRun runHookyard(const QStringList &arguments);

} // namespace hookyard::test
