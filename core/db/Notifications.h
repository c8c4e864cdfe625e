#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QString>

#include <memory>

namespace hookyard::core {

// LISTEN on one channel over a connection of its own, for a loop that sleeps on sockets (curl_multi_poll) and claims
// work as soon as a NOTIFY arrives.
class Notifications final
{
public:
    // LISTENs on `channel` over `connection`, which it keeps. The channel is spliced into the statement: pass a
    // constant, never input.
    static Result<std::unique_ptr<Notifications>> listen(std::unique_ptr<DatabaseConnection> connection,
                                                         const QString &channel);
    Q_DISABLE_COPY_MOVE(Notifications)

    // The connection's socket, to wait on for readability; -1 when the driver does not tell it.
    int socket() const { return m_socket; }
    // Reads what arrived: true when at least one notification did. An error means the connection broke.
    Result<bool> consume();

private:
    explicit Notifications(std::unique_ptr<DatabaseConnection> connection);
    std::unique_ptr<DatabaseConnection> m_connection;
    int m_socket = -1;
};

} // namespace hookyard::core
