// The one rule for control characters in names, keys and secrets, and how a sender's text is echoed in a reason.

#include "util/ControlCharacters.h"

#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::holdsControlCharacter;
using hookyard::core::withoutControlCharacters;

class TestControlCharacters final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsTheC0AndC1RangesAndDelete_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("holdsControl");
        QTest::newRow("plain") << u"order.paid"_s << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("space and accents") << u"Ünïcode id 42"_s << false;
        QTest::newRow("emoji (a surrogate pair)") << u"id-\U0001F600"_s << false;
        QTest::newRow("NUL") << QString(QChar(0)) << true;
        QTest::newRow("tab") << u"a\tb"_s << true;
        QTest::newRow("line break") << u"a\nb"_s << true;
        QTest::newRow("unit separator U+001F") << QString(QChar(0x1f)) << true;
        QTest::newRow("DEL U+007F") << u"x"_s + QChar(0x7f) << true;
        QTest::newRow("C1 U+0085") << u"x"_s + QChar(0x85) << true;
        QTest::newRow("C1 U+009F") << QString(QChar(0x9f)) << true;
        QTest::newRow("no-break space U+00A0") << QString(QChar(0xa0)) << false;
    }

    void findsTheC0AndC1RangesAndDelete()
    {
        QFETCH(QString, text);
        QFETCH(bool, holdsControl);
        QCOMPARE(holdsControlCharacter(text), holdsControl);
    }

    void echoesAtMostTheGivenCharactersWithControlsReplaced()
    {
        QCOMPARE(withoutControlCharacters(u"yesterday"_s, 40), u"yesterday"_s);
        QCOMPARE(withoutControlCharacters(u"a\u001b[2Jb"_s, 40), u"a\uFFFD[2Jb"_s);
        QCOMPARE(withoutControlCharacters(u"abcdef"_s, 3), u"abc"_s);
        // Characters, not UTF-16 units: two emoji are four units and both are kept.
        QCOMPARE(withoutControlCharacters(u"\U0001F600\U0001F601xyz"_s, 2), u"\U0001F600\U0001F601"_s);
        QCOMPARE(withoutControlCharacters(QString(), 5), QString());
    }
};

QTEST_APPLESS_MAIN(TestControlCharacters)
#include "tst_controlcharacters.moc"
