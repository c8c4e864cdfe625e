#include "db/Database.h"

#include <QAtomicInteger>
#include <QSqlDriver>
#include <QSqlError>
#include <QStringList>

#include <libpq-fe.h>
#include <poll.h>

#include <vector>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {
QAtomicInteger<quint64> connectionCounter;

// A failed libpq result as an Error (and the result freed): the server's message and its detail, not its CONTEXT,
// which quotes a statement's parameters (a webhook's whole body) and names them as "unnamed portal parameter $5",
// meaning nothing to whoever reads it.
Error resultError(PGconn *pg, PGresult *result)
{
    const char *primary = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const char *detail = result ? PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL) : nullptr;
    QString text = primary ? QString::fromUtf8(primary) : QString();
    if (detail)
        text += u" ("_s + QString::fromUtf8(detail) + u')';
    if (text.trimmed().isEmpty())
        text = QString::fromUtf8(PQerrorMessage(pg));
    const QByteArray sqlState(result ? PQresultErrorField(result, PG_DIAG_SQLSTATE) : nullptr);
    if (result)
        PQclear(result);
    return Error{text.replace(u'\n', u' ').simplified(), sqlState};
}
} // namespace

QString oneLine(const QSqlError &error)
{
    QString text = error.databaseText().trimmed();
    if (text.isEmpty())
        text = error.driverText().trimmed();
    // Seen after PostgreSQL restarted under a connection that QPSQL still took for open.
    if (text.isEmpty())
        return u"no reason given by the driver (the connection to PostgreSQL was probably lost)"_s;
    // A line that ends a sentence without saying so ("…failed: Connection refused", then "Is the server running…?")
    // gets its full stop; a line that wraps mid-sentence goes on with a space.
    QString joined;
    for (const QString &line : text.split(u'\n', Qt::SkipEmptyParts)) {
        const QString part = line.simplified();
        if (part.isEmpty())
            continue;
        if (!joined.isEmpty()) {
            if (part.front().isUpper() && !QStringView(u".:;?!,").contains(joined.back()))
                joined += u'.';
            joined += u' ';
        }
        joined += part;
    }
    return joined;
}

QDateTime toUtc(const QVariant &value)
{
    return value.isNull() ? QDateTime() : value.toDateTime().toUTC();
}

QString joinInts(const QList<int> &values)
{
    QStringList parts;
    for (int value : values)
        parts << QString::number(value);
    return parts.join(u',');
}

PreparedRows::PreparedRows(pg_result *result)
    : m_result(result, PQclear)
{}

int PreparedRows::rowCount() const
{
    return PQntuples(m_result.get());
}

bool PreparedRows::isNull(int row, int column) const
{
    return PQgetisnull(m_result.get(), row, column) != 0;
}

QByteArray PreparedRows::value(int row, int column) const
{
    if (isNull(row, column))
        return {};
    return QByteArray(PQgetvalue(m_result.get(), row, column), PQgetlength(m_result.get(), row, column));
}

DatabaseConnection::DatabaseConnection(QString name, ConnectionSettings settings)
    : m_name(std::move(name))
    , m_settings(std::move(settings))
{}

DatabaseConnection::~DatabaseConnection()
{
    const pg_conn *pg = libpq();
    if (pg && PQstatus(pg) == CONNECTION_OK && !m_transactionQueries.isEmpty()) {
        rollback(); // a transaction left open ends with the connection anyway; its statements can then be freed
        releaseTransactionQueries();
    }
    QSqlDatabase::database(m_name, false).close();
    // The driver goes with it: the queries still held (those of a dead session among them) free nothing after this.
    QSqlDatabase::removeDatabase(m_name);
}

Result<std::unique_ptr<DatabaseConnection>> DatabaseConnection::open(const ConnectionSettings &settings,
                                                                     const QString &purpose)
{
    if (!QSqlDatabase::isDriverAvailable(u"QPSQL"_s))
        return Error{u"the Qt PostgreSQL driver (QPSQL) is not installed: install libqt6sql6-psql"_s};

    const QString name = u"hookyard-%1-%2"_s.arg(purpose).arg(++connectionCounter);
    // Each session is named for what it does, "hookyard-relay-listen", with the URL's application_name in place of
    // "hookyard" when it has one: the console counts the relays, workers and receivers running by these names
    // (collectStats), and a DBA sees which session is which. PostgreSQL keeps 63 bytes of printable ASCII (it turns
    // other bytes into '?'), so the prefix is shortened to keep the purpose whole.
    ConnectionSettings named = settings;
    QString prefix = u"hookyard"_s;
    named.options.removeIf([&prefix](const std::pair<QString, QString> &option) {
        if (option.first != u"application_name")
            return false;
        prefix = option.second;
        return true;
    });
    for (QChar &character : prefix) {
        if (character.unicode() < 0x20 || character.unicode() > 0x7e)
            character = u'?';
    }
    named.options.prepend({u"connect_timeout"_s, u"10"_s}); // before the URL's options: a connect_timeout there wins
    named.options.prepend({u"application_name"_s, prefix.left(62 - purpose.size()) + u'-' + purpose});
    const QString options = named.driverOptions();

    // Owned before open() so that a failed connection is still removed from QSqlDatabase's registry.
    std::unique_ptr<DatabaseConnection> connection(new DatabaseConnection(name, settings));
    QString failure;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
        db.setHostName(settings.host);
        if (settings.port > 0)
            db.setPort(settings.port);
        db.setDatabaseName(settings.database);
        db.setUserName(settings.user);
        db.setPassword(settings.password);
        db.setConnectOptions(options);
        if (!db.open())
            failure = oneLine(db.lastError());
    }
    if (!failure.isEmpty())
        return Error{u"cannot connect to PostgreSQL (%1): %2"_s.arg(settings.describe(), failure)};
    // The server's notices ("relation ... already exists, skipping" from concurrent migrations, found by an
    // adversarial helper) are not for the person running a command: QPSQL would print each on stderr.
    if (pg_conn *pg = connection->libpq())
        PQsetNoticeProcessor(
            pg, [](void *, const char *) {}, nullptr);
    // The producers' TIMESTAMP columns (webhook_inbox.received_at, outbox_events.created_at) hold their writer's
    // local time, and Hookyard reads them in its session's zone: the database's own, which producers' sessions use
    // too. A zone this client chose (the URL's options=-c TimeZone=…, PGOPTIONS, PGTZ) shifted every such time and
    // every --since filter by the difference (found by an adversarial helper), so it is refused rather than guessed.
    auto zone = connection->exec(
        u"SELECT setting FROM pg_settings WHERE name = 'TimeZone' AND source IN ('client', 'session')"_s);
    if (!zone)
        return Error{u"cannot read the connection's time zone (%1): %2"_s.arg(settings.describe(), zone.error())};
    if (zone.value().next())
        return Error{u"the connection (%1) sets its own time zone, '%2' (options=-c TimeZone=… in the URL, PGOPTIONS "
                     "or PGTZ): Hookyard reads the producers' times in the database's own zone, and would shift them "
                     "by the difference; leave TimeZone to the database"_s.arg(settings.describe(),
                                                                               zone.value().value(0).toString())};
    return connection;
}

namespace {
constexpr qsizetype kMostKeptQueries = 32; // DatabaseConnection::m_transactionQueries
} // namespace

Result<QSqlQuery> DatabaseConnection::exec(const QString &sql, const QVariantList &values) const
{
    // QtSql would fail too, and print "QSqlQuery::exec: database not open" among Hookyard's own lines (found by an
    // adversarial helper, in a receiver's log after its database stopped).
    if (!database().isOpen())
        return Error{u"the connection to the database is closed"_s};
    pg_conn *pg = libpq();
    const bool inTransaction = pg && PQtransactionStatus(pg) != PQTRANS_IDLE;
    if (!inTransaction)
        releaseTransactionQueries(); // their transaction has ended (one inTransaction() did not run)
    QSqlQuery query(database());
    // Without values the text is sent as is: PostgreSQL cannot PREPARE utility statements (DDL, SHOW, DO).
    if (values.size() == 0) {
        if (!query.exec(sql))
            return Error{oneLine(query.lastError())};
        return query;
    }
    if (!query.prepare(sql))
        return Error{oneLine(query.lastError())};
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (inTransaction) {
        m_transactionQueries.append(query);
        // Bounded, so that a long transaction does not hold every result it read: the oldest is let go while the
        // transaction is still sound (its statement is freed now, or by the caller's copy, most likely also soon).
        if (m_transactionQueries.size() > kMostKeptQueries && PQtransactionStatus(pg) == PQTRANS_INTRANS)
            m_transactionQueries.removeFirst();
    }
    if (!query.exec()) {
        if (pg && PQstatus(pg) != CONNECTION_OK)
            m_queriesOfADeadSession.append(query);
        return Error{oneLine(query.lastError())};
    }
    return query;
}

void DatabaseConnection::releaseTransactionQueries() const
{
    // A dead session's statements cannot be freed: they are let go with the driver (m_queriesOfADeadSession).
    if (const pg_conn *pg = libpq(); pg && PQstatus(pg) != CONNECTION_OK)
        m_queriesOfADeadSession.append(std::exchange(m_transactionQueries, {}));
    m_transactionQueries.clear();
}

void DatabaseConnection::rollback() const
{
    if (QSqlDatabase db = database(); db.isOpen())
        db.rollback();
}

Result<int> countUndone(const DatabaseConnection &connection, const QString &sql, const QVariantList &values)
{
    if (auto saved = connection.exec(u"SAVEPOINT dry_run"_s); !saved)
        return Error{saved.error()};
    auto rows = connection.exec(sql, values);
    if (!rows)
        return Error{rows.error()};
    int count = 0;
    while (rows.value().next())
        ++count;
    if (auto undone = connection.exec(u"ROLLBACK TO SAVEPOINT dry_run"_s); !undone)
        return Error{undone.error()};
    return count;
}

pg_conn *DatabaseConnection::libpq() const
{
    const QVariant handle = database().driver()->handle();
    // QPSQL wraps the PGconn* in a QVariant whose type name is the struct's, "pg_conn*" (Qt 6.4), not the typedef.
    if (!handle.isValid() ||
        (qstrcmp(handle.typeName(), "pg_conn*") != 0 && qstrcmp(handle.typeName(), "PGconn*") != 0))
        return nullptr;
    return *static_cast<PGconn *const *>(handle.constData());
}

bool DatabaseConnection::isLost() const
{
    PGconn *pg = libpq();
    if (!pg)
        return !database().isOpen();
    if (PQstatus(pg) != CONNECTION_OK)
        return true;
    pollfd socket{.fd = PQsocket(pg), .events = POLLIN, .revents = 0};
    if (poll(&socket, 1, 0) <= 0)
        return false; // the server has sent nothing since the last statement's answer
    // A server that ends the session first sends its reason (a FATAL message) and then closes the socket: one read
    // may take the message and only the next sees the end of the stream, when libpq marks the connection bad.
    for (int read = 0; read < 2 && PQstatus(pg) == CONNECTION_OK; ++read)
        PQconsumeInput(pg);
    return PQstatus(pg) != CONNECTION_OK;
}

Result<PreparedRows> DatabaseConnection::execPrepared(const QByteArray &name, const QString &sql,
                                                      const QList<QByteArray> &values, ParameterFormat format) const
{
    PGconn *pg = libpq();
    if (!pg || !database().isOpen())
        return Error{u"not connected to PostgreSQL"_s};
    const auto failure = [pg](PGresult *result) { return resultError(pg, result); };
    if (!m_prepared.contains(name)) {
        PGresult *prepared = PQprepare(pg, name.constData(), sql.toUtf8().constData(), 0, nullptr);
        if (PQresultStatus(prepared) != PGRES_COMMAND_OK)
            return failure(prepared);
        PQclear(prepared);
        m_prepared.insert(name);
    }
    std::vector<const char *> pointers;
    std::vector<int> lengths; // read by libpq for binary values only
    pointers.reserve(values.size());
    lengths.reserve(values.size());
    for (const QByteArray &value : values) {
        pointers.push_back(value.isNull() ? nullptr : value.constData());
        lengths.push_back(int(value.size()));
    }
    const std::vector<int> formats(values.size(), format == ParameterFormat::Binary ? 1 : 0);
    PGresult *result =
        PQexecPrepared(pg, name.constData(), int(pointers.size()), pointers.data(), lengths.data(), formats.data(), 0);
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK)
        return failure(result);
    return PreparedRows(result);
}

// Through libpq: PQexec stops at a script's first failing statement and returns its error. (QSqlQuery::exec reported
// only the first statement's result, so a migration that failed half-way was said to have failed at the statement
// after it, "current transaction is aborted", with the reason left in the server's log; found by an adversarial
// helper.)
Status DatabaseConnection::execScript(const QString &sql) const
{
    PGconn *pg = libpq();
    if (!pg || !database().isOpen())
        return Error{u"not connected to PostgreSQL"_s};
    PGresult *result = PQexec(pg, sql.toUtf8().constData());
    const ExecStatusType status = PQresultStatus(result);
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK && status != PGRES_EMPTY_QUERY)
        return resultError(pg, result);
    PQclear(result);
    return success();
}

} // namespace hookyard::core
