<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="lv_LV">
<context>
    <name>hookyard::core::DetailQueries</name>
    <message>
        <location filename="../core/console/DetailQueries.cpp" line="800"/>
        <source>reconciliation run %1</source>
        <translation>saskaņošanas izpilde %1</translation>
    </message>
    <message>
        <location filename="../core/console/DetailQueries.cpp" line="805"/>
        <source>resolved by %1 at %2: %3</source>
        <translation>atrisināja %1 %2: %3</translation>
    </message>
</context>
<context>
    <name>hookyard::core::ViewQueries</name>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="31"/>
        <source>Outbox</source>
        <translation>Izsūtne</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="32"/>
        <location filename="../core/console/ViewQueries.cpp" line="83"/>
        <location filename="../core/console/ViewQueries.cpp" line="166"/>
        <location filename="../core/console/ViewQueries.cpp" line="183"/>
        <source>Time</source>
        <translation>Laiks</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="33"/>
        <location filename="../core/console/ViewQueries.cpp" line="50"/>
        <location filename="../core/console/ViewQueries.cpp" line="84"/>
        <location filename="../core/console/ViewQueries.cpp" line="132"/>
        <location filename="../core/console/ViewQueries.cpp" line="167"/>
        <source>State</source>
        <translation>Stāvoklis</translation>
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
        <translation>Notikuma tips</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="35"/>
        <source>Aggregate</source>
        <translation>Agregāts</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="36"/>
        <source>Event id</source>
        <translation>Notikuma id</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="37"/>
        <location filename="../core/console/ViewQueries.cpp" line="130"/>
        <source>Endpoints</source>
        <translation>Galapunkti</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="38"/>
        <source>Delivered</source>
        <translation>Piegādāts</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="39"/>
        <location filename="../core/console/ViewQueries.cpp" line="56"/>
        <location filename="../core/console/ViewQueries.cpp" line="89"/>
        <source>Attempts</source>
        <translation>Mēģinājumi</translation>
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
        <translation>Iemesls</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="44"/>
        <location filename="../core/console/ViewQueries.cpp" line="146"/>
        <source>Endpoint</source>
        <translation>Galapunkts</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="48"/>
        <source>Inbox</source>
        <translation>Iesūtne</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="49"/>
        <location filename="../core/console/ViewQueries.cpp" line="66"/>
        <location filename="../core/console/ViewQueries.cpp" line="100"/>
        <source>Received</source>
        <translation>Saņemts</translation>
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
        <translation>Partneris</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="53"/>
        <source>Partner event id</source>
        <translation>Partnera notikuma id</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="54"/>
        <location filename="../core/console/ViewQueries.cpp" line="69"/>
        <source>Entity</source>
        <translation>Entītija</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="55"/>
        <location filename="../core/console/ViewQueries.cpp" line="74"/>
        <source>Inbox id</source>
        <translation>Iesūtnes id</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="65"/>
        <source>Deferred</source>
        <translation>Atliktie</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="70"/>
        <source>Waiting for</source>
        <translation>Gaida</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="71"/>
        <source>Deferred since</source>
        <translation>Atlikts kopš</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="72"/>
        <source>Deferrals</source>
        <translation>Atlikšanu skaits</translation>
    </message>
    <message>
        <source>Next check</source>
        <translation type="vanished">Nākamā pārbaude</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="82"/>
        <source>Dead letters</source>
        <translation>Nepiegādājamie</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="86"/>
        <location filename="../core/console/ViewQueries.cpp" line="185"/>
        <source>Endpoint / partner</source>
        <translation>Adresāts/sūtītājs</translation>
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
        <translation>Agregāts / entītija</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="90"/>
        <source>Last status</source>
        <translation>Pēdējais statuss</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="95"/>
        <location filename="../core/console/ViewQueries.cpp" line="195"/>
        <source>Endpoint or partner</source>
        <translation>Galapunkts vai partneris</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="99"/>
        <source>Rejected requests</source>
        <translation>Noraidītie pieprasījumi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="102"/>
        <source>Status</source>
        <translation>Statuss</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="103"/>
        <source>From</source>
        <translation>Avots</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="104"/>
        <source>Bytes</source>
        <translation>Baiti</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="114"/>
        <source>Audit log</source>
        <translation>Audita žurnāls</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="115"/>
        <source>When</source>
        <translation>Kad</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="116"/>
        <location filename="../core/console/ViewQueries.cpp" line="127"/>
        <source>Action</source>
        <translation>Darbība</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="117"/>
        <source>Subject</source>
        <translation>Objekts</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="118"/>
        <source>User</source>
        <translation>Lietotājs</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="119"/>
        <source>Database role</source>
        <translation>Datubāzes loma</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="122"/>
        <source>Details</source>
        <translation>Detaļas</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="131"/>
        <location filename="../core/console/ViewQueries.cpp" line="151"/>
        <source>Created</source>
        <translation>Izveidots</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="133"/>
        <location filename="../core/console/ViewQueries.cpp" line="152"/>
        <source>Name</source>
        <translation>Nosaukums</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="136"/>
        <source>Failed, last hour</source>
        <translation>Neizdevušies pēdējā stundā</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="137"/>
        <source>Attempts, last hour</source>
        <translation>Mēģinājumi pēdējā stundā</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="139"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="140"/>
        <source>Event types</source>
        <translation>Notikumu tipi</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="245"/>
        <source>last failure: %1</source>
        <translation>pēdējā kļūme: %1</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="134"/>
        <source>Pending</source>
        <translation>Gaida</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="73"/>
        <source>Deadline</source>
        <translation>Termiņš</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="135"/>
        <source>Dead</source>
        <translation>Nepiegādājami</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="150"/>
        <source>Partners</source>
        <translation>Partneri</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="153"/>
        <source>Scheme</source>
        <translation>Shēma</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="154"/>
        <source>Mode</source>
        <translation>Režīms</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="155"/>
        <source>Tolerance (s)</source>
        <translation>Pielaide (s)</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="156"/>
        <source>Max body (bytes)</source>
        <translation>Maks. saturs (baiti)</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="165"/>
        <source>Idempotency</source>
        <translation>Idempotence</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="168"/>
        <location filename="../core/console/ViewQueries.cpp" line="178"/>
        <source>Tenant</source>
        <translation>Nomnieks</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="169"/>
        <source>Operation</source>
        <translation>Operācija</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="170"/>
        <source>Idempotency key</source>
        <translation>Idempotences atslēga</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="171"/>
        <source>Answer</source>
        <translation>Atbilde</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="172"/>
        <source>Made</source>
        <translation>Izveidotais resurss</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="182"/>
        <source>Reconciliation</source>
        <translation>Saskaņošana</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="184"/>
        <source>Mismatch</source>
        <translation>Neatbilstība</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="186"/>
        <source>Reference</source>
        <translation>Atsauce</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="187"/>
        <source>Ours</source>
        <translation>Mūsu</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="188"/>
        <source>Theirs</source>
        <translation>Viņu</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="189"/>
        <source>Run</source>
        <translation>Izpilde</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::ConnectionDialog</name>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="30"/>
        <location filename="../ui/ConnectionDialog.cpp" line="58"/>
        <source>Connect</source>
        <translation>Savienot</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="31"/>
        <source>The &amp;sandbox (a private PostgreSQL that Hookyard manages)</source>
        <translation>&amp;Smilškaste (privāts PostgreSQL, ko pārvalda Hookyard)</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="32"/>
        <source>A &amp;database:</source>
        <translation>&amp;Datubāze:</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="43"/>
        <source>postgresql://user@host:5432/app  or  service=prod-eu</source>
        <translation>postgresql://user@host:5432/app  vai  service=prod-eu</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="44"/>
        <source>Database URL or libpq service name</source>
        <translation>Datubāzes URL vai libpq servisa nosaukums</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="48"/>
        <source>Connection error</source>
        <translation>Savienojuma kļūda</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="50"/>
        <source>Passwords are never remembered: libpq reads them from ~/.pgpass or PGPASSWORD.</source>
        <translation>Paroles netiek saglabātas: libpq tās nolasa no ~/.pgpass vai PGPASSWORD.</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="91"/>
        <source>a service name is letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (as in pg_service.conf)</source>
        <translation>servisa nosaukumā var būt burti, cipari, &apos;.&apos;, &apos;_&apos; vai &apos;-&apos; (kā pg_service.conf)</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="111"/>
        <source>enter a postgresql:// URL or service=NAME</source>
        <translation>ievadiet postgresql:// URL vai service=NOSAUKUMS</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="146"/>
        <source>Connecting…</source>
        <translation>Savienojas…</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::DetailPane</name>
    <message>
        <location filename="../ui/DetailPane.cpp" line="87"/>
        <source>Event id</source>
        <translation>Notikuma id</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="89"/>
        <source>Delivery</source>
        <translation>Piegāde</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="91"/>
        <source>Inbox id</source>
        <translation>Iesūtnes id</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="93"/>
        <location filename="../ui/DetailPane.cpp" line="443"/>
        <source>Partner event id</source>
        <translation>Partnera notikuma id</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="95"/>
        <source>Record</source>
        <translation>Ieraksts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="97"/>
        <source>Event type</source>
        <translation>Notikuma tips</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="99"/>
        <source>Endpoint</source>
        <translation>Galapunkts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="101"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="103"/>
        <source>Partner</source>
        <translation>Partneris</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="105"/>
        <source>Aggregate</source>
        <translation>Agregāts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="107"/>
        <source>Entity</source>
        <translation>Entītija</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="109"/>
        <location filename="../ui/DetailPane.cpp" line="325"/>
        <source>State</source>
        <translation>Stāvoklis</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="111"/>
        <source>Why</source>
        <translation>Iemesls</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="113"/>
        <source>Attempts</source>
        <translation>Mēģinājumi</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="115"/>
        <source>Created</source>
        <translation>Izveidots</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="119"/>
        <source>Received</source>
        <translation>Saņemts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="121"/>
        <source>Processed</source>
        <translation>Apstrādāts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="123"/>
        <source>Answered</source>
        <translation>Atbildēts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="125"/>
        <source>From</source>
        <translation>Avots</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="128"/>
        <source>Body</source>
        <translation>Saturs</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="130"/>
        <source>Action</source>
        <translation>Darbība</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="132"/>
        <source>Subject</source>
        <translation>Objekts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="134"/>
        <source>OS user</source>
        <translation>OS lietotājs</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="136"/>
        <source>Database role</source>
        <translation>Datubāzes loma</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="138"/>
        <source>Signature scheme</source>
        <translation>Paraksta shēma</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="140"/>
        <source>Event types</source>
        <translation>Notikumu tipi</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="142"/>
        <source>Retry schedule (s)</source>
        <translation>Atkārtojumu grafiks (s)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="144"/>
        <source>Attempts, last hour</source>
        <translation>Mēģinājumi pēdējā stundā</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="146"/>
        <source>Failed, last hour</source>
        <translation>Neizdevušies pēdējā stundā</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="148"/>
        <source>Note</source>
        <translation>Piezīme</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="163"/>
        <source>%1 bytes</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="166"/>
        <source>not read: turned away from the request&apos;s head (%1 bytes announced)</source>
        <translation>nav nolasīts: noraidīts pēc pieprasījuma galvenes (paziņoti baiti: %1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="168"/>
        <source>not read: turned away from the request&apos;s head</source>
        <translation>nav nolasīts: noraidīts pēc pieprasījuma galvenes</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="257"/>
        <source>◔ %1 is not allowed yet.</source>
        <translation>◔ %1 vēl nav atļauts.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="187"/>
        <source>: ‹Unix time of each attempt›</source>
        <translation>: ‹katra mēģinājuma Unix laiks›</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="117"/>
        <source>Event created</source>
        <translation>Notikums izveidots</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="189"/>
        <source>: ‹v1,HMAC-SHA256 per active secret, signed per attempt›</source>
        <translation>: ‹v1,HMAC-SHA256 katram aktīvajam noslēpumam, parakstīts katrā mēģinājumā›</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="200"/>
        <source>✓ signed (%1)</source>
        <translation>✓ parakstīts (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="203"/>
        <source>⚠ not signed: the endpoint has no active secret</source>
        <translation>⚠ nav parakstīts: galapunktam nav aktīva noslēpuma</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="206"/>
        <source>✓ signature verified (%1)</source>
        <translation>✓ paraksts pārbaudīts (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="209"/>
        <source>⚠ signature not verified (%1)</source>
        <translation>⚠ paraksts nav pārbaudīts (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="212"/>
        <source>? no signature verdict recorded</source>
        <translation>? paraksta verdikts nav reģistrēts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="213"/>
        <source>scheme %1</source>
        <translation>shēma %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="219"/>
        <source>%1 (expires %2)</source>
        <translation>%1 (derīgs līdz %2)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="224"/>
        <source>Active secrets: %1</source>
        <translation>Aktīvie noslēpumi: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="232"/>
        <source>%1 %2 does not exist yet.</source>
        <translation>%1 %2 vēl neeksistē.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="233"/>
        <source>%1 %2 is in state “%3” (since %4).</source>
        <translation>%1 %2 ir stāvoklī “%3” (kopš %4).</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="236"/>
        <source>Its partner does not apply state transitions (timestamp or store-only mode): no event waits for another.</source>
        <translation>Tā partneris nepiemēro stāvokļu pārejas (režīms timestamp vai store-only): neviens notikums negaida citu.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="241"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="242"/>
        <source>No event is allowed from here.</source>
        <translation>No šejienes nav atļauts neviens notikums.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="243"/>
        <source>Allowed next: %1</source>
        <translation>Tālāk atļauts: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="248"/>
        <source>✓ This %1 has been processed.</source>
        <translation>✓ Šis %1 jau ir apstrādāts.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="252"/>
        <source>✕ No transition of the partner&apos;s state machine names %1: it is never allowed until one is added to state_transitions (docs/inbox.md).</source>
        <translation>✕ Neviena partnera stāvokļu mašīnas pāreja nenosauc %1: tas nekad netiks atļauts, kamēr tāda netiks pievienota tabulā state_transitions (docs/inbox.md).</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="256"/>
        <source>✓ %1 is allowed now.</source>
        <translation>✓ %1 tagad ir atļauts.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="303"/>
        <source>Detail</source>
        <translation>Detaļas</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="310"/>
        <source>Detail of the selected row</source>
        <translation>Atlasītās rindas detaļas</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="320"/>
        <source>Title</source>
        <translation>Virsraksts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="330"/>
        <location filename="../ui/DetailPane.cpp" line="331"/>
        <source>Copy id</source>
        <translation>Kopēt id</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="341"/>
        <location filename="../ui/DetailPane.cpp" line="425"/>
        <location filename="../ui/DetailPane.cpp" line="464"/>
        <source>Select a row to see its detail.</source>
        <translation>Atlasiet rindu, lai redzētu tās detaļas.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="342"/>
        <source>Detail status</source>
        <translation>Detaļu statuss</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="352"/>
        <source>Timeline</source>
        <translation>Laika josla</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="356"/>
        <location filename="../ui/DetailPane.cpp" line="361"/>
        <source>Payload</source>
        <translation>Dati</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="366"/>
        <location filename="../ui/DetailPane.cpp" line="379"/>
        <source>Headers</source>
        <translation>Galvenes</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="385"/>
        <source>Signature</source>
        <translation>Paraksts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="386"/>
        <source>Signature verdict</source>
        <translation>Paraksta verdikts</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="388"/>
        <location filename="../ui/DetailPane.cpp" line="389"/>
        <source>Entity state</source>
        <translation>Entītijas stāvoklis</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="408"/>
        <source>Replay</source>
        <translation>Atkārtot</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="409"/>
        <source>Retry now</source>
        <translation>Mēģināt tagad</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="410"/>
        <source>Resolve…</source>
        <translation>Atrisināt…</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="411"/>
        <source>Copy as curl</source>
        <translation>Kopēt kā curl</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="467"/>
        <source>Loading…</source>
        <translation>Ielādē…</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="495"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="515"/>
        <source>Copy %1</source>
        <translation>Kopēt: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="572"/>
        <source>→ %1 · %2 · delivery %3</source>
        <translation>→ %1 · %2 · piegāde %3</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="601"/>
        <source>Retry timeline</source>
        <translation>Mēģinājumu laika josla</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="602"/>
        <source>Retry timeline of %1</source>
        <translation>Mēģinājumu laika josla: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="663"/>
        <source>Only dead, unknown or delivered rows can be replayed</source>
        <translation>Atkārtot var tikai nepiegādājamas, piegādātas rindas vai rindas ar nezināmu iznākumu</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="664"/>
        <source>Only a waiting row can be retried now</source>
        <translation>Tagad mēģināt var tikai gaidošu rindu</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="666"/>
        <source>Resolved already (see its timeline); Replay sends it again</source>
        <translation>Jau atrisināts (skatiet tā laika joslu); Atkārtot to nosūta vēlreiz</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="667"/>
        <source>Only dead or quarantined rows are resolved</source>
        <translation>Atrisināt var tikai nepiegādājamas rindas vai rindas karantīnā</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::EnginePanel</name>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="57"/>
        <source>Relay</source>
        <translation>Pārsūtītājs</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="59"/>
        <source>Relay endpoint scope</source>
        <translation>Pārsūtītāja galapunktu tvērums</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="60"/>
        <source>All endpoints</source>
        <translation>Visi galapunkti</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="63"/>
        <source>Relay event type scope</source>
        <translation>Pārsūtītāja notikumu tipu tvērums</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="64"/>
        <source>all types, or e.g. order.*</source>
        <translation>visi tipi vai, piem., order.*</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="66"/>
        <source>Relay rate cap</source>
        <translation>Pārsūtītāja ātruma ierobežojums</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="68"/>
        <source> /s</source>
        <translation> /s</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="69"/>
        <source>no cap</source>
        <translation>bez ierobežojuma</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="71"/>
        <location filename="../ui/EnginePanel.cpp" line="207"/>
        <location filename="../ui/EnginePanel.cpp" line="312"/>
        <source>Start relay</source>
        <translation>Palaist pārsūtītāju</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="75"/>
        <source>Relay throughput</source>
        <translation>Pārsūtītāja caurlaidspēja</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="78"/>
        <source>Endpoint</source>
        <translation>Galapunkts</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="79"/>
        <source>Event type</source>
        <translation>Notikuma tips</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="80"/>
        <source>Rate cap</source>
        <translation>Ātruma ierobežojums</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="83"/>
        <source>Receiver</source>
        <translation>Saņēmējs</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="86"/>
        <source>Receiver listen address</source>
        <translation>Saņēmēja klausīšanās adrese</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="87"/>
        <source>Process the inbox here (worker)</source>
        <translation>Apstrādāt iesūtni šeit (worker)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="89"/>
        <location filename="../ui/EnginePanel.cpp" line="260"/>
        <location filename="../ui/EnginePanel.cpp" line="313"/>
        <source>Start receiver</source>
        <translation>Palaist saņēmēju</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="93"/>
        <source>Receiver throughput</source>
        <translation>Saņēmēja caurlaidspēja</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="97"/>
        <source>Listen on</source>
        <translation>Klausīšanās adrese</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="115"/>
        <source>The relay stopped, but its audit record was not written: %1</source>
        <translation>Pārsūtītājs apturēts, bet tā audita ieraksts netika saglabāts: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="117"/>
        <source>The console&apos;s relay stopped.</source>
        <translation>Konsoles pārsūtītājs apturēts.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="118"/>
        <source>The console&apos;s relay stopped: %1</source>
        <translation>Konsoles pārsūtītājs apturēts: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="130"/>
        <source>The receiver stopped, but its audit record was not written: %1</source>
        <translation>Saņēmējs apturēts, bet tā audita ieraksts netika saglabāts: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="132"/>
        <source>The console&apos;s receiver stopped.</source>
        <translation>Konsoles saņēmējs apturēts.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="200"/>
        <source>Event type: &apos;%1&apos; is no event type: use an exact name such as order.paid, or a prefix such as order.*</source>
        <translation>Notikuma tips: &apos;%1&apos; nav notikuma tips: norādiet precīzu nosaukumu, piemēram, order.paid, vai prefiksu, piemēram, order.*</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="207"/>
        <source>Why run a relay in the console? (kept in the audit log)</source>
        <translation>Kāpēc palaist pārsūtītāju konsolē? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="226"/>
        <source>The relay did not start: %1</source>
        <translation>Pārsūtītājs netika palaists: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="245"/>
        <source>Listen on: %1</source>
        <translation>Klausīšanās adrese: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="255"/>
        <source>Listen on: %1 cannot be used: %2</source>
        <translation>Klausīšanās adrese: %1 nevar izmantot: %2</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="260"/>
        <source>Why receive webhooks in the console? (kept in the audit log)</source>
        <translation>Kāpēc saņemt webhook konsolē? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="279"/>
        <source>Not started: %1</source>
        <translation>Nav palaists: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="281"/>
        <source>Receiving on http://%1:%2/webhooks/{partner}</source>
        <translation>Saņem adresē http://%1:%2/webhooks/{partner}</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="309"/>
        <source>Read-only: nothing can be started</source>
        <translation>Tikai lasīšana: neko nevar palaist</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="312"/>
        <source>Stop relay</source>
        <translation>Apturēt pārsūtītāju</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="313"/>
        <source>Stop receiver</source>
        <translation>Apturēt saņēmēju</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="328"/>
        <location filename="../ui/EnginePanel.cpp" line="349"/>
        <source>Starting…</source>
        <translation>Palaiž…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="331"/>
        <source>Running: %1 attempts/s, %2 delivered/s — %3 attempts, %4 delivered in all</source>
        <translation>Darbojas: %1 mēģinājumi/s, %2 piegādāti/s — kopā mēģinājumi: %3, piegādāti: %4</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="337"/>
        <source>Stopping: finishing the requests in flight…</source>
        <translation>Aptur: pabeidz procesā esošos pieprasījumus…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="342"/>
        <source>Stopped after %1 attempts, %2 delivered.</source>
        <translation>Apturēts. Mēģinājumi: %1, piegādāti: %2.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="344"/>
        <location filename="../ui/EnginePanel.cpp" line="365"/>
        <source>Stopped.</source>
        <translation>Apturēts.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="352"/>
        <source>Running: %1 stored/s, %2 processed/s — %3 stored, %4 processed in all</source>
        <translation>Darbojas: %1 saglabāti/s, %2 apstrādāti/s — kopā saglabāti: %3, apstrādāti: %4</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="358"/>
        <source>Stopping: answering the requests being stored…</source>
        <translation>Aptur: atbild uz pieprasījumiem, kas tiek saglabāti…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="363"/>
        <source>Stopped after %1 stored, %2 processed.</source>
        <translation>Apturēts. Saglabāti: %1, apstrādāti: %2.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::LanguageMenu</name>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="34"/>
        <source>Lan&amp;guage</source>
        <translation>&amp;Valoda</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="48"/>
        <source>&amp;System default</source>
        <translation>&amp;Sistēmas noklusējums</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="82"/>
        <source>Language</source>
        <translation>Valoda</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="83"/>
        <source>The console will use the chosen language the next time it starts.</source>
        <translation>Konsole izmantos izvēlēto valodu nākamajā palaišanas reizē.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="234"/>
        <source>%1 received webhooks waiting for the worker</source>
        <translation>%1 saņemti webhook gaida apstrādātāju</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="237"/>
        <source>%1 webhooks waiting for their entity to advance</source>
        <translation>%1 webhook gaida, kamēr to objekts virzīsies tālāk</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="242"/>
        <source>%1 dead deliveries and %2 quarantined webhooks</source>
        <translation>%1 nepiegādājamas piegādes un %2 webhook karantīnā</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="248"/>
        <source>%1 requests turned away in the last hour</source>
        <translation>%1 pieprasījumi noraidīti pēdējā stundā</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>%1 open mismatches</source>
        <translation>%1 neatrisinātas neatbilstības</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="382"/>
        <source>Local engine</source>
        <translation>Lokālais dzinējs</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="405"/>
        <source>Engines connected</source>
        <translation>Pievienotie dzinēji</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="407"/>
        <source>○ connecting…</source>
        <translation>○ savienojas…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="408"/>
        <source>Live updates</source>
        <translation>Tiešraides atjauninājumi</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="446"/>
        <source>● live</source>
        <translation>● tiešraidē</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="446"/>
        <source>○ not listening (reconnecting)</source>
        <translation>○ neklausās (savienojas no jauna)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="455"/>
        <source>the database role %1 may not change rows</source>
        <translation>datubāzes loma %1 nedrīkst mainīt rindas</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="502"/>
        <source>&amp;Replay…</source>
        <translation>&amp;Atkārtot…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="503"/>
        <source>Replay all &amp;matching…</source>
        <translation>Atkārtot &amp;visas atbilstošās…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="504"/>
        <source>Retry &amp;now…</source>
        <translation>Mēģināt &amp;tagad…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="505"/>
        <source>Re&amp;solve with a note…</source>
        <translation>Atri&amp;sināt ar piezīmi…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="506"/>
        <source>Copy &amp;id</source>
        <translation>Kopēt &amp;id</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="507"/>
        <source>Copy as c&amp;url</source>
        <translation>Kopēt kā c&amp;url</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="508"/>
        <source>Export selection as &amp;CSV…</source>
        <translation>Eksportēt atlasi kā &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="509"/>
        <source>Export selection as &amp;JSON…</source>
        <translation>Eksportēt atlasi kā &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="510"/>
        <source>&amp;Pause endpoint…</source>
        <translation>&amp;Pauzēt galapunktu…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="511"/>
        <source>Resume &amp;endpoint…</source>
        <translation>Atsākt &amp;galapunktu…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="512"/>
        <source>Re&amp;fresh</source>
        <translation>Atsv&amp;aidzināt</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="513"/>
        <source>&amp;Read-only</source>
        <translation>&amp;Tikai lasīšana</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="515"/>
        <source>&amp;Dark theme</source>
        <translation>Tum&amp;šā tēma</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="524"/>
        <source>%1 is off: read-only: %2</source>
        <translation>%1 ir izslēgts: tikai lasīšanai: %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="548"/>
        <source>chosen in the View menu</source>
        <translation>izvēlēts izvēlnē “Skats”</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="555"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Savienot…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="573"/>
        <source>&amp;Actions</source>
        <translation>&amp;Darbības</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="580"/>
        <source>&amp;View</source>
        <translation>&amp;Skats</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="597"/>
        <source>Searc&amp;h this view</source>
        <translation>Meklēt šajā s&amp;katā</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="601"/>
        <source>The overview has no rows to search: open a view (Alt+2 … Alt+-)</source>
        <translation>Pārskatā nav rindu, ko meklēt: atveriet skatu (Alt+2 … Alt+-)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="604"/>
        <source>&amp;Local engine (relay, receiver)</source>
        <translation>&amp;Lokālais dzinējs (pārsūtītājs, saņēmējs)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="613"/>
        <location filename="../ui/MainWindow.cpp" line="615"/>
        <source>Actions</source>
        <translation>Darbības</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="649"/>
        <source>The console&apos;s relay and receiver are running.</source>
        <translation>Konsoles pārsūtītājs un saņēmējs darbojas.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="650"/>
        <source>The console&apos;s relay is running.</source>
        <translation>Konsoles pārsūtītājs darbojas.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="651"/>
        <source>The console&apos;s receiver is running.</source>
        <translation>Konsoles saņēmējs darbojas.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="652"/>
        <source>Quit</source>
        <translation>Iziet</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="654"/>
        <source>Quitting stops them: what is in flight finishes first, and nothing sends or receives here after. Quit?</source>
        <translation>Iziešana tos aptur: vispirms tiek pabeigts tas, kas jau notiek, un pēc tam šeit nekas netiek ne sūtīts, ne saņemts. Iziet?</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="677"/>
        <source>started with --read-only</source>
        <translation>palaists ar --read-only</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="689"/>
        <source>Sandbox</source>
        <translation>Smilškaste</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="695"/>
        <source>&amp;Sandbox (simulated partner, fault knobs)</source>
        <translation>&amp;Smilškaste (simulēts partneris, kļūmju regulatori)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="786"/>
        <source>⚠ No relay is connected now: deliveries wait until one runs (the Local engine panel, or hookyard relay).</source>
        <translation>⚠ Pašlaik neviens pārsūtītājs nav pievienots: piegādes gaida, līdz kāds darbojas (panelis “Lokālais dzinējs” vai hookyard relay).</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="789"/>
        <source>⚠ No worker is connected now: webhooks wait until one runs (the Local engine panel&apos;s receiver, or hookyard worker).</source>
        <translation>⚠ Pašlaik neviens apstrādātājs nav pievienots: webhook gaida, līdz kāds darbojas (paneļa “Lokālais dzinējs” saņēmējs vai hookyard worker).</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="796"/>
        <source>⚠ %1 is failing now: %2 of %3 attempts in the last hour failed, the latest with %4.</source>
        <translation>⚠ %1 pašlaik nedarbojas: pēdējā stundā neizdevās %2 no %3 mēģinājumiem, pēdējais ar %4.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="875"/>
        <source>%1 (%2 to %3)</source>
        <translation>%1 (%2 uz %3)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="878"/>
        <source>%1 (%2 from %3)</source>
        <translation>%1 (%2 no %3)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="893"/>
        <source>Resolve %1 by hand: what is resolved leaves the dead letters and keeps its history. How was it settled? (kept in the audit log)</source>
        <translation>Atrisināt %1 manuāli: atrisinātais pamet mirušās vēstules un saglabā savu vēsturi. Kā tas tika nokārtots? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="935"/>
        <source>⚠ Replay all matching: the filter is not applied: %1</source>
        <translation>⚠ Atkārtot visas atbilstošās: filtrs nav piemērots: %1</translation>
    </message>
    <message>
        <source>Replay %1, all that match the current filter of %2? Those that cannot be replayed are skipped. Why? (kept in the audit log)</source>
        <translation type="vanished">Atkārtot %1 — visu, kas atbilst pašreizējam filtram skatā «%2»? To, ko nevar atkārtot, izlaidīs. Kāpēc? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="979"/>
        <source>Replaying %1…</source>
        <translation>Atkārto %1…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1106"/>
        <source>Pause %1: the relay stops sending to it. Why? (kept in the audit log)</source>
        <translation>Pauzēt %1: relejs pārstās uz to sūtīt. Kāpēc? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1107"/>
        <source>Resume %1: its held deliveries are due at once. Why? (kept in the audit log)</source>
        <translation>Atsākt %1: tā aizturētās piegādes tiks sūtītas uzreiz. Kāpēc? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="884"/>
        <source>Replay</source>
        <translation>Atkārtot</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="888"/>
        <source>Retry now</source>
        <translation>Mēģināt tagad</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="892"/>
        <source>Resolve with a note</source>
        <translation>Atrisināt ar piezīmi</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="903"/>
        <source>%1: working…</source>
        <translation>%1: notiek izpilde…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="919"/>
        <location filename="../ui/MainWindow.cpp" line="988"/>
        <source>⚠ %1 failed: %2</source>
        <translation>⚠ %1 neizdevās: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="208"/>
        <source>%n skipped (not in a state this applies to)</source>
        <translation>
            <numerusform>%n izlaista (nav piemērotā stāvoklī)</numerusform>
            <numerusform>%n izlaistas (nav piemērotā stāvoklī)</numerusform>
            <numerusform>%n izlaistas (nav piemērotā stāvoklī)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="126"/>
        <source>1 delivery</source>
        <translation>1 piegāde</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="127"/>
        <source>%n deliveries</source>
        <translation>
            <numerusform>%n piegāde</numerusform>
            <numerusform>%n piegādes</numerusform>
            <numerusform>%n piegāžu</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="129"/>
        <source>1 received webhook</source>
        <translation>1 saņemts tīmekļa āķis</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="130"/>
        <source>%n received webhooks</source>
        <translation>
            <numerusform>%n saņemts tīmekļa āķis</numerusform>
            <numerusform>%n saņemti tīmekļa āķi</numerusform>
            <numerusform>%n saņemtu tīmekļa āķu</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="132"/>
        <source>1 mismatch</source>
        <translation>1 neatbilstība</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="133"/>
        <source>%n mismatches</source>
        <translation>
            <numerusform>%n neatbilstība</numerusform>
            <numerusform>%n neatbilstības</numerusform>
            <numerusform>%n neatbilstību</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>1 other row</source>
        <translation>1 cita rinda</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>%n other rows</source>
        <translation>
            <numerusform>%n cita rinda</numerusform>
            <numerusform>%n citas rindas</numerusform>
            <numerusform>%n citu rindu</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="139"/>
        <source>%n rows (%1)</source>
        <translation>
            <numerusform>%n rinda (%1)</numerusform>
            <numerusform>%n rindas (%1)</numerusform>
            <numerusform>%n rindu (%1)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="179"/>
        <source>state %1</source>
        <translation>stāvoklis %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="179"/>
        <source> or </source>
        <translation> vai </translation>
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
        <translation>%1 no %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="192"/>
        <source>%1 before %2</source>
        <translation>%1 pirms %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="194"/>
        <source>search “%1”</source>
        <translation>meklēt “%1”</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="195"/>
        <source>no filter: every row of the view</source>
        <translation>bez filtra: visas skata rindas</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="210"/>
        <location filename="../ui/MainWindow.cpp" line="1147"/>
        <source>audited</source>
        <translation>ierakstīts auditā</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="885"/>
        <source>Replay %1 with the same id. Why? (kept in the audit log)</source>
        <translation>Atkārtot %1 ar to pašu id. Kāpēc? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="889"/>
        <source>Make %1 due now, if waiting. Why? (kept in the audit log)</source>
        <translation>Padarīt %1 izpildāmu tagad, ja gaida. Kāpēc? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="962"/>
        <location filename="../ui/MainWindow.cpp" line="972"/>
        <location filename="../ui/MainWindow.cpp" line="988"/>
        <location filename="../ui/MainWindow.cpp" line="990"/>
        <location filename="../ui/MainWindow.cpp" line="993"/>
        <source>Replay all matching</source>
        <translation>Atkārtot visas atbilstošās</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="967"/>
        <source>No row matches the current filter.</source>
        <translation>Neviena rinda neatbilst pašreizējam filtram.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="973"/>
        <source>Replay %1, all that match the filter of %2 (%3)? Those that cannot be replayed are skipped. Why? (kept in the audit log)</source>
        <translation>Atkārtot %1 — visu, kas atbilst skata «%2» filtram (%3)? To, ko nevar atkārtot, izlaidīs. Kāpēc? (tiek saglabāts audita žurnālā)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1010"/>
        <source>The delivery&apos;s detail is still loading: copy its id again in a moment</source>
        <translation>Piegādes detaļas vēl ielādējas: pēc brīža kopējiet tās id vēlreiz</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1015"/>
        <source>Copied %1</source>
        <translation>Nokopēts: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1030"/>
        <source>Copied a curl command, signed just now (no secret in it)</source>
        <translation>Nokopēta curl komanda, tikko parakstīta (noslēpuma tajā nav)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1049"/>
        <source>Export as JSON</source>
        <translation>Eksportēt kā JSON</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1049"/>
        <source>Export as CSV</source>
        <translation>Eksportēt kā CSV</translation>
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
        <translation>Eksports</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1088"/>
        <source>Cannot write %1: %2</source>
        <translation>Nevar ierakstīt %1: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="1091"/>
        <source>Exported %n row(s) to %1</source>
        <translation>
            <numerusform>%n rinda eksportēta uz %1</numerusform>
            <numerusform>%n rindas eksportētas uz %1</numerusform>
            <numerusform>%n rindas eksportētas uz %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1099"/>
        <location filename="../ui/MainWindow.cpp" line="1137"/>
        <source>Pause endpoint</source>
        <translation>Pauzēt galapunktu</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1099"/>
        <location filename="../ui/MainWindow.cpp" line="1137"/>
        <source>Resume endpoint</source>
        <translation>Atsākt galapunktu</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1142"/>
        <source>%1 is paused already; nothing changed</source>
        <translation>%1 jau ir pauzēts; nekas netika mainīts</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1143"/>
        <source>%1 is active already; nothing changed</source>
        <translation>%1 jau ir aktīvs; nekas netika mainīts</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1146"/>
        <source>Paused %1</source>
        <translation>Pauzēts: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1146"/>
        <source>Resumed %1</source>
        <translation>Atsākts: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="554"/>
        <source>&amp;File</source>
        <translation>&amp;Fails</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="571"/>
        <source>&amp;Quit</source>
        <translation>&amp;Iziet</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="298"/>
        <source>Views</source>
        <translation>Skati</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="72"/>
        <source>Hookyard — sandbox (%1)</source>
        <translation>Hookyard — smilškaste (%1)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="74"/>
        <location filename="../ui/MainWindow.cpp" line="76"/>
        <source>Hookyard — %1 (from %2)</source>
        <translation>Hookyard — %1 (no %2)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="78"/>
        <source>Hookyard — %1 (from the libpq environment)</source>
        <translation>Hookyard — %1 (no libpq vides)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="80"/>
        <source>Hookyard — %1 (from File › Connect…)</source>
        <translation>Hookyard — %1 (no Fails › Savienot…)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="113"/>
        <source>the deliveries of event %1</source>
        <translation>notikuma %1 piegādes</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="114"/>
        <source>the deliveries of %n events</source>
        <translation>
            <numerusform>%n notikuma piegādes</numerusform>
            <numerusform>%n notikumu piegādes</numerusform>
            <numerusform>%n notikumu piegādes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rows</source>
        <translation type="vanished">
            <numerusform>%n rindu</numerusform>
            <numerusform>%n rindas</numerusform>
            <numerusform>%n rindas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="144"/>
        <source>delivery %1</source>
        <translation>piegādi %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="146"/>
        <source>inbox message %1</source>
        <translation>ienākošo ierakstu %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="148"/>
        <source>mismatch %1</source>
        <translation>neatbilstību %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="150"/>
        <source>row %1</source>
        <translation>rindu %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="204"/>
        <source>1 delivery changed</source>
        <translation>mainīta 1 piegāde</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="205"/>
        <source>%n deliveries changed</source>
        <translation>
            <numerusform>mainīta %n piegāde</numerusform>
            <numerusform>mainītas %n piegādes</numerusform>
            <numerusform>mainītas %n piegādes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="206"/>
        <source>1 row changed</source>
        <translation>mainīta 1 rinda</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="206"/>
        <source>%n rows changed</source>
        <translation>
            <numerusform>mainīta %n rinda</numerusform>
            <numerusform>mainītas %n rindas</numerusform>
            <numerusform>mainītas %n rindas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="229"/>
        <source>%1 events on their way to their endpoints; %2 more have a dead delivery</source>
        <translation>%1 notikumi ceļā uz galapunktiem; vēl %2 ir nepiegādājama piegāde</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="300"/>
        <source>Overview</source>
        <translation>Pārskats</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="411"/>
        <source>Connected: %1</source>
        <translation>Savienots: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="720"/>
        <source>[read-only: %1]</source>
        <translation>[tikai lasīšana: %1]</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="745"/>
        <location filename="../ui/MainWindow.cpp" line="764"/>
        <source>Read-only: %1</source>
        <translation>Tikai lasīšana: %1</translation>
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
        <translation>Pārskats</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <source>Outbox events</source>
        <translation>Izsūtnes notikumi</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <location filename="../ui/OverviewPage.cpp" line="41"/>
        <location filename="../ui/OverviewPage.cpp" line="48"/>
        <source>Pending</source>
        <translation>Gaida</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="37"/>
        <location filename="../ui/OverviewPage.cpp" line="43"/>
        <source>Delivered</source>
        <translation>Piegādāti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="40"/>
        <source>With a dead delivery</source>
        <translation>Ar nepiegādājamu piegādi</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="41"/>
        <source>Deliveries</source>
        <translation>Piegādes</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="42"/>
        <source>In flight</source>
        <translation>Procesā</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="44"/>
        <source>Outcome unknown</source>
        <translation>Iznākums nezināms</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="45"/>
        <source>Held (endpoint disabled)</source>
        <translation>Aizturēti (galapunkts atspējots)</translation>
    </message>
    <message>
        <source>Dead letters</source>
        <translation type="vanished">Nepiegādājamie</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="46"/>
        <source>Dead, unresolved</source>
        <translation>Nepiegādājami, neatrisināti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="48"/>
        <source>Inbox</source>
        <translation>Iesūtne</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="49"/>
        <source>Processed</source>
        <translation>Apstrādāti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="50"/>
        <source>Deferred</source>
        <translation>Atlikti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="51"/>
        <source>Quarantined</source>
        <translation>Karantīnā</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="52"/>
        <source>Quarantined, unresolved</source>
        <translation>Karantīnā, neatrisināti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="53"/>
        <source>Rejected (last hour)</source>
        <translation>Noraidīti (pēdējā stunda)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="56"/>
        <source>Connected now — relays: – · workers: – · receivers: –</source>
        <translation>Pievienoti tagad — pārsūtītāji: – · apstrādātāji: – · saņēmēji: –</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="57"/>
        <source>Engines connected</source>
        <translation>Pievienotie dzinēji</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="61"/>
        <source>Work waiting for an engine</source>
        <translation>Darbs, kas gaida dzinēju</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="69"/>
        <source>Last hour, per minute</source>
        <translation>Pēdējā stunda, pa minūtēm</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="72"/>
        <source>✓ delivered</source>
        <translation>✓ piegādāti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="74"/>
        <source>✕ failed attempts</source>
        <translation>✕ neveiksmīgi mēģinājumi</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="76"/>
        <source>↓ received</source>
        <translation>↓ saņemti</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="94"/>
        <source>Attempts and received webhooks per minute, last hour</source>
        <translation>Mēģinājumi un saņemtie webhook minūtē, pēdējā stunda</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="97"/>
        <source>Endpoints with failed attempts (last hour)</source>
        <translation>Galapunkti ar neizdevušamies mēģinājumiem (pēdējā stunda)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="103"/>
        <source>Endpoints with failed attempts</source>
        <translation>Galapunkti ar neizdevušamies mēģinājumiem</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="108"/>
        <source>Click an endpoint to see its dead letters</source>
        <translation>Noklikšķiniet uz galapunkta, lai redzētu tā nepiegādājamos</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="242"/>
        <source>⚠ %1 — failing now: %2 of %3 attempts failed · last: %4</source>
        <translation>⚠ %1 — tagad kļūdās: %2 no %3 mēģinājumiem neizdevās · pēdējā: %4</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="243"/>
        <source>✓ %1 — recovered: %2 of %3 attempts failed · last: %4</source>
        <translation>✓ %1 — atkopies: %2 no %3 mēģinājumiem neizdevās · pēdējā: %4</translation>
    </message>
    <message>
        <source>Failing endpoints (last hour)</source>
        <translation type="vanished">Galapunkti ar kļūmēm (pēdējā stunda)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="102"/>
        <location filename="../ui/OverviewPage.cpp" line="249"/>
        <source>None</source>
        <translation>Nav</translation>
    </message>
    <message>
        <source>Failing endpoints</source>
        <translation type="vanished">Galapunkti ar kļūmēm</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="115"/>
        <source>Waiting for the first counts…</source>
        <translation>Gaida pirmos skaitļus…</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="169"/>
        <source>Updated %1 · delivered and processed totals as of %2 · schema version %3</source>
        <translation>Atjaunināts %1 · piegādāto un apstrādāto kopskaits uz %2 · shēmas versija %3</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="185"/>
        <source>Connected now — relays: %1 · workers: %2 · receivers: %3</source>
        <translation>Pievienoti tagad — pārsūtītāji: %1 · apstrādātāji: %2 · saņēmēji: %3</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="190"/>
        <source>⚠ No relay is connected; deliveries waiting for one: %1</source>
        <translation>⚠ Neviens pārsūtītājs nav pievienots; piegādes, kas to gaida: %1</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="193"/>
        <source>⚠ No worker is connected; received webhooks waiting for one: %1</source>
        <translation>⚠ Neviens apstrādātājs nav pievienots; saņemtie webhook, kas to gaida: %1</translation>
    </message>
    <message>
        <source>⚠ %1 — %2 of %3 attempts failed · last: %4</source>
        <translation type="vanished">⚠ %1 — %2 no %3 mēģinājumiem neizdevās · pēdējā: %4</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::RowsModel</name>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="56"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="53"/>
        <location filename="../ui/models/RowsModel.cpp" line="58"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="60"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="53"/>
        <location filename="../ui/models/RowsModel.cpp" line="63"/>
        <source>%1 ago</source>
        <translation>pirms %1</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="63"/>
        <source>in %1</source>
        <translation>pēc %1</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="296"/>
        <source>pending</source>
        <translation>gaida</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="298"/>
        <source>delivered</source>
        <translation>piegādāts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="300"/>
        <source>dead</source>
        <translation>nepiegādājams</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="302"/>
        <source>held</source>
        <translation>aizturēts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="304"/>
        <source>outcome unknown</source>
        <translation>iznākums nezināms</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="306"/>
        <source>no delivery</source>
        <translation>bez piegādes</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="308"/>
        <source>deferred</source>
        <translation>atlikts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="310"/>
        <source>processed</source>
        <translation>apstrādāts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="312"/>
        <source>quarantined</source>
        <translation>karantīnā</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="314"/>
        <source>resolved</source>
        <translation>atrisināts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="316"/>
        <source>rejected</source>
        <translation>noraidīts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="318"/>
        <source>active</source>
        <translation>aktīvs</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="320"/>
        <source>paused</source>
        <translation>pauzēts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="322"/>
        <source>disabled</source>
        <translation>atspējots</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="324"/>
        <source>active, failing</source>
        <translation>aktīvs, kļūdas</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="326"/>
        <source>left this view (reload to drop it)</source>
        <translation>vairs nav šajā skatā (pārlādējiet, lai to noņemtu)</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="329"/>
        <source>stuck</source>
        <translation>iestrēdzis</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="331"/>
        <source>processing</source>
        <translation>tiek apstrādāts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="333"/>
        <source>succeeded</source>
        <translation>izdevās</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="335"/>
        <source>failed</source>
        <translation>neizdevās</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="338"/>
        <source>missing on their side</source>
        <translation>trūkst pie viņiem</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="340"/>
        <source>unknown, not received</source>
        <translation>nezināms, nav saņemts</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="342"/>
        <source>missing on our side</source>
        <translation>trūkst pie mums</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="344"/>
        <source>not in their records</source>
        <translation>nav viņu ierakstos</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="346"/>
        <source>payload differs</source>
        <translation>dati atšķiras</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="348"/>
        <source>they have it, we failed</source>
        <translation>viņiem ir, mums neizdevās</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="350"/>
        <source>could not check</source>
        <translation>nevarēja pārbaudīt</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="352"/>
        <source>unknown, was delivered</source>
        <translation>nezināms, bija piegādāts</translation>
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
        <translation>Stāvoklis</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="108"/>
        <source>All states</source>
        <translation>Visi stāvokļi</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="126"/>
        <source>%1: order.paid or order.*</source>
        <translation>%1: order.paid vai order.*</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="126"/>
        <source>%1: replay or endpoint.*</source>
        <translation>%1: replay vai endpoint.*</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="133"/>
        <source>Time range</source>
        <translation>Laika periods</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="134"/>
        <source>Any time</source>
        <translation>Jebkurš laiks</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="135"/>
        <source>Last 15 minutes</source>
        <translation>Pēdējās 15 minūtes</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="136"/>
        <source>Last hour</source>
        <translation>Pēdējā stunda</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="137"/>
        <source>Last 24 hours</source>
        <translation>Pēdējās 24 stundas</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="138"/>
        <source>Last 7 days</source>
        <translation>Pēdējās 7 dienas</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="142"/>
        <source>Search</source>
        <translation>Meklēt</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="143"/>
        <source>⌕ id, aggregate id, partner event id, or JSON such as {&quot;status&quot;: &quot;Active&quot;}</source>
        <translation>⌕ id, agregāta id, partnera notikuma id vai JSON, piem., {&quot;status&quot;: &quot;Active&quot;}</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="144"/>
        <source>An id is matched whole, or a UUID by its first 8 or more digits (as the Id column shows them); text starting with { is a JSON object the payload must contain. Press Enter to search.</source>
        <translation>Id tiek salīdzināts pilnībā, bet UUID arī pēc pirmajām 8 vai vairāk zīmēm (kā tās rāda kolonna Id); teksts, kas sākas ar {, ir JSON objekts, kas jāsatur saturam. Nospiediet Enter, lai meklētu.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="150"/>
        <source>Sort order</source>
        <translation>Kārtošanas secība</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="151"/>
        <location filename="../ui/RowsPage.cpp" line="268"/>
        <source>Newest first ▾</source>
        <translation>Jaunākās vispirms ▾</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="152"/>
        <source>Newest first or oldest first</source>
        <translation>Jaunākās vai vecākās vispirms</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="174"/>
        <source>Show</source>
        <translation>Rādīt</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="175"/>
        <source>Show new rows</source>
        <translation>Rādīt jaunās rindas</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="188"/>
        <source>%1 rows</source>
        <translation>%1: rindas</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="255"/>
        <source>Row count</source>
        <translation>Rindu skaits</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="268"/>
        <source>Oldest first ▴</source>
        <translation>Vecākās vispirms ▴</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="512"/>
        <source>≥ %1 new rows</source>
        <translation>≥ %1 jaunas rindas</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="514"/>
        <source>1 new row</source>
        <translation>1 jauna rinda</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RowsPage.cpp" line="514"/>
        <source>%n new rows</source>
        <translation>
            <numerusform>%n jauna rinda</numerusform>
            <numerusform>%n jaunas rindas</numerusform>
            <numerusform>%n jaunas rindas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="523"/>
        <source>⚠ Filter not applied: %1</source>
        <translation>⚠ Filtrs nav piemērots: %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="525"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="527"/>
        <source>Loading…</source>
        <translation>Ielādē…</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="529"/>
        <source>1 row</source>
        <translation>1 rinda</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RowsPage.cpp" line="529"/>
        <source>%n rows</source>
        <translation>
            <numerusform>%n rinda</numerusform>
            <numerusform>%n rindas</numerusform>
            <numerusform>%n rindas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="531"/>
        <source>≥ %1 loaded</source>
        <translation>≥ %1 ielādētas</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="571"/>
        <source>Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its first 8 or more digits), not parts of them.</source>
        <translation>Nekas neatbilst “%1”. Meklēšana salīdzina veselas vērtības, piemēram, id un nosaukumus (UUID arī pēc pirmajām 8 vai vairāk zīmēm), nevis to daļas.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="576"/>
        <source>“%1” is in the JSON of recent rows: &lt;a href=&quot;#search&quot;&gt;search with %2&lt;/a&gt;</source>
        <translation>“%1” ir nesen saņemto rindu JSON: &lt;a href=&quot;#search&quot;&gt;meklēt ar %2&lt;/a&gt;</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="582"/>
        <source>To find a value inside the JSON, search with a fragment of it where it stands, such as %1 at the top or %2 one level down.</source>
        <translation>Lai atrastu vērtību JSON iekšienē, meklējiet ar tā fragmentu tur, kur tā atrodas, piemēram, %1 augšējā līmenī vai %2 vienu līmeni dziļāk.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its first 8 or more digits), not parts of them. To find a value inside the JSON, search with a fragment of it, such as %2.</source>
        <translation type="vanished">Nekas neatbilst “%1”. Meklēšana salīdzina veselas vērtības, piemēram, identifikatorus un nosaukumus (UUID arī pēc tā pirmajiem 8 vai vairāk cipariem), nevis to daļas. Lai atrastu vērtību JSON iekšienē, meklējiet ar tā fragmentu, piemēram, %2.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”. The search compares whole ids (a UUID also by its first 8 or more digits): event, delivery, inbox, aggregate and entity ids, partner event ids. To find a value inside the JSON, search with a fragment of it, such as {&quot;id&quot;: &quot;%1&quot;}.</source>
        <translation type="vanished">Nekas neatbilst “%1”. Meklēšana salīdzina veselus identifikatorus (UUID arī pēc tā pirmajiem 8 vai vairāk cipariem): notikumu, piegāžu, iesūtnes, agregātu un entītiju id, partneru notikumu id. Lai atrastu vērtību JSON iekšienē, meklējiet ar tā fragmentu, piemēram, {&quot;id&quot;: &quot;%1&quot;}.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="591"/>
        <source>No row matches the filters.</source>
        <translation>Neviena rinda neatbilst filtriem.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="592"/>
        <source>Nothing here.</source>
        <translation>Šeit nekā nav.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::SandboxPanel</name>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="26"/>
        <source>Our deliveries to Acme</source>
        <translation>Mūsu piegādes uz Acme</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <source>Errors (500)</source>
        <translation>Kļūdas (500)</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <source>Error rate</source>
        <translation>Kļūdu īpatsvars</translation>
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
        <translation>Lēnums</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="31"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="32"/>
        <source>Dropped after the body</source>
        <translation>Pārtraukts pēc satura</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="33"/>
        <source>Connections dropped after the body</source>
        <translation>Savienojumi, kas pārtraukti pēc pieprasījuma satura</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="35"/>
        <source>Acme&apos;s webhooks to us</source>
        <translation>Acme webhook mums</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <source>Out of order</source>
        <translation>Ne pēc kārtas</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <source>Out-of-order orders</source>
        <translation>Pasūtījumi ne pēc kārtas</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <source>Duplicates</source>
        <translation>Dublikāti</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <source>Duplicate webhooks</source>
        <translation>Webhook dublikāti</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source>Poison</source>
        <translation>Inde</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source>Poison payloads</source>
        <translation>Indīgi dati</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="44"/>
        <source>Traffic</source>
        <translation>Datplūsma</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="47"/>
        <location filename="../ui/SandboxPanel.cpp" line="65"/>
        <source>Events per second</source>
        <translation>Notikumi sekundē</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="50"/>
        <source> /s</source>
        <translation> /s</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="53"/>
        <location filename="../ui/SandboxPanel.cpp" line="58"/>
        <source>Pause traffic</source>
        <translation>Apturēt datplūsmu</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="58"/>
        <source>Resume traffic</source>
        <translation>Atsākt datplūsmu</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="60"/>
        <source>Refunds to sandbox-acme-v1 fail until replayed: select one in Dead letters and replay it (Ctrl+R).</source>
        <translation>Atmaksas uz sandbox-acme-v1 neizdodas, līdz tās atkārto: izvēlieties vienu sadaļā “Nepiegādājamie” un atkārtojiet (Ctrl+R).</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="69"/>
        <source>Starting…</source>
        <translation>Palaiž…</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="71"/>
        <source>Sandbox summary</source>
        <translation>Smilškastes kopsavilkums</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="138"/>
        <source>Delivered %1 · retries %2 · dead %3 · deferred %4 (healed %5) · quarantined %6 · duplicates sent %7 · open mismatches %8</source>
        <translation>Piegādāti %1 · atkārtojumi %2 · nepiegādājami %3 · atlikti %4 (atkopušies %5) · karantīnā %6 · nosūtīti dublikāti %7 · atvērtas neatbilstības %8</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::TimelineWidget</name>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="72"/>
        <source>%1s</source>
        <translation>%1s</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="74"/>
        <source>%1m</source>
        <translation>%1m</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="77"/>
        <source>%1h</source>
        <translation>%1h</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="78"/>
        <source>%1h %2m</source>
        <translation>%1h %2m</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="80"/>
        <source>%1d</source>
        <translation>%1d</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="87"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="89"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="90"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="93"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="94"/>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="136"/>
        <source>status URL: delivered</source>
        <translation>statusa URL: piegādāts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="138"/>
        <source>status URL: not received</source>
        <translation>statusa URL: nav saņemts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="140"/>
        <source>status URL: could not tell</source>
        <translation>statusa URL: nevarēja noteikt</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="142"/>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="126"/>
        <source>timeout</source>
        <translation>noildze</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="128"/>
        <source>no answer</source>
        <translation>nav atbildes</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="129"/>
        <location filename="../ui/TimelineWidget.cpp" line="316"/>
        <source>failed</source>
        <translation>neizdevās</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="144"/>
        <source>HTTP %1, then %2</source>
        <translation>HTTP %1, pēc tam %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="164"/>
        <source>Retry timeline</source>
        <translation>Mēģinājumu laika josla</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="194"/>
        <source>attempt in flight on %1</source>
        <translation>mēģinājumu pašlaik veic %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="200"/>
        <source>quarantined in %1 if still waiting (checked again whenever its entity changes)</source>
        <translation>karantīnā pēc %1, ja joprojām gaidīs (tiek pārbaudīts atkal katru reizi, kad mainās tā entītija)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="203"/>
        <source>check overdue by %1</source>
        <translation>pārbaude kavējas par %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="204"/>
        <source>check due now</source>
        <translation>pārbaude jāveic tagad</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="207"/>
        <source>next attempt in %1</source>
        <translation>nākamais mēģinājums pēc %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="210"/>
        <source>next attempt overdue by %1</source>
        <translation>nākamais mēģinājums kavējas par %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="211"/>
        <source>next attempt due now</source>
        <translation>nākamais mēģinājums — tagad</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="315"/>
        <source>tmo</source>
        <translation>noild.</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="322"/>
        <source>next</source>
        <translation>nākamais</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="322"/>
        <source>deadline</source>
        <translation>termiņš</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="327"/>
        <source>deferred</source>
        <translation>atlikts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="332"/>
        <source>held</source>
        <translation>aizturēts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="337"/>
        <source>dead</source>
        <translation>nepiegād.</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="342"/>
        <source>quarantined</source>
        <translation>karantīnā</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="354"/>
        <source>delivered</source>
        <translation>piegādāts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="359"/>
        <source>processed</source>
        <translation>apstrādāts</translation>
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
        <translation>Pagaidām nekas nav noticis.</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="438"/>
        <source>waiting for %1 (deferrals: %2)</source>
        <translation>gaida %1 (atlikšanu skaits: %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="446"/>
        <source>in the dead letters since %1: %2</source>
        <translation>nepiegādājamo sarakstā kopš %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="450"/>
        <source>quarantined since %1: %2</source>
        <translation>karantīnā kopš %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="453"/>
        <source>held while the endpoint is disabled: %1</source>
        <translation>aizturēts, kamēr galapunkts ir atspējots: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="456"/>
        <source>✓ delivered at %1</source>
        <translation>✓ piegādāts %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="459"/>
        <source>✓ processed at %1</source>
        <translation>✓ apstrādāts %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="478"/>
        <source>last answer: %1 (attempt %2, %3)</source>
        <translation>pēdējā atbilde: %1 (mēģinājums %2, %3)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="488"/>
        <source>replayed by %1 (role %2) at %3</source>
        <translation>atkārtoja %1 (loma %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="490"/>
        <source>retried now by %1 (role %2) at %3</source>
        <translation>tūlīt mēģināja %1 (loma %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="492"/>
        <source>resolved by %1 (role %2) at %3</source>
        <translation>atrisināja %1 (loma %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="495"/>
        <source> — “%1”</source>
        <translation> — “%1”</translation>
    </message>
    <message>
        <source>↻ replayed by %1 (role %2) at %3</source>
        <translation type="vanished">↻ atkārtoja %1 (loma %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="507"/>
        <source>Queued</source>
        <translation>Rindā</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="510"/>
        <source>Attempt %1: %2</source>
        <translation>Mēģinājums %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="512"/>
        <source>Latency: %1 ms</source>
        <translation>Latentums: %1 ms</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="514"/>
        <source>Error: %1</source>
        <translation>Kļūda: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="516"/>
        <source>Answer: %1</source>
        <translation>Atbilde: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="518"/>
        <source>Relay: %1</source>
        <translation>Pārsūtītājs: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="520"/>
        <source>Worker: %1</source>
        <translation>Apstrādātājs: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="526"/>
        <source>Deferred, waiting for %1 (deferrals: %2)</source>
        <translation>Atlikts, gaida %1 (atlikšanu skaits: %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="529"/>
        <source>Held: %1</source>
        <translation>Aizturēts: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="532"/>
        <source>Moved to the dead letters: %1</source>
        <translation>Pārvietots uz nepiegādājamajiem: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="535"/>
        <source>Quarantined: %1</source>
        <translation>Karantīnā: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="540"/>
        <source>Replayed by %1 (database role %2)</source>
        <translation>Atkārtoja %1 (datubāzes loma %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="541"/>
        <source>Retried now by %1 (database role %2)</source>
        <translation>Tūlīt mēģināja %1 (datubāzes loma %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="542"/>
        <source>Resolved by %1 (database role %2)</source>
        <translation>Atrisināja %1 (datubāzes loma %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="545"/>
        <source>Why: %1</source>
        <translation>Iemesls: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="545"/>
        <source>Note: %1</source>
        <translation>Piezīme: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="546"/>
        <source>Audit record %1</source>
        <translation>Audita ieraksts %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="549"/>
        <source>Delivered</source>
        <translation>Piegādāts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="552"/>
        <source>Processed</source>
        <translation>Apstrādāts</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="592"/>
        <source>Attempts: %1 (%2 succeeded, %3 failed, %4 without a known outcome).</source>
        <translation>Mēģinājumi: %1 (izdevušies: %2, neizdevušies: %3, ar nezināmu iznākumu: %4).</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="598"/>
        <source>Next attempt at %1.</source>
        <translation>Nākamais mēģinājums: %1.</translation>
    </message>
</context>
</TS>
