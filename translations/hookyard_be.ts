<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="be_BY">
<context>
    <name>hookyard::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="27"/>
        <source>sandbox</source>
        <translation>пясочніца</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="29"/>
        <source>--database</source>
        <translation>--database</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="33"/>
        <source>libpq environment</source>
        <translation>асяроддзе libpq</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="42"/>
        <source>Hookyard — %1 (%2)</source>
        <translation>Hookyard — %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="44"/>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="45"/>
        <source>&amp;Quit</source>
        <translation>&amp;Выйсці</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="48"/>
        <source>Views</source>
        <translation>Выгляды</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="49"/>
        <source>Overview</source>
        <translation>Агляд</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="64"/>
        <source>Connected: %1</source>
        <translation>Падлучана: %1</translation>
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
        <translation>Агляд</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="26"/>
        <source>Outbox events</source>
        <translation>Падзеі outbox</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="26"/>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <location filename="../ui/OverviewPage.cpp" line="34"/>
        <source>Pending</source>
        <translation>Чакаюць</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="27"/>
        <location filename="../ui/OverviewPage.cpp" line="30"/>
        <source>Delivered</source>
        <translation>Дастаўлена</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <source>Deliveries</source>
        <translation>Дастаўкі</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="29"/>
        <source>In flight</source>
        <translation>У дарозе</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="31"/>
        <source>Outcome unknown</source>
        <translation>Вынік невядомы</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="32"/>
        <source>Held (endpoint disabled)</source>
        <translation>Затрымана (адрас адключаны)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="33"/>
        <source>Dead letters</source>
        <translation>Мёртвыя лісты</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="34"/>
        <source>Inbox</source>
        <translation>Inbox</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="35"/>
        <source>Processed</source>
        <translation>Апрацавана</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <source>Deferred</source>
        <translation>Адкладзена</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="37"/>
        <source>Quarantined</source>
        <translation>У карантыне</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="40"/>
        <source>Waiting for the first counts…</source>
        <translation>Чакаем першых лікаў…</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="85"/>
        <source>Updated %1 · schema version %2</source>
        <translation>Абноўлена %1 · версія схемы %2</translation>
    </message>
</context>
</TS>
