<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="lv_LV">
<context>
    <name>hookyard::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="27"/>
        <source>sandbox</source>
        <translation>smilškaste</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="29"/>
        <source>--database</source>
        <translation>--database</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="33"/>
        <source>libpq environment</source>
        <translation>libpq vide</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="42"/>
        <source>Hookyard — %1 (%2)</source>
        <translation>Hookyard — %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="44"/>
        <source>&amp;File</source>
        <translation>&amp;Fails</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="45"/>
        <source>&amp;Quit</source>
        <translation>&amp;Iziet</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="48"/>
        <source>Views</source>
        <translation>Skati</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="49"/>
        <source>Overview</source>
        <translation>Pārskats</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="64"/>
        <source>Connected: %1</source>
        <translation>Savienots: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="89"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::OverviewPage</name>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="18"/>
        <source>Overview</source>
        <translation>Pārskats</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="26"/>
        <source>Outbox events</source>
        <translation>Outbox notikumi</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="26"/>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <location filename="../ui/OverviewPage.cpp" line="34"/>
        <source>Pending</source>
        <translation>Gaida</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="27"/>
        <location filename="../ui/OverviewPage.cpp" line="30"/>
        <source>Delivered</source>
        <translation>Piegādāts</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <source>Deliveries</source>
        <translation>Piegādes</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="29"/>
        <source>In flight</source>
        <translation>Ceļā</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="31"/>
        <source>Outcome unknown</source>
        <translation>Iznākums nezināms</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="32"/>
        <source>Held (endpoint disabled)</source>
        <translation>Aizturēts (galapunkts atspējots)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="33"/>
        <source>Dead letters</source>
        <translation>Nepiegādājamie</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="34"/>
        <source>Inbox</source>
        <translation>Iesūtne</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="35"/>
        <source>Processed</source>
        <translation>Apstrādāts</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <source>Deferred</source>
        <translation>Atlikts</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="37"/>
        <source>Quarantined</source>
        <translation>Karantīnā</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="40"/>
        <source>Waiting for the first counts…</source>
        <translation>Gaida pirmos skaitļus…</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="85"/>
        <source>Updated %1 · schema version %2</source>
        <translation>Atjaunināts %1 · shēmas versija %2</translation>
    </message>
</context>
</TS>
