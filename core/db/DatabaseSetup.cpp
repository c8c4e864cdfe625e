#include "db/DatabaseSetup.h"

#include "db/Database.h"
#include "db/Migrator.h"

using namespace Qt::StringLiterals;

namespace hookyard::core {

OpenedDatabase::~OpenedDatabase()
{
    if (cluster && cluster->startedHere())
        (void)cluster->stop();
}

Result<OpenedDatabase> openDatabase(const QString &commandLineUrl, WhenUnconfigured whenUnconfigured)
{
    auto configured = whenUnconfigured == WhenUnconfigured::AlwaysSandbox
                          ? Result<std::optional<ConnectionSettings>>(std::optional<ConnectionSettings>())
                          : ConnectionSettings::configured(commandLineUrl);
    if (!configured)
        return Error{configured.error()};

    OpenedDatabase opened;
    if (configured.value()) {
        opened.settings = *configured.value();
    } else if (whenUnconfigured != WhenUnconfigured::Fail) {
        opened.cluster = std::make_unique<ManagedCluster>(ManagedCluster::Options{ManagedCluster::defaultDataDir()});
        if (auto started = opened.cluster->start(); !started)
            return Error{started.error()};
        opened.settings = opened.cluster->settings();
    } else {
        return Error{u"no database configured: pass --database URL, set HOOKYARD_DATABASE_URL or the libpq "
                     u"environment (PGHOST, PGSERVICE, ...), or start the sandbox with `hookyard sandbox start`"_s};
    }

    auto connection = DatabaseConnection::open(opened.settings, u"migrate"_s);
    if (!connection)
        return Error{connection.error()};
    auto applied = Migrator::migrate(*connection.value());
    if (!applied)
        return Error{applied.error()};
    opened.migrationsApplied = applied.value();
    return opened;
}

} // namespace hookyard::core
