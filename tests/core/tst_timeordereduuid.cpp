// Inbox ids: version 7 UUIDs that sort in the order they were made.

#include "util/TimeOrderedUuid.h"

#include <QSet>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::timeOrderedUuid;

class TestTimeOrderedUuid final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void carriesTheMillisecondVersionAndVariant()
    {
        const QDateTime at = QDateTime::fromString(u"2026-11-30T12:34:56.789Z"_s, Qt::ISODateWithMs);
        QVERIFY(at.isValid());
        const QByteArray bytes = timeOrderedUuid(at).toRfc4122();
        QCOMPARE(bytes.size(), 16);
        quint64 unixMs = 0;
        for (int i = 0; i < 6; ++i)
            unixMs = (unixMs << 8) | uchar(bytes[i]);
        QCOMPARE(unixMs, quint64(at.toMSecsSinceEpoch()));
        QCOMPARE(uchar(bytes[6]) >> 4, 7);
        QCOMPARE(uchar(bytes[8]) >> 6, 2);
        QCOMPARE(timeOrderedUuid(at).variant(), QUuid::DCE);
    }

    void sortsByTimeAsBytesAndAsText()
    {
        // PostgreSQL orders uuid values by their bytes; the text form must agree, for logs and the console.
        const QDateTime start = QDateTime::fromString(u"1999-12-31T23:59:59.999Z"_s, Qt::ISODateWithMs);
        QUuid previous = timeOrderedUuid(start);
        for (int step = 1; step <= 1000; ++step) {
            const QUuid next = timeOrderedUuid(start.addMSecs(step * 7919));
            QVERIFY(previous.toRfc4122() < next.toRfc4122());
            QVERIFY(previous.toString() < next.toString());
            previous = next;
        }
    }

    void idsOfOneMillisecondDiffer()
    {
        const QDateTime at = QDateTime::currentDateTimeUtc();
        const QByteArray prefix = timeOrderedUuid(at).toRfc4122().first(6);
        QSet<QUuid> ids;
        for (int i = 0; i < 100000; ++i) {
            const QUuid id = timeOrderedUuid(at);
            QCOMPARE(id.toRfc4122().first(6), prefix);
            ids.insert(id);
        }
        QCOMPARE(ids.size(), 100000);
    }
};

QTEST_GUILESS_MAIN(TestTimeOrderedUuid)
#include "tst_timeordereduuid.moc"
