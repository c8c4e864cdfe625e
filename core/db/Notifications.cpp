#include "db/Notifications.h"

#include <libpq-fe.h>

using namespace Qt::StringLiterals;

namespace hookyard::core {

Notifications::Notifications(std::unique_ptr<DatabaseConnection> connection)
    : m_connection(std::move(connection))
{
    if (PGconn *pg = m_connection->libpq())
        m_socket = PQsocket(pg);
}

Result<std::unique_ptr<Notifications>> Notifications::listen(std::unique_ptr<DatabaseConnection> connection,
                                                             const QStringList &channels)
{
    for (const QString &channel : channels) {
        if (auto listening = connection->execScript(u"LISTEN "_s + channel); !listening)
            return Error{listening.error()};
    }
    return std::unique_ptr<Notifications>(new Notifications(std::move(connection)));
}

Result<QStringList> Notifications::consume()
{
    PGconn *pg = m_connection->libpq();
    if (!pg)
        return QStringList();
    if (PQconsumeInput(pg) == 0)
        return Error{u"lost the LISTEN connection: "_s + QString::fromUtf8(PQerrorMessage(pg)).simplified()};
    QStringList channels;
    while (PGnotify *notification = PQnotifies(pg)) {
        const QString channel = QString::fromUtf8(notification->relname);
        if (!channels.contains(channel))
            channels << channel;
        PQfreemem(notification);
    }
    return channels;
}

Status Notifications::notify(const QString &channel)
{
    return m_connection->execScript(u"NOTIFY "_s + channel);
}

} // namespace hookyard::core
