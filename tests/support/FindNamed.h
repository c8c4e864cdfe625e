#pragma once

#include <QString>
#include <QWidget>

namespace hookyard::test {

// The first widget of type T under `parent` whose accessible name is `accessibleName`, or nullptr: the console's
// tests find its controls as assistive technology and a person reading the screen would, by name.
template<typename T> T *findNamed(const QWidget &parent, const QString &accessibleName)
{
    const QList<T *> candidates = parent.findChildren<T *>();
    for (T *candidate : candidates) {
        if (candidate->accessibleName() == accessibleName)
            return candidate;
    }
    return nullptr;
}

} // namespace hookyard::test
