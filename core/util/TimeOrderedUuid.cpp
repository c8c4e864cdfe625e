#include "util/TimeOrderedUuid.h"

#include <QRandomGenerator>

#include <array>

namespace hookyard::core {

QUuid timeOrderedUuid(const QDateTime &at)
{
    const quint64 unixMs = quint64(at.toMSecsSinceEpoch()) & 0xFFFF'FFFF'FFFFull;
    std::array<quint32, 3> random{};
    QRandomGenerator::system()->fillRange(random.data(), random.size());

    std::array<uchar, 16> bytes{};
    for (int i = 0; i < 6; ++i)
        bytes[size_t(i)] = uchar(unixMs >> (8 * (5 - i)));
    for (size_t i = 0; i < 10; ++i)
        bytes[6 + i] = uchar(random[i / 4] >> (8 * (i % 4)));
    bytes[6] = uchar(0x70 | (bytes[6] & 0x0F)); // version 7
    bytes[8] = uchar(0x80 | (bytes[8] & 0x3F)); // variant 10 (RFC 9562)
    return QUuid::fromRfc4122(QByteArrayView(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size())));
}

} // namespace hookyard::core
