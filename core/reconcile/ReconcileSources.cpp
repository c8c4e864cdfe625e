#include "reconcile/ReconcileSources.h"

#include "audit/AuditLog.h"
#include "http/ConfiguredHeaders.h"
#include "relay/AddressGuard.h"
#include "util/ControlCharacters.h"
#include "util/HttpUrl.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QUrl>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// FieldMap's members by their key in field_map, in the order docs/reconciliation.md lists them.
const QList<std::pair<QString, QString FieldMap::*>> &fieldKeys()
{
    static const QList<std::pair<QString, QString FieldMap::*>> keys{
        {u"items"_s, &FieldMap::items},   {u"id"_s, &FieldMap::id},
        {u"status"_s, &FieldMap::status}, {u"payload_sha256"_s, &FieldMap::payloadSha256},
        {u"at"_s, &FieldMap::at},         {u"next_cursor"_s, &FieldMap::nextCursor},
    };
    return keys;
}

// "" (the whole document) or "/..." with every "~" escaping "0" or "1".
bool isJsonPointer(const QString &pointer)
{
    static const QRegularExpression badEscape(u"~(?![01])"_s);
    return (pointer.isEmpty() || pointer.startsWith(u'/')) && !badEscape.match(pointer).hasMatch();
}

// The template with sample values in its placeholders, as a URL: QUrl takes no braces.
QString sampleListUrl(const QString &listUrl)
{
    return QString(listUrl)
        .replace(u"{since}"_s, u"2026-01-01T00%3A00%3A00.000Z"_s)
        .replace(u"{until}"_s, u"2026-01-02T00%3A00%3A00.000Z"_s)
        .replace(u"{cursor}"_s, u"c"_s);
}

} // namespace

QString Subject::kindName() const
{
    return kind == Kind::Endpoint ? u"endpoint"_s : u"partner"_s;
}

QString Subject::describe() const
{
    return u"%1 '%2'"_s.arg(kindName(), name);
}

Status requireSubject(const DatabaseConnection &connection, const Subject &subject)
{
    // The table name is one of two constants, never input.
    auto found = connection.exec(u"SELECT 1 FROM %1 WHERE name = ?"_s.arg(
                                     subject.kind == Subject::Kind::Endpoint ? u"endpoints"_s : u"partners"_s),
                                 {subject.name});
    if (!found)
        return Error{found.error()};
    if (!found.value().next())
        return Error{u"%1 does not exist"_s.arg(subject.describe())};
    return success();
}

QJsonObject FieldMap::toJson() const
{
    QJsonObject object;
    for (const auto &[key, member] : fieldKeys())
        object.insert(key, this->*member);
    return object;
}

Result<FieldMap> FieldMap::fromJson(const QJsonObject &object)
{
    FieldMap fields;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const auto known = std::find_if(fieldKeys().begin(), fieldKeys().end(),
                                        [&](const auto &entry) { return entry.first == it.key(); });
        if (known == fieldKeys().end())
            return Error{u"unknown field mapping key '%1' (known: items, id, status, payload_sha256, at, "
                         "next_cursor)"_s.arg(it.key())};
        if (!it.value().isString() || !isJsonPointer(it.value().toString()))
            return Error{u"field mapping '%1' must be a JSON pointer such as \"/data/id\" (or \"\" for the whole "
                         "document), not '%2'"_s.arg(it.key(), it.value().toVariant().toString())};
        fields.*(known->second) = it.value().toString();
    }
    return fields;
}

ReconcileSources::ReconcileSources(const DatabaseConnection &connection)
    : m_connection(connection)
{}

Status ReconcileSources::validate(const ReconcileSource &source)
{
    if (const QString problem = httpUrlProblem(sampleListUrl(source.listUrl)); !problem.isEmpty())
        return Error{u"the list url must be absolute http(s), with a host and a port other than 0: '%1' (%2)"_s.arg(
            urlWithoutSecrets(source.listUrl), problem)};
    if (!source.listUrl.contains(u"{since}"_s) || !source.listUrl.contains(u"{until}"_s))
        return Error{u"the list url needs {since} and {until} where the window goes, such as "
                     "https://partner.example/webhooks?from={since}&to={until}&cursor={cursor}: '%1'"_s.arg(
                         urlWithoutSecrets(source.listUrl))};
    if (auto fields = FieldMap::fromJson(source.fields.toJson()); !fields)
        return Error{fields.error()};
    // As for an endpoint's headers (found by an adversarial helper: an empty Authorization, never sent, and Host were
    // taken). Accept and User-Agent may be replaced: a list API may want its own.
    if (auto headers = validateConfiguredHeaders(
            source.headers, [](const QString &) { return false; }, u"Hookyard"_s);
        !headers)
        return headers;
    if (source.timeoutMs <= 0)
        return Error{u"the timeout must be a positive number of milliseconds, not %1"_s.arg(source.timeoutMs)};
    return success();
}

Status ReconcileSources::set(const ReconcileSource &source, const QString &reason) const
{
    if (auto valid = validate(source); !valid)
        return valid;
    if (!source.allowPrivateNetwork) {
        if (auto guarded = checkPublicDestination(u"list url"_s, QUrl(sampleListUrl(source.listUrl), QUrl::StrictMode));
            !guarded)
            return Error{guarded.error() +
                         u": list APIs may not be on private networks unless set with --allow-private-network"_s};
    }
    if (auto exists = requireSubject(m_connection, source.subject); !exists)
        return exists;
    const QString fields = QString::fromUtf8(QJsonDocument(source.fields.toJson()).toJson(QJsonDocument::Compact));
    const QString headers = QString::fromUtf8(QJsonDocument(source.headers).toJson(QJsonDocument::Compact));
    return inTransaction(m_connection, [&]() -> Status {
        auto stored = m_connection.exec(
            u"INSERT INTO reconcile_sources (subject_kind, subject_name, list_url, field_map, headers, timeout_ms, "
            "allow_private_network) VALUES (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?) "
            "ON CONFLICT (subject_kind, subject_name) DO UPDATE SET list_url = excluded.list_url, "
            "field_map = excluded.field_map, headers = excluded.headers, timeout_ms = excluded.timeout_ms, "
            "allow_private_network = excluded.allow_private_network, updated_at = now()"_s,
            {source.subject.kindName(), source.subject.name, source.listUrl, fields, headers, source.timeoutMs,
             source.allowPrivateNetwork});
        if (!stored)
            return Error{u"cannot store the source of %1: %2"_s.arg(source.subject.describe(), stored.error())};
        return recordAudit(m_connection, u"reconcile.source.set"_s, source.subject.describe(), reason,
                           {{u"list_url"_s, urlWithoutSecrets(source.listUrl)},
                            {u"field_map"_s, source.fields.toJson()},
                            {u"header_names"_s, QJsonArray::fromStringList(source.headers.keys())},
                            {u"timeout_ms"_s, source.timeoutMs},
                            {u"allow_private_network"_s, source.allowPrivateNetwork}});
    });
}

Result<std::optional<ReconcileSource>> ReconcileSources::find(const Subject &subject) const
{
    auto query = m_connection.exec(u"SELECT list_url, field_map::text, headers::text, timeout_ms, created_at, "
                                   "updated_at, allow_private_network "
                                   "FROM reconcile_sources WHERE subject_kind = ? AND subject_name = ?"_s,
                                   {subject.kindName(), subject.name});
    if (!query)
        return Error{u"cannot read the source of %1: %2"_s.arg(subject.describe(), query.error())};
    QSqlQuery &row = query.value();
    if (!row.next()) {
        // "Has no source" would mislead about a name that names nothing.
        if (auto exists = requireSubject(m_connection, subject); !exists)
            return Error{exists.error()};
        return std::optional<ReconcileSource>();
    }
    auto fields = FieldMap::fromJson(QJsonDocument::fromJson(row.value(1).toString().toUtf8()).object());
    if (!fields)
        return Error{u"the stored source of %1 is not valid: %2"_s.arg(subject.describe(), fields.error())};
    ReconcileSource source{subject,
                           row.value(0).toString(),
                           fields.value(),
                           QJsonDocument::fromJson(row.value(2).toString().toUtf8()).object(),
                           row.value(3).toInt(),
                           toUtc(row.value(4)),
                           toUtc(row.value(5)),
                           row.value(6).toBool()};
    return std::optional<ReconcileSource>(source);
}

} // namespace hookyard::core
