#pragma once

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace hookyard::core {

// The JSON Pointer of the first member whose name an object of `json` gives twice ("/payload", "/data/amount"), or
// nothing. Qt's parser, like jsonb, keeps one of the two silently, so a sender's misspelt or doubled member would be
// dropped without a word; callers refuse such a document instead (RFC 8259 §4: names SHOULD be unique). `json` must
// be a document Qt's parser has accepted.
std::optional<QString> firstDuplicateMember(QByteArrayView json);

} // namespace hookyard::core
