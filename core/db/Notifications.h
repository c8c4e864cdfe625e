#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace hookyard::core {

// LISTEN on one or more channels over a connection of its own, for a loop that sleeps on sockets (curl_multi_poll) and
// claims work as soon as a NOTIFY arrives.
class Notifications final
{
public:
    // LISTENs on `channels` over `connection`, which it keeps. The channels are spliced into the statement: pass
    // constants, never input.
    static Result<std::unique_ptr<Notifications>> listen(std::unique_ptr<DatabaseConnection> connection,
                                                         const QStringList &channels);
    Q_DISABLE_COPY_MOVE(Notifications)

    // The connection's socket, to wait on for readability; -1 when the driver does not tell it.
    int socket() const { return m_socket; }
    // The connection listened on, for statements between the waits (notifications arriving meanwhile are kept).
    const DatabaseConnection &connection() const { return *m_connection; }
    // Reads what arrived: the channels with at least one notification, each once. An error means the connection
    // broke.
    Result<QStringList> consume();
    // Sends a NOTIFY on `channel` (a constant, spliced into the statement) from this connection, in a transaction of
    // its own that writes nothing, so it is not held up by a WAL flush. Call consume() after it: what arrived while
    // the statement ran is already read off the socket.
    Status notify(const QString &channel);

private:
    explicit Notifications(std::unique_ptr<DatabaseConnection> connection);
    std::unique_ptr<DatabaseConnection> m_connection;
    int m_socket = -1;
};

} // namespace hookyard::core
