#include "relay/BackgroundLoop.h"

#include "relay/HttpTransfers.h"

#include <QThread>

#include <openssl/crypto.h>

namespace hookyard::core {

BackgroundLoop::BackgroundLoop(QString threadName)
    : m_threadName(std::move(threadName))
{}

void BackgroundLoop::start()
{
    Q_ASSERT(!m_thread);
    m_thread = QThread::create([this] {
        const QString reason = runLoop();
        // This thread's OpenSSL state (signing allocates it) is freed now, while the process still waits for the
        // thread. Left to the thread-exit destructor, which runs after wait() has returned, it could come after an
        // exiting process cleaned OpenSSL up, and leak (LeakSanitizer saw 904 bytes, one thread's error queue).
        OPENSSL_thread_stop();
        Q_EMIT stopped(reason);
    });
    m_thread->setObjectName(m_threadName);
    m_thread->setParent(this);
    m_thread->start();
}

void BackgroundLoop::requestStop()
{
    m_stopRequested = true;
    wakeUp();
}

bool BackgroundLoop::waitUntilStopped(int timeoutMs)
{
    return !m_thread || m_thread->wait(QDeadlineTimer(timeoutMs));
}

void BackgroundLoop::wakeUp()
{
    m_wakeRequested = true;
    QMutexLocker locker(&m_wakeMutex);
    if (m_transfers)
        m_transfers->wakeUp();
}

void BackgroundLoop::stopAndWait()
{
    if (m_thread) {
        requestStop();
        m_thread->wait();
    }
}

void BackgroundLoop::setTransfers(HttpTransfers *transfers)
{
    QMutexLocker locker(&m_wakeMutex);
    m_transfers = transfers;
}

} // namespace hookyard::core
