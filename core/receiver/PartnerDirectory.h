#pragma once

#include "db/ConnectionSettings.h"
#include "inbox/PartnerConfig.h"

#include <QHash>
#include <QMutex>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace hookyard::core {

// The partners a receiver verifies requests for, as last read from the database. They are read on a thread of their
// own, over a connection of their own: at start, as soon as a partner or its secrets change (NOTIFY hookyard_partners,
// migration 34), every refreshMs in case a notification was missed, and soon after a request named a partner the
// snapshot lacks (at most once a second, so that random names in URLs do not turn into a query each). The HTTP thread
// only reads the snapshot: a database that stops answering holds up no request head, /health or /metrics (found by an
// adversarial helper: with PostgreSQL stopped by SIGSTOP, the read on the HTTP thread froze the whole server).
class PartnerDirectory final
{
public:
    struct Snapshot
    {
        QHash<QString, PartnerConfig> partners;
        QStringList problems; // partners left out because their stored configuration does not parse
        bool read = false;    // false until a first read succeeded: nothing is known yet
    };

    // A read of the partners, by its number (1 for the first started), and whether it succeeded.
    struct Read
    {
        quint64 number = 0; // 0: none has finished yet
        bool succeeded = false;
    };

    PartnerDirectory(ConnectionSettings settings, int refreshMs);
    ~PartnerDirectory();
    Q_DISABLE_COPY_MOVE(PartnerDirectory)

    // Runs on the directory's thread after every read, whether it succeeded or failed. Set before start().
    void setReadListener(std::function<void()> listener) { m_readListener = std::move(listener); }
    // Starts reading, on the directory's thread; returns at once.
    void start();
    // Thread-safe: the reads started so far. A read numbered above what this returned began after the call.
    quint64 readsStarted() const { return m_readsStarted.load(); }
    // Thread-safe: the latest read to finish.
    Read lastRead() const;
    // Thread-safe; never null.
    std::shared_ptr<const Snapshot> snapshot() const;
    // Thread-safe: a request named a partner the snapshot lacks.
    void requestRead();

private:
    void run();
    // Waits up to `ms` for a notification, a requested read or the stop; returns false when stopping.
    bool waitFor(int ms, int notificationSocket);

    ConnectionSettings m_settings;
    int m_refreshMs;
    int m_wakeFd = -1; // an eventfd: requestRead() and the destructor interrupt the thread's wait
    mutable QMutex m_mutex;
    bool m_readRequested = false;
    bool m_stopping = false;
    std::shared_ptr<const Snapshot> m_snapshot;
    Read m_lastRead;
    std::function<void()> m_readListener;
    std::atomic<quint64> m_readsStarted{0};
    std::unique_ptr<QThread> m_thread;
};

} // namespace hookyard::core
