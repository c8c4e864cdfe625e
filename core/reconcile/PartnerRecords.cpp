#include "reconcile/PartnerRecords.h"

#include "inbox/PartnerConfig.h"
#include "relay/HttpTransfers.h"
#include "relay/StatusChecks.h"
#include "util/ControlCharacters.h"
#include "util/JsonDuplicateMembers.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>
#include <QUrl>

#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

constexpr int kMaxPages = 10000;                      // a list longer than this is taken for a cursor that loops
constexpr qsizetype kMaxPageBytes = 32 * 1024 * 1024; // one page of the list API, and an imported file
constexpr int kStatusChecksInFlight = 8;

// One record's fields as text, before they are checked.
struct RawRecord
{
    QString where; // "line 7", "item 3 (/items/2)": for errors
    QString id;
    QString status;
    QString payloadSha256;
    QString at;
};

Result<QDateTime> parseTime(const QString &text)
{
    static const QRegularExpression unixSeconds(u"^[0-9]{1,12}$"_s);
    if (unixSeconds.match(text).hasMatch())
        return QDateTime::fromSecsSinceEpoch(text.toLongLong(), Qt::UTC);
    // Digits beyond the millisecond are cut, not rounded: Qt rounded 18:59:59.9996 up to 19:00:00, across the edge
    // of a window that starts at 19:00 (found by an adversarial helper).
    static const QRegularExpression beyondMilliseconds(u"(\\.[0-9]{3})[0-9]+"_s);
    const QDateTime parsed =
        QDateTime::fromString(QString(text).replace(beyondMilliseconds, u"\\1"_s), Qt::ISODateWithMs);
    if (!parsed.isValid())
        return Error{u"at '%1' is neither an ISO 8601 time nor Unix seconds"_s.arg(text)};
    // Without an offset the time is taken as UTC, never as this machine's zone.
    if (parsed.timeSpec() == Qt::LocalTime)
        return QDateTime(parsed.date(), parsed.time(), Qt::UTC);
    return parsed.toUTC();
}

Result<TheirRecord> checkRecord(const RawRecord &raw)
{
    static const QRegularExpression sha256Hex(u"^[0-9a-f]{64}$"_s);
    TheirRecord record;
    // Exactly as written (RFC 4180: spaces are part of a field): the receiver stores a partner's event id as sent,
    // and a trimmed ' A-1 ' would be reported both missing on our side and not in their records (found by an
    // adversarial helper). A blank id is no id: the receiver refuses one.
    record.reference = raw.id;
    if (record.reference.trimmed().isEmpty())
        return Error{u"%1: id is empty"_s.arg(raw.where)};
    // As the receiver refuses them in event ids: no such id of ours exists, and a NUL reached PostgreSQL as an error
    // about its statement.
    if (holdsControlCharacter(record.reference))
        return Error{
            u"%1: id '%2' holds a control character"_s.arg(raw.where, withoutControlCharacters(record.reference, 100))};
    record.status = raw.status.trimmed();
    if (holdsControlCharacter(record.status))
        return Error{u"%1: status '%2' holds a control character"_s.arg(raw.where,
                                                                        withoutControlCharacters(record.status, 100))};
    const QString hash = raw.payloadSha256.trimmed().toLower();
    if (!hash.isEmpty() && !sha256Hex.match(hash).hasMatch())
        return Error{u"%1: payload_sha256 '%2' is not 64 hexadecimal digits"_s.arg(raw.where, raw.payloadSha256)};
    record.payloadSha256Hex = hash.toLatin1();
    if (const QString at = raw.at.trimmed(); !at.isEmpty()) {
        auto parsed = parseTime(at);
        if (!parsed)
            return Error{raw.where + u": "_s + parsed.error()};
        record.at = parsed.value();
    }
    return record;
}

// Checks every record; an id given twice is an error naming both places.
Result<QList<TheirRecord>> checkRecords(const QList<RawRecord> &raw)
{
    QList<TheirRecord> records;
    QHash<QString, QString> seen; // id -> where
    for (const RawRecord &one : raw) {
        auto record = checkRecord(one);
        if (!record)
            return Error{record.error()};
        if (const auto first = seen.constFind(record->reference); first != seen.constEnd())
            return Error{u"%1: id '%2' is already at %3"_s.arg(one.where, record->reference, first.value())};
        seen.insert(record->reference, one.where);
        records.append(record.value());
    }
    return records;
}

QString lineOf(const QByteArray &bytes, int offset)
{
    return u"line %1"_s.arg(bytes.left(offset).count('\n') + 1);
}

// Why a record's id at `pointer` could not be read as text. Found by an adversarial helper: an object, or a number
// beyond 64 bits (which cannot be told from its neighbours), read "no id" although one was there.
QString missingIdProblem(const QJsonDocument &item, const QString &pointer)
{
    const std::optional<QJsonValue> value = resolveJsonPointer(item, pointer);
    const QString at = u"the id at \"%1\""_s.arg(pointer);
    if (!value || value->isNull() || value->isUndefined())
        return u"no id at \"%1\""_s.arg(pointer);
    if (value->isString())
        return at + u" is empty"_s;
    if (value->isDouble())
        return at + u" is a whole number beyond 64 bits, which cannot be read exactly; send such an id as text"_s;
    return at + (value->isObject() ? u" is an object"_s : u" is an array"_s) + u"; an id is text or a number"_s;
}

// A page (or file) of records read with `fields`: the records, and the cursor of the next page ("" on the last).
struct Page
{
    QList<RawRecord> records;
    QString nextCursor;
};

Result<Page> readPage(const QByteArray &bytes, const FieldMap &fields)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return Error{u"%1: not JSON: %2"_s.arg(lineOf(bytes, error.offset), error.errorString())};
    // Which of two "id" members of a record is the id would be a guess (Qt's parser keeps one without a word).
    if (const std::optional<QString> twice = firstDuplicateMember(bytes))
        return Error{u"the member at %1 is given twice"_s.arg(*twice)};
    // A document that is itself an array is the list of records.
    const auto items =
        document.isArray() ? std::optional<QJsonValue>(document.array()) : resolveJsonPointer(document, fields.items);
    if (!items || !items->isArray())
        return Error{u"no array of records at \"%1\" (the field mapping's items)"_s.arg(fields.items)};
    const auto text = [](const QJsonDocument &item, const QString &pointer) {
        return extractField({FieldSource::Kind::JsonPointer, {}, pointer, {}}, {}, item).value_or(QString());
    };
    Page page;
    const QJsonArray array = items->toArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString where = u"item %1 (%2/%3)"_s.arg(i + 1).arg(document.isArray() ? QString() : fields.items).arg(i);
        if (!array.at(i).isObject())
            return Error{where + u": not a JSON object"_s};
        const QJsonDocument item(array.at(i).toObject());
        page.records.append({where, text(item, fields.id), text(item, fields.status), text(item, fields.payloadSha256),
                             text(item, fields.at)});
        if (page.records.last().id.isEmpty())
            return Error{u"%1: %2"_s.arg(where, missingIdProblem(item, fields.id))};
    }
    if (!document.isArray()) {
        // Only absent, null or "" ends the list: a cursor of another kind (an object, say) ended it silently, and a
        // partial list was compared as if whole (found by an adversarial helper).
        if (const auto cursor = resolveJsonPointer(document, fields.nextCursor);
            cursor && !cursor->isNull() && !cursor->isString() && !cursor->isDouble())
            return Error{u"the next cursor at \"%1\" is neither a string, a number nor null"_s.arg(fields.nextCursor)};
        page.nextCursor = text(document, fields.nextCursor);
    }
    return page;
}

// RFC 4180: fields separated by commas, optionally in double quotes ("" stands for one inside them), records on
// lines ending in CRLF or LF; a quoted field may span lines. Empty lines are skipped. Each row keeps the line it
// starts on.
struct CsvRow
{
    int line = 0;
    QStringList fields;
};

Result<QList<CsvRow>> parseCsv(QString text)
{
    if (text.startsWith(QChar(0xfeff))) // a byte order mark, as spreadsheet exports write
        text.remove(0, 1);
    QList<CsvRow> rows;
    CsvRow row{1, {}};
    QString field;
    bool quoted = false;     // inside quotes
    bool wasQuoted = false;  // the current field was quoted (only a separator may follow its closing quote)
    bool rowHasText = false; // the row is not an empty line
    int line = 1;
    const auto endField = [&] {
        row.fields << field;
        field.clear();
        wasQuoted = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
                wasQuoted = true;
            } else {
                if (c == u'\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == u',') {
            endField();
            rowHasText = true;
        } else if (c == u'\n' || c == u'\r') {
            if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
                ++i;
            if (rowHasText || !field.isEmpty() || wasQuoted) {
                endField();
                rows << row;
            }
            ++line;
            row = {line, {}};
            field.clear();
            rowHasText = false;
            wasQuoted = false;
        } else if (c == u'"') {
            if (!field.isEmpty() || wasQuoted)
                return Error{
                    u"line %1: a quote inside a field that is not quoted (write \"\" inside quotes)"_s.arg(line)};
            quoted = true;
            rowHasText = true;
        } else {
            if (wasQuoted)
                return Error{u"line %1: text after a closing quote"_s.arg(line)};
            field += c;
        }
    }
    if (quoted)
        return Error{u"line %1: a quoted field is not closed"_s.arg(row.line)};
    if (rowHasText || !field.isEmpty() || wasQuoted) {
        endField();
        rows << row;
    }
    return rows;
}

// `bytes` as UTF-8 text; the error names the first line that is not (a Latin-1 'é' became U+FFFD, and an id with it
// was reported missing on our side; found by an adversarial helper).
Result<QString> utf8Text(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder(bytes);
    if (!decoder.hasError())
        return text;
    int line = 1;
    for (const QByteArray &lineBytes : bytes.split('\n')) {
        QStringDecoder lineDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        // Decoded only when made a QString: the decoder's result is evaluated lazily.
        if (const QString decoded = lineDecoder(lineBytes); lineDecoder.hasError())
            break;
        ++line;
    }
    return Error{u"line %1: not UTF-8 text (save the file as UTF-8)"_s.arg(line)};
}

Result<QList<RawRecord>> readCsv(const QByteArray &bytes)
{
    auto text = utf8Text(bytes);
    if (!text)
        return Error{text.error()};
    auto rows = parseCsv(text.value());
    if (!rows)
        return Error{rows.error()};
    if (rows->isEmpty())
        return Error{u"no header row (id,status,payload_sha256,at)"_s};
    const CsvRow &header = rows->first();
    QHash<QString, qsizetype> columns;
    for (qsizetype i = 0; i < header.fields.size(); ++i) {
        const QString name = header.fields.at(i).trimmed().toLower();
        // Which of two id columns holds the ids would be a guess (the last one was taken). Columns that are read only
        // count: others, empty names of a spreadsheet's trailing columns included, are ignored.
        static const QStringList read{u"id"_s, u"status"_s, u"payload_sha256"_s, u"at"_s};
        if (!read.contains(name))
            continue;
        if (columns.contains(name))
            return Error{u"line %1: the header row names column '%2' twice"_s.arg(header.line).arg(name)};
        columns.insert(name, i);
    }
    if (!columns.contains(u"id"_s))
        return Error{u"line %1: the header row has no id column (id,status,payload_sha256,at)"_s.arg(header.line)};
    QList<RawRecord> records;
    for (qsizetype r = 1; r < rows->size(); ++r) {
        const CsvRow &row = rows->at(r);
        if (row.fields.size() != header.fields.size())
            return Error{u"line %1: %2 fields where the header row has %3"_s.arg(row.line)
                             .arg(row.fields.size())
                             .arg(header.fields.size())};
        const auto cell = [&](const QString &name) {
            return columns.contains(name) ? row.fields.at(columns.value(name)) : QString();
        };
        records.append(
            {u"line %1"_s.arg(row.line), cell(u"id"_s), cell(u"status"_s), cell(u"payload_sha256"_s), cell(u"at"_s)});
    }
    return records;
}

// Runs `requests` through the relay's HTTP client, at most `inFlight` at once and, with perSecond > 0, at most that
// many started per second. Outcomes by OutgoingRequest::deliveryId, which must differ between requests.
QHash<qint64, TransferOutcome> perform(const QList<OutgoingRequest> &requests, int inFlight, int perSecond)
{
    HttpTransfers transfers(inFlight);
    QHash<qint64, TransferOutcome> outcomes;
    QElapsedTimer clock;
    clock.start();
    qsizetype started = 0;
    while (outcomes.size() < requests.size()) {
        while (started < requests.size() && transfers.inFlight() < inFlight &&
               (perSecond <= 0 || started <= clock.elapsed() * perSecond / 1000)) {
            transfers.start(requests.at(started++));
        }
        for (const TransferOutcome &outcome : transfers.drive())
            outcomes.insert(outcome.deliveryId, outcome);
        if (outcomes.size() < requests.size())
            transfers.wait(perSecond > 0 ? 10 : 100, -1);
    }
    return outcomes;
}

QByteArray percentEncoded(const QString &text)
{
    return QUrl::toPercentEncoding(text);
}

} // namespace

Result<QList<TheirRecord>> readRecordsFile(const QString &path, const FieldMap &fields)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{u"cannot read %1: %2"_s.arg(path, file.errorString())};
    // Bounded as a page of the list API is: every record is held, compared and stored in memory, and a 208 MB file
    // took 12 GB before PostgreSQL refused its statement (found by an adversarial helper; /dev/zero never ended).
    const QByteArray bytes = file.read(kMaxPageBytes + 1);
    if (bytes.size() > kMaxPageBytes)
        return Error{u"%1: larger than %2 MiB: compare shorter windows (--since, --until), a file each"_s.arg(path).arg(
            kMaxPageBytes / (1024 * 1024))};
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QByteArray start = bytes.trimmed().left(1);
    const bool json = suffix == u"json"_s || (suffix != u"csv"_s && (start == "[" || start == "{"));
    const auto read = [&]() -> Result<QList<RawRecord>> {
        if (!json)
            return readCsv(bytes);
        auto page = readPage(bytes, fields);
        if (!page)
            return Error{page.error()};
        // A page that names a next one is part of a list, not the whole of it.
        if (!page->nextCursor.isEmpty())
            return Error{u"it names a next page (next cursor '%1'): put every page's records in one file"_s.arg(
                withoutControlCharacters(page->nextCursor, 100))};
        return page->records;
    };
    const auto raw = read();
    if (!raw)
        return Error{path + u": "_s + raw.error()};
    auto records = checkRecords(raw.value());
    if (!records)
        return Error{path + u": "_s + records.error()};
    return records;
}

Result<QList<TheirRecord>> fetchRecordList(const ReconcileSource &source, const QDateTime &since,
                                           const QDateTime &until)
{
    QList<RawRecord> raw;
    QString cursor;
    QSet<QString> cursorsSeen;
    for (int pageNo = 1; pageNo <= kMaxPages; ++pageNo) {
        OutgoingRequest request;
        request.method = OutgoingRequest::Method::Get;
        request.url =
            QString(source.listUrl)
                .replace(u"{since}"_s, QString::fromLatin1(percentEncoded(since.toUTC().toString(Qt::ISODateWithMs))))
                .replace(u"{until}"_s, QString::fromLatin1(percentEncoded(until.toUTC().toString(Qt::ISODateWithMs))))
                .replace(u"{cursor}"_s, QString::fromLatin1(percentEncoded(cursor)))
                .toUtf8();
        request.timeoutMs = source.timeoutMs;
        request.allowPrivateNetwork = source.allowPrivateNetwork;
        request.responseLimit = kMaxPageBytes + 1;
        request.headerLines = {"Accept: application/json",
                               "User-Agent: Hookyard/" + QCoreApplication::applicationVersion().toLatin1()};
        for (auto it = source.headers.begin(); it != source.headers.end(); ++it)
            request.headerLines.append(it.key().toUtf8() + ": " + it.value().toString().toUtf8());

        // The query may carry credentials: the error names the page by its path.
        const QString what = u"page %1 of %2"_s.arg(pageNo).arg(
            QUrl(QString::fromUtf8(request.url)).toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery));
        const TransferOutcome outcome = perform({request}, 1, 0).value(0);
        if (outcome.errorClass != u"ok"_s)
            return Error{u"%1: %2 (%3)"_s.arg(what, outcome.errorDetail, outcome.errorClass)};
        if (outcome.statusCode != 200)
            return Error{u"%1: HTTP %2"_s.arg(what).arg(outcome.statusCode)};
        const QByteArray body = outcome.responseSnippet.toUtf8();
        if (body.size() > kMaxPageBytes)
            return Error{u"%1: larger than %2 MiB"_s.arg(what).arg(kMaxPageBytes / (1024 * 1024))};
        auto page = readPage(body, source.fields);
        if (!page)
            return Error{what + u": "_s + page.error()};
        // An id repeated on a later page names both pages (found by an adversarial helper: "already at item 2").
        for (RawRecord &record : page.value().records)
            record.where = u"page %1, %2"_s.arg(pageNo).arg(record.where);
        raw += page->records;
        if (page->nextCursor.isEmpty()) {
            auto records = checkRecords(raw);
            if (!records)
                return Error{u"the list at %1: %2"_s.arg(
                    QUrl(QString::fromUtf8(request.url)).toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery),
                    records.error())};
            return records;
        }
        if (!source.listUrl.contains(u"{cursor}"_s))
            return Error{u"%1: it names a next page but the list url has no {cursor}"_s.arg(what)};
        if (cursorsSeen.contains(page->nextCursor))
            return Error{
                u"%1: its next cursor '%2' was given before: the list would never end"_s.arg(what, page->nextCursor)};
        cursorsSeen.insert(page->nextCursor);
        cursor = page->nextCursor;
    }
    return Error{u"more than %1 pages: the list would never end"_s.arg(kMaxPages)};
}

QHash<qint64, StatusCheck> askStatusUrl(const EndpointConfig &endpoint, const QHash<qint64, QByteArray> &deliveries)
{
    QList<OutgoingRequest> requests;
    for (auto it = deliveries.begin(); it != deliveries.end(); ++it)
        requests.append(statusCheckRequest(it.key(), it.value(), endpoint));
    QHash<qint64, StatusCheck> checks;
    const auto outcomes = perform(requests, kStatusChecksInFlight, endpoint.ratePerSecond.value_or(0));
    for (auto it = outcomes.begin(); it != outcomes.end(); ++it) {
        const StatusAnswer answer = readStatusAnswer(it.value());
        const StatusCheck::Said said = answer.kind == StatusAnswer::Kind::Delivered  ? StatusCheck::Said::Delivered
                                       : answer.kind == StatusAnswer::Kind::NotFound ? StatusCheck::Said::NotFound
                                                                                     : StatusCheck::Said::CouldNotTell;
        checks.insert(it.key(), {said, it.value().statusCode, answer.detail});
    }
    return checks;
}

} // namespace hookyard::core
