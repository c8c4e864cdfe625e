#pragma once

#include "db/SqlConditions.h"

#include <QDateTime>
#include <QString>

namespace hookyard::core {

// What narrows a replay of many rows (an endpoint's dead deliveries, a partner's quarantined inbox rows), as the
// console's filters narrow a view: by event type and by when the row came (a delivery's creation, an inbox row's
// receipt). `hookyard replay --event-type/--since/--until`.
struct ReplayFilter
{
    QString eventType = {}; // exactly, or every type under a prefix with "prefix.*"; empty: every type
    QDateTime from = {};    // the row's time >= from; invalid: no lower bound
    QDateTime until = {};   // the row's time < until; invalid: no upper bound

    // " of type order.*, from 2026-12-02T00:00:00Z until …": for the audit record's subject; empty without a filter.
    QString describe() const;
    // The filter as conditions on the two columns given.
    SqlConditions conditions(const QString &eventTypeColumn, const QString &timeColumn) const;
};

} // namespace hookyard::core
