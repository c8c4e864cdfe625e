#pragma once

#include "db/ConnectionSettings.h"
#include "db/Database.h"

#include <QString>

#include <memory>

namespace hookyard::test {

// A database of its own for one test, on the test run's cluster (HOOKYARD_TEST_CLUSTER_DIR). Cloned from the
// cluster's migrated "hookyard" database, or empty (from template0) for tests of the migrations themselves.
// Dropped when destroyed.
class TestDatabase final
{
public:
    enum class Content
    {
        Migrated,
        Empty
    };

    explicit TestDatabase(const QString &label, Content content = Content::Migrated);
    ~TestDatabase();
    Q_DISABLE_COPY_MOVE(TestDatabase)

    const QString &name() const { return m_name; }
    core::ConnectionSettings settings() const;
    QString url() const { return settings().toUrl(); }
    // A connection owned by the calling thread's test (opened on first use).
    core::DatabaseConnection &connection();

    // Runs one statement and fails the current test (QVERIFY-style, via qFatal) when it errors.
    QSqlQuery execOrDie(const QString &sql, std::initializer_list<QVariant> values = {});
    // The first column of the first row.
    QVariant scalar(const QString &sql, std::initializer_list<QVariant> values = {});

    static QString clusterDir();
    static core::ConnectionSettings clusterSettings(const QString &database);

private:
    QString m_name;
    std::unique_ptr<core::DatabaseConnection> m_connection;
};

} // namespace hookyard::test
