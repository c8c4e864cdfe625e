#include "OverviewPage.h"

#include <QDateTime>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

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
                                                    {u"outbox"_s, u"delivered"_s, tr("Delivered"), false}}));
    cards->addWidget(makeCard(tr("Deliveries"), {{u"deliveries"_s, u"pending"_s, tr("Pending"), false},
                                                 {u"deliveries"_s, u"in_flight"_s, tr("In flight"), false},
                                                 {u"deliveries"_s, u"delivered"_s, tr("Delivered"), false},
                                                 {u"deliveries"_s, u"unknown"_s, tr("Outcome unknown"), true},
                                                 {u"deliveries"_s, u"held"_s, tr("Held (endpoint disabled)"), true},
                                                 {u"deliveries"_s, u"dead"_s, tr("Dead letters"), true}}));
    cards->addWidget(makeCard(tr("Inbox"), {{u"inbox"_s, u"pending"_s, tr("Pending"), false},
                                            {u"inbox"_s, u"processed"_s, tr("Processed"), false},
                                            {u"inbox"_s, u"deferred"_s, tr("Deferred"), false},
                                            {u"inbox"_s, u"quarantined"_s, tr("Quarantined"), true}}));
    layout->addLayout(cards);

    m_updated = new QLabel(tr("Waiting for the first counts…"), this);
    m_updated->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_updated);
    layout->addStretch(1);
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
        it.value()->setStyleSheet(alert ? u"color: #c62828;"_s : QString());
    }
    m_updated->setText(tr("Updated %1 · schema version %2")
                           .arg(QLocale().toString(QTime::currentTime(), QLocale::LongFormat))
                           .arg(stats.value(u"schema_version"_s).toInt()));
}

} // namespace hookyard::ui
