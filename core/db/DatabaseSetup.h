#pragma once

#include "db/ConnectionSettings.h"
#include "db/ManagedCluster.h"
#include "util/Result.h"

#include <memory>

namespace hookyard::core {

// The database a command works on, already migrated. When nothing is configured and the caller allows it, this
// is the managed sandbox cluster, which `cluster` then owns (and stops, if it started it, when destroyed).
struct OpenedDatabase
{
    ConnectionSettings settings;
    std::unique_ptr<ManagedCluster> cluster;
    QList<int> migrationsApplied;

    OpenedDatabase() = default;
    OpenedDatabase(OpenedDatabase &&) = default;
    OpenedDatabase &operator=(OpenedDatabase &&) = default;
    ~OpenedDatabase();
};

enum class WhenUnconfigured
{
    StartSandbox,
    Fail,
    // Whatever is configured: the console's File › Connect… "The sandbox" means the sandbox, not the configured
    // database.
    AlwaysSandbox
};

// Resolves the database (--database, HOOKYARD_DATABASE_URL, libpq environment), connects, and applies pending
// migrations — every command starts this way so a schema is never older than the binary using it.
Result<OpenedDatabase> openDatabase(const QString &commandLineUrl, WhenUnconfigured whenUnconfigured);

} // namespace hookyard::core
