<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="id_ID">
<context>
    <name>hookyard::core::DetailQueries</name>
    <message>
        <location filename="../core/console/DetailQueries.cpp" line="800"/>
        <source>reconciliation run %1</source>
        <translation>rekonsiliasi ke-%1</translation>
    </message>
    <message>
        <location filename="../core/console/DetailQueries.cpp" line="805"/>
        <source>resolved by %1 at %2: %3</source>
        <translation>diselesaikan oleh %1 pada %2: %3</translation>
    </message>
</context>
<context>
    <name>hookyard::core::ViewQueries</name>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="31"/>
        <source>Outbox</source>
        <translation>Kotak keluar</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="32"/>
        <location filename="../core/console/ViewQueries.cpp" line="83"/>
        <location filename="../core/console/ViewQueries.cpp" line="166"/>
        <location filename="../core/console/ViewQueries.cpp" line="183"/>
        <source>Time</source>
        <translation>Waktu</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="33"/>
        <location filename="../core/console/ViewQueries.cpp" line="50"/>
        <location filename="../core/console/ViewQueries.cpp" line="84"/>
        <location filename="../core/console/ViewQueries.cpp" line="132"/>
        <location filename="../core/console/ViewQueries.cpp" line="167"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="34"/>
        <location filename="../core/console/ViewQueries.cpp" line="45"/>
        <location filename="../core/console/ViewQueries.cpp" line="52"/>
        <location filename="../core/console/ViewQueries.cpp" line="62"/>
        <location filename="../core/console/ViewQueries.cpp" line="68"/>
        <location filename="../core/console/ViewQueries.cpp" line="79"/>
        <location filename="../core/console/ViewQueries.cpp" line="85"/>
        <location filename="../core/console/ViewQueries.cpp" line="96"/>
        <source>Event type</source>
        <translation>Jenis peristiwa</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="35"/>
        <source>Aggregate</source>
        <translation>Agregat</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="36"/>
        <source>Event id</source>
        <translation>Id peristiwa</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="37"/>
        <location filename="../core/console/ViewQueries.cpp" line="130"/>
        <source>Endpoints</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="38"/>
        <source>Delivered</source>
        <translation>Terkirim</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="39"/>
        <location filename="../core/console/ViewQueries.cpp" line="56"/>
        <location filename="../core/console/ViewQueries.cpp" line="89"/>
        <source>Attempts</source>
        <translation>Percobaan</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="40"/>
        <location filename="../core/console/ViewQueries.cpp" line="57"/>
        <location filename="../core/console/ViewQueries.cpp" line="91"/>
        <location filename="../core/console/ViewQueries.cpp" line="106"/>
        <location filename="../core/console/ViewQueries.cpp" line="121"/>
        <location filename="../core/console/ViewQueries.cpp" line="142"/>
        <location filename="../core/console/ViewQueries.cpp" line="174"/>
        <location filename="../core/console/ViewQueries.cpp" line="191"/>
        <source>Why</source>
        <translation>Alasan</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="44"/>
        <location filename="../core/console/ViewQueries.cpp" line="146"/>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="48"/>
        <source>Inbox</source>
        <translation>Kotak masuk</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="49"/>
        <location filename="../core/console/ViewQueries.cpp" line="66"/>
        <location filename="../core/console/ViewQueries.cpp" line="100"/>
        <source>Received</source>
        <translation>Diterima</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="51"/>
        <location filename="../core/console/ViewQueries.cpp" line="61"/>
        <location filename="../core/console/ViewQueries.cpp" line="67"/>
        <location filename="../core/console/ViewQueries.cpp" line="78"/>
        <location filename="../core/console/ViewQueries.cpp" line="101"/>
        <location filename="../core/console/ViewQueries.cpp" line="110"/>
        <location filename="../core/console/ViewQueries.cpp" line="161"/>
        <source>Partner</source>
        <translation>Mitra</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="53"/>
        <source>Partner event id</source>
        <translation>Id peristiwa mitra</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="54"/>
        <location filename="../core/console/ViewQueries.cpp" line="69"/>
        <source>Entity</source>
        <translation>Entitas</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="55"/>
        <location filename="../core/console/ViewQueries.cpp" line="74"/>
        <source>Inbox id</source>
        <translation>Id kotak masuk</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="65"/>
        <source>Deferred</source>
        <translation>Ditunda</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="70"/>
        <source>Waiting for</source>
        <translation>Menunggu</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="71"/>
        <source>Deferred since</source>
        <translation>Ditunda sejak</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="72"/>
        <source>Deferrals</source>
        <translation>Penundaan</translation>
    </message>
    <message>
        <source>Next check</source>
        <translation type="vanished">Pemeriksaan berikutnya</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="82"/>
        <source>Dead letters</source>
        <translation>Surat mati</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="86"/>
        <location filename="../core/console/ViewQueries.cpp" line="185"/>
        <source>Endpoint / partner</source>
        <translation>Endpoint / mitra</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="87"/>
        <location filename="../core/console/ViewQueries.cpp" line="105"/>
        <location filename="../core/console/ViewQueries.cpp" line="120"/>
        <location filename="../core/console/ViewQueries.cpp" line="141"/>
        <location filename="../core/console/ViewQueries.cpp" line="157"/>
        <location filename="../core/console/ViewQueries.cpp" line="173"/>
        <location filename="../core/console/ViewQueries.cpp" line="190"/>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="88"/>
        <source>Aggregate / entity</source>
        <translation>Agregat / entitas</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="90"/>
        <source>Last status</source>
        <translation>Status terakhir</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="95"/>
        <location filename="../core/console/ViewQueries.cpp" line="195"/>
        <source>Endpoint or partner</source>
        <translation>Endpoint atau mitra</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="99"/>
        <source>Rejected requests</source>
        <translation>Permintaan ditolak</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="102"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="103"/>
        <source>From</source>
        <translation>Asal</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="104"/>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="114"/>
        <source>Audit log</source>
        <translation>Log audit</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="115"/>
        <source>When</source>
        <translation>Kapan</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="116"/>
        <location filename="../core/console/ViewQueries.cpp" line="127"/>
        <source>Action</source>
        <translation>Aksi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="117"/>
        <source>Subject</source>
        <translation>Subjek</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="118"/>
        <source>User</source>
        <translation>Pengguna</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="119"/>
        <source>Database role</source>
        <translation>Peran basis data</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="122"/>
        <source>Details</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="131"/>
        <location filename="../core/console/ViewQueries.cpp" line="151"/>
        <source>Created</source>
        <translation>Dibuat</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="133"/>
        <location filename="../core/console/ViewQueries.cpp" line="152"/>
        <source>Name</source>
        <translation>Nama</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="136"/>
        <source>Failed, last hour</source>
        <translation>Gagal, satu jam terakhir</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="137"/>
        <source>Attempts, last hour</source>
        <translation>Percobaan, satu jam terakhir</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="139"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="140"/>
        <source>Event types</source>
        <translation>Jenis peristiwa</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="245"/>
        <source>last failure: %1</source>
        <translation>kegagalan terakhir: %1</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="134"/>
        <source>Pending</source>
        <translation>Menunggu</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="73"/>
        <source>Deadline</source>
        <translation>Tenggat</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="135"/>
        <source>Dead</source>
        <translation>Mati</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="150"/>
        <source>Partners</source>
        <translation>Mitra</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="153"/>
        <source>Scheme</source>
        <translation>Skema</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="154"/>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="155"/>
        <source>Tolerance (s)</source>
        <translation>Toleransi (dtk)</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="156"/>
        <source>Max body (bytes)</source>
        <translation>Maks. body (byte)</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="165"/>
        <source>Idempotency</source>
        <translation>Idempotensi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="168"/>
        <location filename="../core/console/ViewQueries.cpp" line="178"/>
        <source>Tenant</source>
        <translation>Tenant</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="169"/>
        <source>Operation</source>
        <translation>Operasi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="170"/>
        <source>Idempotency key</source>
        <translation>Kunci idempotensi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="171"/>
        <source>Answer</source>
        <translation>Jawaban</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="172"/>
        <source>Made</source>
        <translation>Sumber daya dibuat</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="182"/>
        <source>Reconciliation</source>
        <translation>Rekonsiliasi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="184"/>
        <source>Mismatch</source>
        <translation>Ketidakcocokan</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="186"/>
        <source>Reference</source>
        <translation>Referensi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="187"/>
        <source>Ours</source>
        <translation>Data kami</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="188"/>
        <source>Theirs</source>
        <translation>Data mereka</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="189"/>
        <source>Run</source>
        <translation>Putaran</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::ConnectionDialog</name>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="30"/>
        <location filename="../ui/ConnectionDialog.cpp" line="58"/>
        <source>Connect</source>
        <translation>Hubungkan</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="31"/>
        <source>The &amp;sandbox (a private PostgreSQL that Hookyard manages)</source>
        <translation>&amp;Sandbox (PostgreSQL privat yang dikelola Hookyard)</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="32"/>
        <source>A &amp;database:</source>
        <translation>&amp;Basis data:</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="43"/>
        <source>postgresql://user@host:5432/app  or  service=prod-eu</source>
        <translation>postgresql://user@host:5432/app  atau  service=prod-eu</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="44"/>
        <source>Database URL or libpq service name</source>
        <translation>URL basis data atau nama layanan libpq</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="48"/>
        <source>Connection error</source>
        <translation>Galat koneksi</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="50"/>
        <source>Passwords are never remembered: libpq reads them from ~/.pgpass or PGPASSWORD.</source>
        <translation>Kata sandi tidak pernah disimpan: libpq membacanya dari ~/.pgpass atau PGPASSWORD.</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="91"/>
        <source>a service name is letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (as in pg_service.conf)</source>
        <translation>nama layanan terdiri dari huruf, angka, &apos;.&apos;, &apos;_&apos; atau &apos;-&apos; (seperti di pg_service.conf)</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="111"/>
        <source>enter a postgresql:// URL or service=NAME</source>
        <translation>masukkan URL postgresql:// atau service=NAMA</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="146"/>
        <source>Connecting…</source>
        <translation>Menghubungkan…</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::DetailPane</name>
    <message>
        <location filename="../ui/DetailPane.cpp" line="87"/>
        <source>Event id</source>
        <translation>Id peristiwa</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="89"/>
        <source>Delivery</source>
        <translation>Pengiriman</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="91"/>
        <source>Inbox id</source>
        <translation>Id kotak masuk</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="93"/>
        <location filename="../ui/DetailPane.cpp" line="443"/>
        <source>Partner event id</source>
        <translation>Id peristiwa mitra</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="95"/>
        <source>Record</source>
        <translation>Rekaman</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="97"/>
        <source>Event type</source>
        <translation>Jenis peristiwa</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="99"/>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="101"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="103"/>
        <source>Partner</source>
        <translation>Mitra</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="105"/>
        <source>Aggregate</source>
        <translation>Agregat</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="107"/>
        <source>Entity</source>
        <translation>Entitas</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="109"/>
        <location filename="../ui/DetailPane.cpp" line="325"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="111"/>
        <source>Why</source>
        <translation>Alasan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="113"/>
        <source>Attempts</source>
        <translation>Percobaan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="115"/>
        <source>Created</source>
        <translation>Dibuat</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="119"/>
        <source>Received</source>
        <translation>Diterima</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="121"/>
        <source>Processed</source>
        <translation>Diproses</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="123"/>
        <source>Answered</source>
        <translation>Dijawab</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="125"/>
        <source>From</source>
        <translation>Asal</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="128"/>
        <source>Body</source>
        <translation>Body</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="130"/>
        <source>Action</source>
        <translation>Aksi</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="132"/>
        <source>Subject</source>
        <translation>Subjek</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="134"/>
        <source>OS user</source>
        <translation>Pengguna OS</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="136"/>
        <source>Database role</source>
        <translation>Peran basis data</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="138"/>
        <source>Signature scheme</source>
        <translation>Skema tanda tangan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="140"/>
        <source>Event types</source>
        <translation>Jenis peristiwa</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="142"/>
        <source>Retry schedule (s)</source>
        <translation>Jadwal percobaan ulang (dtk)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="144"/>
        <source>Attempts, last hour</source>
        <translation>Percobaan, satu jam terakhir</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="146"/>
        <source>Failed, last hour</source>
        <translation>Gagal, satu jam terakhir</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="148"/>
        <source>Note</source>
        <translation>Catatan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="163"/>
        <source>%1 bytes</source>
        <translation>%1 byte</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="166"/>
        <source>not read: turned away from the request&apos;s head (%1 bytes announced)</source>
        <translation>tidak dibaca: ditolak dari kepala permintaan (%1 byte diumumkan)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="168"/>
        <source>not read: turned away from the request&apos;s head</source>
        <translation>tidak dibaca: ditolak dari kepala permintaan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="257"/>
        <source>◔ %1 is not allowed yet.</source>
        <translation>◔ %1 belum diizinkan.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="187"/>
        <source>: ‹Unix time of each attempt›</source>
        <translation>: ‹waktu Unix tiap percobaan›</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="117"/>
        <source>Event created</source>
        <translation>Peristiwa dibuat</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="189"/>
        <source>: ‹v1,HMAC-SHA256 per active secret, signed per attempt›</source>
        <translation>: ‹v1,HMAC-SHA256 per rahasia aktif, ditandatangani tiap percobaan›</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="200"/>
        <source>✓ signed (%1)</source>
        <translation>✓ ditandatangani (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="203"/>
        <source>⚠ not signed: the endpoint has no active secret</source>
        <translation>⚠ tidak ditandatangani: endpoint tidak punya rahasia aktif</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="206"/>
        <source>✓ signature verified (%1)</source>
        <translation>✓ tanda tangan terverifikasi (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="209"/>
        <source>⚠ signature not verified (%1)</source>
        <translation>⚠ tanda tangan tidak terverifikasi (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="212"/>
        <source>? no signature verdict recorded</source>
        <translation>? tidak ada verdikt tanda tangan yang tercatat</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="213"/>
        <source>scheme %1</source>
        <translation>skema %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="219"/>
        <source>%1 (expires %2)</source>
        <translation>%1 (kedaluwarsa %2)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="224"/>
        <source>Active secrets: %1</source>
        <translation>Rahasia aktif: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="232"/>
        <source>%1 %2 does not exist yet.</source>
        <translation>%1 %2 belum ada.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="233"/>
        <source>%1 %2 is in state “%3” (since %4).</source>
        <translation>%1 %2 berstatus “%3” (sejak %4).</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="236"/>
        <source>Its partner does not apply state transitions (timestamp or store-only mode): no event waits for another.</source>
        <translation>Partnernya tidak menerapkan transisi status (mode timestamp atau store-only): tidak ada event yang menunggu event lain.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="241"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="242"/>
        <source>No event is allowed from here.</source>
        <translation>Tidak ada peristiwa yang diizinkan dari sini.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="243"/>
        <source>Allowed next: %1</source>
        <translation>Berikutnya diizinkan: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="248"/>
        <source>✓ This %1 has been processed.</source>
        <translation>✓ %1 ini sudah diproses.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="252"/>
        <source>✕ No transition of the partner&apos;s state machine names %1: it is never allowed until one is added to state_transitions (docs/inbox.md).</source>
        <translation>✕ Tidak ada transisi di mesin status partner yang menyebut %1: tidak akan pernah diizinkan sampai transisinya ditambahkan ke state_transitions (docs/inbox.md).</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="256"/>
        <source>✓ %1 is allowed now.</source>
        <translation>✓ %1 sekarang diizinkan.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="303"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="310"/>
        <source>Detail of the selected row</source>
        <translation>Detail baris yang dipilih</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="320"/>
        <source>Title</source>
        <translation>Judul</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="330"/>
        <location filename="../ui/DetailPane.cpp" line="331"/>
        <source>Copy id</source>
        <translation>Salin id</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="341"/>
        <location filename="../ui/DetailPane.cpp" line="425"/>
        <location filename="../ui/DetailPane.cpp" line="464"/>
        <source>Select a row to see its detail.</source>
        <translation>Pilih baris untuk melihat detailnya.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="342"/>
        <source>Detail status</source>
        <translation>Status detail</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="352"/>
        <source>Timeline</source>
        <translation>Linimasa</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="356"/>
        <location filename="../ui/DetailPane.cpp" line="361"/>
        <source>Payload</source>
        <translation>Payload</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="366"/>
        <location filename="../ui/DetailPane.cpp" line="379"/>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="385"/>
        <source>Signature</source>
        <translation>Tanda tangan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="386"/>
        <source>Signature verdict</source>
        <translation>Verdikt tanda tangan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="388"/>
        <location filename="../ui/DetailPane.cpp" line="389"/>
        <source>Entity state</source>
        <translation>Status entitas</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="408"/>
        <source>Replay</source>
        <translation>Ulangi</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="409"/>
        <source>Retry now</source>
        <translation>Coba lagi sekarang</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="410"/>
        <source>Resolve…</source>
        <translation>Selesaikan…</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="411"/>
        <source>Copy as curl</source>
        <translation>Salin sebagai curl</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="467"/>
        <source>Loading…</source>
        <translation>Memuat…</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="495"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="515"/>
        <source>Copy %1</source>
        <translation>Salin %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="572"/>
        <source>→ %1 · %2 · delivery %3</source>
        <translation>→ %1 · %2 · pengiriman %3</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="601"/>
        <source>Retry timeline</source>
        <translation>Linimasa percobaan</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="602"/>
        <source>Retry timeline of %1</source>
        <translation>Linimasa percobaan %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="663"/>
        <source>Only dead, unknown or delivered rows can be replayed</source>
        <translation>Hanya baris mati, terkirim, atau tak diketahui hasilnya yang bisa diulangi</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="664"/>
        <source>Only a waiting row can be retried now</source>
        <translation>Hanya baris yang menunggu yang bisa dicoba lagi sekarang</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="666"/>
        <source>Resolved already (see its timeline); Replay sends it again</source>
        <translation>Sudah diselesaikan (lihat linimasanya); Ulangi mengirimnya lagi</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="667"/>
        <source>Only dead or quarantined rows are resolved</source>
        <translation>Hanya baris mati atau dikarantina yang diselesaikan</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::EnginePanel</name>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="57"/>
        <source>Relay</source>
        <translation>Relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="59"/>
        <source>Relay endpoint scope</source>
        <translation>Cakupan endpoint relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="60"/>
        <source>All endpoints</source>
        <translation>Semua endpoint</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="63"/>
        <source>Relay event type scope</source>
        <translation>Cakupan jenis peristiwa relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="64"/>
        <source>all types, or e.g. order.*</source>
        <translation>semua jenis, atau mis. order.*</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="66"/>
        <source>Relay rate cap</source>
        <translation>Batas laju relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="68"/>
        <source> /s</source>
        <translation> /dtk</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="69"/>
        <source>no cap</source>
        <translation>tanpa batas</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="71"/>
        <location filename="../ui/EnginePanel.cpp" line="207"/>
        <location filename="../ui/EnginePanel.cpp" line="312"/>
        <source>Start relay</source>
        <translation>Jalankan relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="75"/>
        <source>Relay throughput</source>
        <translation>Throughput relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="78"/>
        <source>Endpoint</source>
        <translation>Endpoint</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="79"/>
        <source>Event type</source>
        <translation>Jenis peristiwa</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="80"/>
        <source>Rate cap</source>
        <translation>Batas laju</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="83"/>
        <source>Receiver</source>
        <translation>Penerima</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="86"/>
        <source>Receiver listen address</source>
        <translation>Alamat dengar penerima</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="87"/>
        <source>Process the inbox here (worker)</source>
        <translation>Proses kotak masuk di sini (worker)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="89"/>
        <location filename="../ui/EnginePanel.cpp" line="260"/>
        <location filename="../ui/EnginePanel.cpp" line="313"/>
        <source>Start receiver</source>
        <translation>Jalankan penerima</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="93"/>
        <source>Receiver throughput</source>
        <translation>Throughput penerima</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="97"/>
        <source>Listen on</source>
        <translation>Dengar di</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="115"/>
        <source>The relay stopped, but its audit record was not written: %1</source>
        <translation>Relay berhenti, tetapi catatan auditnya tidak tertulis: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="117"/>
        <source>The console&apos;s relay stopped.</source>
        <translation>Relay konsol berhenti.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="118"/>
        <source>The console&apos;s relay stopped: %1</source>
        <translation>Relay konsol berhenti: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="130"/>
        <source>The receiver stopped, but its audit record was not written: %1</source>
        <translation>Penerima berhenti, tetapi catatan auditnya tidak tertulis: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="132"/>
        <source>The console&apos;s receiver stopped.</source>
        <translation>Penerima konsol berhenti.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="200"/>
        <source>Event type: &apos;%1&apos; is no event type: use an exact name such as order.paid, or a prefix such as order.*</source>
        <translation>Jenis peristiwa: &apos;%1&apos; bukan jenis peristiwa: gunakan nama persis seperti order.paid, atau awalan seperti order.*</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="207"/>
        <source>Why run a relay in the console? (kept in the audit log)</source>
        <translation>Mengapa menjalankan relay di konsol? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="226"/>
        <source>The relay did not start: %1</source>
        <translation>Relay gagal dijalankan: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="245"/>
        <source>Listen on: %1</source>
        <translation>Dengar di: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="255"/>
        <source>Listen on: %1 cannot be used: %2</source>
        <translation>Dengar di: %1 tidak dapat dipakai: %2</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="260"/>
        <source>Why receive webhooks in the console? (kept in the audit log)</source>
        <translation>Mengapa menerima webhook di konsol? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="279"/>
        <source>Not started: %1</source>
        <translation>Tidak berjalan: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="281"/>
        <source>Receiving on http://%1:%2/webhooks/{partner}</source>
        <translation>Menerima di http://%1:%2/webhooks/{partner}</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="309"/>
        <source>Read-only: nothing can be started</source>
        <translation>Hanya baca: tidak ada yang bisa dijalankan</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="312"/>
        <source>Stop relay</source>
        <translation>Hentikan relay</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="313"/>
        <source>Stop receiver</source>
        <translation>Hentikan penerima</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="328"/>
        <location filename="../ui/EnginePanel.cpp" line="349"/>
        <source>Starting…</source>
        <translation>Memulai…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="331"/>
        <source>Running: %1 attempts/s, %2 delivered/s — %3 attempts, %4 delivered in all</source>
        <translation>Berjalan: %1 percobaan/dtk, %2 terkirim/dtk — total %3 percobaan, %4 terkirim</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="337"/>
        <source>Stopping: finishing the requests in flight…</source>
        <translation>Menghentikan: menyelesaikan permintaan yang sedang berjalan…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="342"/>
        <source>Stopped after %1 attempts, %2 delivered.</source>
        <translation>Berhenti setelah %1 percobaan, %2 terkirim.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="344"/>
        <location filename="../ui/EnginePanel.cpp" line="365"/>
        <source>Stopped.</source>
        <translation>Berhenti.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="352"/>
        <source>Running: %1 stored/s, %2 processed/s — %3 stored, %4 processed in all</source>
        <translation>Berjalan: %1 tersimpan/dtk, %2 diproses/dtk — total %3 tersimpan, %4 diproses</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="358"/>
        <source>Stopping: answering the requests being stored…</source>
        <translation>Menghentikan: menjawab permintaan yang sedang disimpan…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="363"/>
        <source>Stopped after %1 stored, %2 processed.</source>
        <translation>Berhenti setelah %1 tersimpan, %2 diproses.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::LanguageMenu</name>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="34"/>
        <source>Lan&amp;guage</source>
        <translation>&amp;Bahasa</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="48"/>
        <source>&amp;System default</source>
        <translation>Bawaan &amp;sistem</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="82"/>
        <source>Language</source>
        <translation>Bahasa</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="83"/>
        <source>The console will use the chosen language the next time it starts.</source>
        <translation>Konsol akan memakai bahasa yang dipilih saat dijalankan berikutnya.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="234"/>
        <source>%1 received webhooks waiting for the worker</source>
        <translation>%1 webhook diterima menunggu worker</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="237"/>
        <source>%1 webhooks waiting for their entity to advance</source>
        <translation>%1 webhook menunggu entitasnya maju</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="242"/>
        <source>%1 dead deliveries and %2 quarantined webhooks</source>
        <translation>%1 pengiriman mati dan %2 webhook dikarantina</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="248"/>
        <source>%1 requests turned away in the last hour</source>
        <translation>%1 permintaan ditolak dalam satu jam terakhir</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>%1 open mismatches</source>
        <translation>%1 ketidakcocokan terbuka</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="382"/>
        <source>Local engine</source>
        <translation>Mesin lokal</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="405"/>
        <source>Engines connected</source>
        <translation>Mesin yang terhubung</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="407"/>
        <source>○ connecting…</source>
        <translation>○ menghubungkan…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="408"/>
        <source>Live updates</source>
        <translation>Pembaruan langsung</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="446"/>
        <source>● live</source>
        <translation>● langsung</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="446"/>
        <source>○ not listening (reconnecting)</source>
        <translation>○ tidak mendengarkan (menghubungkan ulang)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="455"/>
        <source>the database role %1 may not change rows</source>
        <translation>peran basis data %1 tidak boleh mengubah baris</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="502"/>
        <source>&amp;Replay…</source>
        <translation>&amp;Ulangi…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="503"/>
        <source>Replay all &amp;matching…</source>
        <translation>Ulangi semua yang coc&amp;ok…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="504"/>
        <source>Retry &amp;now…</source>
        <translation>Coba lagi &amp;sekarang…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="505"/>
        <source>Re&amp;solve with a note…</source>
        <translation>Selesaikan dengan &amp;catatan…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="506"/>
        <source>Copy &amp;id</source>
        <translation>Salin &amp;id</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="507"/>
        <source>Copy as c&amp;url</source>
        <translation>Salin sebagai cu&amp;rl</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="508"/>
        <source>Export selection as &amp;CSV…</source>
        <translation>Ekspor pilihan sebagai &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="509"/>
        <source>Export selection as &amp;JSON…</source>
        <translation>Ekspor pilihan sebagai &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="510"/>
        <source>&amp;Pause endpoint…</source>
        <translation>&amp;Jeda endpoint…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="511"/>
        <source>Resume &amp;endpoint…</source>
        <translation>&amp;Lanjutkan endpoint…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="512"/>
        <source>Re&amp;fresh</source>
        <translation>Sega&amp;rkan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="513"/>
        <source>&amp;Read-only</source>
        <translation>&amp;Hanya baca</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="515"/>
        <source>&amp;Dark theme</source>
        <translation>Tema &amp;gelap</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="524"/>
        <source>%1 is off: read-only: %2</source>
        <translation>%1 nonaktif: hanya baca: %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="548"/>
        <source>chosen in the View menu</source>
        <translation>dipilih di menu Tampilan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="555"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Hubungkan…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="573"/>
        <source>&amp;Actions</source>
        <translation>&amp;Aksi</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="580"/>
        <source>&amp;View</source>
        <translation>&amp;Tampilan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="597"/>
        <source>Searc&amp;h this view</source>
        <translation>&amp;Cari di tampilan ini</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="601"/>
        <source>The overview has no rows to search: open a view (Alt+2 … Alt+-)</source>
        <translation>Ikhtisar tidak punya baris untuk dicari: buka sebuah tampilan (Alt+2 … Alt+-)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="604"/>
        <source>&amp;Local engine (relay, receiver)</source>
        <translation>Mesin &amp;lokal (relay, penerima)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="613"/>
        <location filename="../ui/MainWindow.cpp" line="615"/>
        <source>Actions</source>
        <translation>Aksi</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="649"/>
        <source>The console&apos;s relay and receiver are running.</source>
        <translation>Relay dan penerima konsol sedang berjalan.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="650"/>
        <source>The console&apos;s relay is running.</source>
        <translation>Relay konsol sedang berjalan.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="651"/>
        <source>The console&apos;s receiver is running.</source>
        <translation>Penerima konsol sedang berjalan.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="652"/>
        <source>Quit</source>
        <translation>Keluar</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="654"/>
        <source>Quitting stops them: what is in flight finishes first, and nothing sends or receives here after. Quit?</source>
        <translation>Keluar akan menghentikannya: yang sedang berjalan diselesaikan dulu, lalu tidak ada yang dikirim atau diterima di sini. Keluar?</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="677"/>
        <source>started with --read-only</source>
        <translation>dimulai dengan --read-only</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="689"/>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="695"/>
        <source>&amp;Sandbox (simulated partner, fault knobs)</source>
        <translation>&amp;Sandbox (mitra simulasi, pengatur gangguan)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="786"/>
        <source>⚠ No relay is connected now: deliveries wait until one runs (the Local engine panel, or hookyard relay).</source>
        <translation>⚠ Saat ini tidak ada relay yang terhubung: pengiriman menunggu sampai ada yang berjalan (panel Mesin lokal, atau hookyard relay).</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="789"/>
        <source>⚠ No worker is connected now: webhooks wait until one runs (the Local engine panel&apos;s receiver, or hookyard worker).</source>
        <translation>⚠ Saat ini tidak ada worker yang terhubung: webhook menunggu sampai ada yang berjalan (penerima di panel Mesin lokal, atau hookyard worker).</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="796"/>
        <source>⚠ %1 is failing now: %2 of %3 attempts in the last hour failed, the latest with %4.</source>
        <translation>⚠ %1 sedang gagal: %2 dari %3 percobaan dalam satu jam terakhir gagal, yang terakhir dengan %4.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="875"/>
        <source>%1 (%2 to %3)</source>
        <translation>%1 (%2 ke %3)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="878"/>
        <source>%1 (%2 from %3)</source>
        <translation>%1 (%2 dari %3)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="893"/>
        <source>Resolve %1 by hand: what is resolved leaves the dead letters and keeps its history. How was it settled? (kept in the audit log)</source>
        <translation>Selesaikan %1 secara manual: yang diselesaikan keluar dari dead letter dan riwayatnya tetap tersimpan. Bagaimana penyelesaiannya? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="935"/>
        <source>⚠ Replay all matching: the filter is not applied: %1</source>
        <translation>⚠ Ulangi semua yang cocok: filter tidak diterapkan: %1</translation>
    </message>
    <message>
        <source>Replay %1, all that match the current filter of %2? Those that cannot be replayed are skipped. Why? (kept in the audit log)</source>
        <translation type="vanished">Ulangi %1, semua yang cocok dengan filter %2 saat ini? Yang tidak dapat diulang akan dilewati. Mengapa? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="979"/>
        <source>Replaying %1…</source>
        <translation>Mengulang %1…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1106"/>
        <source>Pause %1: the relay stops sending to it. Why? (kept in the audit log)</source>
        <translation>Jeda %1: relay berhenti mengirim ke sana. Mengapa? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1107"/>
        <source>Resume %1: its held deliveries are due at once. Why? (kept in the audit log)</source>
        <translation>Lanjutkan %1: pengiriman yang tertahan langsung jatuh tempo. Mengapa? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="884"/>
        <source>Replay</source>
        <translation>Ulangi</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="888"/>
        <source>Retry now</source>
        <translation>Coba lagi sekarang</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="892"/>
        <source>Resolve with a note</source>
        <translation>Selesaikan dengan catatan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="903"/>
        <source>%1: working…</source>
        <translation>%1: sedang diproses…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="919"/>
        <location filename="../ui/MainWindow.cpp" line="988"/>
        <source>⚠ %1 failed: %2</source>
        <translation>⚠ %1 gagal: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="208"/>
        <source>%n skipped (not in a state this applies to)</source>
        <translation>
            <numerusform>%n dilewati (statusnya tidak sesuai)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="126"/>
        <source>1 delivery</source>
        <translation>1 pengiriman</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="127"/>
        <source>%n deliveries</source>
        <translation>
            <numerusform>%n pengiriman</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="129"/>
        <source>1 received webhook</source>
        <translation>1 webhook yang diterima</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="130"/>
        <source>%n received webhooks</source>
        <translation>
            <numerusform>%n webhook yang diterima</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="132"/>
        <source>1 mismatch</source>
        <translation>1 ketidakcocokan</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="133"/>
        <source>%n mismatches</source>
        <translation>
            <numerusform>%n ketidakcocokan</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>1 other row</source>
        <translation>1 baris lain</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>%n other rows</source>
        <translation>
            <numerusform>%n baris lain</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="139"/>
        <source>%n rows (%1)</source>
        <translation>
            <numerusform>%n baris (%1)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="179"/>
        <source>state %1</source>
        <translation>status %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="179"/>
        <source> or </source>
        <translation> atau </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="182"/>
        <location filename="../ui/MainWindow.cpp" line="184"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="190"/>
        <source>%1 from %2</source>
        <translation>%1 sejak %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="192"/>
        <source>%1 before %2</source>
        <translation>%1 sebelum %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="194"/>
        <source>search “%1”</source>
        <translation>pencarian “%1”</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="195"/>
        <source>no filter: every row of the view</source>
        <translation>tanpa filter: semua baris tampilan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="210"/>
        <location filename="../ui/MainWindow.cpp" line="1147"/>
        <source>audited</source>
        <translation>tercatat di audit</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="885"/>
        <source>Replay %1 with the same id. Why? (kept in the audit log)</source>
        <translation>Ulangi %1 dengan id yang sama. Mengapa? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="889"/>
        <source>Make %1 due now, if waiting. Why? (kept in the audit log)</source>
        <translation>Jadikan %1 jatuh tempo sekarang, jika sedang menunggu. Mengapa? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="962"/>
        <location filename="../ui/MainWindow.cpp" line="972"/>
        <location filename="../ui/MainWindow.cpp" line="988"/>
        <location filename="../ui/MainWindow.cpp" line="990"/>
        <location filename="../ui/MainWindow.cpp" line="993"/>
        <source>Replay all matching</source>
        <translation>Ulangi semua yang cocok</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="967"/>
        <source>No row matches the current filter.</source>
        <translation>Tidak ada baris yang cocok dengan filter saat ini.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="973"/>
        <source>Replay %1, all that match the filter of %2 (%3)? Those that cannot be replayed are skipped. Why? (kept in the audit log)</source>
        <translation>Ulangi %1, semua yang cocok dengan filter %2 (%3)? Yang tidak dapat diulang akan dilewati. Mengapa? (disimpan di log audit)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1010"/>
        <source>The delivery&apos;s detail is still loading: copy its id again in a moment</source>
        <translation>Detail pengiriman masih dimuat: salin id-nya lagi sebentar lagi</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1015"/>
        <source>Copied %1</source>
        <translation>Disalin: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1030"/>
        <source>Copied a curl command, signed just now (no secret in it)</source>
        <translation>Perintah curl disalin, baru saja ditandatangani (tanpa rahasia di dalamnya)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1049"/>
        <source>Export as JSON</source>
        <translation>Ekspor sebagai JSON</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1049"/>
        <source>Export as CSV</source>
        <translation>Ekspor sebagai CSV</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1051"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1051"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1088"/>
        <source>Export</source>
        <translation>Ekspor</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1088"/>
        <source>Cannot write %1: %2</source>
        <translation>Tidak dapat menulis %1: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="1091"/>
        <source>Exported %n row(s) to %1</source>
        <translation>
            <numerusform>%n baris diekspor ke %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1099"/>
        <location filename="../ui/MainWindow.cpp" line="1137"/>
        <source>Pause endpoint</source>
        <translation>Jeda endpoint</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1099"/>
        <location filename="../ui/MainWindow.cpp" line="1137"/>
        <source>Resume endpoint</source>
        <translation>Lanjutkan endpoint</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1142"/>
        <source>%1 is paused already; nothing changed</source>
        <translation>%1 sudah dijeda; tidak ada yang berubah</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1143"/>
        <source>%1 is active already; nothing changed</source>
        <translation>%1 sudah aktif; tidak ada yang berubah</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1146"/>
        <source>Paused %1</source>
        <translation>Dijeda: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1146"/>
        <source>Resumed %1</source>
        <translation>Dilanjutkan: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="554"/>
        <source>&amp;File</source>
        <translation>&amp;Berkas</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="571"/>
        <source>&amp;Quit</source>
        <translation>&amp;Keluar</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="298"/>
        <source>Views</source>
        <translation>Tampilan</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="72"/>
        <source>Hookyard — sandbox (%1)</source>
        <translation>Hookyard — sandbox (%1)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="74"/>
        <location filename="../ui/MainWindow.cpp" line="76"/>
        <source>Hookyard — %1 (from %2)</source>
        <translation>Hookyard — %1 (dari %2)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="78"/>
        <source>Hookyard — %1 (from the libpq environment)</source>
        <translation>Hookyard — %1 (dari lingkungan libpq)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="80"/>
        <source>Hookyard — %1 (from File › Connect…)</source>
        <translation>Hookyard — %1 (dari Berkas › Hubungkan…)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="113"/>
        <source>the deliveries of event %1</source>
        <translation>pengiriman event %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="114"/>
        <source>the deliveries of %n events</source>
        <translation>
            <numerusform>pengiriman %n event</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rows</source>
        <translation type="vanished">
            <numerusform>%n baris</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="144"/>
        <source>delivery %1</source>
        <translation>pengiriman %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="146"/>
        <source>inbox message %1</source>
        <translation>pesan inbox %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="148"/>
        <source>mismatch %1</source>
        <translation>ketidakcocokan %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="150"/>
        <source>row %1</source>
        <translation>baris %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="204"/>
        <source>1 delivery changed</source>
        <translation>1 pengiriman diubah</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="205"/>
        <source>%n deliveries changed</source>
        <translation>
            <numerusform>%n pengiriman diubah</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="206"/>
        <source>1 row changed</source>
        <translation>1 baris diubah</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="206"/>
        <source>%n rows changed</source>
        <translation>
            <numerusform>%n baris diubah</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="229"/>
        <source>%1 events on their way to their endpoints; %2 more have a dead delivery</source>
        <translation>%1 peristiwa sedang menuju endpoint; %2 lainnya punya pengiriman mati</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="300"/>
        <source>Overview</source>
        <translation>Ikhtisar</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="411"/>
        <source>Connected: %1</source>
        <translation>Terhubung: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="720"/>
        <source>[read-only: %1]</source>
        <translation>[hanya baca: %1]</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="745"/>
        <location filename="../ui/MainWindow.cpp" line="764"/>
        <source>Read-only: %1</source>
        <translation>Hanya baca: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="836"/>
        <location filename="../ui/MainWindow.cpp" line="1026"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::OverviewPage</name>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="28"/>
        <source>Overview</source>
        <translation>Ikhtisar</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <source>Outbox events</source>
        <translation>Peristiwa kotak keluar</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <location filename="../ui/OverviewPage.cpp" line="41"/>
        <location filename="../ui/OverviewPage.cpp" line="48"/>
        <source>Pending</source>
        <translation>Menunggu</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="37"/>
        <location filename="../ui/OverviewPage.cpp" line="43"/>
        <source>Delivered</source>
        <translation>Terkirim</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="40"/>
        <source>With a dead delivery</source>
        <translation>Dengan pengiriman mati</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="41"/>
        <source>Deliveries</source>
        <translation>Pengiriman</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="42"/>
        <source>In flight</source>
        <translation>Sedang dikirim</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="44"/>
        <source>Outcome unknown</source>
        <translation>Hasil tidak diketahui</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="45"/>
        <source>Held (endpoint disabled)</source>
        <translation>Ditahan (endpoint dinonaktifkan)</translation>
    </message>
    <message>
        <source>Dead letters</source>
        <translation type="vanished">Surat mati</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="46"/>
        <source>Dead, unresolved</source>
        <translation>Mati, belum diselesaikan</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="48"/>
        <source>Inbox</source>
        <translation>Kotak masuk</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="49"/>
        <source>Processed</source>
        <translation>Diproses</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="50"/>
        <source>Deferred</source>
        <translation>Ditunda</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="51"/>
        <source>Quarantined</source>
        <translation>Dikarantina</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="52"/>
        <source>Quarantined, unresolved</source>
        <translation>Dikarantina, belum diselesaikan</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="53"/>
        <source>Rejected (last hour)</source>
        <translation>Ditolak (satu jam terakhir)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="56"/>
        <source>Connected now — relays: – · workers: – · receivers: –</source>
        <translation>Terhubung sekarang — relay: – · worker: – · penerima: –</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="57"/>
        <source>Engines connected</source>
        <translation>Mesin yang terhubung</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="61"/>
        <source>Work waiting for an engine</source>
        <translation>Pekerjaan yang menunggu mesin</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="69"/>
        <source>Last hour, per minute</source>
        <translation>Satu jam terakhir, per menit</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="72"/>
        <source>✓ delivered</source>
        <translation>✓ terkirim</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="74"/>
        <source>✕ failed attempts</source>
        <translation>✕ percobaan gagal</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="76"/>
        <source>↓ received</source>
        <translation>↓ diterima</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="94"/>
        <source>Attempts and received webhooks per minute, last hour</source>
        <translation>Percobaan dan webhook yang diterima per menit, satu jam terakhir</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="97"/>
        <source>Endpoints with failed attempts (last hour)</source>
        <translation>Endpoint dengan percobaan gagal (satu jam terakhir)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="103"/>
        <source>Endpoints with failed attempts</source>
        <translation>Endpoint dengan percobaan gagal</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="108"/>
        <source>Click an endpoint to see its dead letters</source>
        <translation>Klik sebuah endpoint untuk melihat surat matinya</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="242"/>
        <source>⚠ %1 — failing now: %2 of %3 attempts failed · last: %4</source>
        <translation>⚠ %1 — sedang gagal: %2 dari %3 percobaan gagal · terakhir: %4</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="243"/>
        <source>✓ %1 — recovered: %2 of %3 attempts failed · last: %4</source>
        <translation>✓ %1 — pulih: %2 dari %3 percobaan gagal · terakhir: %4</translation>
    </message>
    <message>
        <source>Failing endpoints (last hour)</source>
        <translation type="vanished">Endpoint yang gagal (satu jam terakhir)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="102"/>
        <location filename="../ui/OverviewPage.cpp" line="249"/>
        <source>None</source>
        <translation>Tidak ada</translation>
    </message>
    <message>
        <source>Failing endpoints</source>
        <translation type="vanished">Endpoint yang gagal</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="115"/>
        <source>Waiting for the first counts…</source>
        <translation>Menunggu hitungan pertama…</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="169"/>
        <source>Updated %1 · delivered and processed totals as of %2 · schema version %3</source>
        <translation>Diperbarui %1 · total terkirim dan diproses per %2 · versi skema %3</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="185"/>
        <source>Connected now — relays: %1 · workers: %2 · receivers: %3</source>
        <translation>Terhubung sekarang — relay: %1 · worker: %2 · penerima: %3</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="190"/>
        <source>⚠ No relay is connected; deliveries waiting for one: %1</source>
        <translation>⚠ Tidak ada relay yang terhubung; pengiriman yang menunggu: %1</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="193"/>
        <source>⚠ No worker is connected; received webhooks waiting for one: %1</source>
        <translation>⚠ Tidak ada worker yang terhubung; webhook diterima yang menunggu: %1</translation>
    </message>
    <message>
        <source>⚠ %1 — %2 of %3 attempts failed · last: %4</source>
        <translation type="vanished">⚠ %1 — %2 dari %3 percobaan gagal · terakhir: %4</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::RowsModel</name>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="56"/>
        <source>%1 s</source>
        <translation>%1 dtk</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="53"/>
        <location filename="../ui/models/RowsModel.cpp" line="58"/>
        <source>%1 min</source>
        <translation>%1 mnt</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="60"/>
        <source>%1 h</source>
        <translation>%1 jam</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="53"/>
        <location filename="../ui/models/RowsModel.cpp" line="63"/>
        <source>%1 ago</source>
        <translation>%1 lalu</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="63"/>
        <source>in %1</source>
        <translation>dalam %1</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="296"/>
        <source>pending</source>
        <translation>menunggu</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="298"/>
        <source>delivered</source>
        <translation>terkirim</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="300"/>
        <source>dead</source>
        <translation>mati</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="302"/>
        <source>held</source>
        <translation>ditahan</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="304"/>
        <source>outcome unknown</source>
        <translation>hasil tak diketahui</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="306"/>
        <source>no delivery</source>
        <translation>tanpa pengiriman</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="308"/>
        <source>deferred</source>
        <translation>ditunda</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="310"/>
        <source>processed</source>
        <translation>diproses</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="312"/>
        <source>quarantined</source>
        <translation>dikarantina</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="314"/>
        <source>resolved</source>
        <translation>diselesaikan</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="316"/>
        <source>rejected</source>
        <translation>ditolak</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="318"/>
        <source>active</source>
        <translation>aktif</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="320"/>
        <source>paused</source>
        <translation>dijeda</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="322"/>
        <source>disabled</source>
        <translation>nonaktif</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="324"/>
        <source>active, failing</source>
        <translation>aktif, gagal</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="326"/>
        <source>left this view (reload to drop it)</source>
        <translation>sudah keluar dari tampilan ini (muat ulang untuk menghapusnya)</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="329"/>
        <source>stuck</source>
        <translation>macet</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="331"/>
        <source>processing</source>
        <translation>sedang diproses</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="333"/>
        <source>succeeded</source>
        <translation>berhasil</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="335"/>
        <source>failed</source>
        <translation>gagal</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="338"/>
        <source>missing on their side</source>
        <translation>tidak ada di sisi mereka</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="340"/>
        <source>unknown, not received</source>
        <translation>tak diketahui, tidak diterima</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="342"/>
        <source>missing on our side</source>
        <translation>tidak ada di sisi kami</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="344"/>
        <source>not in their records</source>
        <translation>tidak ada di catatan mereka</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="346"/>
        <source>payload differs</source>
        <translation>payload berbeda</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="348"/>
        <source>they have it, we failed</source>
        <translation>ada di mereka, gagal di kami</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="350"/>
        <source>could not check</source>
        <translation>tidak bisa diperiksa</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="352"/>
        <source>unknown, was delivered</source>
        <translation>tak diketahui, ternyata terkirim</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="434"/>
        <source>%1 (UTC %2)</source>
        <translation>%1 (UTC %2)</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::RowsPage</name>
    <message>
        <location filename="../ui/RowsPage.cpp" line="107"/>
        <source>State</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="108"/>
        <source>All states</source>
        <translation>Semua status</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="126"/>
        <source>%1: order.paid or order.*</source>
        <translation>%1: order.paid atau order.*</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="126"/>
        <source>%1: replay or endpoint.*</source>
        <translation>%1: replay atau endpoint.*</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="133"/>
        <source>Time range</source>
        <translation>Rentang waktu</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="134"/>
        <source>Any time</source>
        <translation>Kapan saja</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="135"/>
        <source>Last 15 minutes</source>
        <translation>15 menit terakhir</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="136"/>
        <source>Last hour</source>
        <translation>1 jam terakhir</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="137"/>
        <source>Last 24 hours</source>
        <translation>24 jam terakhir</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="138"/>
        <source>Last 7 days</source>
        <translation>7 hari terakhir</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="142"/>
        <source>Search</source>
        <translation>Cari</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="143"/>
        <source>⌕ id, aggregate id, partner event id, or JSON such as {&quot;status&quot;: &quot;Active&quot;}</source>
        <translation>⌕ id, id agregat, id peristiwa mitra, atau JSON seperti {&quot;status&quot;: &quot;Active&quot;}</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="144"/>
        <source>An id is matched whole, or a UUID by its first 8 or more digits (as the Id column shows them); text starting with { is a JSON object the payload must contain. Press Enter to search.</source>
        <translation>Id dicocokkan utuh, atau UUID dengan 8 digit pertamanya atau lebih (seperti yang ditampilkan kolom Id); teks yang diawali { adalah objek JSON yang harus dimuat payload. Tekan Enter untuk mencari.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="150"/>
        <source>Sort order</source>
        <translation>Urutan</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="151"/>
        <location filename="../ui/RowsPage.cpp" line="268"/>
        <source>Newest first ▾</source>
        <translation>Terbaru dulu ▾</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="152"/>
        <source>Newest first or oldest first</source>
        <translation>Terbaru dulu atau terlama dulu</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="174"/>
        <source>Show</source>
        <translation>Tampilkan</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="175"/>
        <source>Show new rows</source>
        <translation>Tampilkan baris baru</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="188"/>
        <source>%1 rows</source>
        <translation>Baris %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="255"/>
        <source>Row count</source>
        <translation>Jumlah baris</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="268"/>
        <source>Oldest first ▴</source>
        <translation>Terlama dulu ▴</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="512"/>
        <source>≥ %1 new rows</source>
        <translation>≥ %1 baris baru</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="514"/>
        <source>1 new row</source>
        <translation>1 baris baru</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RowsPage.cpp" line="514"/>
        <source>%n new rows</source>
        <translation>
            <numerusform>%n baris baru</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="523"/>
        <source>⚠ Filter not applied: %1</source>
        <translation>⚠ Filter tidak diterapkan: %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="525"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="527"/>
        <source>Loading…</source>
        <translation>Memuat…</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="529"/>
        <source>1 row</source>
        <translation>1 baris</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RowsPage.cpp" line="529"/>
        <source>%n rows</source>
        <translation>
            <numerusform>%n baris</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="531"/>
        <source>≥ %1 loaded</source>
        <translation>≥ %1 dimuat</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="571"/>
        <source>Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its first 8 or more digits), not parts of them.</source>
        <translation>Tidak ada yang cocok dengan “%1”. Pencarian membandingkan nilai utuh, seperti id dan nama (UUID juga dari 8 digit pertama atau lebih), bukan bagiannya.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="576"/>
        <source>“%1” is in the JSON of recent rows: &lt;a href=&quot;#search&quot;&gt;search with %2&lt;/a&gt;</source>
        <translation>“%1” ada di JSON baris terbaru: &lt;a href=&quot;#search&quot;&gt;cari dengan %2&lt;/a&gt;</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="582"/>
        <source>To find a value inside the JSON, search with a fragment of it where it stands, such as %1 at the top or %2 one level down.</source>
        <translation>Untuk menemukan nilai di dalam JSON, cari dengan potongannya di tempat nilai itu berada, misalnya %1 di tingkat atas atau %2 satu tingkat di bawahnya.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its first 8 or more digits), not parts of them. To find a value inside the JSON, search with a fragment of it, such as %2.</source>
        <translation type="vanished">Tidak ada yang cocok dengan “%1”. Pencarian membandingkan nilai utuh, seperti id dan nama (UUID juga dengan 8 digit pertamanya atau lebih), bukan bagiannya. Untuk menemukan nilai di dalam JSON, cari dengan potongannya, misalnya %2.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”. The search compares whole ids (a UUID also by its first 8 or more digits): event, delivery, inbox, aggregate and entity ids, partner event ids. To find a value inside the JSON, search with a fragment of it, such as {&quot;id&quot;: &quot;%1&quot;}.</source>
        <translation type="vanished">Tidak ada yang cocok dengan “%1”. Pencarian membandingkan id utuh (UUID juga dengan 8 digit pertamanya atau lebih): id peristiwa, pengiriman, kotak masuk, agregat dan entitas, id peristiwa mitra. Untuk menemukan nilai di dalam JSON, cari dengan potongannya, misalnya {&quot;id&quot;: &quot;%1&quot;}.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="591"/>
        <source>No row matches the filters.</source>
        <translation>Tidak ada baris yang cocok dengan filter.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="592"/>
        <source>Nothing here.</source>
        <translation>Tidak ada apa-apa di sini.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::SandboxPanel</name>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="26"/>
        <source>Our deliveries to Acme</source>
        <translation>Pengiriman kami ke Acme</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <source>Errors (500)</source>
        <translation>Kesalahan (500)</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <source>Error rate</source>
        <translation>Tingkat kesalahan</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <location filename="../ui/SandboxPanel.cpp" line="33"/>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="30"/>
        <source>Slowness</source>
        <translation>Kelambatan</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="31"/>
        <source> ms</source>
        <translation> md</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="32"/>
        <source>Dropped after the body</source>
        <translation>Diputus setelah isi</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="33"/>
        <source>Connections dropped after the body</source>
        <translation>Koneksi yang diputus setelah isi permintaan</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="35"/>
        <source>Acme&apos;s webhooks to us</source>
        <translation>Webhook Acme ke kita</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <source>Out of order</source>
        <translation>Tidak berurutan</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <source>Out-of-order orders</source>
        <translation>Pesanan tidak berurutan</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <source>Duplicates</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <source>Duplicate webhooks</source>
        <translation>Webhook duplikat</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source>Poison</source>
        <translation>Racun</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source>Poison payloads</source>
        <translation>Payload beracun</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="44"/>
        <source>Traffic</source>
        <translation>Lalu lintas</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="47"/>
        <location filename="../ui/SandboxPanel.cpp" line="65"/>
        <source>Events per second</source>
        <translation>Peristiwa per detik</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="50"/>
        <source> /s</source>
        <translation> /dtk</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="53"/>
        <location filename="../ui/SandboxPanel.cpp" line="58"/>
        <source>Pause traffic</source>
        <translation>Jeda lalu lintas</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="58"/>
        <source>Resume traffic</source>
        <translation>Lanjutkan lalu lintas</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="60"/>
        <source>Refunds to sandbox-acme-v1 fail until replayed: select one in Dead letters and replay it (Ctrl+R).</source>
        <translation>Refund ke sandbox-acme-v1 gagal sampai diulangi: pilih satu di Surat mati lalu ulangi (Ctrl+R).</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="69"/>
        <source>Starting…</source>
        <translation>Memulai…</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="71"/>
        <source>Sandbox summary</source>
        <translation>Ringkasan sandbox</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="138"/>
        <source>Delivered %1 · retries %2 · dead %3 · deferred %4 (healed %5) · quarantined %6 · duplicates sent %7 · open mismatches %8</source>
        <translation>Terkirim %1 · percobaan ulang %2 · mati %3 · ditunda %4 (pulih %5) · dikarantina %6 · duplikat dikirim %7 · ketidakcocokan terbuka %8</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::TimelineWidget</name>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="72"/>
        <source>%1s</source>
        <translation>%1d</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="74"/>
        <source>%1m</source>
        <translation>%1m</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="77"/>
        <source>%1h</source>
        <translation>%1j</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="78"/>
        <source>%1h %2m</source>
        <translation>%1j %2m</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="80"/>
        <source>%1d</source>
        <translation>%1h</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="87"/>
        <source>%1 s</source>
        <translation>%1 dtk</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="89"/>
        <source>%1 min</source>
        <translation>%1 mnt</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="90"/>
        <source>%1 min %2 s</source>
        <translation>%1 mnt %2 dtk</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="93"/>
        <source>%1 h %2 min</source>
        <translation>%1 jam %2 mnt</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="94"/>
        <source>%1 d %2 h</source>
        <translation>%1 hari %2 jam</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="136"/>
        <source>status URL: delivered</source>
        <translation>URL status: terkirim</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="138"/>
        <source>status URL: not received</source>
        <translation>URL status: tidak diterima</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="140"/>
        <source>status URL: could not tell</source>
        <translation>URL status: tidak bisa memastikan</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="142"/>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="126"/>
        <source>timeout</source>
        <translation>batas waktu habis</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="128"/>
        <source>no answer</source>
        <translation>tidak ada jawaban</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="129"/>
        <location filename="../ui/TimelineWidget.cpp" line="316"/>
        <source>failed</source>
        <translation>gagal</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="144"/>
        <source>HTTP %1, then %2</source>
        <translation>HTTP %1, lalu %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="164"/>
        <source>Retry timeline</source>
        <translation>Linimasa percobaan</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="194"/>
        <source>attempt in flight on %1</source>
        <translation>percobaan sedang dijalankan oleh %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="200"/>
        <source>quarantined in %1 if still waiting (checked again whenever its entity changes)</source>
        <translation>dikarantina dalam %1 jika masih menunggu (diperiksa lagi setiap kali entitasnya berubah)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="203"/>
        <source>check overdue by %1</source>
        <translation>pemeriksaan terlambat %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="204"/>
        <source>check due now</source>
        <translation>pemeriksaan jatuh tempo sekarang</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="207"/>
        <source>next attempt in %1</source>
        <translation>percobaan berikutnya dalam %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="210"/>
        <source>next attempt overdue by %1</source>
        <translation>percobaan berikutnya terlambat %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="211"/>
        <source>next attempt due now</source>
        <translation>percobaan berikutnya sekarang</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="315"/>
        <source>tmo</source>
        <translation>tmo</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="322"/>
        <source>next</source>
        <translation>berikut</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="322"/>
        <source>deadline</source>
        <translation>tenggat</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="327"/>
        <source>deferred</source>
        <translation>ditunda</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="332"/>
        <source>held</source>
        <translation>ditahan</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="337"/>
        <source>dead</source>
        <translation>mati</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="342"/>
        <source>quarantined</source>
        <translation>karantina</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="354"/>
        <source>delivered</source>
        <translation>terkirim</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="359"/>
        <source>processed</source>
        <translation>diproses</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="370"/>
        <source>+%1</source>
        <comment>time since the latest replay</comment>
        <translation>+%1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="426"/>
        <source>Nothing has happened yet.</source>
        <translation>Belum ada yang terjadi.</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="438"/>
        <source>waiting for %1 (deferrals: %2)</source>
        <translation>menunggu %1 (penundaan: %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="446"/>
        <source>in the dead letters since %1: %2</source>
        <translation>di surat mati sejak %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="450"/>
        <source>quarantined since %1: %2</source>
        <translation>dikarantina sejak %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="453"/>
        <source>held while the endpoint is disabled: %1</source>
        <translation>ditahan selama endpoint dinonaktifkan: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="456"/>
        <source>✓ delivered at %1</source>
        <translation>✓ terkirim pada %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="459"/>
        <source>✓ processed at %1</source>
        <translation>✓ diproses pada %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="478"/>
        <source>last answer: %1 (attempt %2, %3)</source>
        <translation>jawaban terakhir: %1 (percobaan %2, %3)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="488"/>
        <source>replayed by %1 (role %2) at %3</source>
        <translation>diulangi oleh %1 (peran %2) pada %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="490"/>
        <source>retried now by %1 (role %2) at %3</source>
        <translation>dicoba lagi sekarang oleh %1 (peran %2) pada %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="492"/>
        <source>resolved by %1 (role %2) at %3</source>
        <translation>diselesaikan oleh %1 (peran %2) pada %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="495"/>
        <source> — “%1”</source>
        <translation> — “%1”</translation>
    </message>
    <message>
        <source>↻ replayed by %1 (role %2) at %3</source>
        <translation type="vanished">↻ diulangi oleh %1 (peran %2) pada %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="507"/>
        <source>Queued</source>
        <translation>Dalam antrean</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="510"/>
        <source>Attempt %1: %2</source>
        <translation>Percobaan %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="512"/>
        <source>Latency: %1 ms</source>
        <translation>Latensi: %1 ms</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="514"/>
        <source>Error: %1</source>
        <translation>Galat: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="516"/>
        <source>Answer: %1</source>
        <translation>Jawaban: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="518"/>
        <source>Relay: %1</source>
        <translation>Relay: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="520"/>
        <source>Worker: %1</source>
        <translation>Worker: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="526"/>
        <source>Deferred, waiting for %1 (deferrals: %2)</source>
        <translation>Ditunda, menunggu %1 (penundaan: %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="529"/>
        <source>Held: %1</source>
        <translation>Ditahan: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="532"/>
        <source>Moved to the dead letters: %1</source>
        <translation>Dipindahkan ke surat mati: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="535"/>
        <source>Quarantined: %1</source>
        <translation>Dikarantina: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="540"/>
        <source>Replayed by %1 (database role %2)</source>
        <translation>Diulangi oleh %1 (peran basis data %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="541"/>
        <source>Retried now by %1 (database role %2)</source>
        <translation>Dicoba lagi sekarang oleh %1 (peran basis data %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="542"/>
        <source>Resolved by %1 (database role %2)</source>
        <translation>Diselesaikan oleh %1 (peran basis data %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="545"/>
        <source>Why: %1</source>
        <translation>Alasan: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="545"/>
        <source>Note: %1</source>
        <translation>Catatan: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="546"/>
        <source>Audit record %1</source>
        <translation>Catatan audit %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="549"/>
        <source>Delivered</source>
        <translation>Terkirim</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="552"/>
        <source>Processed</source>
        <translation>Diproses</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="592"/>
        <source>Attempts: %1 (%2 succeeded, %3 failed, %4 without a known outcome).</source>
        <translation>Percobaan: %1 (%2 berhasil, %3 gagal, %4 tanpa hasil yang diketahui).</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="598"/>
        <source>Next attempt at %1.</source>
        <translation>Percobaan berikutnya pada %1.</translation>
    </message>
</context>
</TS>
