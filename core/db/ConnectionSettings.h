#pragma once

#include "util/Result.h"

#include <QList>
#include <QString>

#include <optional>

namespace hookyard::core {

// Where a database connection comes from, in the order PRODUCT.md §4 gives: the --database flag, then
// HOOKYARD_DATABASE_URL, then whatever libpq finds in its own environment (PGHOST, PGSERVICE, ~/.pgpass, ...).
// Empty fields are left to libpq's defaults, which is how the libpq environment takes effect.
struct ConnectionSettings
{
    enum class Source
    {
        CommandLine,
        EnvironmentUrl,
        LibpqEnvironment,
        ManagedCluster,
        ConnectDialog // typed into the console's File › Connect… dialog
    };

    QString host; // a host name, an address, or a unix-socket directory (starts with '/')
    int port = -1;
    QString database;
    QString user;
    QString password;
    QList<std::pair<QString, QString>> options; // further libpq keywords from the URL's query, with their values
    Source source = Source::CommandLine;

    // Parses postgresql://[user[:password]@][host][:port][/database][?key=value&...] (also "postgres://").
    // A "host" query parameter names a unix-socket directory, as libpq allows.
    static Result<ConnectionSettings> fromUrl(const QString &url);
    // `options` as the QPSQL driver takes them: "key='value';key='value'", each value quoted for libpq (the driver
    // passes them on as they are, so an unquoted space would end a value and start another keyword).
    QString driverOptions() const;

    // The configured database, following the order above; std::nullopt when nothing at all is configured (the
    // caller then starts the managed cluster); an error when a URL is given but malformed.
    static Result<std::optional<ConnectionSettings>> configured(const QString &commandLineUrl);
    static bool libpqEnvironmentPresent();

    // "host db.example, port 5432, database app, user console" — never the password.
    QString describe() const;
    QString toUrl() const; // without the password, for display and for psql
};

} // namespace hookyard::core
