#pragma once

#include <QDateTime>
#include <QUuid>

namespace hookyard::core {

// A version 7 UUID (RFC 9562 §5.7): the Unix time in milliseconds in its first 48 bits, then the version, then 74
// random bits. Ids made one after another sort in the order they were made (to the millisecond), so a B-tree keyed on
// them takes each new one at its right edge instead of on a random page: fewer pages touched and written per insert,
// and fewer full-page images in the WAL after each checkpoint. `at` is for tests.
QUuid timeOrderedUuid(const QDateTime &at = QDateTime::currentDateTimeUtc());

} // namespace hookyard::core
