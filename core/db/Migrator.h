#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QList>
#include <QString>

namespace hookyard::core {

// Applies the versioned SQL migrations embedded as Qt resources (:/migrations/NNNN_name.sql).
// Invariants: each migration runs in its own transaction together with its row in hookyard_schema_version, so a
// migration is either wholly applied and recorded or not at all; a session-level advisory lock serialises
// concurrent migrators (several relays starting at once), and the later ones find nothing left to do.
class Migrator final
{
public:
    struct Migration
    {
        int version = 0;
        QString name;
        QString sql;
    };

    static QList<Migration> bundled();
    static int latestVersion();

    // Applies what is missing and returns the versions applied now (empty when the schema was current).
    static Result<QList<int>> migrate(const DatabaseConnection &connection);
    // The highest applied version, 0 for a database Hookyard never migrated.
    static Result<int> currentVersion(const DatabaseConnection &connection);
};

} // namespace hookyard::core
