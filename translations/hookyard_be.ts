<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="be_BY">
<context>
    <name>hookyard::core::DetailQueries</name>
    <message>
        <location filename="../core/console/DetailQueries.cpp" line="800"/>
        <source>reconciliation run %1</source>
        <translation>звяранне № %1</translation>
    </message>
    <message>
        <location filename="../core/console/DetailQueries.cpp" line="805"/>
        <source>resolved by %1 at %2: %3</source>
        <translation>вырашана %1 у %2: %3</translation>
    </message>
</context>
<context>
    <name>hookyard::core::ViewQueries</name>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="31"/>
        <source>Outbox</source>
        <translation>Зыходныя</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="32"/>
        <location filename="../core/console/ViewQueries.cpp" line="83"/>
        <location filename="../core/console/ViewQueries.cpp" line="166"/>
        <location filename="../core/console/ViewQueries.cpp" line="183"/>
        <source>Time</source>
        <translation>Час</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="33"/>
        <location filename="../core/console/ViewQueries.cpp" line="50"/>
        <location filename="../core/console/ViewQueries.cpp" line="84"/>
        <location filename="../core/console/ViewQueries.cpp" line="132"/>
        <location filename="../core/console/ViewQueries.cpp" line="167"/>
        <source>State</source>
        <translation>Стан</translation>
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
        <translation>Тып падзеі</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="35"/>
        <source>Aggregate</source>
        <translation>Агрэгат</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="36"/>
        <source>Event id</source>
        <translation>Id падзеі</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="37"/>
        <location filename="../core/console/ViewQueries.cpp" line="130"/>
        <source>Endpoints</source>
        <translation>Эндпойнты</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="38"/>
        <source>Delivered</source>
        <translation>Дастаўлена</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="39"/>
        <location filename="../core/console/ViewQueries.cpp" line="56"/>
        <location filename="../core/console/ViewQueries.cpp" line="89"/>
        <source>Attempts</source>
        <translation>Спробы</translation>
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
        <translation>Прычына</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="44"/>
        <location filename="../core/console/ViewQueries.cpp" line="146"/>
        <source>Endpoint</source>
        <translation>Эндпойнт</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="48"/>
        <source>Inbox</source>
        <translation>Уваходныя</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="49"/>
        <location filename="../core/console/ViewQueries.cpp" line="66"/>
        <location filename="../core/console/ViewQueries.cpp" line="100"/>
        <source>Received</source>
        <translation>Атрымана</translation>
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
        <translation>Партнёр</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="53"/>
        <source>Partner event id</source>
        <translation>Id падзеі партнёра</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="54"/>
        <location filename="../core/console/ViewQueries.cpp" line="69"/>
        <source>Entity</source>
        <translation>Сутнасць</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="55"/>
        <location filename="../core/console/ViewQueries.cpp" line="74"/>
        <source>Inbox id</source>
        <translation>Id уваходнага запісу</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="65"/>
        <source>Deferred</source>
        <translation>Адкладзеныя</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="70"/>
        <source>Waiting for</source>
        <translation>Чакае</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="71"/>
        <source>Deferred since</source>
        <translation>Адкладзена з</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="72"/>
        <source>Deferrals</source>
        <translation>Адкладанні</translation>
    </message>
    <message>
        <source>Next check</source>
        <translation type="vanished">Наступная праверка</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="82"/>
        <source>Dead letters</source>
        <translation>Мёртвыя лісты</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="86"/>
        <location filename="../core/console/ViewQueries.cpp" line="185"/>
        <source>Endpoint / partner</source>
        <translation>Эндпойнт/партнёр</translation>
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
        <translation>Агрэгат / сутнасць</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="90"/>
        <source>Last status</source>
        <translation>Апошні статус</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="95"/>
        <location filename="../core/console/ViewQueries.cpp" line="195"/>
        <source>Endpoint or partner</source>
        <translation>Эндпойнт або партнёр</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="99"/>
        <source>Rejected requests</source>
        <translation>Адхіленыя запыты</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="102"/>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="103"/>
        <source>From</source>
        <translation>Адкуль</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="104"/>
        <source>Bytes</source>
        <translation>Байты</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="114"/>
        <source>Audit log</source>
        <translation>Журнал аўдыту</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="115"/>
        <source>When</source>
        <translation>Калі</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="116"/>
        <location filename="../core/console/ViewQueries.cpp" line="127"/>
        <source>Action</source>
        <translation>Дзеянне</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="117"/>
        <source>Subject</source>
        <translation>Аб&apos;ект</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="118"/>
        <source>User</source>
        <translation>Карыстальнік</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="119"/>
        <source>Database role</source>
        <translation>Роля ў базе даных</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="122"/>
        <source>Details</source>
        <translation>Падрабязнасці</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="131"/>
        <location filename="../core/console/ViewQueries.cpp" line="151"/>
        <source>Created</source>
        <translation>Створана</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="133"/>
        <location filename="../core/console/ViewQueries.cpp" line="152"/>
        <source>Name</source>
        <translation>Назва</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="136"/>
        <source>Failed, last hour</source>
        <translation>Няўдалых за апошнюю гадзіну</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="137"/>
        <source>Attempts, last hour</source>
        <translation>Спроб за апошнюю гадзіну</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="139"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="140"/>
        <source>Event types</source>
        <translation>Тыпы падзей</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="245"/>
        <source>last failure: %1</source>
        <translation>апошняя памылка: %1</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="134"/>
        <source>Pending</source>
        <translation>Чакаюць</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="73"/>
        <source>Deadline</source>
        <translation>Тэрмін</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="135"/>
        <source>Dead</source>
        <translation>Мёртвыя</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="150"/>
        <source>Partners</source>
        <translation>Партнёры</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="153"/>
        <source>Scheme</source>
        <translation>Схема</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="154"/>
        <source>Mode</source>
        <translation>Рэжым</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="155"/>
        <source>Tolerance (s)</source>
        <translation>Допуск (с)</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="156"/>
        <source>Max body (bytes)</source>
        <translation>Макс. цела (байты)</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="165"/>
        <source>Idempotency</source>
        <translation>Ідэмпатэнтнасць</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="168"/>
        <location filename="../core/console/ViewQueries.cpp" line="178"/>
        <source>Tenant</source>
        <translation>Арандатар</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="169"/>
        <source>Operation</source>
        <translation>Аперацыя</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="170"/>
        <source>Idempotency key</source>
        <translation>Ключ ідэмпатэнтнасці</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="171"/>
        <source>Answer</source>
        <translation>Адказ</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="172"/>
        <source>Made</source>
        <translation>Створаны рэсурс</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="182"/>
        <source>Reconciliation</source>
        <translation>Звярэнне</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="184"/>
        <source>Mismatch</source>
        <translation>Несупадзенне</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="186"/>
        <source>Reference</source>
        <translation>Спасылка</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="187"/>
        <source>Ours</source>
        <translation>У нас</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="188"/>
        <source>Theirs</source>
        <translation>У іх</translation>
    </message>
    <message>
        <location filename="../core/console/ViewQueries.cpp" line="189"/>
        <source>Run</source>
        <translation>Запуск</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::ConnectionDialog</name>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="30"/>
        <location filename="../ui/ConnectionDialog.cpp" line="58"/>
        <source>Connect</source>
        <translation>Падлучыцца</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="31"/>
        <source>The &amp;sandbox (a private PostgreSQL that Hookyard manages)</source>
        <translation>&amp;Пясочніца (асобны PostgreSQL, якім кіруе Hookyard)</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="32"/>
        <source>A &amp;database:</source>
        <translation>&amp;База даных:</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="43"/>
        <source>postgresql://user@host:5432/app  or  service=prod-eu</source>
        <translation>postgresql://user@host:5432/app  або  service=prod-eu</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="44"/>
        <source>Database URL or libpq service name</source>
        <translation>URL базы даных або назва сэрвісу libpq</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="48"/>
        <source>Connection error</source>
        <translation>Памылка падлучэння</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="50"/>
        <source>Passwords are never remembered: libpq reads them from ~/.pgpass or PGPASSWORD.</source>
        <translation>Паролі ніколі не запамінаюцца: libpq чытае іх з ~/.pgpass або PGPASSWORD.</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="91"/>
        <source>a service name is letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (as in pg_service.conf)</source>
        <translation>назва сэрвісу складаецца з літар, лічбаў, &apos;.&apos;, &apos;_&apos; або &apos;-&apos; (як у pg_service.conf)</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="111"/>
        <source>enter a postgresql:// URL or service=NAME</source>
        <translation>увядзіце URL postgresql:// або service=НАЗВА</translation>
    </message>
    <message>
        <location filename="../ui/ConnectionDialog.cpp" line="146"/>
        <source>Connecting…</source>
        <translation>Падлучаемся…</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::DetailPane</name>
    <message>
        <location filename="../ui/DetailPane.cpp" line="87"/>
        <source>Event id</source>
        <translation>Id падзеі</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="89"/>
        <source>Delivery</source>
        <translation>Дастаўка</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="91"/>
        <source>Inbox id</source>
        <translation>Id уваходнага запісу</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="93"/>
        <location filename="../ui/DetailPane.cpp" line="443"/>
        <source>Partner event id</source>
        <translation>Id падзеі партнёра</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="95"/>
        <source>Record</source>
        <translation>Запіс</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="97"/>
        <source>Event type</source>
        <translation>Тып падзеі</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="99"/>
        <source>Endpoint</source>
        <translation>Эндпойнт</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="101"/>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="103"/>
        <source>Partner</source>
        <translation>Партнёр</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="105"/>
        <source>Aggregate</source>
        <translation>Агрэгат</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="107"/>
        <source>Entity</source>
        <translation>Сутнасць</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="109"/>
        <location filename="../ui/DetailPane.cpp" line="325"/>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="111"/>
        <source>Why</source>
        <translation>Прычына</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="113"/>
        <source>Attempts</source>
        <translation>Спробы</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="115"/>
        <source>Created</source>
        <translation>Створана</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="119"/>
        <source>Received</source>
        <translation>Атрымана</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="121"/>
        <source>Processed</source>
        <translation>Апрацавана</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="123"/>
        <source>Answered</source>
        <translation>Адказана</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="125"/>
        <source>From</source>
        <translation>Адкуль</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="128"/>
        <source>Body</source>
        <translation>Цела</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="130"/>
        <source>Action</source>
        <translation>Дзеянне</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="132"/>
        <source>Subject</source>
        <translation>Аб&apos;ект</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="134"/>
        <source>OS user</source>
        <translation>Карыстальнік АС</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="136"/>
        <source>Database role</source>
        <translation>Роля ў базе даных</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="138"/>
        <source>Signature scheme</source>
        <translation>Схема подпісу</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="140"/>
        <source>Event types</source>
        <translation>Тыпы падзей</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="142"/>
        <source>Retry schedule (s)</source>
        <translation>Расклад паўтораў (с)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="144"/>
        <source>Attempts, last hour</source>
        <translation>Спроб за апошнюю гадзіну</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="146"/>
        <source>Failed, last hour</source>
        <translation>Няўдалых за апошнюю гадзіну</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="148"/>
        <source>Note</source>
        <translation>Заўвага</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="163"/>
        <source>%1 bytes</source>
        <translation>%1 Б</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="166"/>
        <source>not read: turned away from the request&apos;s head (%1 bytes announced)</source>
        <translation>не прачытана: адхілена па загалоўку запыту (заяўлена байт: %1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="168"/>
        <source>not read: turned away from the request&apos;s head</source>
        <translation>не прачытана: адхілена па загалоўку запыту</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="257"/>
        <source>◔ %1 is not allowed yet.</source>
        <translation>◔ %1 пакуль не дазволена.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="187"/>
        <source>: ‹Unix time of each attempt›</source>
        <translation>: ‹Unix-час кожнай спробы›</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="117"/>
        <source>Event created</source>
        <translation>Падзея створана</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="189"/>
        <source>: ‹v1,HMAC-SHA256 per active secret, signed per attempt›</source>
        <translation>: ‹v1,HMAC-SHA256 для кожнага актыўнага сакрэту, подпіс пры кожнай спробе›</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="200"/>
        <source>✓ signed (%1)</source>
        <translation>✓ падпісана (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="203"/>
        <source>⚠ not signed: the endpoint has no active secret</source>
        <translation>⚠ не падпісана: у эндпойнта няма актыўнага сакрэту</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="206"/>
        <source>✓ signature verified (%1)</source>
        <translation>✓ подпіс правераны (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="209"/>
        <source>⚠ signature not verified (%1)</source>
        <translation>⚠ подпіс не правераны (%1)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="212"/>
        <source>? no signature verdict recorded</source>
        <translation>? вердыкт подпісу не запісаны</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="213"/>
        <source>scheme %1</source>
        <translation>схема %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="219"/>
        <source>%1 (expires %2)</source>
        <translation>%1 (дзейнічае да %2)</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="224"/>
        <source>Active secrets: %1</source>
        <translation>Актыўныя сакрэты: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="232"/>
        <source>%1 %2 does not exist yet.</source>
        <translation>%1 %2 яшчэ не існуе.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="233"/>
        <source>%1 %2 is in state “%3” (since %4).</source>
        <translation>%1 %2 у стане «%3» (з %4).</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="236"/>
        <source>Its partner does not apply state transitions (timestamp or store-only mode): no event waits for another.</source>
        <translation>Яе партнёр не ўжывае пераходы станаў (рэжым timestamp або store-only): ніводная падзея не чакае іншай.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="241"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="242"/>
        <source>No event is allowed from here.</source>
        <translation>Адсюль не дазволена ніякая падзея.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="243"/>
        <source>Allowed next: %1</source>
        <translation>Далей дазволена: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="248"/>
        <source>✓ This %1 has been processed.</source>
        <translation>✓ Гэта %1 ужо апрацавана.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="252"/>
        <source>✕ No transition of the partner&apos;s state machine names %1: it is never allowed until one is added to state_transitions (docs/inbox.md).</source>
        <translation>✕ Ніводны пераход машыны станаў партнёра не называе %1: яна не будзе дазволена, пакуль такі пераход не дададуць у state_transitions (docs/inbox.md).</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="256"/>
        <source>✓ %1 is allowed now.</source>
        <translation>✓ %1 цяпер дазволена.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="303"/>
        <source>Detail</source>
        <translation>Падрабязнасці</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="310"/>
        <source>Detail of the selected row</source>
        <translation>Падрабязнасці вылучанага радка</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="320"/>
        <source>Title</source>
        <translation>Загаловак</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="330"/>
        <location filename="../ui/DetailPane.cpp" line="331"/>
        <source>Copy id</source>
        <translation>Капіяваць id</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="341"/>
        <location filename="../ui/DetailPane.cpp" line="425"/>
        <location filename="../ui/DetailPane.cpp" line="464"/>
        <source>Select a row to see its detail.</source>
        <translation>Вылучыце радок, каб убачыць падрабязнасці.</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="342"/>
        <source>Detail status</source>
        <translation>Стан панэлі падрабязнасцей</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="352"/>
        <source>Timeline</source>
        <translation>Храналогія</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="356"/>
        <location filename="../ui/DetailPane.cpp" line="361"/>
        <source>Payload</source>
        <translation>Змесціва</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="366"/>
        <location filename="../ui/DetailPane.cpp" line="379"/>
        <source>Headers</source>
        <translation>Загалоўкі</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="385"/>
        <source>Signature</source>
        <translation>Подпіс</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="386"/>
        <source>Signature verdict</source>
        <translation>Вердыкт подпісу</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="388"/>
        <location filename="../ui/DetailPane.cpp" line="389"/>
        <source>Entity state</source>
        <translation>Стан сутнасці</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="408"/>
        <source>Replay</source>
        <translation>Паўтарыць</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="409"/>
        <source>Retry now</source>
        <translation>Паспрабаваць зараз</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="410"/>
        <source>Resolve…</source>
        <translation>Вырашыць…</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="411"/>
        <source>Copy as curl</source>
        <translation>Капіяваць як curl</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="467"/>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="495"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="515"/>
        <source>Copy %1</source>
        <translation>Капіяваць: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="572"/>
        <source>→ %1 · %2 · delivery %3</source>
        <translation>→ %1 · %2 · дастаўка %3</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="601"/>
        <source>Retry timeline</source>
        <translation>Храналогія спроб</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="602"/>
        <source>Retry timeline of %1</source>
        <translation>Храналогія спроб: %1</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="663"/>
        <source>Only dead, unknown or delivered rows can be replayed</source>
        <translation>Паўтарыць можна толькі мёртвыя, дастаўленыя радкі або радкі з невядомым вынікам</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="664"/>
        <source>Only a waiting row can be retried now</source>
        <translation>Паспрабаваць зараз можна толькі радок, які чакае</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="666"/>
        <source>Resolved already (see its timeline); Replay sends it again</source>
        <translation>Ужо вырашана (гл. яго храналогію); Паўтарыць адпраўляе яго зноў</translation>
    </message>
    <message>
        <location filename="../ui/DetailPane.cpp" line="667"/>
        <source>Only dead or quarantined rows are resolved</source>
        <translation>Вырашаюцца толькі мёртвыя радкі або радкі ў карантыне</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::EnginePanel</name>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="57"/>
        <source>Relay</source>
        <translation>Рэтранслятар</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="59"/>
        <source>Relay endpoint scope</source>
        <translation>Эндпойнты рэтранслятара</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="60"/>
        <source>All endpoints</source>
        <translation>Усе эндпойнты</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="63"/>
        <source>Relay event type scope</source>
        <translation>Тыпы падзей рэтранслятара</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="64"/>
        <source>all types, or e.g. order.*</source>
        <translation>усе тыпы або, напрыклад, order.*</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="66"/>
        <source>Relay rate cap</source>
        <translation>Абмежаванне хуткасці рэтранслятара</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="68"/>
        <source> /s</source>
        <translation> /с</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="69"/>
        <source>no cap</source>
        <translation>без абмежавання</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="71"/>
        <location filename="../ui/EnginePanel.cpp" line="207"/>
        <location filename="../ui/EnginePanel.cpp" line="312"/>
        <source>Start relay</source>
        <translation>Запусціць рэтранслятар</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="75"/>
        <source>Relay throughput</source>
        <translation>Прапускная здольнасць рэтранслятара</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="78"/>
        <source>Endpoint</source>
        <translation>Эндпойнт</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="79"/>
        <source>Event type</source>
        <translation>Тып падзеі</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="80"/>
        <source>Rate cap</source>
        <translation>Ліміт хуткасці</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="83"/>
        <source>Receiver</source>
        <translation>Прыёмнік</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="86"/>
        <source>Receiver listen address</source>
        <translation>Адрас, які слухае прыёмнік</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="87"/>
        <source>Process the inbox here (worker)</source>
        <translation>Апрацоўваць уваходныя тут (worker)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="89"/>
        <location filename="../ui/EnginePanel.cpp" line="260"/>
        <location filename="../ui/EnginePanel.cpp" line="313"/>
        <source>Start receiver</source>
        <translation>Запусціць прыёмнік</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="93"/>
        <source>Receiver throughput</source>
        <translation>Прапускная здольнасць прыёмніка</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="97"/>
        <source>Listen on</source>
        <translation>Адрас прыёму</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="115"/>
        <source>The relay stopped, but its audit record was not written: %1</source>
        <translation>Рэтранслятар спынены, але запіс аўдыту не захаваны: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="117"/>
        <source>The console&apos;s relay stopped.</source>
        <translation>Рэтранслятар кансолі спынены.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="118"/>
        <source>The console&apos;s relay stopped: %1</source>
        <translation>Рэтранслятар кансолі спынены: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="130"/>
        <source>The receiver stopped, but its audit record was not written: %1</source>
        <translation>Прыёмнік спынены, але запіс аўдыту не захаваны: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="132"/>
        <source>The console&apos;s receiver stopped.</source>
        <translation>Прыёмнік кансолі спынены.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="200"/>
        <source>Event type: &apos;%1&apos; is no event type: use an exact name such as order.paid, or a prefix such as order.*</source>
        <translation>Тып падзеі: «%1» — не тып падзеі: укажыце дакладную назву, напрыклад order.paid, або прэфікс, напрыклад order.*</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="207"/>
        <source>Why run a relay in the console? (kept in the audit log)</source>
        <translation>Навошта запускаць рэтранслятар у кансолі? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="226"/>
        <source>The relay did not start: %1</source>
        <translation>Рэтранслятар не запусціўся: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="245"/>
        <source>Listen on: %1</source>
        <translation>Адрас прыёму: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="255"/>
        <source>Listen on: %1 cannot be used: %2</source>
        <translation>Адрас прыёму: %1 нельга выкарыстаць: %2</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="260"/>
        <source>Why receive webhooks in the console? (kept in the audit log)</source>
        <translation>Навошта прымаць вэбхукі ў кансолі? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="279"/>
        <source>Not started: %1</source>
        <translation>Не запушчаны: %1</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="281"/>
        <source>Receiving on http://%1:%2/webhooks/{partner}</source>
        <translation>Прымае на http://%1:%2/webhooks/{partner}</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="309"/>
        <source>Read-only: nothing can be started</source>
        <translation>Толькі чытанне: нічога нельга запусціць</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="312"/>
        <source>Stop relay</source>
        <translation>Спыніць рэтранслятар</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="313"/>
        <source>Stop receiver</source>
        <translation>Спыніць прыёмнік</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="328"/>
        <location filename="../ui/EnginePanel.cpp" line="349"/>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="331"/>
        <source>Running: %1 attempts/s, %2 delivered/s — %3 attempts, %4 delivered in all</source>
        <translation>Працуе: %1 спроб/с, %2 дастаўлена/с — усяго спроб: %3, дастаўлена: %4</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="337"/>
        <source>Stopping: finishing the requests in flight…</source>
        <translation>Спыненне: завяршаюцца запыты ў дарозе…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="342"/>
        <source>Stopped after %1 attempts, %2 delivered.</source>
        <translation>Спынены. Спроб: %1, дастаўлена: %2.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="344"/>
        <location filename="../ui/EnginePanel.cpp" line="365"/>
        <source>Stopped.</source>
        <translation>Спынены.</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="352"/>
        <source>Running: %1 stored/s, %2 processed/s — %3 stored, %4 processed in all</source>
        <translation>Працуе: %1 захавана/с, %2 апрацавана/с — усяго захавана: %3, апрацавана: %4</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="358"/>
        <source>Stopping: answering the requests being stored…</source>
        <translation>Спыненне: адказваем на запыты, што захоўваюцца…</translation>
    </message>
    <message>
        <location filename="../ui/EnginePanel.cpp" line="363"/>
        <source>Stopped after %1 stored, %2 processed.</source>
        <translation>Спынены. Захавана: %1, апрацавана: %2.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::LanguageMenu</name>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="34"/>
        <source>Lan&amp;guage</source>
        <translation>&amp;Мова</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="48"/>
        <source>&amp;System default</source>
        <translation>Як у &amp;сістэме</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="82"/>
        <source>Language</source>
        <translation>Мова</translation>
    </message>
    <message>
        <location filename="../ui/LanguageMenu.cpp" line="83"/>
        <source>The console will use the chosen language the next time it starts.</source>
        <translation>Кансоль пачне выкарыстоўваць абраную мову пры наступным запуску.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::MainWindow</name>
    <message>
        <location filename="../ui/MainWindow.cpp" line="234"/>
        <source>%1 received webhooks waiting for the worker</source>
        <translation>%1 атрыманых вэбхукаў чакаюць апрацоўшчыка</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="237"/>
        <source>%1 webhooks waiting for their entity to advance</source>
        <translation>%1 вэбхукаў чакаюць, пакуль іх сутнасць пяройдзе далей</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="242"/>
        <source>%1 dead deliveries and %2 quarantined webhooks</source>
        <translation>%1 мёртвых дастаўак і %2 вэбхукаў на карантыне</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="248"/>
        <source>%1 requests turned away in the last hour</source>
        <translation>Адхілена запытаў за апошнюю гадзіну: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="251"/>
        <source>%1 open mismatches</source>
        <translation>%1 адкрытых неадпаведнасцей</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="382"/>
        <source>Local engine</source>
        <translation>Лакальны рухавік</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="405"/>
        <source>Engines connected</source>
        <translation>Падлучаныя рухавікі</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="407"/>
        <source>○ connecting…</source>
        <translation>○ падлучэнне…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="408"/>
        <source>Live updates</source>
        <translation>Абнаўленні ў рэальным часе</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="446"/>
        <source>● live</source>
        <translation>● наўпрост</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="446"/>
        <source>○ not listening (reconnecting)</source>
        <translation>○ не слухае (перападлучэнне)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="455"/>
        <source>the database role %1 may not change rows</source>
        <translation>роля %1 у базе даных не можа змяняць радкі</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="502"/>
        <source>&amp;Replay…</source>
        <translation>&amp;Паўтарыць…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="503"/>
        <source>Replay all &amp;matching…</source>
        <translation>Паўтарыць усе &amp;адпаведныя…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="504"/>
        <source>Retry &amp;now…</source>
        <translation>Паспрабаваць &amp;зараз…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="505"/>
        <source>Re&amp;solve with a note…</source>
        <translation>&amp;Вырашыць з заўвагай…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="506"/>
        <source>Copy &amp;id</source>
        <translation>Капіяваць &amp;id</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="507"/>
        <source>Copy as c&amp;url</source>
        <translation>Капіяваць як c&amp;url</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="508"/>
        <source>Export selection as &amp;CSV…</source>
        <translation>Экспартаваць вылучанае ў &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="509"/>
        <source>Export selection as &amp;JSON…</source>
        <translation>Экспартаваць вылучанае ў &amp;JSON…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="510"/>
        <source>&amp;Pause endpoint…</source>
        <translation>Прыпыніць &amp;эндпойнт…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="511"/>
        <source>Resume &amp;endpoint…</source>
        <translation>&amp;Узнавіць эндпойнт…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="512"/>
        <source>Re&amp;fresh</source>
        <translation>А&amp;бнавіць</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="513"/>
        <source>&amp;Read-only</source>
        <translation>&amp;Толькі чытанне</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="515"/>
        <source>&amp;Dark theme</source>
        <translation>&amp;Цёмная тэма</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="524"/>
        <source>%1 is off: read-only: %2</source>
        <translation>%1 выключана: толькі для чытання: %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="548"/>
        <source>chosen in the View menu</source>
        <translation>выбрана ў меню «Выгляд»</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="555"/>
        <source>&amp;Connect…</source>
        <translation>&amp;Падлучыцца…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="573"/>
        <source>&amp;Actions</source>
        <translation>&amp;Дзеянні</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="580"/>
        <source>&amp;View</source>
        <translation>&amp;Выгляд</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="597"/>
        <source>Searc&amp;h this view</source>
        <translation>Пошу&amp;к у гэтым выглядзе</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="601"/>
        <source>The overview has no rows to search: open a view (Alt+2 … Alt+-)</source>
        <translation>Агляд не мае радкоў для пошуку: адкрыйце выгляд (Alt+2 … Alt+-)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="604"/>
        <source>&amp;Local engine (relay, receiver)</source>
        <translation>&amp;Лакальны рухавік (рэтранслятар, прыёмнік)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="613"/>
        <location filename="../ui/MainWindow.cpp" line="615"/>
        <source>Actions</source>
        <translation>Дзеянні</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="649"/>
        <source>The console&apos;s relay and receiver are running.</source>
        <translation>Рэтранслятар і прыёмнік кансолі працуюць.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="650"/>
        <source>The console&apos;s relay is running.</source>
        <translation>Рэтранслятар кансолі працуе.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="651"/>
        <source>The console&apos;s receiver is running.</source>
        <translation>Прыёмнік кансолі працуе.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="652"/>
        <source>Quit</source>
        <translation>Выйсці</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="654"/>
        <source>Quitting stops them: what is in flight finishes first, and nothing sends or receives here after. Quit?</source>
        <translation>Выхад спыняе іх: спачатку завяршаецца тое, што ўжо ідзе, і пасля тут нічога не адпраўляецца і не прымаецца. Выйсці?</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="677"/>
        <source>started with --read-only</source>
        <translation>запушчана з --read-only</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="689"/>
        <source>Sandbox</source>
        <translation>Пясочніца</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="695"/>
        <source>&amp;Sandbox (simulated partner, fault knobs)</source>
        <translation>&amp;Пясочніца (імітаваны партнёр, рэгулятары збояў)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="786"/>
        <source>⚠ No relay is connected now: deliveries wait until one runs (the Local engine panel, or hookyard relay).</source>
        <translation>⚠ Зараз не падлучаны ніводзін рэтранслятар: дастаўкі чакаюць, пакуль ён запусціцца (панэль «Лакальны рухавік» або hookyard relay).</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="789"/>
        <source>⚠ No worker is connected now: webhooks wait until one runs (the Local engine panel&apos;s receiver, or hookyard worker).</source>
        <translation>⚠ Зараз не падлучаны ніводзін апрацоўшчык: вэбхукі чакаюць, пакуль ён запусціцца (прыёмнік панэлі «Лакальны рухавік» або hookyard worker).</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="796"/>
        <source>⚠ %1 is failing now: %2 of %3 attempts in the last hour failed, the latest with %4.</source>
        <translation>⚠ %1 зараз не працуе: за апошнюю гадзіну не ўдаліся %2 з %3 спроб, апошняя з %4.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="875"/>
        <source>%1 (%2 to %3)</source>
        <translation>%1 (%2 для %3)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="878"/>
        <source>%1 (%2 from %3)</source>
        <translation>%1 (%2 ад %3)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="893"/>
        <source>Resolve %1 by hand: what is resolved leaves the dead letters and keeps its history. How was it settled? (kept in the audit log)</source>
        <translation>Вырашыць %1 уручную: вырашанае пакідае мёртвыя лісты і захоўвае сваю гісторыю. Як гэта было ўладжана? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="935"/>
        <source>⚠ Replay all matching: the filter is not applied: %1</source>
        <translation>⚠ Паўтарыць усе адпаведныя: фільтр не ўжыты: %1</translation>
    </message>
    <message>
        <source>Replay %1, all that match the current filter of %2? Those that cannot be replayed are skipped. Why? (kept in the audit log)</source>
        <translation type="vanished">Паўтарыць %1 — усё, што адпавядае бягучаму фільтру «%2»? Тое, што нельга паўтарыць, будзе прапушчана. Навошта? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="979"/>
        <source>Replaying %1…</source>
        <translation>Паўтараем %1…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1106"/>
        <source>Pause %1: the relay stops sending to it. Why? (kept in the audit log)</source>
        <translation>Прыпыніць %1: рэле перастане адпраўляць туды. Навошта? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1107"/>
        <source>Resume %1: its held deliveries are due at once. Why? (kept in the audit log)</source>
        <translation>Узнавіць %1: яго затрыманыя дастаўкі пойдуць адразу. Навошта? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="884"/>
        <source>Replay</source>
        <translation>Паўтарыць</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="888"/>
        <source>Retry now</source>
        <translation>Паспрабаваць зараз</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="892"/>
        <source>Resolve with a note</source>
        <translation>Вырашыць з заўвагай</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="903"/>
        <source>%1: working…</source>
        <translation>%1: выконваецца…</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="919"/>
        <location filename="../ui/MainWindow.cpp" line="988"/>
        <source>⚠ %1 failed: %2</source>
        <translation>⚠ %1: не атрымалася: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="208"/>
        <source>%n skipped (not in a state this applies to)</source>
        <translation>
            <numerusform>прапушчана: %n (стан не падыходзіць)</numerusform>
            <numerusform>прапушчана: %n (стан не падыходзіць)</numerusform>
            <numerusform>прапушчана: %n (стан не падыходзіць)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="126"/>
        <source>1 delivery</source>
        <translation>1 дастаўка</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="127"/>
        <source>%n deliveries</source>
        <translation>
            <numerusform>%n дастаўка</numerusform>
            <numerusform>%n дастаўкі</numerusform>
            <numerusform>%n дастаўак</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="129"/>
        <source>1 received webhook</source>
        <translation>1 атрыманы вэбхук</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="130"/>
        <source>%n received webhooks</source>
        <translation>
            <numerusform>%n атрыманы вэбхук</numerusform>
            <numerusform>%n атрыманыя вэбхукі</numerusform>
            <numerusform>%n атрыманых вэбхукаў</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="132"/>
        <source>1 mismatch</source>
        <translation>1 неадпаведнасць</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="133"/>
        <source>%n mismatches</source>
        <translation>
            <numerusform>%n неадпаведнасць</numerusform>
            <numerusform>%n неадпаведнасці</numerusform>
            <numerusform>%n неадпаведнасцей</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>1 other row</source>
        <translation>1 іншы радок</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="137"/>
        <source>%n other rows</source>
        <translation>
            <numerusform>%n іншы радок</numerusform>
            <numerusform>%n іншыя радкі</numerusform>
            <numerusform>%n іншых радкоў</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="139"/>
        <source>%n rows (%1)</source>
        <translation>
            <numerusform>%n радок (%1)</numerusform>
            <numerusform>%n радкі (%1)</numerusform>
            <numerusform>%n радкоў (%1)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="179"/>
        <source>state %1</source>
        <translation>стан %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="179"/>
        <source> or </source>
        <translation> або </translation>
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
        <translation>%1 з %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="192"/>
        <source>%1 before %2</source>
        <translation>%1 да %2</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="194"/>
        <source>search “%1”</source>
        <translation>пошук «%1»</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="195"/>
        <source>no filter: every row of the view</source>
        <translation>без фільтра: усе радкі прагляду</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="210"/>
        <location filename="../ui/MainWindow.cpp" line="1147"/>
        <source>audited</source>
        <translation>запісана ў аўдыт</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="885"/>
        <source>Replay %1 with the same id. Why? (kept in the audit log)</source>
        <translation>Паўтарыць %1 з тым жа id. Навошта? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="889"/>
        <source>Make %1 due now, if waiting. Why? (kept in the audit log)</source>
        <translation>Зрабіць %1 да выканання зараз, калі чакае. Навошта? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="962"/>
        <location filename="../ui/MainWindow.cpp" line="972"/>
        <location filename="../ui/MainWindow.cpp" line="988"/>
        <location filename="../ui/MainWindow.cpp" line="990"/>
        <location filename="../ui/MainWindow.cpp" line="993"/>
        <source>Replay all matching</source>
        <translation>Паўтарыць усе адпаведныя</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="967"/>
        <source>No row matches the current filter.</source>
        <translation>Ніводзін радок не адпавядае бягучаму фільтру.</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="973"/>
        <source>Replay %1, all that match the filter of %2 (%3)? Those that cannot be replayed are skipped. Why? (kept in the audit log)</source>
        <translation>Паўтарыць %1 — усё, што адпавядае фільтру прагляду «%2» (%3)? Тое, што нельга паўтарыць, будзе прапушчана. Навошта? (захоўваецца ў журнале аўдыту)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1010"/>
        <source>The delivery&apos;s detail is still loading: copy its id again in a moment</source>
        <translation>Падрабязнасці дастаўкі яшчэ загружаюцца: скапіруйце яе id крыху пазней</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1015"/>
        <source>Copied %1</source>
        <translation>Скапіявана: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1030"/>
        <source>Copied a curl command, signed just now (no secret in it)</source>
        <translation>Скапіявана каманда curl, толькі што падпісаная (сакрэту ў ёй няма)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1049"/>
        <source>Export as JSON</source>
        <translation>Экспарт у JSON</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1049"/>
        <source>Export as CSV</source>
        <translation>Экспарт у CSV</translation>
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
        <translation>Экспарт</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1088"/>
        <source>Cannot write %1: %2</source>
        <translation>Не ўдаецца запісаць %1: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="1091"/>
        <source>Exported %n row(s) to %1</source>
        <translation>
            <numerusform>Экспартаваны %n радок у %1</numerusform>
            <numerusform>Экспартавана %n радкі ў %1</numerusform>
            <numerusform>Экспартавана %n радкоў у %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1099"/>
        <location filename="../ui/MainWindow.cpp" line="1137"/>
        <source>Pause endpoint</source>
        <translation>Прыпыніць эндпойнт</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1099"/>
        <location filename="../ui/MainWindow.cpp" line="1137"/>
        <source>Resume endpoint</source>
        <translation>Узнавіць эндпойнт</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1142"/>
        <source>%1 is paused already; nothing changed</source>
        <translation>%1 ужо прыпынена; нічога не зменена</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1143"/>
        <source>%1 is active already; nothing changed</source>
        <translation>%1 ужо актыўная; нічога не зменена</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1146"/>
        <source>Paused %1</source>
        <translation>Прыпынены: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="1146"/>
        <source>Resumed %1</source>
        <translation>Узноўлены: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="554"/>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="571"/>
        <source>&amp;Quit</source>
        <translation>&amp;Выйсці</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="298"/>
        <source>Views</source>
        <translation>Выгляды</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="72"/>
        <source>Hookyard — sandbox (%1)</source>
        <translation>Hookyard — пясочніца (%1)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="74"/>
        <location filename="../ui/MainWindow.cpp" line="76"/>
        <source>Hookyard — %1 (from %2)</source>
        <translation>Hookyard — %1 (з %2)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="78"/>
        <source>Hookyard — %1 (from the libpq environment)</source>
        <translation>Hookyard — %1 (з асяроддзя libpq)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="80"/>
        <source>Hookyard — %1 (from File › Connect…)</source>
        <translation>Hookyard — %1 (з «Файл › Падлучыцца…»)</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="113"/>
        <source>the deliveries of event %1</source>
        <translation>дастаўкі падзеі %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="114"/>
        <source>the deliveries of %n events</source>
        <translation>
            <numerusform>дастаўкі %n падзеі</numerusform>
            <numerusform>дастаўкі %n падзей</numerusform>
            <numerusform>дастаўкі %n падзей</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rows</source>
        <translation type="vanished">
            <numerusform>%n радок</numerusform>
            <numerusform>%n радкі</numerusform>
            <numerusform>%n радкоў</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="144"/>
        <source>delivery %1</source>
        <translation>дастаўку %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="146"/>
        <source>inbox message %1</source>
        <translation>уваходны запіс %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="148"/>
        <source>mismatch %1</source>
        <translation>несупадзенне %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="150"/>
        <source>row %1</source>
        <translation>радок %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="204"/>
        <source>1 delivery changed</source>
        <translation>зменена 1 дастаўка</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="205"/>
        <source>%n deliveries changed</source>
        <translation>
            <numerusform>зменена %n дастаўка</numerusform>
            <numerusform>зменена %n дастаўкі</numerusform>
            <numerusform>зменена %n дастаўак</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="206"/>
        <source>1 row changed</source>
        <translation>зменены 1 радок</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/MainWindow.cpp" line="206"/>
        <source>%n rows changed</source>
        <translation>
            <numerusform>зменены %n радок</numerusform>
            <numerusform>зменена %n радкі</numerusform>
            <numerusform>зменена %n радкоў</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="229"/>
        <source>%1 events on their way to their endpoints; %2 more have a dead delivery</source>
        <translation>%1 падзей на шляху да адрасатаў; яшчэ %2 маюць мёртвую дастаўку</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="300"/>
        <source>Overview</source>
        <translation>Агляд</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="411"/>
        <source>Connected: %1</source>
        <translation>Падлучана: %1</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="720"/>
        <source>[read-only: %1]</source>
        <translation>[толькі чытанне: %1]</translation>
    </message>
    <message>
        <location filename="../ui/MainWindow.cpp" line="745"/>
        <location filename="../ui/MainWindow.cpp" line="764"/>
        <source>Read-only: %1</source>
        <translation>Толькі чытанне: %1</translation>
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
        <translation>Агляд</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <source>Outbox events</source>
        <translation>Зыходныя падзеі</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="36"/>
        <location filename="../ui/OverviewPage.cpp" line="41"/>
        <location filename="../ui/OverviewPage.cpp" line="48"/>
        <source>Pending</source>
        <translation>Чакаюць</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="37"/>
        <location filename="../ui/OverviewPage.cpp" line="43"/>
        <source>Delivered</source>
        <translation>Дастаўлены</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="40"/>
        <source>With a dead delivery</source>
        <translation>З мёртвай дастаўкай</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="41"/>
        <source>Deliveries</source>
        <translation>Дастаўкі</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="42"/>
        <source>In flight</source>
        <translation>У дарозе</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="44"/>
        <source>Outcome unknown</source>
        <translation>Вынік невядомы</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="45"/>
        <source>Held (endpoint disabled)</source>
        <translation>Затрыманыя (эндпойнт адключаны)</translation>
    </message>
    <message>
        <source>Dead letters</source>
        <translation type="vanished">Мёртвыя лісты</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="46"/>
        <source>Dead, unresolved</source>
        <translation>Мёртвыя, не вырашана</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="48"/>
        <source>Inbox</source>
        <translation>Уваходныя</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="49"/>
        <source>Processed</source>
        <translation>Апрацаваны</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="50"/>
        <source>Deferred</source>
        <translation>Адкладзеныя</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="51"/>
        <source>Quarantined</source>
        <translation>У карантыне</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="52"/>
        <source>Quarantined, unresolved</source>
        <translation>У карантыне, не вырашана</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="53"/>
        <source>Rejected (last hour)</source>
        <translation>Адхілены (апошняя гадзіна)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="56"/>
        <source>Connected now — relays: – · workers: – · receivers: –</source>
        <translation>Падлучаны зараз — рэтранслятары: – · апрацоўшчыкі: – · прыёмнікі: –</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="57"/>
        <source>Engines connected</source>
        <translation>Падлучаныя рухавікі</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="61"/>
        <source>Work waiting for an engine</source>
        <translation>Праца, якая чакае рухавік</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="69"/>
        <source>Last hour, per minute</source>
        <translation>Апошняя гадзіна, па хвілінах</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="72"/>
        <source>✓ delivered</source>
        <translation>✓ дастаўлена</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="74"/>
        <source>✕ failed attempts</source>
        <translation>✕ няўдалыя спробы</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="76"/>
        <source>↓ received</source>
        <translation>↓ атрымана</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="94"/>
        <source>Attempts and received webhooks per minute, last hour</source>
        <translation>Спробы і атрыманыя вэбхукі за хвіліну, апошняя гадзіна</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="97"/>
        <source>Endpoints with failed attempts (last hour)</source>
        <translation>Эндпойнты з няўдалымі спробамі (апошняя гадзіна)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="103"/>
        <source>Endpoints with failed attempts</source>
        <translation>Эндпойнты з няўдалымі спробамі</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="108"/>
        <source>Click an endpoint to see its dead letters</source>
        <translation>Пстрыкніце па канцавой кропцы, каб убачыць яе мёртвыя лісты</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="242"/>
        <source>⚠ %1 — failing now: %2 of %3 attempts failed · last: %4</source>
        <translation>⚠ %1 — збоіць зараз: %2 з %3 спроб няўдалыя · апошняя: %4</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="243"/>
        <source>✓ %1 — recovered: %2 of %3 attempts failed · last: %4</source>
        <translation>✓ %1 — аднавіўся: %2 з %3 спроб няўдалыя · апошняя: %4</translation>
    </message>
    <message>
        <source>Failing endpoints (last hour)</source>
        <translation type="vanished">Эндпойнты з памылкамі (апошняя гадзіна)</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="102"/>
        <location filename="../ui/OverviewPage.cpp" line="249"/>
        <source>None</source>
        <translation>Няма</translation>
    </message>
    <message>
        <source>Failing endpoints</source>
        <translation type="vanished">Эндпойнты з памылкамі</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="115"/>
        <source>Waiting for the first counts…</source>
        <translation>Чакаем першых лікаў…</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="169"/>
        <source>Updated %1 · delivered and processed totals as of %2 · schema version %3</source>
        <translation>Абноўлена %1 · усяго дастаўленых і апрацаваных на %2 · версія схемы %3</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="185"/>
        <source>Connected now — relays: %1 · workers: %2 · receivers: %3</source>
        <translation>Падлучаны зараз — рэтранслятары: %1 · апрацоўшчыкі: %2 · прыёмнікі: %3</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="190"/>
        <source>⚠ No relay is connected; deliveries waiting for one: %1</source>
        <translation>⚠ Ніводзін рэтранслятар не падлучаны; дастаўкі, якія яго чакаюць: %1</translation>
    </message>
    <message>
        <location filename="../ui/OverviewPage.cpp" line="193"/>
        <source>⚠ No worker is connected; received webhooks waiting for one: %1</source>
        <translation>⚠ Ніводзін апрацоўшчык не падлучаны; атрыманыя вэбхукі, якія яго чакаюць: %1</translation>
    </message>
    <message>
        <source>⚠ %1 — %2 of %3 attempts failed · last: %4</source>
        <translation type="vanished">⚠ %1 — %2 з %3 спроб няўдалыя · апошняя: %4</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::RowsModel</name>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="56"/>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="53"/>
        <location filename="../ui/models/RowsModel.cpp" line="58"/>
        <source>%1 min</source>
        <translation>%1 хв</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="60"/>
        <source>%1 h</source>
        <translation>%1 г</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="53"/>
        <location filename="../ui/models/RowsModel.cpp" line="63"/>
        <source>%1 ago</source>
        <translation>%1 таму</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="63"/>
        <source>in %1</source>
        <translation>праз %1</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="296"/>
        <source>pending</source>
        <translation>чакае</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="298"/>
        <source>delivered</source>
        <translation>дастаўлена</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="300"/>
        <source>dead</source>
        <translation>мёртвы</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="302"/>
        <source>held</source>
        <translation>затрыманы</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="304"/>
        <source>outcome unknown</source>
        <translation>вынік невядомы</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="306"/>
        <source>no delivery</source>
        <translation>без дастаўкі</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="308"/>
        <source>deferred</source>
        <translation>адкладзены</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="310"/>
        <source>processed</source>
        <translation>апрацаваны</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="312"/>
        <source>quarantined</source>
        <translation>у карантыне</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="314"/>
        <source>resolved</source>
        <translation>вырашана</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="316"/>
        <source>rejected</source>
        <translation>адхілены</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="318"/>
        <source>active</source>
        <translation>актыўны</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="320"/>
        <source>paused</source>
        <translation>прыпынены</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="322"/>
        <source>disabled</source>
        <translation>адключаны</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="324"/>
        <source>active, failing</source>
        <translation>актыўны, збоі</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="326"/>
        <source>left this view (reload to drop it)</source>
        <translation>ужо не ў гэтым выглядзе (абнавіце, каб прыбраць)</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="329"/>
        <source>stuck</source>
        <translation>завіслы</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="331"/>
        <source>processing</source>
        <translation>апрацоўваецца</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="333"/>
        <source>succeeded</source>
        <translation>паспяхова</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="335"/>
        <source>failed</source>
        <translation>няўдала</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="338"/>
        <source>missing on their side</source>
        <translation>няма ў іх</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="340"/>
        <source>unknown, not received</source>
        <translation>невядома, не атрымана</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="342"/>
        <source>missing on our side</source>
        <translation>няма ў нас</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="344"/>
        <source>not in their records</source>
        <translation>няма ў іх запісах</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="346"/>
        <source>payload differs</source>
        <translation>змесціва адрозніваецца</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="348"/>
        <source>they have it, we failed</source>
        <translation>у іх ёсць, у нас памылка</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="350"/>
        <source>could not check</source>
        <translation>не ўдалося праверыць</translation>
    </message>
    <message>
        <location filename="../ui/models/RowsModel.cpp" line="352"/>
        <source>unknown, was delivered</source>
        <translation>невядома, было дастаўлена</translation>
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
        <translation>Стан</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="108"/>
        <source>All states</source>
        <translation>Усе станы</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="126"/>
        <source>%1: order.paid or order.*</source>
        <translation>%1: order.paid або order.*</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="126"/>
        <source>%1: replay or endpoint.*</source>
        <translation>%1: replay або endpoint.*</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="133"/>
        <source>Time range</source>
        <translation>Перыяд</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="134"/>
        <source>Any time</source>
        <translation>Увесь час</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="135"/>
        <source>Last 15 minutes</source>
        <translation>Апошнія 15 хвілін</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="136"/>
        <source>Last hour</source>
        <translation>Апошняя гадзіна</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="137"/>
        <source>Last 24 hours</source>
        <translation>Апошнія 24 гадзіны</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="138"/>
        <source>Last 7 days</source>
        <translation>Апошнія 7 дзён</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="142"/>
        <source>Search</source>
        <translation>Пошук</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="143"/>
        <source>⌕ id, aggregate id, partner event id, or JSON such as {&quot;status&quot;: &quot;Active&quot;}</source>
        <translation>⌕ id, id агрэгата, id падзеі партнёра або JSON, напрыклад {&quot;status&quot;: &quot;Active&quot;}</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="144"/>
        <source>An id is matched whole, or a UUID by its first 8 or more digits (as the Id column shows them); text starting with { is a JSON object the payload must contain. Press Enter to search.</source>
        <translation>id супастаўляецца цалкам, а UUID — і па першых 8 ці больш знаках (як іх паказвае слупок Id); тэкст, які пачынаецца з {, — гэта JSON-аб&apos;ект, які павінна змяшчаць змесціва. Націсніце Enter, каб шукаць.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="150"/>
        <source>Sort order</source>
        <translation>Парадак сартавання</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="151"/>
        <location filename="../ui/RowsPage.cpp" line="268"/>
        <source>Newest first ▾</source>
        <translation>Спачатку новыя ▾</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="152"/>
        <source>Newest first or oldest first</source>
        <translation>Спачатку новыя або спачатку старыя</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="174"/>
        <source>Show</source>
        <translation>Паказаць</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="175"/>
        <source>Show new rows</source>
        <translation>Паказаць новыя радкі</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="188"/>
        <source>%1 rows</source>
        <translation>Радкі: %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="255"/>
        <source>Row count</source>
        <translation>Колькасць радкоў</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="268"/>
        <source>Oldest first ▴</source>
        <translation>Спачатку старыя ▴</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="512"/>
        <source>≥ %1 new rows</source>
        <translation>≥ %1 новых радкоў</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="514"/>
        <source>1 new row</source>
        <translation>1 новы радок</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RowsPage.cpp" line="514"/>
        <source>%n new rows</source>
        <translation>
            <numerusform>%n новы радок</numerusform>
            <numerusform>%n новыя радкі</numerusform>
            <numerusform>%n новых радкоў</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="523"/>
        <source>⚠ Filter not applied: %1</source>
        <translation>⚠ Фільтр не ўжыты: %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="525"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="527"/>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="529"/>
        <source>1 row</source>
        <translation>1 радок</translation>
    </message>
    <message numerus="yes">
        <location filename="../ui/RowsPage.cpp" line="529"/>
        <source>%n rows</source>
        <translation>
            <numerusform>%n радок</numerusform>
            <numerusform>%n радкі</numerusform>
            <numerusform>%n радкоў</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="531"/>
        <source>≥ %1 loaded</source>
        <translation>≥ %1 загружана</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="571"/>
        <source>Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its first 8 or more digits), not parts of them.</source>
        <translation>Нічога не адпавядае «%1». Пошук параўноўвае цэлыя значэнні, такія як ідэнтыфікатары і назвы (UUID таксама па першых 8 ці больш лічбах), а не іх часткі.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="576"/>
        <source>“%1” is in the JSON of recent rows: &lt;a href=&quot;#search&quot;&gt;search with %2&lt;/a&gt;</source>
        <translation>«%1» ёсць у JSON апошніх радкоў: &lt;a href=&quot;#search&quot;&gt;шукаць з %2&lt;/a&gt;</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="582"/>
        <source>To find a value inside the JSON, search with a fragment of it where it stands, such as %1 at the top or %2 one level down.</source>
        <translation>Каб знайсці значэнне ўнутры JSON, шукайце з яго фрагментам там, дзе яно стаіць, напрыклад %1 на верхнім узроўні ці %2 на ўзровень ніжэй.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”. The search compares whole values, such as ids and names (a UUID also by its first 8 or more digits), not parts of them. To find a value inside the JSON, search with a fragment of it, such as %2.</source>
        <translation type="vanished">Нічога не адпавядае “%1”. Пошук параўноўвае цэлыя значэнні, такія як ідэнтыфікатары і назвы (UUID таксама па першых 8 ці больш лічбах), а не іх часткі. Каб знайсці значэнне ўнутры JSON, шукайце з яго фрагментам, напрыклад %2.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”. The search compares whole ids (a UUID also by its first 8 or more digits): event, delivery, inbox, aggregate and entity ids, partner event ids. To find a value inside the JSON, search with a fragment of it, such as {&quot;id&quot;: &quot;%1&quot;}.</source>
        <translation type="vanished">Нічога не адпавядае “%1”. Пошук параўноўвае цэлыя ідэнтыфікатары (UUID таксама па першых 8 ці больш лічбах): ідэнтыфікатары падзей, дастаўак, уваходных, агрэгатаў і сутнасцей, ідэнтыфікатары падзей партнёраў. Каб знайсці значэнне ўнутры JSON, шукайце з яго фрагментам, напрыклад {&quot;id&quot;: &quot;%1&quot;}.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="591"/>
        <source>No row matches the filters.</source>
        <translation>Ніводны радок не адпавядае фільтрам.</translation>
    </message>
    <message>
        <location filename="../ui/RowsPage.cpp" line="592"/>
        <source>Nothing here.</source>
        <translation>Тут нічога няма.</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::SandboxPanel</name>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="26"/>
        <source>Our deliveries to Acme</source>
        <translation>Нашы дастаўкі ў Acme</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <source>Errors (500)</source>
        <translation>Памылкі (500)</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="28"/>
        <source>Error rate</source>
        <translation>Доля памылак</translation>
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
        <translation>Павольнасць</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="31"/>
        <source> ms</source>
        <translation> мс</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="32"/>
        <source>Dropped after the body</source>
        <translation>Разрыў пасля цела</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="33"/>
        <source>Connections dropped after the body</source>
        <translation>Злучэнні, разарваныя пасля цела запыту</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="35"/>
        <source>Acme&apos;s webhooks to us</source>
        <translation>Вэбхукі Acme да нас</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <source>Out of order</source>
        <translation>Не па парадку</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="37"/>
        <source>Out-of-order orders</source>
        <translation>Заказы не па парадку</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <source>Duplicates</source>
        <translation>Дублікаты</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="39"/>
        <source>Duplicate webhooks</source>
        <translation>Дублікаты вэбхукаў</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source>Poison</source>
        <translation>Атрута</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="42"/>
        <source>Poison payloads</source>
        <translation>Атручаныя даныя</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="44"/>
        <source>Traffic</source>
        <translation>Трафік</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="47"/>
        <location filename="../ui/SandboxPanel.cpp" line="65"/>
        <source>Events per second</source>
        <translation>Падзей у секунду</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="50"/>
        <source> /s</source>
        <translation> /с</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="53"/>
        <location filename="../ui/SandboxPanel.cpp" line="58"/>
        <source>Pause traffic</source>
        <translation>Прыпыніць трафік</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="58"/>
        <source>Resume traffic</source>
        <translation>Аднавіць трафік</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="60"/>
        <source>Refunds to sandbox-acme-v1 fail until replayed: select one in Dead letters and replay it (Ctrl+R).</source>
        <translation>Вяртанні ў sandbox-acme-v1 не дастаўляюцца, пакуль іх не паўтораць: выберыце адно ў «Мёртвых лістах» і паўтарыце (Ctrl+R).</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="69"/>
        <source>Starting…</source>
        <translation>Запуск…</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="71"/>
        <source>Sandbox summary</source>
        <translation>Зводка пясочніцы</translation>
    </message>
    <message>
        <location filename="../ui/SandboxPanel.cpp" line="138"/>
        <source>Delivered %1 · retries %2 · dead %3 · deferred %4 (healed %5) · quarantined %6 · duplicates sent %7 · open mismatches %8</source>
        <translation>Дастаўлена %1 · паўторных спроб %2 · мёртвых %3 · адкладзена %4 (вылечана %5) · у карантыне %6 · адпраўлена дублікатаў %7 · адкрытых несупадзенняў %8</translation>
    </message>
</context>
<context>
    <name>hookyard::ui::TimelineWidget</name>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="72"/>
        <source>%1s</source>
        <translation>%1с</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="74"/>
        <source>%1m</source>
        <translation>%1х</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="77"/>
        <source>%1h</source>
        <translation>%1г</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="78"/>
        <source>%1h %2m</source>
        <translation>%1г %2х</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="80"/>
        <source>%1d</source>
        <translation>%1д</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="87"/>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="89"/>
        <source>%1 min</source>
        <translation>%1 хв</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="90"/>
        <source>%1 min %2 s</source>
        <translation>%1 хв %2 с</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="93"/>
        <source>%1 h %2 min</source>
        <translation>%1 г %2 хв</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="94"/>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 г</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="136"/>
        <source>status URL: delivered</source>
        <translation>URL статусу: дастаўлена</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="138"/>
        <source>status URL: not received</source>
        <translation>URL статусу: не атрымана</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="140"/>
        <source>status URL: could not tell</source>
        <translation>URL статусу: невядома</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="142"/>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="126"/>
        <source>timeout</source>
        <translation>тайм-аўт</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="128"/>
        <source>no answer</source>
        <translation>няма адказу</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="129"/>
        <location filename="../ui/TimelineWidget.cpp" line="316"/>
        <source>failed</source>
        <translation>няўдала</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="144"/>
        <source>HTTP %1, then %2</source>
        <translation>HTTP %1, потым %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="164"/>
        <source>Retry timeline</source>
        <translation>Храналогія спроб</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="194"/>
        <source>attempt in flight on %1</source>
        <translation>спробу зараз выконвае %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="200"/>
        <source>quarantined in %1 if still waiting (checked again whenever its entity changes)</source>
        <translation>у каранцін праз %1, калі ўсё яшчэ чакае (правяраецца зноў кожны раз, калі мяняецца яго сутнасць)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="203"/>
        <source>check overdue by %1</source>
        <translation>праверка спазняецца на %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="204"/>
        <source>check due now</source>
        <translation>праверка мусіць быць зараз</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="207"/>
        <source>next attempt in %1</source>
        <translation>наступная спроба праз %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="210"/>
        <source>next attempt overdue by %1</source>
        <translation>наступная спроба пратэрмінавана на %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="211"/>
        <source>next attempt due now</source>
        <translation>наступная спроба — зараз</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="315"/>
        <source>tmo</source>
        <translation>тайм-аўт</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="322"/>
        <source>next</source>
        <translation>наступная</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="322"/>
        <source>deadline</source>
        <translation>тэрмін</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="327"/>
        <source>deferred</source>
        <translation>адкладзена</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="332"/>
        <source>held</source>
        <translation>затрымана</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="337"/>
        <source>dead</source>
        <translation>мёртвы</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="342"/>
        <source>quarantined</source>
        <translation>карантын</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="354"/>
        <source>delivered</source>
        <translation>дастаўлена</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="359"/>
        <source>processed</source>
        <translation>апрацавана</translation>
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
        <translation>Пакуль нічога не адбылося.</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="438"/>
        <source>waiting for %1 (deferrals: %2)</source>
        <translation>чакае %1 (адкладанняў: %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="446"/>
        <source>in the dead letters since %1: %2</source>
        <translation>у мёртвых лістах з %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="450"/>
        <source>quarantined since %1: %2</source>
        <translation>у карантыне з %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="453"/>
        <source>held while the endpoint is disabled: %1</source>
        <translation>затрымана, пакуль эндпойнт адключаны: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="456"/>
        <source>✓ delivered at %1</source>
        <translation>✓ дастаўлена %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="459"/>
        <source>✓ processed at %1</source>
        <translation>✓ апрацавана %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="478"/>
        <source>last answer: %1 (attempt %2, %3)</source>
        <translation>апошні адказ: %1 (спроба %2, %3)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="488"/>
        <source>replayed by %1 (role %2) at %3</source>
        <translation>паўтарыў %1 (роля %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="490"/>
        <source>retried now by %1 (role %2) at %3</source>
        <translation>паспрабаваў зараз %1 (роля %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="492"/>
        <source>resolved by %1 (role %2) at %3</source>
        <translation>вырашыў %1 (роля %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="495"/>
        <source> — “%1”</source>
        <translation> — «%1»</translation>
    </message>
    <message>
        <source>↻ replayed by %1 (role %2) at %3</source>
        <translation type="vanished">↻ паўтарыў %1 (роля %2) %3</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="507"/>
        <source>Queued</source>
        <translation>У чарзе</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="510"/>
        <source>Attempt %1: %2</source>
        <translation>Спроба %1: %2</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="512"/>
        <source>Latency: %1 ms</source>
        <translation>Затрымка: %1 мс</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="514"/>
        <source>Error: %1</source>
        <translation>Памылка: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="516"/>
        <source>Answer: %1</source>
        <translation>Адказ: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="518"/>
        <source>Relay: %1</source>
        <translation>Рэтранслятар: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="520"/>
        <source>Worker: %1</source>
        <translation>Апрацоўшчык: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="526"/>
        <source>Deferred, waiting for %1 (deferrals: %2)</source>
        <translation>Адкладзена, чакае %1 (адкладанняў: %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="529"/>
        <source>Held: %1</source>
        <translation>Затрымана: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="532"/>
        <source>Moved to the dead letters: %1</source>
        <translation>Перамешчана ў мёртвыя лісты: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="535"/>
        <source>Quarantined: %1</source>
        <translation>У карантыне: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="540"/>
        <source>Replayed by %1 (database role %2)</source>
        <translation>Паўтарыў %1 (роля ў базе даных %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="541"/>
        <source>Retried now by %1 (database role %2)</source>
        <translation>Паспрабаваў зараз %1 (роля ў базе даных %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="542"/>
        <source>Resolved by %1 (database role %2)</source>
        <translation>Вырашыў %1 (роля ў базе даных %2)</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="545"/>
        <source>Why: %1</source>
        <translation>Прычына: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="545"/>
        <source>Note: %1</source>
        <translation>Заўвага: %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="546"/>
        <source>Audit record %1</source>
        <translation>Запіс аўдыту %1</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="549"/>
        <source>Delivered</source>
        <translation>Дастаўлена</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="552"/>
        <source>Processed</source>
        <translation>Апрацавана</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="592"/>
        <source>Attempts: %1 (%2 succeeded, %3 failed, %4 without a known outcome).</source>
        <translation>Спробы: %1 (паспяховых: %2, няўдалых: %3, з невядомым вынікам: %4).</translation>
    </message>
    <message>
        <location filename="../ui/TimelineWidget.cpp" line="598"/>
        <source>Next attempt at %1.</source>
        <translation>Наступная спроба: %1.</translation>
    </message>
</context>
</TS>
