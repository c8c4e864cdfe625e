#pragma once

#include <QMutex>
#include <QObject>
#include <QString>

#include <atomic>

class QThread;

namespace hookyard::core {

class HttpTransfers;

// A loop on a thread of its own that sleeps in HttpTransfers::wait (the relay, the inbox worker), and how other
// threads start, wake and stop it. The public methods are thread-safe.
class BackgroundLoop : public QObject
{
    Q_OBJECT
public:
    Q_DISABLE_COPY_MOVE(BackgroundLoop)

    void start();
    // Asks the loop to finish what it has in progress and return; then `stopped`.
    void requestStop();
    bool waitUntilStopped(int timeoutMs);
    // Claim now instead of at the next poll (e.g. after an injected clock moved forward).
    void wakeUp();

Q_SIGNALS:
    // Emitted from the loop's thread when it has stopped; error is empty after a clean stop.
    void stopped(const QString &error);

protected:
    explicit BackgroundLoop(QString threadName);
    ~BackgroundLoop() override = default;

    // The loop, on its own thread: returns the error (or "") once a stop was requested and done.
    virtual QString runLoop() = 0;
    // Derived destructors call this first: the loop uses their members.
    void stopAndWait();
    bool stopRequested() const { return m_stopRequested.load(); }
    // True once after each wakeUp().
    bool takeWakeRequest() { return m_wakeRequested.exchange(false); }
    // The transfers the loop sleeps in while it runs (nullptr once they are gone), for wakeUp to interrupt.
    void setTransfers(HttpTransfers *transfers);

private:
    QString m_threadName;
    QThread *m_thread = nullptr;
    std::atomic<bool> m_stopRequested{false};
    std::atomic<bool> m_wakeRequested{false};
    QMutex m_wakeMutex; // guards m_transfers against the loop tearing it down
    HttpTransfers *m_transfers = nullptr;
};

} // namespace hookyard::core
