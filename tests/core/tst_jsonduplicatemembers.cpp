// The JSON Pointer of the first member an object gives twice: what the API, partner --config and reconcile files
// refuse.

#include "util/JsonDuplicateMembers.h"

#include <QJsonDocument>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::core::firstDuplicateMember;

class TestJsonDuplicateMembers final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsTheFirstMemberGivenTwice_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("pointer"); // empty: none
        QTest::addRow("none") << R"({"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]})"_ba << QString();
        QTest::addRow("top level") << R"({"a": 1, "b": 2, "a": 3})"_ba << u"/a"_s;
        QTest::addRow("nested") << R"({"a": {"b": {"c": 1, "c": 2}}})"_ba << u"/a/b/c"_s;
        QTest::addRow("in an array") << R"([{"x": 1}, 2, {"y": 1, "y": 2}])"_ba << u"/2/y"_s;
        QTest::addRow("an escaped name") << "{\"n\": 1, \"\\u006e\": 2}"_ba << u"/n"_s;
        QTest::addRow("quotes and commas in strings")
            << "{\"a\": \"x\\\", \\\"a\\\": \", \"b\": [\"a\", \"a\"]}"_ba << QString();
        QTest::addRow("tilde and slash") << R"({"a/b": {"~": 1, "~": 2}})"_ba << u"/a~1b/~0"_s;
        QTest::addRow("after a closed object") << R"({"a": {"x": 1}, "b": {"x": 1}, "a": 0})"_ba << u"/a"_s;
        QTest::addRow("a value equal to a name") << R"({"a": "a", "b": "a"})"_ba << QString();
    }

    void findsTheFirstMemberGivenTwice()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, pointer);
        QJsonParseError error;
        (void)QJsonDocument::fromJson(json, &error);
        QCOMPARE(error.error, QJsonParseError::NoError); // its input is what Qt's parser accepted
        QCOMPARE(firstDuplicateMember(json).value_or(QString()), pointer);
    }

    // Its input is meant to be JSON Qt accepted; a string left open is not read past the end.
    void aStringLeftOpenEndsTheWalk()
    {
        QCOMPARE(firstDuplicateMember("{\"a\": 1, \"a"), std::nullopt);
        QCOMPARE(firstDuplicateMember("{\"a\": 1, \"a\\"), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestJsonDuplicateMembers)
#include "tst_jsonduplicatemembers.moc"
