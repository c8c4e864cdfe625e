#pragma once

#include <QByteArray>
#include <QJsonValue>

namespace hookyard::core {

// Whether PostgreSQL's jsonb can hold every string (and member name) of `value`: none holds U+0000 or a surrogate
// that is not half of a pair (such as an emoji a sender cut in half), both of which Qt's parser keeps. Used by the
// receiver and the HTTP API to refuse such a body as bad input rather than fail its insert; the receiver's fuzz target
// walks every body it accepts, to hold the receiver to it.
bool jsonbCanStore(const QJsonValue &value);

// Whether the JSON text `body` could hold what jsonbCanStore refuses: only a NUL byte or a \u escape can bring either
// in, so a body without them need not be walked.
bool mayHoldUnstorableJson(const QByteArray &body);

} // namespace hookyard::core
