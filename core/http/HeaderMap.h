#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <initializer_list>
#include <utility>

namespace hookyard::core {

// Header values by name, for headers as a request carries them: names already lowercased, each name once. A list
// sorted by name, looked up by binary search: a request has about ten headers, and QHash's SipHash of their names
// took 14 % of the receiver's HTTP thread (docs/benchmarks.md, ingest). Iterates in name order.
class HeaderMap final
{
public:
    using Entry = std::pair<QByteArray, QByteArray>;
    using const_iterator = QList<Entry>::const_iterator;

    HeaderMap() = default;
    // Headers in the order they came: a name given more than once keeps its last value, and isRepeated() tells.
    HeaderMap(QList<Entry> entries);
    HeaderMap(std::initializer_list<Entry> entries)
        : HeaderMap(QList<Entry>(entries))
    {}

    // Sets the name's value, replacing the one it had.
    void insert(const QByteArray &name, const QByteArray &value);
    void remove(QByteArrayView name);

    // The value, or nullptr when the name is absent.
    const QByteArray *find(QByteArrayView name) const;
    bool contains(QByteArrayView name) const { return find(name) != nullptr; }
    // The value, or an empty one when the name is absent.
    QByteArray value(QByteArrayView name) const;
    // Whether the entries given to the constructor held the name more than once: for a header whose repetition makes
    // the request ambiguous (one reader takes the first, another the last).
    bool isRepeated(QByteArrayView name) const;
    bool hasRepeatedNames() const { return !m_repeatedNames.isEmpty(); }

    qsizetype size() const { return m_entries.size(); }
    bool isEmpty() const { return m_entries.isEmpty(); }
    const_iterator begin() const { return m_entries.cbegin(); }
    const_iterator end() const { return m_entries.cend(); }

private:
    // Where the name is, or where it would go.
    const_iterator lowerBound(QByteArrayView name) const;

    QList<Entry> m_entries;            // sorted by name, no name twice
    QList<QByteArray> m_repeatedNames; // sorted, each once
};

} // namespace hookyard::core
