// bench_console: the console's Dead letters view over 1,000,000 dead deliveries — time to first paint, frame time
// while scrolling, resident memory, NOTIFY → view latency — against a QTableView on an in-memory model of the same
// size, in one invocation (PRODUCT.md §7). Everything runs on a throwaway durable cluster, which the program stops
// again. The console and the baseline each run in a child process of their own (this program again, with --phase),
// so that each one's resident memory is its own. bench/console/run.sh builds and runs it; docs/benchmarks.md holds
// the results.

#include "MainWindow.h"
#include "RowsPage.h"
#include "common/BenchSupport.h"
#include "console/ViewQueries.h"
#include "db/Database.h"
#include "db/Migrator.h"
#include "models/RowsModel.h"
#include "stats/Stats.h"

#include <QAbstractTableModel>
#include <QApplication>
#include <QColor>
#include <QCommandLineParser>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QUuid>

#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

using namespace Qt::StringLiterals;
using namespace hookyard::core;
using namespace hookyard::bench;
namespace ui = hookyard::ui;

namespace {

struct Config
{
    int rows = 1000000;
    int rowsWithAttempts = 250000; // the newest dead deliveries get their four attempt rows
    int scrollSteps = 200;
    int notifySamples = 20;
    int notifyGapMs = 500;
    bool markdown = false;
};

// What the seeded rows are made of; the baseline model builds its rows from the same lists.
const QStringList kEventTypes = {
    u"order.created"_s,    u"order.paid"_s,       u"order.shipped"_s,    u"order.cancelled"_s,
    u"order.refunded"_s,   u"invoice.issued"_s,   u"invoice.paid"_s,     u"invoice.overdue"_s,
    u"customer.created"_s, u"customer.updated"_s, u"customer.deleted"_s, u"subscription.renewed"_s,
};
const QStringList kCompanies = {u"acme"_s,  u"globex"_s, u"initech"_s, u"umbrella"_s,
                                u"hooli"_s, u"stark"_s,  u"wayne"_s,   u"wonka"_s};
const QStringList kSystems = {u"billing"_s, u"crm"_s, u"erp"_s, u"warehouse"_s, u"analytics"_s};

struct Failure
{
    int status; // 0: no HTTP answer
    QString error;
    QString errorClass;
};
const QList<Failure> kFailures = {
    {500, u"HTTP 500"_s, u"http_status"_s},
    {503, u"HTTP 503"_s, u"http_status"_s},
    {404, u"HTTP 404"_s, u"http_status"_s},
    {0, u"Timeout was reached"_s, u"timeout"_s},
    {0, u"Couldn't connect to server"_s, u"refused"_s},
    {0, u"SSL peer certificate or SSH remote key was not OK"_s, u"tls"_s},
};
// Every seeded delivery died after the endpoints' default schedule: the first attempt and three retries.
constexpr int kAttempts = 4;
constexpr qint64 kSeedSpanSeconds = 30 * 24 * 3600;

// The n-th seeded row's endpoint, event type and failure (n from 1); the SQL below computes the same.
qsizetype endpointOf(qint64 n)
{
    return qsizetype(n % (kCompanies.size() * kSystems.size()));
}
qsizetype eventTypeOf(qint64 n)
{
    return qsizetype(n % kEventTypes.size());
}
qsizetype failureOf(qint64 n)
{
    return qsizetype((n / 7) % kFailures.size());
}
QString endpointName(qsizetype index)
{
    return kCompanies.at(index / kSystems.size()) + u'-' + kSystems.at(index % kSystems.size());
}
QString deadReason(const Failure &failure)
{
    return u"%1 (%2 failed attempts)"_s.arg(failure.error).arg(kAttempts);
}

const QString kLatencyEndpoint = u"bench-latency"_s;
const QString kLatencyEventType = u"bench.latency"_s;

QString sqlText(const QString &text)
{
    return u"'"_s + QString(text).replace(u"'"_s, u"''"_s) + u"'"_s;
}

QString sqlTextArray(const QStringList &texts)
{
    QStringList quoted;
    for (const QString &text : texts)
        quoted << sqlText(text);
    return u"ARRAY["_s + quoted.join(u", "_s) + u"]"_s;
}

double milliseconds(qint64 nanoseconds)
{
    return double(nanoseconds) / 1e6;
}

// VmRSS of this process, in MB (2^20 bytes).
double residentMegabytes()
{
    QFile status(u"/proc/self/status"_s);
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    // Read whole: /proc files have no size, so atEnd() would hold from the start.
    const QList<QByteArray> lines = status.readAll().split('\n');
    for (const QByteArray &line : lines) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).simplified().split(' ').value(0).toDouble() / 1024.0;
    }
    return 0;
}

// ---- measuring a table view (both child processes) ----

// Runs the event loop until done() holds; false when timeoutMs passed first or the run was interrupted.
bool waitUntil(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    QTimer tick; // wakes the loop to look at done() again when nothing else does
    tick.start(5);
    while (!done()) {
        if (interrupted || waited.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents);
    }
    return true;
}

void runEventsFor(int milliseconds)
{
    QEventLoop loop;
    QTimer::singleShot(milliseconds, &loop, &QEventLoop::quit);
    loop.exec();
}

// Notes, on `clock`, when the view's viewport has first painted rows. The paint event is handed on to the view
// from inside the filter, so the time noted is when the rows are painted, not when painting starts.
class FirstPaintProbe final : public QObject
{
public:
    FirstPaintProbe(QAbstractItemView *view, const QElapsedTimer &clock)
        : m_view(view)
        , m_clock(clock)
    {
        view->viewport()->installEventFilter(this);
    }

    std::optional<double> paintedMs() const { return m_paintedMs; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::Paint || m_paintedMs || m_handingOn || m_view->model()->rowCount() == 0)
            return false;
        m_handingOn = true;
        QCoreApplication::sendEvent(watched, event);
        m_handingOn = false;
        m_paintedMs = milliseconds(m_clock.nsecsElapsed());
        return true;
    }

private:
    QAbstractItemView *m_view;
    const QElapsedTimer &m_clock;
    bool m_handingOn = false;
    std::optional<double> m_paintedMs;
};

struct Frames
{
    QList<double> frameMs;    // scrolling by a page and repainting, without waiting for rows
    QList<double> stepMs;     // the whole step: a wait for rows, the frame, and the events that arrived meanwhile
    QList<double> pageWaitMs; // steps that reached the end of the rows loaded so far: until the next page was in
};

// Scrolls down one page at a time through the vertical scroll bar, each step painted at once. At the end of the
// rows loaded so far the view itself asks the model for more (fetchMore); the step then waits until they are in,
// as a reader would.
Result<Frames> scrollByPages(QTableView *table, int steps)
{
    QScrollBar *bar = table->verticalScrollBar();
    const QAbstractItemModel *model = table->model();
    Frames frames;
    for (int step = 0; step < steps; ++step) {
        if (auto stop = checkInterrupted(); !stop)
            return Error{stop.error()};
        QElapsedTimer clock;
        clock.start();
        const int target = bar->value() + bar->pageStep();
        bar->setValue(target);
        qint64 waitedNs = 0;
        if (bar->value() < target && model->canFetchMore({})) {
            const qint64 waitStart = clock.nsecsElapsed();
            const bool arrived = waitUntil(
                [&] {
                    bar->setValue(target);
                    return bar->value() >= target || !model->canFetchMore({});
                },
                30000);
            if (!arrived)
                return Error{u"no rows after 30 s at step %1 (%2 rows loaded)"_s.arg(step).arg(model->rowCount())};
            waitedNs = clock.nsecsElapsed() - waitStart;
            frames.pageWaitMs << milliseconds(waitedNs);
        }
        table->viewport()->repaint();
        frames.frameMs << milliseconds(clock.nsecsElapsed() - waitedNs);
        QCoreApplication::processEvents();
        frames.stepMs << milliseconds(clock.nsecsElapsed());
    }
    return frames;
}

QJsonArray toJson(const QList<double> &values)
{
    QJsonArray array;
    for (double value : values)
        array.append(value);
    return array;
}

QJsonObject framesToJson(const Frames &frames)
{
    return {{u"frameMs"_s, toJson(frames.frameMs)},
            {u"stepMs"_s, toJson(frames.stepMs)},
            {u"pageWaitMs"_s, toJson(frames.pageWaitMs)}};
}

// The table's size, row height and columns (logical index and width, in visual order), so that the baseline
// paints the same area with the same columns.
QJsonObject layoutOf(const QTableView *table)
{
    QJsonArray sections;
    const QHeaderView *header = table->horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        sections.append(QJsonArray{logical, header->sectionSize(logical)});
    }
    return {{u"width"_s, table->width()},
            {u"height"_s, table->height()},
            {u"viewportHeight"_s, table->viewport()->height()},
            {u"rowHeight"_s, table->verticalHeader()->defaultSectionSize()},
            {u"sections"_s, sections}};
}

void printResult(const QJsonObject &result)
{
    QTextStream(stdout) << QJsonDocument(result).toJson(QJsonDocument::Compact) << Qt::endl;
}

// ---- the console (child process) ----

// Inserts an event for the latency endpoint (whose empty retry schedule dead-letters it at the first failure) and
// records its failed attempt, in one transaction: what a relay's last failed attempt commits, as far as the Dead
// letters view can tell.
Status commitDeadDelivery(const DatabaseConnection &connection, int sample)
{
    return inTransaction(connection, [&]() -> Status {
        const QString eventId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto event = connection.exec(
            u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload)"
            " VALUES (?::uuid, 'order', gen_random_uuid(), ?, jsonb_build_object('sample', ?::integer))"_s,
            {eventId, kLatencyEventType, sample});
        if (!event)
            return Error{event.error()};
        auto dead = connection.exec(
            u"WITH dead AS ("
            "  UPDATE deliveries SET state = 'dead', attempt_count = 1, failures_since_queued = 1,"
            "    last_status_code = 500, last_error = 'HTTP 500', dead_reason = 'HTTP 500 (1 failed attempts)'"
            "  WHERE event_id = ?::uuid RETURNING id)"
            " INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms, status_code,"
            "   error_class, error_detail, relay_instance)"
            " SELECT id, 1, now(), 12, 500, 'http_status', 'HTTP 500', 'bench_console' FROM dead"_s,
            {eventId});
        if (!dead)
            return Error{dead.error()};
        if (dead.value().numRowsAffected() != 1)
            return Error{u"the latency event fanned out to %1 deliveries, not 1"_s.arg(dead.value().numRowsAffected())};
        return success();
    });
}

Result<QJsonObject> runConsole(const ConnectionSettings &settings, const Config &config)
{
    QJsonObject result;
    // What the model's signals report; declared before the window, so that it outlives every connection to it.
    struct
    {
        std::optional<double> firstPageMs;
        int pagesLoaded = 0;
        int announced = 0; // the last newerRowsAvailable count
        qint64 announcedAtNs = 0;
    } seen;
    // The other views share the Dead letters view's query thread, so their loads are noted too: view key, when it
    // started loading and when its page was in, since the start.
    QList<std::tuple<QString, double, double>> otherLoads;
    QElapsedTimer clock;
    clock.start();
    // As `hookyard --view=dead-letters` opens it (app/main.cpp).
    ui::MainWindow window(settings);
    window.showView(View::DeadLetters);
    window.applyOptions(false, false);
    ui::RowsPage *page = window.page(View::DeadLetters);
    ui::RowsModel *model = page->model();
    QTableView *table = page->table();
    const double constructedMs = milliseconds(clock.nsecsElapsed());
    for (View other : allViews()) {
        if (other == View::DeadLetters)
            continue;
        ui::RowsModel *otherModel = window.page(other)->model();
        QObject::connect(otherModel, &ui::RowsModel::loadingChanged, &window, [&, other](bool loading) {
            const double now = milliseconds(clock.nsecsElapsed());
            if (loading) {
                otherLoads.append({describe(other).key, now, -1});
                return;
            }
            for (qsizetype i = otherLoads.size() - 1; i >= 0; --i) {
                if (std::get<0>(otherLoads.at(i)) == describe(other).key) {
                    std::get<2>(otherLoads[i]) = now;
                    return;
                }
            }
        });
    }
    FirstPaintProbe probe(table, clock);
    QObject::connect(model, &ui::RowsModel::pageLoaded, &window, [&] {
        if (!seen.firstPageMs)
            seen.firstPageMs = milliseconds(clock.nsecsElapsed());
        ++seen.pagesLoaded;
    });
    QObject::connect(model, &ui::RowsModel::newerRowsAvailable, &window, [&](int count) {
        seen.announced = count;
        seen.announcedAtNs = clock.nsecsElapsed();
    });
    window.show();
    const double shownMs = milliseconds(clock.nsecsElapsed());
    if (!waitUntil([&] { return probe.paintedMs().has_value(); }, 60000))
        return Error{u"the Dead letters view painted no rows within 60 s: %1"_s.arg(model->lastError())};
    note(u"console: first rows painted after %1 ms"_s.arg(fixed(*probe.paintedMs(), 1)));
    result.insert(u"firstPaintMs"_s, *probe.paintedMs());
    result.insert(u"constructedMs"_s, constructedMs);
    result.insert(u"shownMs"_s, shownMs);
    result.insert(u"firstPageMs"_s, seen.firstPageMs.value_or(-1));
    result.insert(u"layout"_s, layoutOf(table));
    result.insert(u"pageSize"_s, model->pageSize());

    // Settled: the detail pane has the selected row and the counts have come in, as an operator would see it.
    runEventsFor(1000);
    result.insert(u"rssAfterLoadMb"_s, residentMegabytes());

    const int pagesBeforeScrolling = seen.pagesLoaded;
    auto frames = scrollByPages(table, config.scrollSteps);
    if (!frames)
        return Error{frames.error()};
    if (!waitUntil([&] { return !model->isLoading(); }, 30000))
        return Error{u"a page was still loading 30 s after scrolling"_s};
    note(u"console: scrolled %1 pages, %2 rows loaded"_s.arg(config.scrollSteps).arg(model->rowCount()));
    result.insert(u"frames"_s, framesToJson(frames.value()));
    result.insert(u"pagesLoaded"_s, seen.pagesLoaded - pagesBeforeScrolling);
    result.insert(u"rowsLoaded"_s, model->rowCount());
    runEventsFor(1000);
    result.insert(u"rssAfterScrollMb"_s, residentMegabytes());

    // Only the NOTIFY path: the page's fallback check for newer rows is switched off.
    model->setNewerCheckInterval(0);
    auto *live = window.findChild<QLabel *>(u"liveLabel"_s);
    if (!live || !waitUntil([&] { return live->text().contains(u"●"_s); }, 30000))
        return Error{u"the console's change listener is not listening"_s};
    auto writer = DatabaseConnection::open(settings, u"bench-notify"_s);
    if (!writer)
        return Error{writer.error()};
    QList<double> notifyMs;
    for (int sample = 0; sample < config.notifySamples; ++sample) {
        if (!waitUntil([&] { return !model->isLoading(); }, 30000))
            return Error{u"the view kept loading"_s};
        const int before = seen.announced;
        if (auto committed = commitDeadDelivery(*writer.value(), sample); !committed)
            return Error{committed.error()};
        const qint64 committedAtNs = clock.nsecsElapsed();
        if (!waitUntil([&] { return seen.announced > before; }, 10000))
            return Error{u"sample %1: no newerRowsAvailable within 10 s of the commit"_s.arg(sample)};
        notifyMs << milliseconds(seen.announcedAtNs - committedAtNs);
        runEventsFor(config.notifyGapMs);
    }
    note(u"console: %1 dead deliveries committed, each announced in the view"_s.arg(config.notifySamples));
    result.insert(u"notifyMs"_s, toJson(notifyMs));
    result.insert(u"announcedAtEnd"_s, seen.announced);
    QJsonArray others;
    for (const auto &[key, startedMs, loadedMs] : std::as_const(otherLoads))
        others.append(QJsonArray{key, startedMs, loadedMs});
    result.insert(u"otherViewLoads"_s, others);
    return result;
}

// ---- the baseline (child process) ----

// The same rows held in memory and shown as the console shows them: the same columns, texts of the same kind, the
// state's glyph and colour, ids in the fixed font, numbers right-aligned. Nothing to load, nothing to page.
class InMemoryDeadLetters final : public QAbstractTableModel
{
public:
    explicit InMemoryDeadLetters(int rows)
        : m_description(describe(View::DeadLetters))
        , m_fixedFont(QFontDatabase::systemFont(QFontDatabase::FixedFont))
        , m_dead(QColor(0xe5, 0x39, 0x35))
        , m_state(ui::RowsModel::stateGlyph(u"dead"_s) + u' ' + ui::RowsModel::stateName(u"dead"_s))
    {
        for (qsizetype i = 0; i < kCompanies.size() * kSystems.size(); ++i)
            m_endpoints << endpointName(i);
        for (const Failure &failure : kFailures)
            m_reasons << deadReason(failure);
        // Newest first, like the view: row 0 is the newest delivery.
        const qint64 newest = QDateTime::currentSecsSinceEpoch();
        QRandomGenerator random(4711);
        m_rows.reserve(std::size_t(rows));
        for (qint64 n = rows; n >= 1; --n) {
            Row row;
            row.id = n;
            row.createdSecs = newest - kSeedSpanSeconds + n * kSeedSpanSeconds / rows;
            row.aggregate = QUuid(random.generate(), quint16(random.generate()), quint16(random.generate()),
                                  uchar(random.generate()), uchar(random.generate()), uchar(random.generate()),
                                  uchar(random.generate()), uchar(random.generate()), uchar(random.generate()),
                                  uchar(random.generate()), uchar(random.generate()));
            row.endpoint = quint8(endpointOf(n));
            row.eventType = quint8(eventTypeOf(n));
            row.failure = quint8(failureOf(n));
            m_rows.push_back(row);
        }
    }

    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() ? 0 : int(m_description.columns.size());
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
            section >= m_description.columns.size())
            return QAbstractTableModel::headerData(section, orientation, role);
        return QString::fromLatin1(m_description.columns.at(section).title);
    }

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return {};
        const Row &row = m_rows.at(std::size_t(index.row()));
        const ViewColumn::Kind kind = m_description.columns.at(index.column()).kind;
        switch (role) {
        case Qt::DisplayRole:
            return display(row, index.column());
        case Qt::ForegroundRole:
            return kind == ViewColumn::Kind::State ? QVariant(m_dead) : QVariant();
        case Qt::FontRole:
            return kind == ViewColumn::Kind::Id ? QVariant(m_fixedFont) : QVariant();
        case Qt::TextAlignmentRole:
            return kind == ViewColumn::Kind::Number ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter)
                                                    : QVariant();
        default:
            return {};
        }
    }

private:
    struct Row
    {
        qint64 id;
        qint64 createdSecs;
        QUuid aggregate;
        quint8 endpoint;
        quint8 eventType;
        quint8 failure;
    };

    // The columns of describe(View::DeadLetters), by key.
    QVariant display(const Row &row, int column) const
    {
        const QString &key = m_description.columns.at(column).key;
        const Failure &failure = kFailures.at(row.failure);
        if (key == u"time"_s)
            return QLocale().toString(QDateTime::fromSecsSinceEpoch(row.createdSecs).toLocalTime(),
                                      QLocale::ShortFormat);
        if (key == u"state"_s)
            return m_state;
        if (key == u"event_type"_s)
            return kEventTypes.at(row.eventType);
        if (key == u"party"_s)
            return m_endpoints.at(row.endpoint);
        if (key == u"id"_s)
            return QString::number(row.id);
        if (key == u"subject"_s)
            return row.aggregate.toString(QUuid::WithoutBraces);
        if (key == u"attempts"_s)
            return QLocale().toString(kAttempts);
        if (key == u"status_code"_s)
            return failure.status > 0 ? QLocale().toString(failure.status) : QString();
        return m_reasons.at(row.failure);
    }

    const ViewDescription &m_description;
    const QFont m_fixedFont;
    const QBrush m_dead;
    const QString m_state;
    QStringList m_endpoints;
    QStringList m_reasons;
    std::vector<Row> m_rows;
};

Result<QJsonObject> runBaseline(const QJsonObject &layout, const Config &config)
{
    QJsonObject result;
    QElapsedTimer building;
    building.start();
    InMemoryDeadLetters model(config.rows);
    result.insert(u"modelBuiltMs"_s, milliseconds(building.nsecsElapsed()));

    QElapsedTimer clock;
    clock.start();
    // Set up like the console's table (ui/RowsPage.cpp), with its size and columns as the console measured them.
    QTableView table;
    table.setModel(&model);
    table.setSelectionBehavior(QAbstractItemView::SelectRows);
    table.setSelectionMode(QAbstractItemView::ExtendedSelection);
    table.setAlternatingRowColors(true);
    table.setWordWrap(false);
    table.setCornerButtonEnabled(false);
    table.verticalHeader()->hide();
    table.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table.verticalHeader()->setDefaultSectionSize(layout.value(u"rowHeight"_s).toInt());
    QHeaderView *header = table.horizontalHeader();
    header->setHighlightSections(false);
    header->setSectionResizeMode(QHeaderView::Interactive);
    const QJsonArray sections = layout.value(u"sections"_s).toArray();
    for (int visual = 0; visual < sections.size(); ++visual) {
        const int logical = sections.at(visual).toArray().at(0).toInt();
        header->moveSection(header->visualIndex(logical), visual);
        header->resizeSection(logical, sections.at(visual).toArray().at(1).toInt());
    }
    header->setStretchLastSection(true);
    table.resize(layout.value(u"width"_s).toInt(), layout.value(u"height"_s).toInt());
    table.selectRow(0);
    FirstPaintProbe probe(&table, clock);
    table.show();
    if (!waitUntil([&] { return probe.paintedMs().has_value(); }, 60000))
        return Error{u"the baseline table painted nothing within 60 s"_s};
    note(u"baseline: first rows painted after %1 ms"_s.arg(fixed(*probe.paintedMs(), 1)));
    result.insert(u"firstPaintMs"_s, *probe.paintedMs());
    result.insert(u"viewportHeight"_s, table.viewport()->height());
    runEventsFor(1000);
    result.insert(u"rssAfterLoadMb"_s, residentMegabytes());

    auto frames = scrollByPages(&table, config.scrollSteps);
    if (!frames)
        return Error{frames.error()};
    result.insert(u"frames"_s, framesToJson(frames.value()));
    runEventsFor(1000);
    result.insert(u"rssAfterScrollMb"_s, residentMegabytes());
    return result;
}

// ---- the benchmark (parent process) ----

Latency sortedLatency(const QJsonArray &values)
{
    Latency latency;
    for (const QJsonValue &value : values)
        latency.sortedMs << value.toDouble();
    std::sort(latency.sortedMs.begin(), latency.sortedMs.end());
    return latency;
}

QString spread(const Latency &latency)
{
    if (latency.sortedMs.isEmpty())
        return u"-"_s;
    return u"p50 %1, p95 %2, max %3 ms"_s.arg(fixed(latency.percentile(50), 1), fixed(latency.percentile(95), 1),
                                              fixed(latency.percentile(100), 1));
}

QString otherViewLoads(const QJsonObject &console)
{
    QStringList loads;
    const QJsonArray others = console.value(u"otherViewLoads"_s).toArray();
    for (const QJsonValue &load : others) {
        const QJsonArray fields = load.toArray();
        loads << u"%1 %2 → %3"_s.arg(fields.at(0).toString(), fixed(fields.at(1).toDouble(), 0),
                                     fields.at(2).toDouble() < 0 ? u"(still loading)"_s
                                                                 : fixed(fields.at(2).toDouble(), 0));
    }
    return loads.isEmpty() ? u"none"_s : loads.join(u"; "_s);
}

QString megabytes(double value)
{
    return u"%1 MB"_s.arg(fixed(value, 0));
}

class ConsoleBench final
{
public:
    explicit ConsoleBench(Config config)
        : m_config(config)
    {}

    Q_DISABLE_COPY_MOVE(ConsoleBench)

    Status run()
    {
        m_loadAtStart = loadAverage();
        if (auto started = startCluster(); !started)
            return started;
        if (auto seeded = seed(); !seeded)
            return seeded;
        if (auto timed = timeQueries(); !timed)
            return timed;
        if (auto logging = logSlowStatements(); !logging)
            return logging;
        const qint64 logStart = QFileInfo(m_cluster->logFile()).size();
        note(u"console: MainWindow on the Dead letters view"_s);
        auto console = runChild({u"--phase"_s, u"console"_s, u"--database"_s, m_cluster->settings().toUrl()});
        if (!console)
            return Error{console.error()};
        readSlowStatements(logStart);
        note(u"baseline: QTableView on an in-memory model"_s);
        const QJsonObject layout = console.value().value(u"layout"_s).toObject();
        auto baseline = runChild({u"--phase"_s, u"baseline"_s, u"--layout"_s,
                                  QString::fromUtf8(QJsonDocument(layout).toJson(QJsonDocument::Compact))});
        if (!baseline)
            return Error{baseline.error()};

        report(baseline.value(), console.value(), false);
        if (m_config.markdown)
            report(baseline.value(), console.value(), true);
        return success();
    }

private:
    Status startCluster()
    {
        if (auto started = m_cluster.start(); !started)
            return started;
        auto opened = openMigrated(m_cluster);
        if (!opened)
            return Error{opened.error()};
        m_admin = std::move(opened.value().admin);
        m_settings = opened.value().settings;
        return success();
    }

    Status execute(const QString &sql) const
    {
        if (auto stop = checkInterrupted(); !stop)
            return stop;
        return m_admin->execScript(sql);
    }

    // Set-based: the events are inserted with the fan-out trigger switched off, and their deliveries directly in
    // the state a relay leaves them in after the last failed attempt. Inserting the events with the trigger on
    // would run it a million times, and then every delivery would be written a second time to make it dead.
    // Foreign keys stay checked.
    Status seed()
    {
        QElapsedTimer clock;
        clock.start();
        const QString rows = QString::number(m_config.rows);
        // One fixed "now" for both tables, so that each delivery has its event's time.
        const QString newest = sqlText(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
        const QString createdAt = u"(%1::timestamptz - interval '%2 seconds' + n * interval '%2 seconds' / %3)"_s.arg(
            newest, QString::number(kSeedSpanSeconds), rows);
        const QString eventType =
            u"(%1)[1 + n % %2]"_s.arg(sqlTextArray(kEventTypes), QString::number(kEventTypes.size()));
        QStringList endpointNames;
        for (qsizetype i = 0; i < kCompanies.size() * kSystems.size(); ++i)
            endpointNames << endpointName(i);
        QStringList failures;
        for (qsizetype i = 0; i < kFailures.size(); ++i) {
            const Failure &failure = kFailures.at(i);
            failures << u"(%1, %2, %3, %4, %5)"_s.arg(
                QString::number(i), failure.status > 0 ? QString::number(failure.status) : u"NULL"_s,
                sqlText(failure.error), sqlText(failure.errorClass), sqlText(deadReason(failure)));
        }

        note(u"seeding %1 dead deliveries"_s.arg(grouped(m_config.rows)));
        const QStringList statements = {
            u"ALTER TABLE outbox_events DISABLE TRIGGER outbox_events_fan_out"_s,
            u"INSERT INTO endpoints (name, url, event_types)"
            " SELECT name, 'https://' || name || '.example.com/webhooks/hookyard',"
            "   '{order.*,invoice.*,customer.*,subscription.*}'"
            " FROM unnest(%1) WITH ORDINALITY AS e(name, position) ORDER BY position"_s.arg(
                sqlTextArray(endpointNames)),
            u"INSERT INTO endpoints (name, url, event_types, retry_schedule_s, allow_private_network)"
            " VALUES (%1, 'http://127.0.0.1:9/hook', ARRAY[%2], '{}', true)"_s.arg(sqlText(kLatencyEndpoint),
                                                                                   sqlText(kLatencyEventType)),
            u"INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload, created_at)"
            " SELECT md5('e' || n)::uuid, split_part(t, '.', 1), md5('a' || n % 200000)::uuid, t,"
            "   jsonb_build_object('type', t, 'order_id', 'ORD-' || n, 'amount_cents', 1000 + n % 9000,"
            "     'currency', 'EUR', 'customer', jsonb_build_object('id', 'cus_' || md5('c' || n % 50000),"
            "       'email', 'buyer' || n % 50000 || '@example.com'),"
            "     'items', jsonb_build_array(jsonb_build_object('sku', 'SKU-' || n % 1000, 'qty', 1 + n % 3,"
            "       'price_cents', 1000))),"
            "   %1 AT TIME ZONE 'UTC'"
            " FROM generate_series(1, %2) AS n, LATERAL (SELECT %3 AS t) AS x"_s.arg(createdAt, rows, eventType),
            u"INSERT INTO deliveries (id, event_id, endpoint_id, event_type, aggregate_id, state, attempt_count,"
            "   failures_since_queued, next_attempt_at, last_status_code, last_error, dead_reason, created_at)"
            " SELECT n, md5('e' || n)::uuid, ep.ids[1 + n % %1], %2, md5('a' || n % 200000)::uuid, 'dead', %3, %3,"
            "   %4 + interval '16 minutes', f.status, f.error, f.reason, %4"
            " FROM generate_series(1, %5) AS n"
            " CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM endpoints WHERE name <> %6) AS ep"
            " JOIN (VALUES %7) AS f(k, status, error, error_class, reason) ON f.k = (n / 7) % %8"_s.arg(
                QString::number(endpointNames.size()), eventType, QString::number(kAttempts), createdAt, rows,
                sqlText(kLatencyEndpoint), failures.join(u", "_s), QString::number(kFailures.size())),
            u"SELECT setval('deliveries_id_seq', %1)"_s.arg(rows),
            u"INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms, status_code,"
            "   error_class, error_detail, relay_instance)"
            " SELECT d.id, a.no, d.created_at + (ARRAY[0, 60, 360, 960])[a.no] * interval '1 second',"
            "   CASE WHEN f.error_class = 'timeout' THEN 15000 ELSE 20 + (d.id * a.no) % 900 END,"
            "   d.last_status_code, f.error_class, d.last_error, 'relay-' || (d.id % 4)"
            " FROM deliveries d"
            " JOIN (VALUES %1) AS f(k, status, error, error_class, reason) ON f.error = d.last_error"
            " CROSS JOIN generate_series(1, %2) AS a(no)"
            " WHERE d.id > %3"_s.arg(failures.join(u", "_s), QString::number(kAttempts),
                                     QString::number(m_config.rows - m_config.rowsWithAttempts)),
            u"ALTER TABLE outbox_events ENABLE TRIGGER outbox_events_fan_out"_s,
            u"VACUUM ANALYZE endpoints, outbox_events, deliveries, delivery_attempts"_s,
            u"CHECKPOINT"_s,
        };
        for (const QString &sql : statements) {
            QElapsedTimer statement;
            statement.start();
            if (auto done = execute(sql); !done)
                return done;
            note(u"  %1 s: %2"_s.arg(fixed(double(statement.elapsed()) / 1000.0, 1), sql.simplified().left(70)));
        }
        m_seedSeconds = double(clock.elapsed()) / 1000.0;

        auto dead = scalar(*m_admin, u"SELECT count(*) FROM deliveries WHERE state = 'dead' AND resolved_at IS NULL"_s);
        auto attempts = scalar(*m_admin, u"SELECT count(*) FROM delivery_attempts"_s);
        auto sizes = scalar(*m_admin, u"SELECT format('%s, %s and %s', pg_size_pretty(pg_total_relation_size("
                                      "'deliveries')), pg_size_pretty(pg_total_relation_size('outbox_events')),"
                                      " pg_size_pretty(pg_total_relation_size('delivery_attempts')))"_s);
        for (const auto *value : {&dead, &attempts, &sizes}) {
            if (!*value)
                return Error{value->error()};
        }
        if (dead.value().toLongLong() != m_config.rows)
            return Error{u"seeded %1 dead deliveries, not %2"_s.arg(dead.value().toLongLong()).arg(m_config.rows)};
        m_attemptRows = attempts.value().toLongLong();
        m_tableSizes = sizes.value().toString();
        note(u"seeded in %1 s: %2 dead deliveries, %3 attempts"_s.arg(fixed(m_seedSeconds, 1), grouped(m_config.rows),
                                                                      grouped(m_attemptRows)));
        return success();
    }

    // The view's own SQL on a connection of this process, timed without any GUI: where the console's first-screen
    // time goes on the database side. Each of the view's queries runs on a fresh connection here as it does in the
    // console's query thread, which opens its connection with the first page.
    Status timeQueries()
    {
        QElapsedTimer clock;
        clock.start();
        auto connection = DatabaseConnection::open(m_cluster->settings(), u"bench-view-sql"_s);
        if (!connection)
            return Error{connection.error()};
        m_sqlMs.insert(u"connect"_s, milliseconds(clock.nsecsElapsed()));
        const ViewFilter everything;
        std::optional<KeysetPosition> after;
        QList<double> pages;
        for (int page = 0; page < 30; ++page) {
            clock.restart();
            auto rows = fetchPage(*connection.value(), View::DeadLetters, everything, after, 200);
            if (!rows)
                return Error{rows.error()};
            pages << milliseconds(clock.nsecsElapsed());
            if (rows.value().isEmpty())
                return Error{u"the Dead letters view has no rows"_s};
            if (page == 0)
                m_newest = rows.value().constFirst().position;
            after = rows.value().constLast().position;
        }
        m_sqlMs.insert(u"firstPage"_s, pages.constFirst());
        pages.removeFirst();
        std::sort(pages.begin(), pages.end());
        m_sqlMs.insert(u"laterPageP50"_s, Latency{pages}.percentile(50));
        m_sqlMs.insert(u"laterPageMax"_s, pages.constLast());
        clock.restart();
        auto newer = countNewer(*connection.value(), View::DeadLetters, everything, m_newest);
        if (!newer)
            return Error{newer.error()};
        m_sqlMs.insert(u"countNewer"_s, milliseconds(clock.nsecsElapsed()));
        // What the window's StatsPoller runs every 2 s on a connection of its own, alongside the view, and every
        // 30 s with the totals.
        clock.restart();
        if (auto stats = collectStats(*connection.value(), StatsDepth::NeedsAttention); !stats)
            return Error{stats.error()};
        m_sqlMs.insert(u"stats"_s, milliseconds(clock.nsecsElapsed()));
        clock.restart();
        if (auto stats = collectStats(*connection.value(), StatsDepth::Everything); !stats)
            return Error{stats.error()};
        m_sqlMs.insert(u"statsWithTotals"_s, milliseconds(clock.nsecsElapsed()));
        return success();
    }

    // Sessions opened from now on log the plan of every statement that runs for 250 ms or more (auto_explain, plans
    // only: nothing is timed per plan node, so the other statements cost what they always do).
    Status logSlowStatements() const
    {
        for (const QString &sql :
             {u"LOAD 'auto_explain'"_s, // ALTER SYSTEM knows its settings only once it is loaded
              u"ALTER SYSTEM SET session_preload_libraries = 'auto_explain'"_s,
              u"ALTER SYSTEM SET auto_explain.log_min_duration = '250ms'"_s, u"SELECT pg_reload_conf()"_s}) {
            if (auto done = execute(sql); !done)
                return done;
        }
        return success();
    }

    // The server log's auto_explain entries since byte `from`: how many, and the slowest with its query and plan.
    void readSlowStatements(qint64 from)
    {
        QFile log(m_cluster->logFile());
        if (!log.open(QIODevice::ReadOnly) || !log.seek(from))
            return;
        const QString text = QString::fromUtf8(log.readAll());
        static const QRegularExpression entry(u"duration: ([0-9.]+) ms  plan:\\n((?:\\t.*\\n?)*)"_s);
        for (auto match = entry.globalMatch(text); match.hasNext();) {
            const QRegularExpressionMatch found = match.next();
            const double ms = found.captured(1).toDouble();
            m_slowStatementMs << ms;
            if (ms >= m_slowestPlan.first)
                m_slowestPlan = {ms, found.captured(2)};
        }
        std::sort(m_slowStatementMs.begin(), m_slowStatementMs.end());
        if (!m_slowestPlan.second.isEmpty())
            note(u"the slowest statement during the console phase (%1 ms):\n%2"_s.arg(fixed(m_slowestPlan.first, 1),
                                                                                      m_slowestPlan.second));
    }

    // This program again in a phase of its own; its last line on stdout is the phase's result as JSON.
    Result<QJsonObject> runChild(QStringList arguments) const
    {
        arguments << u"--rows"_s << QString::number(m_config.rows) << u"--scroll-steps"_s
                  << QString::number(m_config.scrollSteps) << u"--notify-samples"_s
                  << QString::number(m_config.notifySamples) << u"--notify-gap-ms"_s
                  << QString::number(m_config.notifyGapMs);
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(), arguments);
        if (!child.waitForStarted())
            return Error{u"cannot run %1: %2"_s.arg(QCoreApplication::applicationFilePath(), child.errorString())};
        while (!child.waitForFinished(200)) {
            if (interrupted) {
                child.terminate();
                child.waitForFinished();
                return Error{u"interrupted"_s};
            }
        }
        if (child.exitStatus() != QProcess::NormalExit || child.exitCode() != 0)
            return Error{u"the %1 phase failed (exit code %2)"_s.arg(arguments.value(1)).arg(child.exitCode())};
        const QByteArray last = child.readAllStandardOutput().trimmed().split('\n').constLast();
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(last, &error);
        if (!document.isObject())
            return Error{u"cannot read the %1 phase's result: %2"_s.arg(arguments.value(1), error.errorString())};
        return document.object();
    }

    void report(const QJsonObject &baseline, const QJsonObject &console, bool markdown) const
    {
        QTextStream &stream = out();
        const auto heading = [&](const QString &title) {
            stream << (markdown ? u"#### "_s : QString()) << title << "\n\n";
        };
        const QJsonObject layout = console.value(u"layout"_s).toObject();
        const int rowHeight = layout.value(u"rowHeight"_s).toInt();
        const int rowsPerScreen = layout.value(u"viewportHeight"_s).toInt() / std::max(1, rowHeight);
        const auto frames = [](const QJsonObject &phase, const QString &key) {
            return sortedLatency(phase.value(u"frames"_s).toObject().value(key).toArray());
        };
        const Latency baselineFrames = frames(baseline, u"frameMs"_s);
        const Latency baselineSteps = frames(baseline, u"stepMs"_s);
        const Latency consoleFrames = frames(console, u"frameMs"_s);
        const Latency consoleSteps = frames(console, u"stepMs"_s);
        const Latency pageWaits = frames(console, u"pageWaitMs"_s);
        const Latency notify = sortedLatency(console.value(u"notifyMs"_s).toArray());
        const double firstPaint = console.value(u"firstPaintMs"_s).toDouble();
        const double rss =
            std::max(console.value(u"rssAfterLoadMb"_s).toDouble(), console.value(u"rssAfterScrollMb"_s).toDouble());
        const QString platform = qEnvironmentVariable("QT_QPA_PLATFORM");

        heading(u"Setup"_s);
        Table setup{{u"what"_s, u"value"_s}};
        setup.rows = {
            {u"machine"_s, describeMachine(m_loadAtStart)},
            {u"PostgreSQL"_s, describeSettings(m_settings)},
            {u"data"_s,
             u"%1 dead deliveries (unresolved) to %2 endpoints, %3 event types, created over the last 30 days; "
             "their events with ≈ 250-byte payloads; %4 attempt rows (%5 each for the newest %6); seeded set-based "
             "in %7 s, then VACUUM ANALYZE; deliveries, outbox_events and delivery_attempts take %8"_s.arg(
                 grouped(m_config.rows), QString::number(kCompanies.size() * kSystems.size()),
                 QString::number(kEventTypes.size()), grouped(double(m_attemptRows)), QString::number(kAttempts),
                 grouped(m_config.rowsWithAttempts), fixed(m_seedSeconds, 1), m_tableSizes)},
            {u"console"_s,
             u"ui::MainWindow (1440×860) opened on the Dead letters view in a child process, Qt platform %1; its "
             "table is %2×%3 px, %4 rows of %5 px on screen; pages of %6 rows (keyset, off the GUI thread)"_s.arg(
                 platform, QString::number(layout.value(u"width"_s).toInt()),
                 QString::number(layout.value(u"height"_s).toInt()), QString::number(rowsPerScreen),
                 QString::number(rowHeight), QString::number(console.value(u"pageSize"_s).toInt()))},
            {u"baseline"_s,
             u"a QTableView of the same size, row height and columns in a child process, on an in-memory "
             "QAbstractTableModel of %1 rows × %2 columns (the same kinds of texts, glyph, colour and fonts), built "
             "in %3 ms before the clock starts"_s.arg(grouped(m_config.rows),
                                                      QString::number(describe(View::DeadLetters).columns.size()),
                                                      fixed(baseline.value(u"modelBuiltMs"_s).toDouble(), 0))},
            {u"scrolling"_s,
             u"%1 steps of one page down through the vertical scroll bar, each painted at once with "
             "viewport()->repaint(); at the end of the loaded rows the view fetches more and the step waits for "
             "them"_s.arg(m_config.scrollSteps)},
            {u"NOTIFY"_s,
             u"%1 times, %2 ms apart: one transaction inserts an event that fans out to one endpoint, makes its "
             "delivery dead and records the failed attempt; from the commit returning to the view's model emitting "
             "newerRowsAvailable, through MainWindow's ChangeListener (the page's 5-s fallback check switched "
             "off)"_s.arg(QString::number(m_config.notifySamples), QString::number(m_config.notifyGapMs))},
        };
        setup.print(stream, markdown);

        heading(u"Results"_s);
        Table results{{u"measurement"_s, u"baseline (in memory)"_s, u"console (Dead letters)"_s, u"detail"_s}};
        results.rows = {
            {u"first screen painted"_s, u"%1 ms"_s.arg(fixed(baseline.value(u"firstPaintMs"_s).toDouble(), 1)),
             u"%1 ms"_s.arg(fixed(firstPaint, 1)),
             u"console: window built %1 ms, shown %2 ms, first page in the model %3 ms after the start"_s.arg(
                 fixed(console.value(u"constructedMs"_s).toDouble(), 1),
                 fixed(console.value(u"shownMs"_s).toDouble(), 1),
                 fixed(console.value(u"firstPageMs"_s).toDouble(), 1))},
            {u"frame: scroll a page and repaint"_s, spread(baselineFrames), spread(consoleFrames),
             u"%1 frames each"_s.arg(consoleFrames.sortedMs.size())},
            {u"frame with page loads and events"_s, spread(baselineSteps), spread(consoleSteps),
             u"the whole step: waiting for a page where one was needed, the frame, and the events that arrived"_s},
            {u"waits for a page while scrolling"_s, u"none"_s,
             u"%1 × (%2)"_s.arg(QString::number(pageWaits.sortedMs.size()), spread(pageWaits)),
             u"%1 pages loaded; %2 rows loaded after scrolling"_s.arg(
                 QString::number(console.value(u"pagesLoaded"_s).toInt()),
                 grouped(console.value(u"rowsLoaded"_s).toDouble()))},
            {u"resident memory after the first screen"_s, megabytes(baseline.value(u"rssAfterLoadMb"_s).toDouble()),
             megabytes(console.value(u"rssAfterLoadMb"_s).toDouble()), u"VmRSS, 1 s after the first paint"_s},
            {u"resident memory after scrolling"_s, megabytes(baseline.value(u"rssAfterScrollMb"_s).toDouble()),
             megabytes(console.value(u"rssAfterScrollMb"_s).toDouble()), u"VmRSS, 1 s after the last step"_s},
            {u"the view's SQL alone (no GUI)"_s, u"-"_s,
             u"first page %1 ms, later pages p50 %2 / max %3 ms, newer-rows count %4 ms"_s.arg(
                 fixed(m_sqlMs.value(u"firstPage"_s), 1), fixed(m_sqlMs.value(u"laterPageP50"_s), 1),
                 fixed(m_sqlMs.value(u"laterPageMax"_s), 1), fixed(m_sqlMs.value(u"countNewer"_s), 1)),
             u"core::fetchPage and core::countNewer on a connection of the benchmark process, opened in %1 ms; "
             "29 later pages; the window's counts (core::collectStats) took %2 ms (every 2 s), %3 ms with the "
             "totals (every 30 s)"_s.arg(fixed(m_sqlMs.value(u"connect"_s), 1), fixed(m_sqlMs.value(u"stats"_s), 1),
                                         fixed(m_sqlMs.value(u"statsWithTotals"_s), 1))},
            {u"other views' pages loaded on the same query thread"_s, u"-"_s, otherViewLoads(console),
             u"views never shown (ms from the start: requested → in)"_s},
            {u"server statements ≥ 250 ms while the console ran"_s, u"-"_s,
             m_slowStatementMs.isEmpty() ? u"none"_s
                                         : u"%1, the slowest %2 ms"_s.arg(QString::number(m_slowStatementMs.size()),
                                                                          fixed(m_slowStatementMs.constLast(), 1)),
             u"auto_explain; the slowest one's query and plan are in the program's log (stderr)"_s},
            {u"NOTIFY → view"_s, u"-"_s, spread(notify),
             u"%1 commits, each announced (newerRowsAvailable = %2 at the end)"_s.arg(
                 QString::number(notify.sortedMs.size()), QString::number(console.value(u"announcedAtEnd"_s).toInt()))},
        };
        results.print(stream, markdown);

        heading(u"Targets (PRODUCT.md §7)"_s);
        const auto verdict = [](bool met) { return met ? u"met"_s : u"NOT met"_s; };
        Table targets{{u"target"_s, u"measured"_s, u"verdict"_s}};
        targets.rows = {
            {u"first screen ≤ 200 ms"_s, u"%1 ms"_s.arg(fixed(firstPaint, 1)), verdict(firstPaint <= 200)},
            {u"≤ 16 ms per frame (p95, page loads included)"_s,
             u"%1 ms (max %2 ms)"_s.arg(fixed(consoleSteps.percentile(95), 1), fixed(consoleSteps.percentile(100), 1)),
             verdict(consoleSteps.percentile(95) <= 16)},
            {u"< 250 MB resident"_s, megabytes(rss), verdict(rss < 250)},
            {u"NOTIFY → view ≤ 250 ms (p95)"_s,
             u"%1 ms (max %2 ms)"_s.arg(fixed(notify.percentile(95), 1), fixed(notify.percentile(100), 1)),
             verdict(notify.percentile(95) <= 250)},
        };
        targets.print(stream, markdown);
        stream.flush();
    }

    Config m_config;
    QString m_loadAtStart;
    QHash<QString, QString> m_settings;
    double m_seedSeconds = 0;
    qint64 m_attemptRows = 0;
    QString m_tableSizes;
    QHash<QString, double> m_sqlMs;  // timeQueries()
    QList<double> m_slowStatementMs; // readSlowStatements()
    std::pair<double, QString> m_slowestPlan;
    KeysetPosition m_newest;
    ScratchCluster m_cluster;
    std::unique_ptr<DatabaseConnection> m_admin;
};

struct Invocation
{
    Config config;
    QString phase; // empty: the benchmark itself
    QString database;
    QJsonObject layout;
};

std::optional<Invocation> parseArguments(const QCoreApplication &app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Measures the console's Dead letters view over 1,000,000 dead deliveries (first paint, frame time while "
        "scrolling, resident memory, NOTIFY → view) against a QTableView on an in-memory model of the same size, in "
        "one invocation, on a throwaway durable PostgreSQL cluster. See docs/benchmarks.md; bench/console/run.sh "
        "builds and runs it."_s);
    parser.addHelpOption();
    parser.addOptions({
        {u"rows"_s, u"Dead deliveries seeded, and rows of the baseline model (default 1000000)."_s, u"n"_s},
        {u"rows-with-attempts"_s, u"The newest dead deliveries that get attempt rows (default 250000)."_s, u"n"_s},
        {u"scroll-steps"_s, u"Pages scrolled down (default 200)."_s, u"n"_s},
        {u"notify-samples"_s, u"Dead deliveries committed for the NOTIFY → view latency (default 20)."_s, u"n"_s},
        {u"notify-gap-ms"_s, u"Pause after each of them (default 500)."_s, u"ms"_s},
        {u"markdown"_s, u"Also print the tables as Markdown for docs/benchmarks.md."_s},
    });
    // The child processes' options.
    for (const QString &name : {u"phase"_s, u"database"_s, u"layout"_s}) {
        QCommandLineOption option(name, QString(), name);
        option.setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(option);
    }
    parser.process(app);

    Invocation invocation;
    Config &config = invocation.config;
    QString error;
    readPositive(parser, u"rows"_s, config.rows, error);
    readPositive(parser, u"rows-with-attempts"_s, config.rowsWithAttempts, error);
    readPositive(parser, u"scroll-steps"_s, config.scrollSteps, error);
    readPositive(parser, u"notify-samples"_s, config.notifySamples, error);
    readPositive(parser, u"notify-gap-ms"_s, config.notifyGapMs, error);
    config.rowsWithAttempts = std::min(config.rowsWithAttempts, config.rows);
    config.markdown = parser.isSet(u"markdown"_s);
    invocation.phase = parser.value(u"phase"_s);
    invocation.database = parser.value(u"database"_s);
    invocation.layout = QJsonDocument::fromJson(parser.value(u"layout"_s).toUtf8()).object();
    if (!parser.positionalArguments().isEmpty())
        error = u"unexpected argument '%1'"_s.arg(parser.positionalArguments().constFirst());
    if (!error.isEmpty()) {
        note(error);
        return std::nullopt;
    }
    return invocation;
}

int runPhase(const Invocation &invocation)
{
    Result<QJsonObject> result = Error{u"unknown phase '%1'"_s.arg(invocation.phase)};
    if (invocation.phase == u"console"_s) {
        auto settings = ConnectionSettings::fromUrl(invocation.database);
        result =
            settings ? runConsole(settings.value(), invocation.config) : Result<QJsonObject>(Error{settings.error()});
    } else if (invocation.phase == u"baseline"_s) {
        result = runBaseline(invocation.layout, invocation.config);
    }
    if (!result) {
        note(result.error());
        return 1;
    }
    printResult(result.value());
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    // The phases need widgets; the benchmark itself only a cluster and child processes.
    bool child = false;
    for (int i = 1; i < argc; ++i)
        child = child || std::strcmp(argv[i], "--phase") == 0;
    std::unique_ptr<QCoreApplication> app =
        child ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(u"bench_console"_s);
    const auto invocation = parseArguments(*app);
    if (!invocation)
        return 2;

    stopOnTerminationSignals();
    if (child)
        return runPhase(*invocation);
    const Status done = ConsoleBench(invocation->config).run();
    if (!done) {
        note(done.error());
        return 1;
    }
    return 0;
}
