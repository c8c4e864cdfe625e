#include "console/ViewQueries.h"

#include "db/SqlConditions.h"
#include "reconcile/Reconciler.h"
#include "stats/Stats.h"
#include "worker/InboxStore.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSqlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

using Kind = ViewColumn::Kind;

// Titles are English here and translated where they are shown (the console), in the context
// "hookyard::core::ViewQueries" (QT_TRANSLATE_NOOP marks them for lupdate).

const QList<ViewDescription> &descriptions()
{
    static const QList<ViewDescription> all{
        {View::Outbox,
         u"outbox"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Outbox"),
         {{u"created_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Time"), Kind::Time},
          {u"state"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "State"), Kind::State},
          {u"event_type"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type"), Kind::Text},
          {u"aggregate"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Aggregate"), Kind::Id},
          {u"event_id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event id"), Kind::Id},
          {u"endpoints"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoints"), Kind::Text},
          {u"delivered"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Delivered"), Kind::Text},
          {u"attempts"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Attempts"), Kind::Number},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         8,
         {u"pending"_s, u"delivered"_s, u"dead"_s, u"held"_s, u"unknown"_s},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoint"),
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type")},
        {View::Inbox,
         u"inbox"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Inbox"),
         {{u"received_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Received"), Kind::Time},
          {u"state"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "State"), Kind::State},
          {u"partner"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"), Kind::Text},
          {u"event_type"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type"), Kind::Text},
          {u"partner_event_id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner event id"), Kind::Id},
          {u"entity"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Entity"), Kind::Id},
          {u"inbox_id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Inbox id"), Kind::Id},
          {u"attempts"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Attempts"), Kind::Number},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         8,
         {u"pending"_s, u"deferred"_s, u"processed"_s, u"quarantined"_s},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"),
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type")},
        {View::Deferred,
         u"deferred"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Deferred"),
         {{u"received_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Received"), Kind::Time},
          {u"partner"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"), Kind::Text},
          {u"event_type"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type"), Kind::Text},
          {u"entity"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Entity"), Kind::Id},
          {u"waiting_for"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Waiting for"), Kind::Reason},
          {u"deferred_since"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Deferred since"), Kind::Time},
          {u"defer_count"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Deferrals"), Kind::Number},
          {u"next_check"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Deadline"), Kind::Time},
          {u"inbox_id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Inbox id"), Kind::Id}},
         0,
         4,
         {},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"),
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type")},
        {View::DeadLetters,
         u"dead-letters"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Dead letters"),
         {{u"time"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Time"), Kind::Time},
          {u"state"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "State"), Kind::State},
          {u"event_type"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type"), Kind::Text},
          {u"party"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoint / partner"), Kind::Text},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id},
          {u"subject"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Aggregate / entity"), Kind::Id},
          {u"attempts"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Attempts"), Kind::Number},
          {u"status_code"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Last status"), Kind::Number},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         8,
         {u"dead"_s, u"quarantined"_s},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoint or partner"),
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event type")},
        {View::Rejected,
         u"rejected"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Rejected requests"),
         {{u"received_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Received"), Kind::Time},
          {u"partner"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"), Kind::Text},
          {u"status_code"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Status"), Kind::Number},
          {u"remote_address"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "From"), Kind::Text},
          {u"body_bytes"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Bytes"), Kind::Number},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         6,
         {},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"),
         nullptr},
        {View::Audit,
         u"audit"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Audit log"),
         {{u"at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "When"), Kind::Time},
          {u"action"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Action"), Kind::Text},
          {u"subject"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Subject"), Kind::Id},
          {u"os_user"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "User"), Kind::Text},
          {u"db_role"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Database role"), Kind::Text},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason},
          {u"details"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Details"), Kind::Text}},
         0,
         6,
         {},
         nullptr,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Action")},
        {View::Endpoints,
         u"endpoints"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoints"),
         {{u"created_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Created"), Kind::Time},
          {u"state"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "State"), Kind::State},
          {u"name"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Name"), Kind::Text},
          {u"pending"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Pending"), Kind::Number},
          {u"dead"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Dead"), Kind::Number},
          {u"failed_last_hour"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Failed, last hour"), Kind::Number},
          {u"attempts_last_hour"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Attempts, last hour"),
           Kind::Number},
          {u"url"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "URL"), Kind::Text},
          {u"event_types"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Event types"), Kind::Text},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         10,
         {u"active"_s, u"failing"_s, u"paused"_s, u"disabled"_s},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoint"),
         nullptr},
        {View::Partners,
         u"partners"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partners"),
         {{u"created_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Created"), Kind::Time},
          {u"name"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Name"), Kind::Text},
          {u"scheme"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Scheme"), Kind::Text},
          {u"mode"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Mode"), Kind::Text},
          {u"tolerance_s"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Tolerance (s)"), Kind::Number},
          {u"max_body_bytes"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Max body (bytes)"), Kind::Number},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id}},
         0,
         -1,
         {},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Partner"),
         nullptr},
        {View::Idempotency,
         u"idempotency"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Idempotency"),
         {{u"created_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Time"), Kind::Time},
          {u"state"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "State"), Kind::State},
          {u"tenant"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Tenant"), Kind::Text},
          {u"operation"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Operation"), Kind::Text},
          {u"key"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Idempotency key"), Kind::Id},
          {u"status_code"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Answer"), Kind::Number},
          {u"resource_id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Made"), Kind::Id},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         8,
         {u"stuck"_s, u"processing"_s, u"succeeded"_s, u"failed"_s, u"unknown"_s},
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Tenant"),
         nullptr},
        {View::Reconciliation,
         u"reconciliation"_s,
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Reconciliation"),
         {{u"item_at"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Time"), Kind::Time},
          {u"state"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Mismatch"), Kind::State},
          {u"party"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoint / partner"), Kind::Text},
          {u"reference"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Reference"), Kind::Id},
          {u"ours"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Ours"), Kind::Text},
          {u"theirs"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Theirs"), Kind::Text},
          {u"run"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Run"), Kind::Number},
          {u"id"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Id"), Kind::Id},
          {u"why"_s, QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Why"), Kind::Reason}},
         0,
         8,
         mismatchKinds(),
         QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "Endpoint or partner"),
         nullptr,
         true},
    };
    return all;
}

// A search box entry, classified once: which kinds of key it can be compared with.
struct Search
{
    QString text; // trimmed; compared with text keys
    QString uuid; // canonical form when the text is a UUID, else empty
    // When the text is the start of a UUID (kMinUuidPrefixDigits hex digits or more, dashes where a UUID has them or
    // none): the first and last UUIDs that start so, else empty. Ids are shown elided; their start is what people copy.
    QString uuidFrom;
    QString uuidTo;
    bool isInteger = false; // the text is a non-negative integer (bigint keys)
    QString json;           // compact JSON object when the text is one, else empty (then nothing else applies)
};

constexpr int kMinUuidPrefixDigits = 8;

// The first and last UUIDs that start with `prefix`, canonical; empty when it is not the start of one. A prefix
// without dashes gets them where a UUID has them (a whole UUID written without dashes is its own range).
std::pair<QString, QString> uuidRange(QString prefix)
{
    static const QString kLowest = u"00000000-0000-0000-0000-000000000000"_s;
    if (!prefix.contains(u'-')) {
        for (const qsizetype dash : {8, 13, 18, 23}) {
            if (prefix.size() > dash)
                prefix.insert(dash, u'-');
        }
    }
    if (prefix.size() > kLowest.size())
        return {};
    int digits = 0;
    for (qsizetype i = 0; i < prefix.size(); ++i) {
        const char16_t c = prefix.at(i).unicode();
        const bool hex = (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
        if (kLowest.at(i) == u'-' ? c != u'-' : !hex)
            return {};
        digits += hex ? 1 : 0;
    }
    if (digits < kMinUuidPrefixDigits)
        return {};
    const QString start = prefix.toLower();
    const QString rest = kLowest.mid(prefix.size());
    return {start + rest, start + QString(rest).replace(u'0', u'f')};
}

const char *const kLastFailure = QT_TRANSLATE_NOOP("hookyard::core::ViewQueries", "last failure: %1");

QString sqlString(const QString &text)
{
    return u'\'' + QString(text).replace(u'\'', u"''"_s) + u'\'';
}

// One table a view lists, with the SQL that lists it. Every condition holds exactly as many '?' as it has values,
// in order.
struct Branch : SqlConditions
{
    Branch(RowRef::Kind kind_, int source_, QString from_, QString time_, QString id_, QString idType_, QString state_)
        : kind(kind_)
        , source(source_)
        , from(std::move(from_))
        , time(std::move(time_))
        , id(std::move(id_))
        , idType(std::move(idType_))
        , state(std::move(state_))
    {}

    RowRef::Kind kind;
    int source;     // KeysetPosition::source
    QString from;   // FROM clause
    QString time;   // the time column the view is ordered by (indexed)
    QString id;     // the tie-breaker: the table's key
    QString idType; // its SQL type, "uuid" or "bigint"
    QString state;  // SQL expression: the row's state name
    QString cells;  // SQL select list: one expression per view column, in order
    // Inbox only: with no index on webhook_inbox.received_at (every inbound webhook would pay for one), the inbox is
    // walked on webhook_inbox_status (status, received_at) once per status, each walk in time order, and the walks
    // merged. `statuses` are the ones to walk (bound as one comma-separated value); empty: every status present.
    bool perStatus = false;
    QStringList statuses;
};

QString viewName(View view)
{
    return QCoreApplication::translate("hookyard::core::ViewQueries", describe(view).title);
}

QString timeText(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

Result<std::optional<Search>> parseSearch(const QString &raw)
{
    const QString text = raw.trimmed();
    if (text.isEmpty())
        return std::optional<Search>();
    Search search;
    search.text = text;
    // A UUID in braces (as Windows tools print them) is an id, not JSON.
    if (const QUuid uuid = QUuid::fromString(text); !uuid.isNull()) {
        search.uuid = uuid.toString(QUuid::WithoutBraces);
        return std::optional<Search>(search);
    }
    std::tie(search.uuidFrom, search.uuidTo) = uuidRange(text);
    if (text.startsWith(u'{')) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
        if (error.error != QJsonParseError::NoError)
            return Error{
                u"the search starts with \"{\" but is not a JSON object: %1 at character %2"_s.arg(error.errorString())
                    .arg(error.offset + 1)};
        search.json = QString::fromUtf8(document.toJson(QJsonDocument::Compact));
        return std::optional<Search>(search);
    }
    bool isNumber = false;
    const qint64 number = text.toLongLong(&isNumber);
    search.isInteger = isNumber && number >= 0;
    return std::optional<Search>(search);
}

// Where a search may match in one table: conditions with one '?' each, by the type of the key they compare.
struct SearchTargets
{
    QStringList uuidKeys;   // "e.id": compared with a whole UUID, or within the range a UUID's start gives
    QStringList bigintKeys; // "r.id = ?::bigint"
    QStringList textKeys;   // "w.partner_event_id = ?"
    QString json;           // "e.payload @> ?::jsonb"
};

void requireSearch(Branch &branch, const std::optional<Search> &search, const SearchTargets &targets)
{
    if (!search)
        return;
    if (!search->json.isEmpty()) {
        branch.require(targets.json, {search->json});
        return;
    }
    QStringList alternatives;
    QVariantList bound;
    for (const QString &key : targets.uuidKeys) {
        if (!search->uuid.isEmpty()) {
            alternatives << key + u" = ?::uuid"_s;
            bound << search->uuid;
        } else if (!search->uuidFrom.isEmpty()) {
            alternatives << key + u" BETWEEN ?::uuid AND ?::uuid"_s;
            bound << search->uuidFrom << search->uuidTo;
        }
    }
    if (search->isInteger) {
        for (const QString &key : targets.bigintKeys) {
            alternatives << key;
            bound << search->text.toLongLong();
        }
    }
    for (const QString &key : targets.textKeys) {
        alternatives << key;
        bound << search->text;
    }
    // Text that can be none of this table's keys (a word where only UUIDs are kept) matches no row.
    branch.require(alternatives.isEmpty() ? u"false"_s : u'(' + alternatives.join(u" OR "_s) + u')', bound);
}

// "state = ?" for one state, "state = ANY (...)" for several (a single value keeps an index's order usable).
void requireOneOf(Branch &branch, const QString &column, const QStringList &values)
{
    if (values.size() == 1)
        branch.require(u"%1 = ?"_s.arg(column), {values.first()});
    else
        branch.require(u"%1 = ANY (string_to_array(?, ','))"_s.arg(column), {values.join(u',')});
}

const QString kEntitySql = u"nullif(concat_ws(' ', nullif(w.entity_type, ''), w.entity_id), '')"_s;

// Each event with its deliveries summarised; the lateral join runs for the rows of the page only.
const QString kOutboxFromSql = uR"(outbox_events e
CROSS JOIN LATERAL (
  SELECT count(*) AS total,
         count(*) FILTER (WHERE d.state = 'delivered') AS delivered,
         bool_or(d.state = 'dead' AND d.resolved_at IS NULL) AS dead,
         bool_or(d.state = 'unknown' AND d.resolved_at IS NULL) AS unknown,
         bool_or(d.state = 'held') AS held, bool_or(d.state = 'pending') AS pending,
         bool_or(d.resolved_at IS NOT NULL) AS resolved,
         string_agg(ep.name, ', ' ORDER BY ep.name) AS endpoints,
         sum(d.attempt_count)::bigint AS attempts,
         (array_agg(coalesce(d.dead_reason, d.last_error, 'HTTP ' || d.last_status_code)
                    ORDER BY d.state = 'dead' AND d.resolved_at IS NULL DESC, d.state = 'dead' DESC, d.id)
            FILTER (WHERE d.state <> 'delivered'))[1] AS why
  FROM deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id
  WHERE d.event_id = e.id
) s
LEFT JOIN outbox_event_notes n ON n.event_id = e.id)"_s;

// The event's most urgent delivery state; "none" when no endpoint subscribes to it. A dead or unknown delivery an
// operator resolved by hand no longer needs anyone: the event reads "resolved" once nothing else is open.
const QString kOutboxStateSql = u"CASE WHEN s.dead THEN 'dead' WHEN s.unknown THEN 'unknown' WHEN s.held THEN 'held'"
                                " WHEN s.pending THEN 'pending' WHEN s.resolved THEN 'resolved'"
                                " WHEN s.total > 0 THEN 'delivered' ELSE 'none' END"_s;

QList<Branch> outboxBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    Branch branch(RowRef::Kind::Event, 0, kOutboxFromSql, u"e.created_at"_s, u"e.id"_s, u"uuid"_s, kOutboxStateSql);
    branch.cells =
        u"e.created_at::timestamptz, %1, e.event_type::text,"
        " nullif(concat_ws(' ', e.aggregate_type, e.aggregate_id), ''), e.id::text, s.endpoints,"
        " CASE WHEN s.total > 0 THEN s.delivered || '/' || s.total END, s.attempts, coalesce(s.why, n.note)"_s.arg(
            branch.state);
    // States and the endpoint name are matched on the same delivery: "a dead delivery to partner-x".
    if (!filter.states.isEmpty() || !filter.party.isEmpty()) {
        QStringList conditions{u"d.event_id = e.id"_s};
        QVariantList bound;
        if (filter.states.size() == 1) {
            conditions << u"d.state = ?"_s;
            bound << filter.states.first();
        } else if (!filter.states.isEmpty()) {
            conditions << u"d.state = ANY (string_to_array(?, ','))"_s;
            bound << filter.states.join(u',');
        }
        if (!filter.party.isEmpty()) {
            conditions << u"d.endpoint_id = (SELECT ep.id FROM endpoints ep WHERE ep.name = ?)"_s;
            bound << filter.party;
        }
        branch.require(u"EXISTS (SELECT 1 FROM deliveries d WHERE %1)"_s.arg(conditions.join(u" AND "_s)), bound);
    }
    branch.requireEventType(u"e.event_type"_s, filter.eventType);
    branch.requireTimeRange(branch.time, filter.from, filter.until);
    requireSearch(branch, search,
                  {{u"e.id"_s, u"e.aggregate_id"_s},
                   {u"e.id = (SELECT d.event_id FROM deliveries d WHERE d.id = ?::bigint)"_s},
                   {},
                   u"e.payload @> ?::jsonb"_s});
    return {branch};
}

// A quarantined row an operator resolved reads "resolved"; the state filter still matches it as quarantined.
Branch inboxBranch(int source)
{
    return Branch(RowRef::Kind::InboxMessage, source, u"webhook_inbox w"_s, u"w.received_at"_s, u"w.id"_s, u"uuid"_s,
                  u"CASE WHEN w.status = 'QUARANTINED' AND w.resolved_at IS NOT NULL THEN 'resolved'"
                  " ELSE lower(w.status) END"_s);
}

const SearchTargets kInboxSearch{
    {u"w.id"_s}, {}, {u"w.partner_event_id = ?"_s, u"w.entity_id = ?"_s}, u"w.payload @> ?::jsonb"_s};

void requireInboxFilter(Branch &branch, const ViewFilter &filter, const std::optional<Search> &search)
{
    if (!filter.party.isEmpty())
        branch.require(u"w.partner_name = ?"_s, {filter.party});
    branch.requireEventType(u"w.event_type"_s, filter.eventType);
    branch.requireTimeRange(branch.time, filter.from, filter.until);
    requireSearch(branch, search, kInboxSearch);
}

QList<Branch> inboxBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    Branch branch = inboxBranch(0);
    branch.cells = u"w.received_at::timestamptz, %1, w.partner_name::text, w.event_type,"
                   " w.partner_event_id::text, %2, w.id::text, w.attempt_count::bigint, %3"_s.arg(
                       branch.state, kEntitySql, kInboxWhySql);
    branch.perStatus = true;
    for (const QString &state : filter.states)
        branch.statuses << state.toUpper();
    requireInboxFilter(branch, filter, search);
    return {branch};
}

QList<Branch> deferredBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    Branch branch = inboxBranch(0);
    branch.cells = u"w.received_at::timestamptz, w.partner_name::text, w.event_type, %1, w.waiting_for,"
                   " w.deferred_since, w.defer_count::bigint, w.next_attempt_at, w.id::text"_s.arg(kEntitySql);
    branch.require(u"w.status = 'DEFERRED'"_s);
    requireInboxFilter(branch, filter, search);
    return {branch};
}

// Resolved rows (settled by hand, with a note) keep their state but leave the dead letters.
QList<Branch> deadLetterBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    QList<Branch> branches;
    if (filter.states.isEmpty() || filter.states.contains(u"dead"_s)) {
        Branch dead(RowRef::Kind::Delivery, 0, u"deliveries d JOIN endpoints ep ON ep.id = d.endpoint_id"_s,
                    u"d.created_at"_s, u"d.id"_s, u"bigint"_s, u"'dead'"_s);
        dead.cells = u"d.created_at, 'dead', d.event_type::text, ep.name, d.id::text, d.aggregate_id::text,"
                     " d.attempt_count::bigint, d.last_status_code::bigint,"
                     " coalesce(d.dead_reason, d.last_error)"_s;
        // 'dead' is written out so that the planner sees deliveries_by_state's predicate (state <> 'delivered') hold.
        dead.require(u"d.state = 'dead' AND d.resolved_at IS NULL"_s);
        if (!filter.party.isEmpty())
            dead.require(u"ep.name = ?"_s, {filter.party});
        dead.requireEventType(u"d.event_type"_s, filter.eventType);
        dead.requireTimeRange(dead.time, filter.from, filter.until);
        // The payload is the event's; a scalar subquery keeps the walk in index order (no join to plan around).
        requireSearch(dead, search,
                      {{u"d.event_id"_s, u"d.aggregate_id"_s},
                       {u"d.id = ?::bigint"_s},
                       {},
                       u"(SELECT e.payload FROM outbox_events e WHERE e.id = d.event_id) @> ?::jsonb"_s});
        branches << dead;
    }
    if (filter.states.isEmpty() || filter.states.contains(u"quarantined"_s)) {
        Branch quarantined = inboxBranch(1);
        quarantined.cells = u"w.received_at::timestamptz, 'quarantined', w.event_type, w.partner_name::text,"
                            " w.id::text, %1, w.attempt_count::bigint, NULL::bigint, w.reason"_s.arg(kEntitySql);
        quarantined.require(u"w.status = 'QUARANTINED' AND w.resolved_at IS NULL"_s);
        requireInboxFilter(quarantined, filter, search);
        branches << quarantined;
    }
    return branches;
}

QList<Branch> rejectedBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    Branch branch(RowRef::Kind::RejectedRequest, 0, u"rejected_requests r"_s, u"r.received_at"_s, u"r.id"_s,
                  u"bigint"_s, u"'rejected'"_s);
    branch.cells = u"r.received_at, r.partner_name, r.status_code::bigint, r.remote_address,"
                   " r.body_bytes::bigint, r.id::text, r.reason"_s;
    if (!filter.party.isEmpty())
        branch.require(u"r.partner_name = ?"_s, {filter.party});
    branch.requireTimeRange(branch.time, filter.from, filter.until);
    requireSearch(branch, search,
                  {{}, {u"r.id = ?::bigint"_s}, {u"r.remote_address = ?"_s}, u"r.headers @> ?::jsonb"_s});
    return {branch};
}

QList<Branch> auditBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    Branch branch(RowRef::Kind::AuditRecord, 0, u"audit_log a"_s, u"a.at"_s, u"a.id"_s, u"bigint"_s, u"''"_s);
    branch.cells = u"a.at, a.action, a.subject, a.os_user, a.db_role, a.id::text, a.reason,"
                   " a.details::text"_s;
    branch.requireEventType(u"a.action"_s, filter.eventType);
    branch.requireTimeRange(branch.time, filter.from, filter.until);
    requireSearch(branch, search,
                  {{}, {u"a.id = ?::bigint"_s}, {u"a.subject = ?"_s, u"a.os_user = ?"_s}, u"a.details @> ?::jsonb"_s});
    return {branch};
}

QList<Branch> endpointBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    // The last hour's attempts make a failing endpoint read as one though its state is active: its Why is then the
    // latest failure, unless its state has a reason of its own.
    // Its state is the one shown ("failing" for an active endpoint whose latest attempt failed), which the state
    // filter matches too.
    const QString state = endpointShownStateSql(u"ep"_s, u"h"_s);
    Branch branch(RowRef::Kind::Endpoint, 0,
                  u"endpoints ep LEFT JOIN "_s + kEndpointsLastHourSql + u" h ON h.endpoint_id = ep.id"_s,
                  u"ep.created_at"_s, u"ep.id"_s, u"bigint"_s, state);
    // A password in the URL, and the values of query parameters named like a credential, are secrets: left out, as
    // `endpoint show` and the detail pane do (urlWithoutSecrets, whose patterns these are).
    branch.cells =
        u"ep.created_at, "_s + state +
        u", ep.name,"
        " (SELECT count(*) FROM deliveries d WHERE d.endpoint_id = ep.id AND d.state = 'pending'),"
        " (SELECT count(*) FROM deliveries d"
        "   WHERE d.endpoint_id = ep.id AND d.state = 'dead' AND d.resolved_at IS NULL),"
        " coalesce(h.failed, 0), coalesce(h.attempts, 0),"
        " regexp_replace(regexp_replace(ep.url, '^([a-z]+://[^/@:]*):[^/@]*@', '\\1@', 'i'),"
        "   '([?&][^=&#]*(token|key|secret|password|passwd|pwd|pw|sig|auth|credential|code)[^=&#]*=)[^&#]*', "
        "'\\1…', 'gi'), array_to_string(ep.event_types, ', '),"
        " ep.id::text, coalesce(ep.state_reason, "_s +
        lastFailureSql(u"h.last_failure"_s) + u")"_s;
    if (!filter.states.isEmpty())
        requireOneOf(branch, state, filter.states);
    if (!filter.party.isEmpty())
        branch.require(u"ep.name = ?"_s, {filter.party});
    branch.requireTimeRange(branch.time, filter.from, filter.until);
    requireSearch(
        branch, search,
        {{}, {u"ep.id = ?::bigint"_s}, {u"ep.name = ?"_s, u"ep.url = ?"_s}, u"ep.custom_headers @> ?::jsonb"_s});
    return {branch};
}

QList<Branch> partnerBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    Branch branch(RowRef::Kind::Partner, 0, u"partners p"_s, u"p.created_at"_s, u"p.id"_s, u"bigint"_s, u"''"_s);
    branch.cells = u"p.created_at, p.name::text, p.scheme, p.config ->> 'mode', p.tolerance_s::bigint,"
                   " p.max_body_bytes::bigint, p.id::text"_s;
    if (!filter.party.isEmpty())
        branch.require(u"p.name = ?"_s, {filter.party});
    branch.requireTimeRange(branch.time, filter.from, filter.until);
    requireSearch(branch, search, {{}, {u"p.id = ?::bigint"_s}, {u"p.name = ?"_s}, u"p.config @> ?::jsonb"_s});
    return {branch};
}

// Stuck records (still processing past their lock timeout: their process died) wait for an operator, so they come
// first, newest first, before the others in time order. Their branch is ordered by 'infinity' rather than a time:
// newest first, that sorts them before every real time, and by id among themselves. Time ranges apply to their
// created_at all the same.
QList<Branch> idempotencyBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    const QString stuck = u"k.status = 'processing' AND k.locked_until < now()"_s;
    const SearchTargets targets{{u"k.resource_id"_s},
                                {u"k.id = ?::bigint"_s},
                                {u"k.idempotency_key = ?"_s, u"k.tenant = ?"_s},
                                u"convert_from(k.response_body, 'UTF8')::jsonb @> ?::jsonb"_s};
    const auto branch = [&](int source, const QString &time, const QString &state, const QString &why) {
        Branch made(RowRef::Kind::IdempotencyKey, source, u"idempotency_keys k"_s, time, u"k.id"_s, u"bigint"_s, state);
        made.cells = u"k.created_at, %1, k.tenant, k.operation, k.idempotency_key, k.response_status::bigint,"
                     " k.resource_id::text, k.id::text, %2"_s.arg(state, why);
        if (!filter.party.isEmpty())
            made.require(u"k.tenant = ?"_s, {filter.party});
        made.requireTimeRange(u"k.created_at"_s, filter.from, filter.until);
        requireSearch(made, search, targets);
        return made;
    };
    QList<Branch> branches;
    if (filter.states.isEmpty() || filter.states.contains(u"stuck"_s)) {
        Branch stuckRows = branch(0, u"'infinity'::timestamptz"_s, u"'stuck'"_s,
                                  u"'not finished by ' || to_char(k.locked_until AT TIME ZONE 'UTC',"
                                  " 'YYYY-MM-DD HH24:MI:SS') || ' UTC: settle it with hookyard idempotency resolve'"_s);
        stuckRows.require(stuck);
        branches << stuckRows;
    }
    QStringList states = filter.states;
    states.removeAll(u"stuck"_s);
    if (filter.states.isEmpty() || !states.isEmpty()) {
        Branch others = branch(1, u"k.created_at"_s, u"k.status"_s, u"k.resolution_note"_s);
        others.require(u"NOT (%1)"_s.arg(stuck));
        if (!states.isEmpty())
            requireOneOf(others, u"k.status"_s, states);
        branches << others;
    }
    return branches;
}

// One branch per kind, numbered in mismatchKinds() order: the view lists the open mismatches grouped by kind
// (ViewDescription::groupedBySource). The kind is written out so that each walks reconcile_mismatches_open.
QList<Branch> reconciliationBranches(const ViewFilter &filter, const std::optional<Search> &search)
{
    const SearchTargets targets{{u"m.inbox_id"_s},
                                {u"m.id = ?::bigint"_s, u"m.delivery_id = ?::bigint"_s, u"m.run_id = ?::bigint"_s},
                                {u"m.reference = ?"_s},
                                u"jsonb_build_array(m.ours, m.theirs) @> jsonb_build_array(?::jsonb)"_s};
    QList<Branch> branches;
    const QStringList &kinds = mismatchKinds();
    for (int source = 0; source < kinds.size(); ++source) {
        if (!filter.states.isEmpty() && !filter.states.contains(kinds.at(source)))
            continue;
        Branch branch(RowRef::Kind::Mismatch, source, u"reconcile_mismatches m"_s, u"m.item_at"_s, u"m.id"_s,
                      u"bigint"_s, u"m.kind"_s);
        branch.cells =
            u"m.item_at, m.kind, m.subject_name, m.reference,"
            " CASE WHEN m.ours IS NULL THEN 'no record' ELSE coalesce(m.ours ->> 'state', m.ours ->> 'status') END,"
            " CASE WHEN m.theirs IS NULL THEN 'no record'"
            "  ELSE coalesce('status URL: ' || (m.theirs ->> 'said'), m.theirs ->> 'status', 'listed') END,"
            " m.run_id, m.id::text, m.detail"_s;
        branch.require(u"m.kind = ? AND m.resolved_at IS NULL"_s, {kinds.at(source)});
        if (!filter.party.isEmpty())
            branch.require(u"m.subject_name = ?"_s, {filter.party});
        branch.requireTimeRange(branch.time, filter.from, filter.until);
        requireSearch(branch, search, targets);
        branches << branch;
    }
    return branches;
}

Result<QList<Branch>> branchesFor(View view, const ViewFilter &filter)
{
    if (auto valid = validateFilter(view, filter); !valid)
        return Error{valid.error()};
    auto search = parseSearch(filter.search);
    if (!search)
        return Error{search.error()};
    switch (view) {
    case View::Outbox:
        return outboxBranches(filter, search.value());
    case View::Inbox:
        return inboxBranches(filter, search.value());
    case View::Deferred:
        return deferredBranches(filter, search.value());
    case View::DeadLetters:
        return deadLetterBranches(filter, search.value());
    case View::Rejected:
        return rejectedBranches(filter, search.value());
    case View::Audit:
        return auditBranches(filter, search.value());
    case View::Endpoints:
        return endpointBranches(filter, search.value());
    case View::Partners:
        return partnerBranches(filter, search.value());
    case View::Idempotency:
        return idempotencyBranches(filter, search.value());
    case View::Reconciliation:
        return reconciliationBranches(filter, search.value());
    }
    return Error{u"unknown view"_s};
}

// The rows of `branch` that come after `position` in a walk through (time, source, id), descending or ascending.
// Rows of another source at the same time come before or after all of this source's, by their source number. In a
// view grouped by source the walk is through (source, time, id), sources always ascending.
void requireAfter(Branch &branch, const KeysetPosition &position, bool descending, bool grouped)
{
    const QString before = descending ? u"<"_s : u">"_s;
    if (grouped && branch.source != position.source) {
        if (branch.source < position.source)
            branch.require(u"false"_s);
        return;
    }
    if (branch.source == position.source) {
        branch.require(u"(%1, %2) %3 (?::timestamptz, ?::%4)"_s.arg(branch.time, branch.id, before, branch.idType),
                       {position.time, position.id});
    } else {
        const bool sameTimeFollows = descending ? branch.source < position.source : branch.source > position.source;
        branch.require(u"%1 %2 ?::timestamptz"_s.arg(branch.time, sameTimeFollows ? before + u'=' : before),
                       {position.time});
    }
}

// "SELECT <select> FROM <branch> WHERE <conditions> <tail>", or for a branch that walks statuses, the same once
// per status as a lateral join (the tail's ORDER BY and LIMIT then apply to each walk).
QString branchSql(const Branch &branch, const QString &select, const QString &tail, QVariantList &values)
{
    QStringList where = branch.clauses;
    if (branch.perStatus)
        where.prepend(u"w.status = walked.status"_s);
    QString sql = u"SELECT %1 FROM %2"_s.arg(select, branch.from);
    if (!where.isEmpty())
        sql += u" WHERE "_s + where.join(u" AND "_s);
    sql += u' ' + tail;
    if (!branch.perStatus) {
        values << branch.values;
        return sql;
    }
    QString statuses;
    if (branch.statuses.isEmpty()) {
        // Every status present, found by skipping through the index (one probe per distinct status).
        statuses = uR"(WITH RECURSIVE present(status) AS (
  SELECT min(status) FROM webhook_inbox
  UNION ALL
  SELECT (SELECT min(i.status) FROM webhook_inbox i WHERE i.status > p.status) FROM present p WHERE p.status IS NOT NULL
) SELECT status FROM present WHERE status IS NOT NULL)"_s;
    } else {
        statuses = u"SELECT DISTINCT unnest(string_to_array(?, ',')) AS status"_s;
        values << branch.statuses.join(u',');
    }
    values << branch.values;
    return u"SELECT walk.* FROM (%1) walked CROSS JOIN LATERAL (%2) walk"_s.arg(statuses, sql);
}

QString keyColumns(const Branch &branch)
{
    // key_sort orders like the key within one source: bigints padded, UUIDs as text in byte order.
    const QString sortId =
        branch.idType == u"bigint"_s ? u"lpad(%1::text, 20, '0')"_s.arg(branch.id) : u"%1::text"_s.arg(branch.id);
    // Named apart from the cells (which may hold columns such as "at" or "state"): the outer ORDER BY uses them.
    return u"%1::text AS key_id, %2 AS key_source, %3::timestamptz AS key_at, %3::timestamptz::text AS key_time,"
           " %4 AS key_sort, %5 AS key_state, %6"_s.arg(branch.id)
               .arg(branch.source)
               .arg(branch.time, sortId, branch.state, branch.cells);
}

Result<QSqlQuery> run(const DatabaseConnection &connection, const QString &sql, const QVariantList &values)
{
    QSqlQuery query(connection.database());
    query.setForwardOnly(true);
    if (!query.prepare(sql))
        return Error{oneLine(query.lastError())};
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec())
        return Error{oneLine(query.lastError())};
    return query;
}

// count(*) over the rows of every branch, each branch's walk stopped after `cap` rows when cap > 0.
Result<qint64> countRows(const DatabaseConnection &connection, const QList<Branch> &branches, qint64 cap)
{
    QStringList parts;
    QVariantList values;
    for (const Branch &branch : branches) {
        const QString tail = cap > 0 ? u"LIMIT ?"_s : QString();
        QString sql = branchSql(branch, u"1"_s, tail, values);
        if (cap > 0)
            values << cap;
        parts << u'(' + sql + u')';
    }
    if (parts.isEmpty())
        return qint64(0);
    auto query = run(connection, u"SELECT count(*) FROM (%1) counted"_s.arg(parts.join(u" UNION ALL "_s)), values);
    if (!query)
        return Error{query.error()};
    query.value().next();
    const qint64 count = query.value().value(0).toLongLong();
    return cap > 0 ? std::min(count, cap) : count;
}

QList<ViewRow> readRows(QSqlQuery &result, const QList<Branch> &branches, View view)
{
    constexpr int kFirstCell = 6; // key_id, key_source, key_at, key_time, key_sort, key_state come first
    const ViewDescription &description = describe(view);
    QList<ViewRow> rows;
    while (result.next()) {
        ViewRow row;
        row.position = {result.value(3).toString(), result.value(1).toInt(), result.value(0).toString()};
        for (const Branch &branch : branches) {
            if (branch.source == row.position.source)
                row.ref = {branch.kind, row.position.id};
        }
        row.state = result.value(5).toString();
        for (int column = 0; column < description.columns.size(); ++column) {
            const QVariant value = result.value(kFirstCell + column);
            if (value.isNull()) {
                row.cells << QVariant();
                continue;
            }
            switch (description.columns.at(column).kind) {
            case Kind::Time:
                row.cells << toUtc(value);
                break;
            case Kind::Number:
                row.cells << value.toLongLong();
                break;
            default:
                row.cells << value.toString();
                break;
            }
        }
        rows << row;
    }
    return rows;
}

} // namespace

QList<View> allViews()
{
    QList<View> views;
    for (const ViewDescription &description : descriptions())
        views << description.view;
    return views;
}

const ViewDescription &describe(View view)
{
    for (const ViewDescription &description : descriptions()) {
        if (description.view == view)
            return description;
    }
    Q_UNREACHABLE();
}

Status validateFilter(View view, const ViewFilter &filter)
{
    const ViewDescription &description = describe(view);
    for (const QString &state : filter.states) {
        if (!description.states.contains(state)) {
            if (description.states.isEmpty())
                return Error{u"the %1 view has no state filter"_s.arg(viewName(view))};
            return Error{u"unknown state \"%1\" for the %2 view: use %3"_s.arg(state, viewName(view),
                                                                               description.states.join(u", "_s))};
        }
    }
    if (!filter.party.isEmpty() && !description.partyTitle)
        return Error{u"the %1 view has no endpoint or partner filter"_s.arg(viewName(view))};
    if (!filter.eventType.isEmpty() && !description.eventTypeTitle)
        return Error{u"the %1 view has no event type filter"_s.arg(viewName(view))};
    if (const QString problem = SqlConditions::eventTypeFilterProblem(filter.eventType); !problem.isEmpty())
        return Error{problem};
    if (filter.from.isValid() && filter.until.isValid() && filter.from >= filter.until)
        return Error{
            u"the time range is empty: %1 is not before %2"_s.arg(timeText(filter.from), timeText(filter.until))};
    if (auto search = parseSearch(filter.search); !search)
        return Error{search.error()};
    return success();
}

Result<QList<ViewRow>> fetchPage(const DatabaseConnection &connection, View view, const ViewFilter &filter,
                                 const std::optional<KeysetPosition> &after, int limit)
{
    if (limit <= 0)
        return Error{u"a page needs at least one row (limit %1)"_s.arg(limit)};
    auto branches = branchesFor(view, filter);
    if (!branches)
        return Error{branches.error()};
    const bool descending = filter.order == SortOrder::NewestFirst;
    const QString direction = descending ? u"DESC"_s : u"ASC"_s;

    QStringList parts;
    QVariantList values;
    for (Branch &branch : branches.value()) {
        branch.require(branch.time + u" IS NOT NULL"_s);
        if (after)
            requireAfter(branch, *after, descending, describe(view).groupedBySource);
        const QString tail = u"ORDER BY %1 %3, %2 %3 LIMIT ?"_s.arg(branch.time, branch.id, direction);
        parts << u'(' + branchSql(branch, keyColumns(branch), tail, values) + u')';
        values << limit;
    }
    if (parts.isEmpty())
        return QList<ViewRow>();
    const QString order = describe(view).groupedBySource ? u"key_source, key_at %1, key_sort COLLATE \"C\" %1"_s
                                                         : u"key_at %1, key_source %1, key_sort COLLATE \"C\" %1"_s;
    const QString sql =
        u"SELECT * FROM (%1) page ORDER BY %2 LIMIT ?"_s.arg(parts.join(u" UNION ALL "_s), order.arg(direction));
    values << limit;
    auto query = run(connection, sql, values);
    if (!query)
        return Error{u"cannot list %1: %2"_s.arg(viewName(view), query.error())};
    return readRows(query.value(), branches.value(), view);
}

Result<QList<ViewRow>> fetchRowsAgain(const DatabaseConnection &connection, View view, const ViewFilter &filter,
                                      const QList<KeysetPosition> &shown)
{
    ViewFilter anyState = filter;
    anyState.states.clear();
    auto branches = branchesFor(view, anyState);
    if (!branches)
        return Error{branches.error()};
    // A row may since have moved to another of the view's sources of its kind (an idempotency key that got stuck):
    // each branch is asked for the shown keys of every source of its kind, and the one whose conditions the row now
    // meets returns it.
    QHash<int, RowRef::Kind> kindOfSource;
    for (const Branch &branch : std::as_const(branches.value()))
        kindOfSource.insert(branch.source, branch.kind);
    QStringList parts;
    QVariantList values;
    for (Branch &branch : branches.value()) {
        QStringList ids;
        for (const KeysetPosition &position : shown) {
            if (kindOfSource.contains(position.source) && kindOfSource.value(position.source) == branch.kind)
                ids << position.id;
        }
        if (ids.isEmpty())
            continue;
        // Keys are UUIDs or whole numbers as text: no commas.
        branch.require(u"%1 = ANY (string_to_array(?, ',')::%2[])"_s.arg(branch.id, branch.idType), {ids.join(u',')});
        parts << u'(' + branchSql(branch, keyColumns(branch), u"LIMIT ?"_s, values) + u')';
        values << ids.size();
    }
    if (parts.isEmpty())
        return QList<ViewRow>();
    auto query = run(connection, parts.join(u" UNION ALL "_s), values);
    if (!query)
        return Error{u"cannot list %1 again: %2"_s.arg(viewName(view), query.error())};
    return readRows(query.value(), branches.value(), view);
}

Result<qint64> countMatching(const DatabaseConnection &connection, View view, const ViewFilter &filter)
{
    auto branches = branchesFor(view, filter);
    if (!branches)
        return Error{branches.error()};
    for (Branch &branch : branches.value())
        branch.require(branch.time + u" IS NOT NULL"_s);
    auto count = countRows(connection, branches.value(), 0);
    if (!count)
        return Error{u"cannot count %1: %2"_s.arg(viewName(view), count.error())};
    return count;
}

Result<qint64> countNewer(const DatabaseConnection &connection, View view, const ViewFilter &filter,
                          const KeysetPosition &newestKnown, qint64 cap)
{
    if (cap <= 0)
        return Error{u"the count of new rows needs a positive cap (%1)"_s.arg(cap)};
    auto branches = branchesFor(view, filter);
    if (!branches)
        return Error{branches.error()};
    const bool grouped = describe(view).groupedBySource;
    for (Branch &branch : branches.value()) {
        branch.require(branch.time + u" IS NOT NULL"_s);
        if (grouped && branch.source != newestKnown.source)
            branch.require(u"false"_s);
        else
            requireAfter(branch, newestKnown, false, grouped);
    }
    auto count = countRows(connection, branches.value(), cap);
    if (!count)
        return Error{u"cannot count new rows of %1: %2"_s.arg(viewName(view), count.error())};
    return count;
}

Result<QString> outboxEventState(const DatabaseConnection &connection, const QString &eventId)
{
    auto query = connection.exec(
        u"SELECT "_s + kOutboxStateSql + u" FROM "_s + kOutboxFromSql + u" WHERE e.id = ?::uuid"_s, {eventId});
    if (!query)
        return Error{u"reading the state of event %1 failed: %2"_s.arg(eventId, query.error())};
    if (!query.value().next())
        return Error{u"event %1 does not exist"_s.arg(eventId)};
    return query.value().value(0).toString();
}

QString lastFailureText(const QString &failure)
{
    return QCoreApplication::translate("hookyard::core::ViewQueries", kLastFailure).arg(failure);
}

QString lastFailureSql(const QString &failureSql)
{
    QString pattern = QCoreApplication::translate("hookyard::core::ViewQueries", kLastFailure);
    if (!pattern.contains(u"%1"_s))
        pattern = QString::fromLatin1(kLastFailure); // a translation that lost its placeholder
    const qsizetype at = pattern.indexOf(u"%1"_s);
    return sqlString(pattern.left(at)) + u" || "_s + failureSql + u" || "_s + sqlString(pattern.mid(at + 2));
}

} // namespace hookyard::core
