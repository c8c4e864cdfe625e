#include "db/ConnectionSettings.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace hookyard::core {

Result<ConnectionSettings> ConnectionSettings::fromUrl(const QString &url)
{
    if (url.trimmed().isEmpty()) // QUrl says nothing about it (found by a helper trying the Connect dialog)
        return Error{u"no database URL given: postgresql://user@host:port/database"_s};
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid()) {
        // QUrl's message quotes the whole URL after a ';' — and with it any password. Keep only the reason.
        return Error{u"malformed database URL: %1"_s.arg(parsed.errorString().section(u';', 0, 0))};
    }
    if (parsed.scheme() != u"postgresql" && parsed.scheme() != u"postgres")
        return Error{u"malformed database URL: expected postgresql://user@host:port/database, got scheme '%1'"_s.arg(
            parsed.scheme())};

    ConnectionSettings settings;
    settings.host = parsed.host();
    settings.port = parsed.port(-1);
    settings.user = parsed.userName(QUrl::FullyDecoded);
    settings.password = parsed.password(QUrl::FullyDecoded);
    settings.database = parsed.path(QUrl::FullyDecoded).mid(1); // drop the leading '/'
    if (settings.database.contains(u'/'))
        return Error{u"malformed database URL: database name '%1' contains '/'"_s.arg(settings.database)};

    const QUrlQuery query(parsed);
    static const QRegularExpression kKeyword(u"^[a-z_]+$"_s);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"host")
            settings.host = value;
        else if (key == u"port")
            settings.port = value.toInt();
        else if (key == u"dbname")
            settings.database = value;
        else if (key == u"user")
            settings.user = value;
        else if (key == u"password")
            settings.password = value;
        else if (!kKeyword.match(key).hasMatch())
            return Error{u"malformed database URL: '%1' is not a libpq connection keyword"_s.arg(key)};
        else if (value.contains(u';')) // the driver turns every ';' into a space
            return Error{u"malformed database URL: the value of %1 holds ';', which Qt's PostgreSQL driver cannot "
                         "pass on"_s.arg(key)};
        else
            settings.options.append({key, value});
    }
    return settings;
}

QString ConnectionSettings::driverOptions() const
{
    QStringList quoted;
    for (const auto &[key, value] : options) {
        QString escaped = value;
        escaped.replace(u'\\', u"\\\\"_s).replace(u'\'', u"\\'"_s);
        quoted << key + u"='"_s + escaped + u'\'';
    }
    return quoted.join(u';');
}

bool ConnectionSettings::libpqEnvironmentPresent()
{
    for (const char *name :
         {"PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE", "PGSERVICEFILE", "PGPASSFILE"}) {
        if (!qEnvironmentVariableIsEmpty(name))
            return true;
    }
    const QString home = QDir::homePath();
    return QFileInfo::exists(home + u"/.pgpass"_s) || QFileInfo::exists(home + u"/.pg_service.conf"_s);
}

Result<std::optional<ConnectionSettings>> ConnectionSettings::configured(const QString &commandLineUrl)
{
    auto fromGivenUrl = [](const QString &url, Source source) -> Result<std::optional<ConnectionSettings>> {
        auto settings = fromUrl(url);
        if (!settings)
            return Error{settings.error()};
        settings.value().source = source;
        return std::optional{settings.value()};
    };
    if (!commandLineUrl.isEmpty())
        return fromGivenUrl(commandLineUrl, Source::CommandLine);
    if (const QString url = qEnvironmentVariable("HOOKYARD_DATABASE_URL"); !url.isEmpty())
        return fromGivenUrl(url, Source::EnvironmentUrl);
    if (libpqEnvironmentPresent()) {
        ConnectionSettings settings;
        settings.source = Source::LibpqEnvironment;
        return std::optional{settings};
    }
    return std::optional<ConnectionSettings>{};
}

QString ConnectionSettings::describe() const
{
    // Empty fields are resolved by libpq; show what it will use so the reader knows where we tried.
    auto orEnv = [](const QString &value, const char *env, const QString &fallback) {
        if (!value.isEmpty())
            return value;
        const QString fromEnv = qEnvironmentVariable(env);
        return fromEnv.isEmpty() ? fallback : fromEnv;
    };
    const QString effectiveHost = orEnv(host, "PGHOST", u"local socket"_s);
    const QString effectivePort = port > 0 ? QString::number(port) : orEnv({}, "PGPORT", u"5432"_s);
    const QString effectiveUser = orEnv(user, "PGUSER", qEnvironmentVariable("USER", u"(default)"_s));
    const QString effectiveDb = orEnv(database, "PGDATABASE", effectiveUser);
    QString text =
        u"host %1, port %2, database %3, user %4"_s.arg(effectiveHost, effectivePort, effectiveDb, effectiveUser);
    if (const QString service = qEnvironmentVariable("PGSERVICE"); !service.isEmpty() && host.isEmpty())
        text += u", service %1"_s.arg(service);
    return text;
}

QString ConnectionSettings::toUrl() const
{
    QUrl url;
    url.setScheme(u"postgresql"_s);
    QUrlQuery query;
    if (host.startsWith(u'/'))
        query.addQueryItem(u"host"_s, host);
    else
        url.setHost(host);
    if (port > 0)
        url.setPort(port);
    url.setUserName(user);
    url.setPath(u"/"_s + database);
    for (const auto &[key, value] : options)
        query.addQueryItem(key, value);
    url.setQuery(query);
    return url.toString(QUrl::FullyEncoded);
}

} // namespace hookyard::core
