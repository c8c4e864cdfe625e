#include "db/BinaryArray.h"

#include <QtEndian>

namespace hookyard::core {

namespace {

void appendInt32(QByteArray &out, qint32 value)
{
    const qint32 bigEndian = qToBigEndian(value);
    out.append(reinterpret_cast<const char *>(&bigEndian), sizeof bigEndian);
}

// PostgreSQL's epoch for timestamps: 2000-01-01 00:00:00 UTC, in milliseconds since the Unix epoch.
constexpr qint64 kPostgresEpochMs = 946'684'800'000;

} // namespace

void BinaryArray::append(const QByteArray &elementBytes)
{
    ++m_count;
    if (elementBytes.isNull()) {
        m_hasNull = true;
        appendInt32(m_elements, -1);
        return;
    }
    appendInt32(m_elements, qint32(elementBytes.size()));
    m_elements.append(elementBytes);
}

QByteArray BinaryArray::bytes() const
{
    QByteArray out;
    out.reserve(20 + m_elements.size());
    // An empty array has no dimensions at all.
    appendInt32(out, m_count > 0 ? 1 : 0);
    appendInt32(out, m_hasNull ? 1 : 0);
    appendInt32(out, qint32(m_element));
    if (m_count > 0) {
        appendInt32(out, m_count);
        appendInt32(out, 1); // lower bound
    }
    out.append(m_elements);
    return out;
}

QByteArray BinaryArray::int8(qint64 value)
{
    const qint64 bigEndian = qToBigEndian(value);
    return QByteArray(reinterpret_cast<const char *>(&bigEndian), sizeof bigEndian);
}

QByteArray BinaryArray::uuid(const QUuid &value)
{
    return value.toRfc4122();
}

QByteArray BinaryArray::jsonb(QByteArrayView jsonText)
{
    QByteArray out;
    out.reserve(1 + jsonText.size());
    out.append(char(1)); // jsonb's binary format version: the JSON text follows
    out.append(jsonText);
    return out;
}

QByteArray BinaryArray::timestamptz(const QDateTime &value)
{
    // Microseconds since PostgreSQL's epoch (integer timestamps, the only kind since PostgreSQL 10).
    return int8((value.toMSecsSinceEpoch() - kPostgresEpochMs) * 1000);
}

} // namespace hookyard::core
