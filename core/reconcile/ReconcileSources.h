#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>

// Where a reconciliation run reads the other side's records from (docs/reconciliation.md, "Sources").
namespace hookyard::core {

// Whose records are compared: an endpoint we deliver to (the outbox side), or a partner that sends to us (the inbox
// side).
struct Subject
{
    enum class Kind
    {
        Endpoint,
        Partner
    };
    Kind kind = Kind::Endpoint;
    QString name;

    QString kindName() const; // "endpoint", "partner": reconcile_*.subject_kind
    QString describe() const; // "endpoint 'acme'"
};

// The subject's row exists; else an error naming it.
Status requireSubject(const DatabaseConnection &connection, const Subject &subject);

// JSON pointers (RFC 6901) into a page of a list API, or into an imported JSON file: where the records are, and
// within one record where each of its fields is. The defaults are the documented page layout.
struct FieldMap
{
    QString items = QStringLiteral("/items");
    QString id = QStringLiteral("/id");
    QString status = QStringLiteral("/status");
    QString payloadSha256 = QStringLiteral("/payload_sha256");
    QString at = QStringLiteral("/at");
    QString nextCursor = QStringLiteral("/next_cursor");

    QJsonObject toJson() const;
    // Keys as toJson() writes them; a key left out keeps its default. An unknown key, or a value that is not a JSON
    // pointer, is an error naming it.
    static Result<FieldMap> fromJson(const QJsonObject &object);
};

// A subject's paged list API.
struct ReconcileSource
{
    Subject subject;
    // http(s) URL with {since}, {until} (ISO 8601 UTC, percent-encoded) and {cursor} (empty for the first page).
    QString listUrl;
    FieldMap fields;
    QJsonObject headers; // name -> value, sent with every page request
    int timeoutMs = 15000;
    QDateTime createdAt;
    QDateTime updatedAt;
    // The SSRF guard, as for an endpoint (EndpointSettings::allowPrivateNetwork): false refuses a list URL on a
    // loopback, link-local or private address, when it is set and again at connect time.
    bool allowPrivateNetwork = false;
};

// All SQL on reconcile_sources. A change writes its audit_log row in the same transaction; the audit details name
// the headers but never hold their values.
class ReconcileSources final
{
public:
    explicit ReconcileSources(const DatabaseConnection &connection);

    // Creates or replaces the subject's source.
    Status set(const ReconcileSource &source, const QString &reason) const;
    // The subject's source, or nullopt when it has none.
    Result<std::optional<ReconcileSource>> find(const Subject &subject) const;

    static Status validate(const ReconcileSource &source);

private:
    const DatabaseConnection &m_connection;
};

} // namespace hookyard::core
