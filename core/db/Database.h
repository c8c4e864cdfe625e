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

#include <initializer_list>
#include <memory>

namespace hookyard::core {

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
    Result<QSqlQuery> exec(const QString &sql, std::initializer_list<QVariant> values = {}) const;
    // Runs SQL text that may hold several statements and no parameters (migrations, DDL).
    Status execScript(const QString &sql) const;

private:
    DatabaseConnection(QString name, ConnectionSettings settings);
    QString m_name;
    ConnectionSettings m_settings;
};

// A libpq/driver error as one line without newlines or the "QPSQL: Unable to connect" prefix noise.
QString oneLine(const QSqlError &error);

// A timestamptz column's value in UTC; invalid for NULL.
QDateTime toUtc(const QVariant &value);
// "60,300,600": QPSQL binds no arrays, so integer arrays go in as text through string_to_array(?, ',')::integer[].
QString joinInts(const QList<int> &values);

// Runs `work` (returning a Result or Status) in one transaction on `connection`: committed when it succeeds,
// rolled back when it returns an error or the commit fails.
template<typename Work> auto inTransaction(const DatabaseConnection &connection, Work work) -> decltype(work())
{
    QSqlDatabase db = connection.database();
    if (!db.transaction())
        return Error{oneLine(db.lastError())};
    auto result = work();
    if (!result) {
        db.rollback();
        return result;
    }
    if (!db.commit()) {
        const QString why = oneLine(db.lastError());
        db.rollback();
        return Error{why};
    }
    return result;
}

} // namespace hookyard::core
