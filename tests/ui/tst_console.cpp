// The console window opens on a database and shows its counts, read off the GUI thread.

#include "MainWindow.h"
#include "TestDatabase.h"

#include <QLabel>
#include <QtTest>

using namespace Qt::StringLiterals;
using hookyard::test::TestDatabase;

class TestConsole final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void overviewShowsTheCounts()
    {
        TestDatabase db(u"console"_s);
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) VALUES "
                     "(gen_random_uuid(), 'p', 'e1', '{}', 'QUARANTINED'), "
                     "(gen_random_uuid(), 'p', 'e2', '{}', 'QUARANTINED'), "
                     "(gen_random_uuid(), 'p', 'e3', '{}', 'PENDING')"_s);

        hookyard::ui::MainWindow window(db.settings());
        window.show();
        QVERIFY(window.windowTitle().contains(db.name()));

        QLabel *quarantined = findValue(window, u"Inbox: Quarantined"_s);
        QVERIFY(quarantined);
        // Alerts carry a glyph as well as a colour.
        QTRY_COMPARE_WITH_TIMEOUT(quarantined->text(), u"⚠ 2"_s, 10000);
        QCOMPARE(findValue(window, u"Inbox: Pending"_s)->text(), u"1"_s);
        QCOMPARE(findValue(window, u"Deliveries: Dead letters"_s)->text(), u"0"_s);

        // A new row shows up on a later refresh, without reopening anything.
        db.execOrDie(u"INSERT INTO webhook_inbox (id, partner_name, partner_event_id, payload, status) VALUES "
                     "(gen_random_uuid(), 'p', 'e4', '{}', 'PENDING')"_s);
        QTRY_COMPARE_WITH_TIMEOUT(findValue(window, u"Inbox: Pending"_s)->text(), u"2"_s, 10000);
    }

private:
    static QLabel *findValue(const QWidget &window, const QString &accessibleName)
    {
        const QList<QLabel *> labels = window.findChildren<QLabel *>();
        for (QLabel *label : labels) {
            if (label->accessibleName() == accessibleName)
                return label;
        }
        return nullptr;
    }
};

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
