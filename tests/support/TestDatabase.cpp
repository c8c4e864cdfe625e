#include "TestDatabase.h"

#include "db/ManagedCluster.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace hookyard::test {

namespace {

std::unique_ptr<core::DatabaseConnection> openOrDie(const core::ConnectionSettings &settings, const QString &purpose)
{
    auto connection = core::DatabaseConnection::open(settings, purpose);
    if (!connection)
        qFatal("test database: %s", qPrintable(connection.error()));
    return std::move(connection.value());
}

void adminExec(const QString &sql)
{
    auto admin = openOrDie(TestDatabase::clusterSettings(u"postgres"_s), u"test-admin"_s);
    if (auto done = admin->execScript(sql); !done)
        qFatal("test database: %s: %s", qPrintable(sql), qPrintable(done.error()));
}

} // namespace

QString TestDatabase::clusterDir()
{
    const QString dir = qEnvironmentVariable("HOOKYARD_TEST_CLUSTER_DIR");
    if (dir.isEmpty())
        qFatal("HOOKYARD_TEST_CLUSTER_DIR is not set: run the tests through ctest, which starts the cluster");
    return dir;
}

core::ConnectionSettings TestDatabase::clusterSettings(const QString &database)
{
    return core::ManagedCluster({clusterDir(), false}).settings(database);
}

TestDatabase::TestDatabase(const QString &label, Content content)
{
    m_name = u"t_%1_%2_%3"_s.arg(label.toLower())
                 .arg(QCoreApplication::applicationPid())
                 .arg(QRandomGenerator::global()->bounded(1000000));
    const QString templateName = content == Content::Migrated ? u"hookyard"_s : u"template0"_s;
    adminExec(u"CREATE DATABASE %1 TEMPLATE %2"_s.arg(m_name, templateName));
}

TestDatabase::~TestDatabase()
{
    m_connection.reset();
    adminExec(u"DROP DATABASE IF EXISTS %1 WITH (FORCE)"_s.arg(m_name));
}

core::ConnectionSettings TestDatabase::settings() const
{
    return clusterSettings(m_name);
}

core::DatabaseConnection &TestDatabase::connection()
{
    if (!m_connection)
        m_connection = openOrDie(settings(), u"test"_s);
    return *m_connection;
}

QSqlQuery TestDatabase::execOrDie(const QString &sql, std::initializer_list<QVariant> values)
{
    auto query = connection().exec(sql, values);
    if (!query)
        qFatal("test SQL failed: %s: %s", qPrintable(sql), qPrintable(query.error()));
    return std::move(query.value());
}

QVariant TestDatabase::scalar(const QString &sql, std::initializer_list<QVariant> values)
{
    QSqlQuery query = execOrDie(sql, values);
    return query.next() ? query.value(0) : QVariant();
}

} // namespace hookyard::test
