#pragma once

#include "db/ConnectionSettings.h"
#include "util/Result.h"

#include <QDateTime>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <QByteArray>
#include <QSet>

#include <initializer_list>
#include <memory>

struct pg_conn;   // libpq's PGconn
struct pg_result; // libpq's PGresult

namespace hookyard::core {

// The rows of a statement run through libpq directly (execPrepared): values in PostgreSQL's text output format.
class PreparedRows final
{
public:
    explicit PreparedRows(pg_result *result);
    int rowCount() const;
    bool isNull(int row, int column) const;
    QByteArray value(int row, int column) const; // a null QByteArray for NULL
    QString text(int row, int column) const { return QString::fromUtf8(value(row, column)); }
    qint64 integer(int row, int column) const { return value(row, column).toLongLong(); }

private:
    std::shared_ptr<pg_result> m_result;
};

// A QSqlDatabase connection owned by one thread (QtSql connections must not cross threads). The connection is
// removed from QSqlDatabase's registry when the handle is destroyed.
class DatabaseConnection final
{
public:
    // Opens a new connection; the error is one line: where we tried to connect and libpq's reason.
    static Result<std::unique_ptr<DatabaseConnection>> open(const ConnectionSettings &settings, const QString &purpose);
    ~DatabaseConnection();
    Q_DISABLE_COPY_MOVE(DatabaseConnection)

    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }
    const ConnectionSettings &settings() const { return m_settings; }

    // Prepares and runs one statement with positional bound values ('?' placeholders).
    Result<QSqlQuery> exec(const QString &sql, const QVariantList &values = {}) const;
    // Runs SQL text that may hold several statements and no parameters (migrations, DDL).
    Status execScript(const QString &sql) const;

    // For statements a loop runs thousands of times: `sql` ($1, $2, ... placeholders) is prepared under `name` the
    // first time this connection runs it and kept, so it is parsed once and sent as one round trip after that.
    // (QPSQL's exec() sends every bound statement as PREPARE, EXECUTE and DEALLOCATE, analysed and planned anew.)
    // Values are text in PostgreSQL's input syntax, or all in the types' binary format (BinaryArray) with
    // ParameterFormat::Binary; a null QByteArray is NULL. Runs in the connection's current transaction, like exec().
    enum class ParameterFormat
    {
        Text,
        Binary,
    };
    Result<PreparedRows> execPrepared(const QByteArray &name, const QString &sql, const QList<QByteArray> &values,
                                      ParameterFormat format = ParameterFormat::Text) const;

    // The libpq connection behind QPSQL, or nullptr when the driver does not expose it.
    pg_conn *libpq() const;

    // Whether PostgreSQL has closed this connection since its last statement (a restart, a failover, an idle
    // timeout). It only looks at what the server has already sent, without waiting and without a round trip, so it
    // is cheap enough to ask before every use of a connection that may have sat idle. A server gone silent on a dead
    // network still reads as connected. Not for a connection that LISTENs through the driver: input read here would
    // no longer wake the driver's notification handling.
    bool isLost() const;

    // Lets the statements exec() prepared in the transaction that has just ended be freed.
    void releaseTransactionQueries() const;
    // Rolls back the transaction in progress, if any; a connection PostgreSQL cut has none left (and QPSQL would print
    // "rollbackTransaction: Database not open" for trying).
    void rollback() const;

private:
    DatabaseConnection(QString name, ConnectionSettings settings);
    QString m_name;
    ConnectionSettings m_settings;
    // QPSQL frees a query's prepared statement when the query is destroyed, and PostgreSQL refuses that in a
    // transaction a failure has aborted: the statement then stays for the session's life and the driver prints
    // "Unable to free statement" on stderr (found by trying a read-only role). So exec() keeps a handle on the last
    // queries it ran in a transaction until the transaction has ended.
    mutable QList<QSqlQuery> m_transactionQueries;
    // Queries whose statement failed because the connection died: freeing their prepared statements fails and QPSQL
    // prints "Unable to free statement: no connection to the server" for each (found by an adversarial helper: 207
    // lines in a worker's log after a PostgreSQL restart). They are let go only after the driver is gone, which then
    // frees nothing: the statements died with the session.
    mutable QList<QSqlQuery> m_queriesOfADeadSession;
    mutable QSet<QByteArray> m_prepared; // statement names prepared on this connection (a reconnect is a new object)
};

// A libpq/driver error as one line without newlines or the "QPSQL: Unable to connect" prefix noise.
QString oneLine(const QSqlError &error);

// A timestamptz column's value in UTC; invalid for NULL.
QDateTime toUtc(const QVariant &value);
// "60,300,600": QPSQL binds no arrays, so integer arrays go in as text through string_to_array(?, ',')::integer[].
QString joinInts(const QList<int> &values);

// For dry runs, inside a transaction: runs `sql`, which returns one row per row it changes, in a savepoint it then
// rolls back, and returns how many rows it returned. What a dry run counts is what the statement itself would take.
Result<int> countUndone(const DatabaseConnection &connection, const QString &sql, const QVariantList &values);

// Runs `work` (returning a Result or Status) in one transaction on `connection`: committed when it succeeds,
// rolled back when it returns an error or the commit fails.
template<typename Work> auto inTransaction(const DatabaseConnection &connection, Work work) -> decltype(work())
{
    QSqlDatabase db = connection.database();
    if (!db.transaction())
        return Error{oneLine(db.lastError())};
    // A connection PostgreSQL cut is closed already, with no transaction left to roll back.
    auto result = work();
    if (!result) {
        connection.rollback();
        connection.releaseTransactionQueries();
        return result;
    }
    if (!db.commit()) {
        const QString why = oneLine(db.lastError());
        connection.rollback();
        connection.releaseTransactionQueries();
        return Error{why};
    }
    connection.releaseTransactionQueries();
    return result;
}

} // namespace hookyard::core
