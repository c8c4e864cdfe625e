#include "relay/AddressGuard.h"

#include <QHostInfo>
#include <QList>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

struct PrivateRange
{
    QPair<QHostAddress, int> subnet;
    QString kind;
};

const QList<PrivateRange> &privateRanges()
{
    static const QList<PrivateRange> ranges{
        {QHostAddress::parseSubnet(u"0.0.0.0/8"_s), u"unspecified"_s}, // "this network": Linux connects it locally
        {QHostAddress::parseSubnet(u"127.0.0.0/8"_s), u"loopback"_s},
        {QHostAddress::parseSubnet(u"10.0.0.0/8"_s), u"private"_s},
        {QHostAddress::parseSubnet(u"172.16.0.0/12"_s), u"private"_s},
        {QHostAddress::parseSubnet(u"192.168.0.0/16"_s), u"private"_s},
        {QHostAddress::parseSubnet(u"169.254.0.0/16"_s), u"link-local"_s}, // 169.254.169.254: cloud metadata
        {QHostAddress::parseSubnet(u"100.64.0.0/10"_s), u"shared (CGNAT)"_s},
        // Found by an adversarial helper, all accepted before: none of these is a web server on the internet.
        {QHostAddress::parseSubnet(u"198.18.0.0/15"_s), u"benchmarking (RFC 2544)"_s},
        {QHostAddress::parseSubnet(u"224.0.0.0/4"_s), u"multicast"_s},
        {QHostAddress::parseSubnet(u"240.0.0.0/4"_s), u"reserved (or broadcast)"_s},
        {QHostAddress::parseSubnet(u"ff00::/8"_s), u"multicast"_s},
        {QHostAddress::parseSubnet(u"fec0::/10"_s), u"site-local"_s}, // deprecated, still routed as private
        {QHostAddress::parseSubnet(u"::/128"_s), u"unspecified"_s},
        {QHostAddress::parseSubnet(u"::1/128"_s), u"loopback"_s},
        {QHostAddress::parseSubnet(u"fe80::/10"_s), u"link-local"_s},
        {QHostAddress::parseSubnet(u"fc00::/7"_s), u"private"_s}, // unique local addresses
        // A tunnel to an IPv4 host given in the address, obfuscated: no web server's own address (found by an
        // adversarial helper, accepted before, as 6to4 below).
        {QHostAddress::parseSubnet(u"2001::/32"_s), u"Teredo tunnel"_s},
    };
    return ranges;
}

// IPv6 prefixes whose last 32 bits are an IPv4 address the packets end up at.
const QList<QPair<QHostAddress, int>> &ipv4CarryingPrefixes()
{
    static const QList<QPair<QHostAddress, int>> prefixes{
        QHostAddress::parseSubnet(u"::ffff:0:0/96"_s), // IPv4-mapped
        QHostAddress::parseSubnet(u"64:ff9b::/96"_s),  // NAT64 (RFC 6052)
        QHostAddress::parseSubnet(u"::/96"_s),         // IPv4-compatible (deprecated): [::127.0.0.1]
    };
    return prefixes;
}

QHostAddress embeddedIpv4OrSelf(const QHostAddress &address)
{
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return address;
    // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 reaches the IPv4 host AA.BB.CC.DD.
    if (address.isInSubnet(QHostAddress::parseSubnet(u"2002::/16"_s))) {
        const Q_IPV6ADDR bytes = address.toIPv6Address();
        return QHostAddress(quint32(bytes[2]) << 24 | quint32(bytes[3]) << 16 | quint32(bytes[4]) << 8 |
                            quint32(bytes[5]));
    }
    for (const auto &prefix : ipv4CarryingPrefixes()) {
        if (address.isInSubnet(prefix)) {
            const Q_IPV6ADDR bytes = address.toIPv6Address();
            return QHostAddress(quint32(bytes[12]) << 24 | quint32(bytes[13]) << 16 | quint32(bytes[14]) << 8 |
                                quint32(bytes[15]));
        }
    }
    return address;
}

} // namespace

QString withArticle(const QString &kind)
{
    return (u"aeiou"_s.contains(kind.front()) ? u"an "_s : u"a "_s) + kind;
}

QString privateRangeOf(const QHostAddress &address)
{
    // The address itself first: ::1 is IPv6's loopback, not the IPv4-compatible form of 0.0.0.1.
    for (const QHostAddress &judged : {address, embeddedIpv4OrSelf(address)}) {
        for (const PrivateRange &range : privateRanges()) {
            if (judged.isInSubnet(range.subnet))
                return range.kind;
        }
    }
    return {};
}

Status checkPublicDestination(const QString &what, const QUrl &url)
{
    const QString host = url.host();
    const QHostAddress literal(host);
    if (!literal.isNull()) {
        if (const QString range = privateRangeOf(literal); !range.isEmpty())
            return Error{u"%1 host %2 is %3 address"_s.arg(what, host, withArticle(range))};
        return success();
    }
    // A name with the root's dot ("localhost.") is the same name, which /etc/hosts may not list while a DNS server
    // answers it. Names under localhost are loopback by definition (RFC 6761 §6.3), and libcurl resolves them so
    // itself, whatever the system's resolver says.
    const QString name = host.endsWith(u'.') ? host.chopped(1) : host;
    if (name.compare(u"localhost"_s, Qt::CaseInsensitive) == 0 || name.endsWith(u".localhost"_s, Qt::CaseInsensitive))
        return Error{u"%1 host '%2' is a loopback name"_s.arg(what, host)};
    const QHostInfo resolved = QHostInfo::fromName(name);
    for (const QHostAddress &address : resolved.addresses()) {
        if (const QString range = privateRangeOf(address); !range.isEmpty())
            return Error{
                u"%1 host '%2' resolves to %3, %4 address"_s.arg(what, host, address.toString(), withArticle(range))};
    }
    return success();
}

} // namespace hookyard::core
