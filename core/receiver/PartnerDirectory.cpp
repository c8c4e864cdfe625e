#include "receiver/PartnerDirectory.h"

#include "db/Database.h"
#include "db/Notifications.h"
#include "inbox/PartnerStore.h"
#include "receiver/IngestQueue.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QThread>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

const QString kChannel = u"hookyard_partners"_s; // a partner or its secrets changed (migration 34)
constexpr int kRequestedReadGapMs = 1000;        // reads asked for by unknown names, at most one per this
constexpr int kReconnectMs = 1000;

} // namespace

PartnerDirectory::PartnerDirectory(ConnectionSettings settings, int refreshMs)
    : m_settings(std::move(settings))
    , m_refreshMs(std::max(1, refreshMs))
    , m_wakeFd(eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
    , m_snapshot(std::make_shared<const Snapshot>())
{}

PartnerDirectory::~PartnerDirectory()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
    }
    const quint64 one = 1;
    if (m_thread) {
        (void)::write(m_wakeFd, &one, sizeof one);
        m_thread->wait();
    }
    ::close(m_wakeFd);
}

void PartnerDirectory::start()
{
    m_thread.reset(QThread::create([this] { run(); }));
    m_thread->setObjectName(u"receiver-partners"_s);
    m_thread->start();
}

PartnerDirectory::Read PartnerDirectory::lastRead() const
{
    QMutexLocker locker(&m_mutex);
    return m_lastRead;
}

std::shared_ptr<const PartnerDirectory::Snapshot> PartnerDirectory::snapshot() const
{
    QMutexLocker locker(&m_mutex);
    return m_snapshot;
}

void PartnerDirectory::requestRead()
{
    {
        QMutexLocker locker(&m_mutex);
        if (m_readRequested)
            return;
        m_readRequested = true;
    }
    const quint64 one = 1;
    (void)::write(m_wakeFd, &one, sizeof one);
}

bool PartnerDirectory::waitFor(int ms, int notificationSocket)
{
    std::array<pollfd, 2> watched{pollfd{m_wakeFd, POLLIN, 0}, pollfd{notificationSocket, POLLIN, 0}};
    (void)::poll(watched.data(), notificationSocket >= 0 ? 2 : 1, ms);
    quint64 wakes = 0;
    (void)::read(m_wakeFd, &wakes, sizeof wakes);
    QMutexLocker locker(&m_mutex);
    return !m_stopping;
}

void PartnerDirectory::run()
{
    std::unique_ptr<Notifications> listening; // the connection the partners are read on, listening for changes
    QElapsedTimer sinceRead; // since the last read that succeeded (or the start): a connection implies one did
    sinceRead.start();
    bool readNow = true;
    QStringList problemsSaid;
    bool failedSinceRead = false;
    const auto fail = [&](const QString &why) {
        listening.reset();
        if (!failedSinceRead) // once per outage (the ingest threads say when the database is back)
            qCWarning(lcReceiver).noquote() << "cannot read the partners, keeping the last ones read:" << why;
        failedSinceRead = true;
    };

    QElapsedTimer sinceTry; // since the last read began
    while (true) {
        if (readNow) {
            sinceTry.start();
            const quint64 number = m_readsStarted.fetch_add(1) + 1;
            bool succeeded = false;
            bool changedMeanwhile = false;
            if (!listening) {
                auto opened = DatabaseConnection::open(m_settings, u"receiver-partners"_s);
                auto listened = opened ? Notifications::listen(std::move(opened.value()), {kChannel})
                                       : Result<std::unique_ptr<Notifications>>(Error{opened.error()});
                if (listened)
                    listening = std::move(listened.value());
                else
                    fail(listened.error());
            }
            if (listening) {
                QStringList problems;
                auto loaded = PartnerStore(listening->connection()).loadActive(&problems);
                // A change committed while the statement ran was queued by libpq, not left on the socket: looked for
                // now, or the wait below would not see it.
                auto queued = loaded ? listening->consume() : Result<QStringList>(Error{loaded.error()});
                if (queued) {
                    // Said once, not at every read: such a partner's webhooks are turned away until it is fixed.
                    for (const QString &problem : std::as_const(problems)) {
                        if (!problemsSaid.contains(problem))
                            qCWarning(lcReceiver).noquote() << problem;
                    }
                    problemsSaid = problems;
                    failedSinceRead = false;
                    succeeded = true;
                    changedMeanwhile = !queued.value().isEmpty();
                    sinceRead.start();
                    auto read = std::make_shared<const Snapshot>(Snapshot{std::move(loaded).value(), problems, true});
                    QMutexLocker locker(&m_mutex);
                    m_snapshot = std::move(read);
                } else {
                    fail(queued.error());
                }
            }
            // Read again at once only after a change seen meanwhile; a failed read waits before the next try.
            readNow = changedMeanwhile;
            {
                QMutexLocker locker(&m_mutex);
                m_lastRead = {number, succeeded};
            }
            if (m_readListener)
                m_readListener();
        }

        // Until the next read: a notification, a read asked for (at most one a second), the refresh, or, without a
        // connection, a second before trying again.
        int waitMs = 0;
        if (!readNow) {
            waitMs = int(
                std::max<qint64>(0, listening ? m_refreshMs - sinceRead.elapsed() : kReconnectMs - sinceTry.elapsed()));
            QMutexLocker locker(&m_mutex);
            if (m_readRequested && listening)
                waitMs = std::min(waitMs, int(std::max<qint64>(0, kRequestedReadGapMs - sinceRead.elapsed())));
        }
        if (!waitFor(waitMs, listening ? listening->socket() : -1))
            return;

        if (listening) {
            auto arrived = listening->consume();
            if (!arrived)
                fail(arrived.error());
            else if (!arrived.value().isEmpty())
                readNow = true;
        }
        if (sinceRead.elapsed() >= m_refreshMs)
            readNow = true;
        {
            QMutexLocker locker(&m_mutex);
            if (m_readRequested && sinceRead.elapsed() >= kRequestedReadGapMs) {
                m_readRequested = false;
                readNow = true;
            }
        }
        // Without a connection, a new one is tried once a second, whatever asks for a read meanwhile.
        if (!listening)
            readNow = sinceTry.elapsed() >= kReconnectMs;
    }
}

} // namespace hookyard::core
