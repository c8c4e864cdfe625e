#include "db/Migrator.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// Arbitrary but fixed: the 64-bit advisory-lock key all Hookyard migrators agree on ("Hookyard" in ASCII).
constexpr qint64 kMigrationLockKey = 0x486F6F6B79617264;

const QString kCreateVersionTable = u"CREATE TABLE IF NOT EXISTS hookyard_schema_version ("
                                    " version INTEGER PRIMARY KEY,"
                                    " name TEXT NOT NULL,"
                                    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"_s;

} // namespace

QList<Migrator::Migration> Migrator::bundled()
{
    static const QRegularExpression fileName(u"^(\\d{4})_([a-z0-9_]+)\\.sql$"_s);
    QList<Migration> migrations;
    QDirIterator it(u":/migrations"_s, {u"*.sql"_s}, QDir::Files);
    while (it.hasNext()) {
        it.next();
        const auto match = fileName.match(it.fileName());
        Q_ASSERT_X(match.hasMatch(), "Migrator", "migration files are named NNNN_name.sql");
        QFile file(it.filePath());
        if (!file.open(QIODevice::ReadOnly))
            qFatal("embedded migration %s is unreadable", qPrintable(it.filePath()));
        migrations.append({match.captured(1).toInt(), match.captured(2), QString::fromUtf8(file.readAll())});
    }
    std::sort(migrations.begin(), migrations.end(),
              [](const Migration &a, const Migration &b) { return a.version < b.version; });
    return migrations;
}

int Migrator::latestVersion()
{
    const auto all = bundled();
    return all.isEmpty() ? 0 : all.last().version;
}

Result<int> Migrator::currentVersion(const DatabaseConnection &connection)
{
    auto exists = connection.exec(u"SELECT to_regclass('hookyard_schema_version') IS NOT NULL"_s);
    if (!exists)
        return Error{exists.error()};
    if (!exists.value().next() || !exists.value().value(0).toBool())
        return 0;
    auto version = connection.exec(u"SELECT coalesce(max(version), 0) FROM hookyard_schema_version"_s);
    if (!version)
        return Error{version.error()};
    version.value().next();
    return version.value().value(0).toInt();
}

Result<QList<int>> Migrator::migrate(const DatabaseConnection &connection)
{
    auto fail = [](const QString &what) { return Error{u"migration failed: "_s + what}; };

    // The common case takes no lock and needs no write privilege: the schema is already current. A newer schema is
    // refused here too, before anything that would need the owner's privileges (the version table's CREATE).
    const int latest = latestVersion();
    auto newerSchema = [latest](int current) {
        return Error{
            u"the database schema is at version %1, newer than this Hookyard (%2): upgrade Hookyard"_s.arg(current).arg(
                latest)};
    };
    if (auto current = currentVersion(connection); current && current.value() == latest)
        return QList<int>{};
    else if (current && current.value() > latest)
        return newerSchema(current.value());

    if (auto locked = connection.exec(u"SELECT pg_advisory_lock(?)"_s, {kMigrationLockKey}); !locked)
        return fail(locked.error());
    // Whatever happens below, release the lock so a later migrator in this session is not blocked.
    struct Unlock
    {
        const DatabaseConnection &connection;
        ~Unlock() { (void)connection.exec(u"SELECT pg_advisory_unlock(?)"_s, {kMigrationLockKey}); }
    } unlock{connection};

    if (auto created = connection.execScript(kCreateVersionTable); !created)
        return fail(created.error());
    auto current = currentVersion(connection);
    if (!current)
        return fail(current.error());

    const QList<Migration> migrations = bundled();
    if (current.value() > latest) // it moved on while we waited for the lock
        return newerSchema(current.value());

    QList<int> applied;
    QSqlDatabase db = connection.database();
    for (const Migration &migration : migrations) {
        if (migration.version <= current.value())
            continue;
        if (!db.transaction())
            return fail(oneLine(db.lastError()));
        QString problem;
        if (auto ran = connection.execScript(migration.sql); !ran)
            problem = ran.error();
        else if (auto recorded = connection.exec(u"INSERT INTO hookyard_schema_version (version, name) VALUES (?, ?)"_s,
                                                 {migration.version, migration.name});
                 !recorded)
            problem = recorded.error();
        if (!problem.isEmpty()) {
            db.rollback();
            return fail(u"%1_%2: %3"_s.arg(migration.version, 4, 10, QChar(u'0')).arg(migration.name, problem));
        }
        if (!db.commit())
            return fail(oneLine(db.lastError()));
        applied.append(migration.version);
    }
    return applied;
}

} // namespace hookyard::core
