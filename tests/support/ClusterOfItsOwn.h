#pragma once

#include "db/ConnectionSettings.h"
#include "db/ManagedCluster.h"
#include "util/Result.h"

#include <QTemporaryDir>

#include <memory>

namespace hookyard::test {

// A PostgreSQL cluster of one test's own, migrated, in a temporary directory under /tmp: for a test that stops its
// database, which would disturb every other test on the run's cluster. Stopped and deleted when destroyed.
class ClusterOfItsOwn final
{
public:
    explicit ClusterOfItsOwn(const QString &label);
    ~ClusterOfItsOwn() { (void)m_cluster->stop(); } // a server still running when the test ends, stopped or not
    Q_DISABLE_COPY_MOVE(ClusterOfItsOwn)

    // Creates, starts and migrates it.
    core::Status start();
    core::Status stop() { return m_cluster->stop(); }
    core::ConnectionSettings settings() const { return m_cluster->settings(); }

private:
    QTemporaryDir m_home; // deleted last: the cluster is stopped first
    std::unique_ptr<core::ManagedCluster> m_cluster;
};

} // namespace hookyard::test
