<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id_ID">
<context>
    <name>hookyard::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="27"/>
        <source>sandbox</source>
        <translation>sandbox</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="29"/>
        <source>--database</source>
        <translation>--database</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="33"/>
        <source>libpq environment</source>
        <translation>lingkungan libpq</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="42"/>
        <source>Hookyard — %1 (%2)</source>
        <translation>Hookyard — %1 (%2)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="44"/>
        <source>&amp;File</source>
        <translation>&amp;Berkas</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="45"/>
        <source>&amp;Quit</source>
        <translation>&amp;Keluar</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="48"/>
        <source>Views</source>
        <translation>Tampilan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="49"/>
        <source>Overview</source>
        <translation>Ikhtisar</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="64"/>
        <source>Connected: %1</source>
        <translation>Terhubung: %1</translation>
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
        <translation>Ikhtisar</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="26"/>
        <source>Outbox events</source>
        <translation>Peristiwa outbox</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="26"/>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <location filename="../ui/OverviewPage.cpp" line="34"/>
        <source>Pending</source>
        <translation>Tertunda</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="27"/>
        <location filename="../ui/OverviewPage.cpp" line="30"/>
        <source>Delivered</source>
        <translation>Terkirim</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <source>Deliveries</source>
        <translation>Pengiriman</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="29"/>
        <source>In flight</source>
        <translation>Sedang dikirim</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="31"/>
        <source>Outcome unknown</source>
        <translation>Hasil tidak diketahui</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="32"/>
        <source>Held (endpoint disabled)</source>
        <translation>Ditahan (endpoint dinonaktifkan)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="33"/>
        <source>Dead letters</source>
        <translation>Surat mati</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="34"/>
        <source>Inbox</source>
        <translation>Kotak masuk</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="35"/>
        <source>Processed</source>
        <translation>Diproses</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <source>Deferred</source>
        <translation>Ditunda</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="37"/>
        <source>Quarantined</source>
        <translation>Dikarantina</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="40"/>
        <source>Waiting for the first counts…</source>
        <translation>Menunggu hitungan pertama…</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="85"/>
        <source>Updated %1 · schema version %2</source>
        <translation>Diperbarui %1 · versi skema %2</translation>
    </message>
</context>
</TS>
