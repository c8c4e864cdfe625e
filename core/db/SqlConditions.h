#pragma once

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVariantList>

namespace hookyard::core {

// The conditions of a WHERE clause, built up one at a time: each with '?' placeholders, and the values they take in
// order. The console's views and the replays of many rows narrow by event type and time through the same functions,
// so that "order.*" means the same in both.
struct SqlConditions
{
    QStringList clauses;
    QVariantList values;

    void require(const QString &clause, const QVariantList &bound = {});
    // `column` is `eventType`, or starts with "prefix." for "prefix.*"; "" and "*" require nothing (every type).
    void requireEventType(const QString &column, const QString &eventType);
    // Why `eventType` cannot be a filter (a '*' anywhere but alone or in a trailing ".*" after a prefix: "order*",
    // ".*" or "*.paid" would silently match nothing); empty when it can.
    static QString eventTypeFilterProblem(const QString &eventType);
    // from <= column < until; an invalid time leaves that side open.
    void requireTimeRange(const QString &column, const QDateTime &from, const QDateTime &until);
    // The clauses joined with AND; "true" without any.
    QString sql() const;
};

} // namespace hookyard::core
