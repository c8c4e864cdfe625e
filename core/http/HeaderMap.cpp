#include "http/HeaderMap.h"

#include <algorithm>
#include <iterator>

namespace hookyard::core {

namespace {

bool nameLess(const HeaderMap::Entry &entry, QByteArrayView name)
{
    return QByteArrayView(entry.first) < name;
}

} // namespace

HeaderMap::HeaderMap(QList<Entry> entries)
    : m_entries(std::move(entries))
{
    // Sorting once keeps a head of thousands of header lines (the server allows 64 KiB) at n log n; inserting them one
    // by one would be quadratic.
    std::stable_sort(m_entries.begin(), m_entries.end(),
                     [](const Entry &a, const Entry &b) { return QByteArrayView(a.first) < QByteArrayView(b.first); });
    // A stable sort leaves a repeated name's entries in the order they came: keep the last of each run.
    auto kept = m_entries.begin();
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
        const auto next = std::next(it);
        if (next != m_entries.end() && next->first == it->first) {
            if (m_repeatedNames.isEmpty() || m_repeatedNames.last() != it->first)
                m_repeatedNames.append(it->first);
            continue;
        }
        if (kept != it)
            *kept = std::move(*it);
        ++kept;
    }
    m_entries.erase(kept, m_entries.end());
}

HeaderMap::const_iterator HeaderMap::lowerBound(QByteArrayView name) const
{
    return std::lower_bound(m_entries.cbegin(), m_entries.cend(), name, nameLess);
}

void HeaderMap::insert(const QByteArray &name, const QByteArray &value)
{
    const qsizetype index = std::distance(m_entries.cbegin(), lowerBound(name));
    if (index < m_entries.size() && m_entries.at(index).first == name)
        m_entries[index].second = value;
    else
        m_entries.insert(index, {name, value});
}

void HeaderMap::remove(QByteArrayView name)
{
    const auto found = lowerBound(name);
    if (found != m_entries.cend() && QByteArrayView(found->first) == name)
        m_entries.removeAt(std::distance(m_entries.cbegin(), found));
}

const QByteArray *HeaderMap::find(QByteArrayView name) const
{
    const auto found = lowerBound(name);
    return found != m_entries.cend() && QByteArrayView(found->first) == name ? &found->second : nullptr;
}

bool HeaderMap::isRepeated(QByteArrayView name) const
{
    return std::binary_search(m_repeatedNames.cbegin(), m_repeatedNames.cend(), name,
                              [](const auto &a, const auto &b) { return QByteArrayView(a) < QByteArrayView(b); });
}

QByteArray HeaderMap::value(QByteArrayView name) const
{
    const QByteArray *found = find(name);
    return found ? *found : QByteArray();
}

} // namespace hookyard::core
