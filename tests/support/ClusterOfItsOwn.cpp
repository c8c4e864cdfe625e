#include "ClusterOfItsOwn.h"

#include "db/Database.h"
#include "db/Migrator.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace hookyard::test {

ClusterOfItsOwn::ClusterOfItsOwn(const QString &label)
    : m_home(u"/tmp/hy-%1-XXXXXX"_s.arg(label))
{
    // As root the server runs as the postgres user (core::ManagedCluster), who must reach the data directory.
    QFile::setPermissions(m_home.path(),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ExeGroup | QFile::ExeOther);
    m_cluster =
        std::make_unique<core::ManagedCluster>(core::ManagedCluster::Options{m_home.path() + u"/data"_s, false});
}

core::Status ClusterOfItsOwn::start()
{
    if (!m_home.isValid())
        return core::Error{u"cannot make a temporary directory: "_s + m_home.errorString()};
    if (auto started = m_cluster->start(); !started)
        return started;
    auto connection = core::DatabaseConnection::open(m_cluster->settings(), u"test"_s);
    if (!connection)
        return core::Error{connection.error()};
    if (auto migrated = core::Migrator::migrate(*connection.value()); !migrated)
        return core::Error{migrated.error()};
    return core::success();
}

} // namespace hookyard::test
