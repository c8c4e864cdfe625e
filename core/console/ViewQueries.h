#pragma once

#include "console/RowRef.h"
#include "db/Database.h"
#include "util/Result.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

namespace hookyard::core {

// The console's list views and the one keyset-paged query behind each. All SQL of the list views lives here; the
// detail pane and the actions have their own.
enum class View
{
    Outbox,         // outbox_events, each with its deliveries summarised
    Inbox,          // webhook_inbox
    Deferred,       // inbox rows DEFERRED, with what they wait for
    DeadLetters,    // dead deliveries and quarantined inbox rows together, unresolved only
    Rejected,       // rejected_requests
    Audit,          // audit_log
    Endpoints,      // endpoints
    Partners,       // partners
    Idempotency,    // idempotency_keys: the API's Idempotency-Key records, stuck ones first
    Reconciliation, // reconcile_mismatches: the open mismatches of reconciliation runs, grouped by kind
};

enum class SortOrder
{
    NewestFirst,
    OldestFirst,
};

struct ViewColumn
{
    enum class Kind
    {
        Text,
        Id,     // an identifier: shown in a monospace font, searched exactly
        Time,   // a QDateTime (UTC): shown relative, with the absolute time on hover
        Number, // a qint64
        State,  // the row's state name (ViewRow::state)
        Reason, // why the row is where it is: status code, error, what it waits for
    };

    QString key;       // stable name, e.g. "event_type" (exports, tests)
    const char *title; // English; translated in the context "hookyard::core::ViewQueries"
    Kind kind;
};

struct ViewDescription
{
    View view;
    QString key;       // "outbox", "dead-letters", ...
    const char *title; // English; translated in the context "hookyard::core::ViewQueries"
    QList<ViewColumn> columns;
    int timeColumn;     // the column the view is ordered by
    int reasonColumn;   // the "why" column; -1 when the view has none
    QStringList states; // the states ViewFilter::states accepts; empty: the view has no state filter
    // What ViewFilter::party names ("Endpoint", "Partner", ...); nullptr: the view has no such filter.
    const char *partyTitle;
    // What ViewFilter::eventType filters ("Event type", "Action"); nullptr: the view has no such filter.
    const char *eventTypeTitle;
    // Rows come in groups, one per table branch (KeysetPosition::source) in ascending order, and by time within each
    // group: the sort order turns the time order only. False: by time across all branches.
    bool groupedBySource = false;
};

// Every view, in the order the console lists them.
QList<View> allViews();
const ViewDescription &describe(View view);

// An endpoint's Why when its state gives none, "last failure: HTTP 404", in the console's language: as text (the
// detail pane), and as an SQL expression around the expression `failureSql` (the Endpoints view).
QString lastFailureText(const QString &failure);
QString lastFailureSql(const QString &failureSql);

struct ViewFilter
{
    QStringList states; // any of these (ViewDescription::states); empty: every state
    QString party;      // an endpoint or partner name, exactly
    QString eventType;  // exactly, or every type under a prefix with "prefix.*"; "" or "*": every type
    QDateTime from;     // the view's time >= from; invalid: no lower bound
    QDateTime until;    // the view's time < until; invalid: no upper bound
    // An id, aggregate id, partner event id, entity id, ... matched exactly (a UUID also in braces); or, when it
    // starts with "{" and is no UUID, a JSON object the row's payload must contain (jsonb @>).
    QString search;
    SortOrder order = SortOrder::NewestFirst;

    friend bool operator==(const ViewFilter &, const ViewFilter &) = default;
};

// Where a row sits in a view's order: (time, source, id), compared as a tuple. Pages continue after a position, so
// paging stays exact when rows arrive or leave meanwhile, and rows with the same time are ordered by id.
struct KeysetPosition
{
    QString time;   // the row's time as PostgreSQL prints it (QDateTime would lose the microseconds)
    int source = 0; // which table of the view the row is from (Dead letters: 0 deliveries, 1 inbox)
    QString id;     // the row's key in its table, as text

    friend bool operator==(const KeysetPosition &, const KeysetPosition &) = default;
};

struct ViewRow
{
    RowRef ref;
    QString state;      // the row's state for colour and glyph: "dead", "quarantined", "pending", ...; "" for none
    QVariantList cells; // one per ViewDescription::columns; a null QVariant for NULL
    KeysetPosition position;
};

// Checks a filter against a view: unknown states, filters the view does not have, an empty time range, a search
// that starts like JSON but is not a JSON object. The queries below check the same and fail with the same message.
Status validateFilter(View view, const ViewFilter &filter);

// Up to `limit` rows matching `filter` that follow `after` in the filter's order (from the start without `after`).
// A row with no time (the producers' columns allow NULL) is not listed.
Result<QList<ViewRow>> fetchPage(const DatabaseConnection &connection, View view, const ViewFilter &filter,
                                 const std::optional<KeysetPosition> &after, int limit);

// The rows at these positions (the ones a view shows) as they are now, in no particular order. The filter's states
// are not applied (an outbox event delivered since shows its new state); a row that moved to another of the view's
// sources of its kind (an idempotency key that got stuck) comes with its new source; a row the view itself no longer
// lists (a dead letter replayed) is missing.
Result<QList<ViewRow>> fetchRowsAgain(const DatabaseConnection &connection, View view, const ViewFilter &filter,
                                      const QList<KeysetPosition> &shown);

// How many rows match `filter` (the count a "replay all matching" confirmation shows).
Result<qint64> countMatching(const DatabaseConnection &connection, View view, const ViewFilter &filter);

// How many rows matching `filter` are newer than `newestKnown` (later in time, whatever the sort order), counted up
// to `cap`: the console announces them instead of inserting them under the reader's cursor. In a view grouped by
// source, only the rows of newestKnown's group count.
Result<qint64> countNewer(const DatabaseConnection &connection, View view, const ViewFilter &filter,
                          const KeysetPosition &newestKnown, qint64 cap = 10000);

// An outbox event's state as the Outbox view shows it: its most urgent delivery's ("dead", "unknown", "held",
// "pending", then "resolved" when an operator resolved a dead or unknown one, else "delivered"), or "none" when no
// endpoint subscribes to it. The detail pane's badge says the same.
Result<QString> outboxEventState(const DatabaseConnection &connection, const QString &eventId);

} // namespace hookyard::core

Q_DECLARE_METATYPE(hookyard::core::ViewFilter)
Q_DECLARE_METATYPE(hookyard::core::KeysetPosition)
