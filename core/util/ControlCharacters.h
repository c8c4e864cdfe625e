#pragma once

#include <QString>
#include <QStringView>

namespace hookyard::core {

// Control characters are U+0000–U+001F, U+007F and U+0080–U+009F (Unicode category Cc). Text from a sender or an
// operator that holds one is refused where it would be a name, a key or a secret: it cannot be typed back, and it
// reaches the terminal of whoever lists it.
bool holdsControlCharacter(QStringView text);

// At most `characters` code points of `text`, each control character shown as U+FFFD: for echoing a sender's value
// in a reason that reaches terminals and logs.
QString withoutControlCharacters(QStringView text, qsizetype characters);

} // namespace hookyard::core
