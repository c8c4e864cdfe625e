#pragma once

#include <QMetaType>
#include <QString>

namespace hookyard::core {

// What one row of a console view stands for, so that any view can open its detail pane or act on it without
// knowing the others' tables. `id` is the row's key as text: a UUID for events and inbox messages, a bigint for
// deliveries, rejected requests, audit records, endpoints, partners, idempotency records and
// reconciliation mismatches.
struct RowRef
{
    enum class Kind
    {
        Event,           // outbox_events.id
        Delivery,        // deliveries.id
        InboxMessage,    // webhook_inbox.id
        RejectedRequest, // rejected_requests.id
        AuditRecord,     // audit_log.id
        Endpoint,        // endpoints.id
        Partner,         // partners.id
        IdempotencyKey,  // idempotency_keys.id
        Mismatch,        // reconcile_mismatches.id
    };

    Kind kind = Kind::Event;
    QString id;

    bool isValid() const { return !id.isEmpty(); }
    friend bool operator==(const RowRef &, const RowRef &) = default;
};

} // namespace hookyard::core

Q_DECLARE_METATYPE(hookyard::core::RowRef)
