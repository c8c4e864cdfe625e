#pragma once

#include <QString>

namespace hookyard::core {

// "<host>/<pid>/<prefix><n>": how a relay or worker is named on the leases and rows it records when not told. n
// counts the names made with this prefix in this process, from 1. Thread-safe.
QString nextInstanceName(const QString &prefix);

} // namespace hookyard::core
