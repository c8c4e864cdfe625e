#pragma once

#include "console/ViewQueries.h"
#include "db/Database.h"
#include "util/Result.h"

#include <QJsonValue>
#include <QString>

namespace hookyard::core {

// A search of a whole value ("A-1036", 1299) that matched no id or name in a view may be a value inside the rows'
// JSON: an order number under data.id, say. The console's search matches JSON by containment, which needs the
// value's place, so this finds it for the person searching.

// The JSON fragment that matches `value` where it stands in `document` (an object or an array), such as
// {"data": {"id": "A-1036"}}, an array element written as [{…}] as containment reads arrays; empty when `document`
// holds no value equal to it. The first place in document order wins.
QString fragmentFinding(const QJsonValue &document, const QJsonValue &value);

// Looks for `text` (a string, or a number when it reads as one) in the JSON of the newest rows `view` shows payloads
// of, and returns the fragment that finds it in the first payload holding it; empty when none of the newest
// kPayloadsLooked holds it, or the view shows no payloads (audit records, rejected requests, endpoints, ...).
inline constexpr int kPayloadsLooked = 2000;
Result<QString> payloadFragmentFor(const DatabaseConnection &connection, View view, const QString &text);

} // namespace hookyard::core
