#pragma once

#include "db/ConnectionSettings.h"
#include "util/Result.h"

#include <QString>
#include <QStringList>

namespace hookyard::core {

// A private PostgreSQL cluster that Hookyard creates and runs itself: the sandbox the console opens when no
// database is configured, and the throwaway cluster of a test run.
//
// It listens on a unix socket only (no TCP port to collide with or expose), in a directory only its owner can
// enter, with trust authentication for the "hookyard" superuser. initdb refuses to run as root, so as root every
// server command runs as the "postgres" system user through runuser, on a data directory that user owns.
class ManagedCluster final
{
public:
    struct Options
    {
        QString dataDir;
        // Tests trade crash safety for speed (fsync off); the sandbox keeps PostgreSQL's durable defaults.
        bool durable = true;
    };

    explicit ManagedCluster(Options options);

    // The sandbox's home: the user's data directory, or /var/lib/hookyard/sandbox for root (whose home the
    // postgres user cannot enter).
    static QString defaultDataDir();
    // Why this process runs the server as another user, or empty.
    static QString privilegeNotice();

    // Creates the cluster if there is none, clears a postmaster.pid left by a crash, starts the server unless it
    // already runs, and makes sure the "hookyard" database exists. startedHere() tells whether this call started it.
    Status start();
    Status stop();
    bool isRunning() const;
    bool startedHere() const { return m_startedHere; }

    // The postmaster's process id from postmaster.pid, or 0.
    qint64 postmasterPid() const;
    QString dataDir() const { return m_options.dataDir; }
    QString socketDir() const;
    QString logFile() const;
    ConnectionSettings settings(const QString &database = QStringLiteral("hookyard")) const;

private:
    struct CommandOutput
    {
        int exitCode = -1;
        QString output;
    };
    CommandOutput runServerCommand(const QString &tool, const QStringList &arguments, int timeoutMs = 120000) const;
    Status prepareDirectory(const QString &path) const;
    Status initialise();
    Status writeServerConfiguration() const;
    bool postmasterAlive() const;
    void removeStalePidFile() const;
    Status createHookyardDatabase() const;
    QString logTail() const;

    Options m_options;
    bool m_startedHere = false;
};

} // namespace hookyard::core
