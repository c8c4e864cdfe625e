#include "db/Notifications.h"

#include <QSqlDriver>

#include <libpq-fe.h>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

PGconn *libpqHandle(const DatabaseConnection &connection)
{
    const QVariant handle = connection.database().driver()->handle();
    // QPSQL wraps the PGconn* in a QVariant whose type name is the struct's, "pg_conn*" (Qt 6.4), not the typedef.
    if (!handle.isValid() ||
        (qstrcmp(handle.typeName(), "pg_conn*") != 0 && qstrcmp(handle.typeName(), "PGconn*") != 0))
        return nullptr;
    return *static_cast<PGconn *const *>(handle.constData());
}

} // namespace

Notifications::Notifications(std::unique_ptr<DatabaseConnection> connection)
    : m_connection(std::move(connection))
{
    if (PGconn *pg = libpqHandle(*m_connection))
        m_socket = PQsocket(pg);
}

Result<std::unique_ptr<Notifications>> Notifications::listen(std::unique_ptr<DatabaseConnection> connection,
                                                             const QString &channel)
{
    if (auto listening = connection->execScript(u"LISTEN "_s + channel); !listening)
        return Error{listening.error()};
    return std::unique_ptr<Notifications>(new Notifications(std::move(connection)));
}

Result<bool> Notifications::consume()
{
    PGconn *pg = libpqHandle(*m_connection);
    if (!pg)
        return false;
    if (PQconsumeInput(pg) == 0)
        return Error{u"lost the LISTEN connection: "_s + QString::fromUtf8(PQerrorMessage(pg)).trimmed()};
    bool arrived = false;
    while (PGnotify *notification = PQnotifies(pg)) {
        PQfreemem(notification);
        arrived = true;
    }
    return arrived;
}

} // namespace hookyard::core
