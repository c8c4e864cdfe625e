#include "OverviewPage.h"

#include "StatusColours.h"

#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QUrl>
#include <QVBoxLayout>
#include <QValueAxis>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

OverviewPage::OverviewPage(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    auto *title = new QLabel(tr("Overview"), this);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.5);
    titleFont.setBold(true);
    title->setFont(titleFont);
    layout->addWidget(title);

    auto *cards = new QHBoxLayout;
    cards->addWidget(makeCard(tr("Outbox events"), {{u"outbox"_s, u"pending"_s, tr("Pending"), false},
                                                    {u"outbox"_s, u"delivered"_s, tr("Delivered"), false},
                                                    // Resolved dead deliveries keep their events here; the
                                                    // Deliveries card's dead letters are what needs a person.
                                                    {u"outbox"_s, u"dead"_s, tr("With a dead delivery"), false}}));
    cards->addWidget(makeCard(tr("Deliveries"), {{u"deliveries"_s, u"pending"_s, tr("Pending"), false},
                                                 {u"deliveries"_s, u"in_flight"_s, tr("In flight"), false},
                                                 {u"deliveries"_s, u"delivered"_s, tr("Delivered"), false},
                                                 {u"deliveries"_s, u"unknown"_s, tr("Outcome unknown"), true},
                                                 {u"deliveries"_s, u"held"_s, tr("Held (endpoint disabled)"), true},
                                                 {u"deliveries"_s, u"dead"_s, tr("Dead, unresolved"), true}}));
    cards->addWidget(
        makeCard(tr("Inbox"), {{u"inbox"_s, u"pending"_s, tr("Pending"), false},
                               {u"inbox"_s, u"processed"_s, tr("Processed"), false},
                               {u"inbox"_s, u"deferred"_s, tr("Deferred"), false},
                               {u"inbox"_s, u"quarantined"_s, tr("Quarantined"), false},
                               {u"inbox"_s, u"quarantined_unresolved"_s, tr("Quarantined, unresolved"), true},
                               {u"rejected"_s, u"last_hour"_s, tr("Rejected (last hour)"), true}}));
    layout->addLayout(cards);

    m_engines = new QLabel(tr("Connected now — relays: – · workers: – · receivers: –"), this);
    m_engines->setAccessibleName(tr("Engines connected"));
    m_engines->setTextFormat(Qt::PlainText);
    layout->addWidget(m_engines);
    m_engineWarnings = new QLabel(this);
    m_engineWarnings->setAccessibleName(tr("Work waiting for an engine"));
    m_engineWarnings->setTextFormat(Qt::PlainText);
    m_engineWarnings->setWordWrap(true);
    m_engineWarnings->hide();
    layout->addWidget(m_engineWarnings);

    // The last hour, per minute: what the relays delivered and failed, what the receiver took in.
    auto *chart = new QChart;
    chart->setTitle(tr("Last hour, per minute"));
    chart->legend()->setAlignment(Qt::AlignBottom);
    m_delivered = new QLineSeries(chart);
    m_delivered->setName(tr("✓ delivered"));
    m_failed = new QLineSeries(chart);
    m_failed->setName(tr("✕ failed attempts"));
    m_received = new QLineSeries(chart);
    m_received->setName(tr("↓ received"));
    m_timeAxis = new QDateTimeAxis(chart);
    m_timeAxis->setFormat(u"HH:mm"_s);
    m_timeAxis->setTickCount(7);
    m_countAxis = new QValueAxis(chart);
    m_countAxis->setLabelFormat(u"%d"_s);
    m_countAxis->setMin(0);
    chart->addAxis(m_timeAxis, Qt::AlignBottom);
    chart->addAxis(m_countAxis, Qt::AlignLeft);
    for (QLineSeries *series : {m_delivered, m_failed, m_received}) {
        chart->addSeries(series);
        series->attachAxis(m_timeAxis);
        series->attachAxis(m_countAxis);
    }
    m_chartView = new QChartView(chart, this);
    paintChartWithPalette();
    m_chartView->setRenderHint(QPainter::Antialiasing);
    m_chartView->setMinimumHeight(200);
    m_chartView->setAccessibleName(tr("Attempts and received webhooks per minute, last hour"));
    layout->addWidget(m_chartView, 1);

    auto *failingTitle = new QLabel(tr("Endpoints with failed attempts (last hour)"), this);
    QFont failingFont = failingTitle->font();
    failingFont.setBold(true);
    failingTitle->setFont(failingFont);
    layout->addWidget(failingTitle);
    m_failing = new QLabel(tr("None"), this);
    m_failing->setAccessibleName(tr("Endpoints with failed attempts"));
    // Each endpoint named links to its dead letters (found by a helper: the name could not be clicked, and the
    // operator typed it into the Dead letters filter). Every text put in it is escaped.
    m_failing->setTextFormat(Qt::RichText);
    m_failing->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_failing->setToolTip(tr("Click an endpoint to see its dead letters"));
    connect(m_failing, &QLabel::linkActivated, this, [this](const QString &link) {
        Q_EMIT endpointChosen(QUrl::fromPercentEncoding(link.mid(int(qstrlen("endpoint:"))).toUtf8()));
    });
    m_failing->setWordWrap(true);
    layout->addWidget(m_failing);

    m_updated = new QLabel(tr("Waiting for the first counts…"), this);
    m_updated->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_updated);
}

QWidget *OverviewPage::makeCard(const QString &title, const QList<Counter> &counters)
{
    auto *card = new QGroupBox(title, this);
    auto *grid = new QGridLayout(card);
    int row = 0;
    for (const Counter &counter : counters) {
        auto *name = new QLabel(counter.label, card);
        auto *value = new QLabel(u"–"_s, card);
        value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont valueFont = value->font();
        valueFont.setPointSizeF(valueFont.pointSizeF() * 1.3);
        valueFont.setBold(true);
        value->setFont(valueFont);
        value->setAccessibleName(title + u": "_s + counter.label);
        name->setBuddy(value);
        grid->addWidget(name, row, 0);
        grid->addWidget(value, row, 1);
        const QString key = counter.section + u'/' + counter.key;
        m_values.insert(key, value);
        m_alerting.insert(key, counter.needsAttention);
        ++row;
    }
    grid->setColumnStretch(0, 1);
    grid->setRowStretch(row, 1);
    return card;
}

void OverviewPage::showStats(const QJsonObject &stats)
{
    const QLocale locale;
    for (auto it = m_values.begin(); it != m_values.end(); ++it) {
        const QString section = it.key().section(u'/', 0, 0);
        const QString key = it.key().section(u'/', 1);
        const qint64 count = stats.value(section).toObject().value(key).toInteger();
        // Colour alone is not enough (colour-blind operators): an alert also carries a glyph.
        const bool alert = m_alerting.value(it.key()) && count > 0;
        it.value()->setText(alert ? u"⚠ "_s + locale.toString(count) : locale.toString(count));
        it.value()->setStyleSheet(alert ? alertStyle() : QString());
    }
    const EnginesRunning engines = enginesRunning(stats);
    m_engines->setText(engines.summary);
    m_engineWarnings->setText(engines.warnings.join(u'\n'));
    m_engineWarnings->setStyleSheet(alertStyle());
    m_engineWarnings->setVisible(!engines.warnings.isEmpty());
    showActivity(stats.value(u"activity"_s).toObject());
    // The delivered and processed totals count all history and are read less often (StatsPoller): a sandbox a few
    // seconds old otherwise showed "Delivered 0" beside a chart of deliveries.
    const QDateTime totalsReadAt =
        QDateTime::fromString(stats.value(u"totals_read_at"_s).toString(), Qt::ISODate).toLocalTime();
    m_updated->setText(tr("Updated %1 · delivered and processed totals as of %2 · schema version %3")
                           .arg(QLocale().toString(QTime::currentTime(), QLocale::LongFormat),
                                QLocale().toString(totalsReadAt.time(), QLocale::LongFormat))
                           .arg(stats.value(u"schema_version"_s).toInt()));
}

OverviewPage::EnginesRunning OverviewPage::enginesRunning(const QJsonObject &stats)
{
    const auto count = [&](const char *section, const char *key) {
        return stats.value(QLatin1StringView(section)).toObject().value(QLatin1StringView(key)).toInteger();
    };
    const qint64 relays = count("engines", "relays");
    const qint64 workers = count("engines", "workers");
    const qint64 receivers = count("engines", "receivers");
    EnginesRunning running;
    // Counts after a colon: no plural forms to get wrong in any language.
    running.summary = tr("Connected now — relays: %1 · workers: %2 · receivers: %3")
                          .arg(QLocale().toString(relays), QLocale().toString(workers), QLocale().toString(receivers));
    // Colour is not the only cue: each warning starts with a glyph.
    if (const qint64 waiting = count("deliveries", "pending"); relays == 0 && waiting > 0)
        running.warnings
            << tr("⚠ No relay is connected; deliveries waiting for one: %1").arg(QLocale().toString(waiting));
    if (const qint64 waiting = count("inbox", "pending"); workers == 0 && waiting > 0)
        running.warnings
            << tr("⚠ No worker is connected; received webhooks waiting for one: %1").arg(QLocale().toString(waiting));
    return running;
}

QString OverviewPage::alertStyle() const
{
    return u"color: %1;"_s.arg(StatusColours(palette()).bad.name());
}

void OverviewPage::showActivity(const QJsonObject &activity)
{
    QList<QPointF> delivered;
    QList<QPointF> failed;
    QList<QPointF> received;
    qint64 highest = 1;
    QDateTime first;
    QDateTime last;
    for (const QJsonValue &value : activity.value(u"minutes"_s).toArray()) {
        const QJsonObject minute = value.toObject();
        const QDateTime at = QDateTime::fromString(minute.value(u"minute"_s).toString(), Qt::ISODate);
        if (!first.isValid())
            first = at;
        last = at;
        const double x = double(at.toMSecsSinceEpoch());
        delivered.append({x, double(minute.value(u"delivered"_s).toInteger())});
        failed.append({x, double(minute.value(u"failed"_s).toInteger())});
        received.append({x, double(minute.value(u"received"_s).toInteger())});
        for (const char *key : {"delivered", "failed", "received"})
            highest = std::max(highest, minute.value(QLatin1StringView(key)).toInteger());
    }
    m_delivered->replace(delivered);
    m_failed->replace(failed);
    m_received->replace(received);
    if (first.isValid())
        m_timeAxis->setRange(first.toLocalTime(), last.toLocalTime());
    m_countAxis->setRange(0, double(highest) * 1.1);

    // Failing now (the latest attempt failed: "active, failing" in the Endpoints view) is an alert; an endpoint that
    // answered since has recovered, and its failures are history.
    QStringList lines;
    bool failingNow = false;
    for (const QJsonValue &value : activity.value(u"failing_endpoints"_s).toArray()) {
        const QJsonObject endpoint = value.toObject();
        const bool now = endpoint.value(u"failing_now"_s).toBool();
        failingNow = failingNow || now;
        const QString name = endpoint.value(u"endpoint"_s).toString();
        const QString link = u"<a href=\"endpoint:%1\">%2</a>"_s.arg(QString::fromLatin1(QUrl::toPercentEncoding(name)),
                                                                     name.toHtmlEscaped());
        // The link goes in after the translation is escaped, all values in one pass: a name holding "%2" stays so.
        lines << (now ? tr("⚠ %1 — failing now: %2 of %3 attempts failed · last: %4")
                      : tr("✓ %1 — recovered: %2 of %3 attempts failed · last: %4"))
                     .toHtmlEscaped()
                     .arg(link, QString::number(endpoint.value(u"failed"_s).toInteger()),
                          QString::number(endpoint.value(u"attempts"_s).toInteger()),
                          endpoint.value(u"last_error"_s).toString().toHtmlEscaped());
    }
    m_failing->setText(lines.isEmpty() ? tr("None").toHtmlEscaped() : lines.join(u"<br>"_s));
    m_failing->setStyleSheet(failingNow ? alertStyle() : QString());
}

void OverviewPage::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        paintChartWithPalette(); // found by a helper trying the console: the dark theme left the chart white
}

void OverviewPage::paintChartWithPalette()
{
    QChart *chart = m_chartView->chart();
    const QColor text = palette().color(QPalette::WindowText);
    chart->setBackgroundBrush(palette().color(QPalette::Base));
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    const StatusColours colours(palette());
    m_delivered->setColor(colours.good);
    m_failed->setColor(colours.bad);
    m_received->setColor(colours.info);
    for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(m_timeAxis), static_cast<QAbstractAxis *>(m_countAxis)}) {
        axis->setLabelsColor(text);
        axis->setGridLineColor(palette().color(QPalette::Mid));
    }
}

} // namespace hookyard::ui
