#include "DetailPane.h"

#include "JsonHighlighter.h"
#include "TimelineWidget.h"
#include "models/RowsModel.h"

#include "db/Database.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTextDocument>
#include <QTextEdit>
#include <QThread>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtMath>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

// Runs loadDetail on the pane's thread, on a connection of its own opened at the first load.
class DetailLoader final : public QObject
{
    Q_OBJECT
public:
    DetailLoader(core::ConnectionSettings settings, std::shared_ptr<std::atomic<quint64>> latest)
        : m_settings(std::move(settings))
        , m_latest(std::move(latest))
    {}
    Q_DISABLE_COPY_MOVE(DetailLoader)

    void load(quint64 generation, const core::RowRef &row)
    {
        if (generation != m_latest->load()) // a newer request is queued behind this one
            return;
        if (!m_connection || !m_connection->database().isOpen()) {
            auto opened = core::DatabaseConnection::open(m_settings, u"console-detail"_s);
            if (!opened) {
                Q_EMIT failed(generation, opened.error());
                return;
            }
            m_connection = std::move(opened.value());
        }
        auto detail = core::loadDetail(*m_connection, row);
        if (!detail) {
            if (!m_connection->database().isOpen())
                m_connection.reset(); // reconnect next time: the server may have restarted
            Q_EMIT failed(generation, detail.error());
            return;
        }
        Q_EMIT loaded(generation, detail.value());
    }

Q_SIGNALS:
    void loaded(quint64 generation, const hookyard::core::RowDetail &detail);
    void failed(quint64 generation, const QString &reason);

private:
    core::ConnectionSettings m_settings;
    std::shared_ptr<std::atomic<quint64>> m_latest;
    std::unique_ptr<core::DatabaseConnection> m_connection;
};

namespace {

using Field = core::DetailFact::Field;

QString factLabel(Field field)
{
    switch (field) {
    case Field::EventId:
        return DetailPane::tr("Event id");
    case Field::DeliveryId:
        return DetailPane::tr("Delivery");
    case Field::InboxId:
        return DetailPane::tr("Inbox id");
    case Field::PartnerEventId:
        return DetailPane::tr("Partner event id");
    case Field::RecordId:
        return DetailPane::tr("Record");
    case Field::EventType:
        return DetailPane::tr("Event type");
    case Field::Endpoint:
        return DetailPane::tr("Endpoint");
    case Field::Url:
        return DetailPane::tr("URL");
    case Field::Partner:
        return DetailPane::tr("Partner");
    case Field::Aggregate:
        return DetailPane::tr("Aggregate");
    case Field::Entity:
        return DetailPane::tr("Entity");
    case Field::State:
        return DetailPane::tr("State");
    case Field::Reason:
        return DetailPane::tr("Why");
    case Field::Attempts:
        return DetailPane::tr("Attempts");
    case Field::Created:
        return DetailPane::tr("Created");
    case Field::EventCreated:
        return DetailPane::tr("Event created");
    case Field::Received:
        return DetailPane::tr("Received");
    case Field::Processed:
        return DetailPane::tr("Processed");
    case Field::StatusCode:
        return DetailPane::tr("Answered");
    case Field::RemoteAddress:
        return DetailPane::tr("From");
    case Field::BodySize:
    case Field::UnreadBodySize:
        return DetailPane::tr("Body");
    case Field::Action:
        return DetailPane::tr("Action");
    case Field::Subject:
        return DetailPane::tr("Subject");
    case Field::OsUser:
        return DetailPane::tr("OS user");
    case Field::DbRole:
        return DetailPane::tr("Database role");
    case Field::Scheme:
        return DetailPane::tr("Signature scheme");
    case Field::EventTypes:
        return DetailPane::tr("Event types");
    case Field::RetrySchedule:
        return DetailPane::tr("Retry schedule (s)");
    case Field::AttemptsLastHour:
        return DetailPane::tr("Attempts, last hour");
    case Field::FailedLastHour:
        return DetailPane::tr("Failed, last hour");
    case Field::Note:
        return DetailPane::tr("Note");
    }
    return {};
}

QString absoluteTime(const QDateTime &at)
{
    return QLocale().toString(at.toLocalTime(), u"yyyy-MM-dd HH:mm:ss t"_s);
}

QString factText(const core::DetailFact &fact)
{
    if (fact.value.typeId() == QMetaType::QDateTime)
        return absoluteTime(fact.value.toDateTime());
    if (fact.field == Field::BodySize)
        return DetailPane::tr("%1 bytes").arg(QLocale().toString(fact.value.toLongLong()));
    if (fact.field == Field::UnreadBodySize) {
        const qint64 announced = fact.value.toLongLong();
        return announced > 0 ? DetailPane::tr("not read: turned away from the request's head (%1 bytes announced)")
                                   .arg(QLocale().toString(announced))
                             : DetailPane::tr("not read: turned away from the request's head");
    }
    return fact.value.toString();
}

// A state with its glyph, so that it reads without colour: as the lists show it (RowsModel), one glyph per state.
QString stateText(const QString &state)
{
    const QString lower = state.toLower();
    return QString(RowsModel::stateGlyph(lower) + u' ' + RowsModel::stateName(lower)).trimmed();
}

QString headerText(const core::DetailHeader &header)
{
    switch (header.kind) {
    case core::DetailHeader::Value::Literal:
    case core::DetailHeader::Value::Masked:
        return header.name + u": "_s + header.value;
    case core::DetailHeader::Value::AttemptTimestamp:
        return header.name + DetailPane::tr(": ‹Unix time of each attempt›");
    case core::DetailHeader::Value::AttemptSignature:
        return header.name + DetailPane::tr(": ‹v1,HMAC-SHA256 per active secret, signed per attempt›");
    }
    return {};
}

QString signatureText(const core::SignatureVerdict &signature)
{
    using Verdict = core::SignatureVerdict::Verdict;
    QString verdict;
    switch (signature.verdict) {
    case Verdict::Signed:
        verdict = DetailPane::tr("✓ signed (%1)").arg(signature.scheme);
        break;
    case Verdict::Unsigned:
        verdict = DetailPane::tr("⚠ not signed: the endpoint has no active secret");
        break;
    case Verdict::Verified:
        verdict = DetailPane::tr("✓ signature verified (%1)").arg(signature.scheme);
        break;
    case Verdict::NotVerified:
        verdict = DetailPane::tr("⚠ signature not verified (%1)").arg(signature.scheme);
        break;
    case Verdict::Unknown:
        verdict = signature.scheme.isEmpty() ? DetailPane::tr("? no signature verdict recorded")
                                             : DetailPane::tr("scheme %1").arg(signature.scheme);
        break;
    }
    QStringList secrets;
    for (const core::MaskedSecret &secret : signature.activeSecrets) {
        secrets << (secret.expiresAt.isValid()
                        ? DetailPane::tr("%1 (expires %2)").arg(secret.masked, absoluteTime(secret.expiresAt))
                        : secret.masked);
    }
    if (secrets.isEmpty())
        return verdict;
    return verdict + u'\n' + DetailPane::tr("Active secrets: %1").arg(secrets.join(u", "_s));
}

// `rowState` is the inbox row's: once it is processed, its event is behind the entity's state, and whether the state
// allows it now says nothing about it.
QString entityText(const core::EntityPosition &entity, const QString &eventType, const QString &rowState)
{
    QString text = entity.state.isEmpty()
                       ? DetailPane::tr("%1 %2 does not exist yet.").arg(entity.entityType, entity.entityId)
                       : DetailPane::tr("%1 %2 is in state “%3” (since %4).")
                             .arg(entity.entityType, entity.entityId, entity.state, absoluteTime(entity.updatedAt));
    if (!entity.transitionsDecide) {
        text += u'\n' + DetailPane::tr("Its partner does not apply state transitions (timestamp or store-only mode): "
                                       "no event waits for another.");
    } else {
        QStringList next;
        for (const auto &transition : entity.allowedNext)
            next << DetailPane::tr("%1 → %2").arg(transition.eventType, transition.toState);
        text += u'\n' + (next.isEmpty() ? DetailPane::tr("No event is allowed from here.")
                                        : DetailPane::tr("Allowed next: %1").arg(next.join(u", "_s)));
    }
    if (eventType.isEmpty())
        return text;
    if (rowState.compare(u"processed"_s, Qt::CaseInsensitive) == 0)
        text += u'\n' + DetailPane::tr("✓ This %1 has been processed.").arg(eventType);
    else if (!entity.transitionsDecide)
        return text;
    else if (!entity.thisEventKnown)
        text += u'\n' + DetailPane::tr("✕ No transition of the partner's state machine names %1: it is never allowed "
                                       "until one is added to state_transitions (docs/inbox.md).")
                            .arg(eventType);
    else
        text += u'\n' + (entity.thisEventAllowed ? DetailPane::tr("✓ %1 is allowed now.").arg(eventType)
                                                 : DetailPane::tr("◔ %1 is not allowed yet.").arg(eventType));
    return text;
}

// Read-only text drawn on the pane's own background, as a label is.
void showOnPaneBackground(QWidget *widget)
{
    QPalette palette = widget->palette();
    palette.setColor(QPalette::Base, Qt::transparent);
    widget->setPalette(palette);
}

// Text that wraps between words. It never widens the pane: a word longer than the pane is cut at its edge rather
// than making the whole detail scroll sideways (selecting it still copies it whole).
QLabel *valueLabel(const QString &text, const QString &accessibleName, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setWordWrap(true);
    label->setMinimumWidth(1);
    label->setAccessibleName(accessibleName);
    return label;
}

// An identifier has nowhere to wrap: in a narrow pane it scrolls within its own line, and copies whole, instead of
// widening the pane. Its tooltip shows it whole.
QLineEdit *idField(const QString &id, const QString &accessibleName, QWidget *parent)
{
    auto *field = new QLineEdit(id, parent);
    field->setReadOnly(true);
    field->setFrame(false);
    field->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    field->setAccessibleName(accessibleName);
    field->setToolTip(id);
    field->setCursorPosition(0);
    field->setFixedHeight(field->fontMetrics().height() + 2); // a line of text, as the labels beside it take
    showOnPaneBackground(field);
    return field;
}

} // namespace

DetailPane::DetailPane(const core::ConnectionSettings &settings, QWidget *parent)
    : QWidget(parent)
    , m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    setAccessibleName(tr("Detail"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setAccessibleName(tr("Detail of the selected row"));
    auto *content = new QWidget(m_scroll);
    m_body = new QVBoxLayout(content);

    auto *header = new QHBoxLayout;
    m_title = new QLabel(content);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAccessibleName(tr("Title"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    m_title->setMinimumWidth(1); // a title with no space to wrap at (a long key) is cut, with its tooltip whole
    m_state = new QLabel(content);
    m_state->setAccessibleName(tr("State"));
    QFont stateFont = m_state->font();
    stateFont.setBold(true);
    m_state->setFont(stateFont);
    m_copyId = new QToolButton(content);
    m_copyId->setText(tr("Copy id"));
    m_copyId->setAccessibleName(tr("Copy id"));
    connect(m_copyId, &QToolButton::clicked, this, [this] {
        if (m_detail)
            QApplication::clipboard()->setText(m_detail->primaryId);
    });
    header->addWidget(m_title, 1);
    header->addWidget(m_state);
    header->addWidget(m_copyId);
    m_body->addLayout(header);

    m_status = new QLabel(tr("Select a row to see its detail."), content);
    m_status->setAccessibleName(tr("Detail status"));
    m_status->setWordWrap(true);
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_body->addWidget(m_status);

    m_facts = new QFormLayout;
    m_facts->setLabelAlignment(Qt::AlignLeft);
    m_facts->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_body->addLayout(m_facts);

    m_timelineTitle = addSection(tr("Timeline"));
    m_timelines = new QVBoxLayout;
    m_body->addLayout(m_timelines);

    m_payloadTitle = addSection(tr("Payload"));
    m_payload = new QPlainTextEdit(content);
    m_payload->setReadOnly(true);
    m_payload->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_payload->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_payload->setAccessibleName(tr("Payload"));
    m_payload->setTabChangesFocus(true);
    m_highlighter = new JsonHighlighter(m_payload->document(), palette());
    m_body->addWidget(m_payload);

    m_headersTitle = addSection(tr("Headers"));
    // A header's value (a signature, a user agent with a URL) is often one long word: these lines wrap anywhere,
    // and the box is as tall as its wrapped lines, so that only the pane scrolls.
    m_headers = new QTextEdit(content);
    m_headers->setReadOnly(true);
    m_headers->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_headers->setAcceptRichText(false);
    m_headers->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_headers->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    m_headers->setFrameShape(QFrame::NoFrame);
    m_headers->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_headers->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_headers->setTabChangesFocus(true);
    m_headers->setAccessibleName(tr("Headers"));
    m_headers->document()->setDocumentMargin(0);
    showOnPaneBackground(m_headers);
    connect(m_headers->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, m_headers,
            [this](const QSizeF &size) { m_headers->setFixedHeight(qCeil(size.height())); });
    m_body->addWidget(m_headers);
    m_signatureTitle = addSection(tr("Signature"));
    m_signature = valueLabel({}, tr("Signature verdict"), content);
    m_body->addWidget(m_signature);
    m_entityTitle = addSection(tr("Entity state"));
    m_entity = valueLabel({}, tr("Entity state"), content);
    m_body->addWidget(m_entity);

    m_body->addStretch(1);

    m_scroll->setWidget(content);
    outer->addWidget(m_scroll, 1);

    // Below the scrolled detail, so that the actions stay in reach however long the payload is.
    m_actions = new QWidget(this);
    auto *actions = new QHBoxLayout(m_actions);
    actions->setContentsMargins(9, 4, 9, 9);
    const auto addButton = [&](const QString &text, void (DetailPane::*signal)(const core::RowRef &)) {
        auto *button = new QPushButton(text, m_actions);
        button->setAccessibleName(text);
        connect(button, &QPushButton::clicked, this, [this, signal] { Q_EMIT(this->*signal)(m_row); });
        actions->addWidget(button);
        return button;
    };
    m_replay = addButton(tr("Replay"), &DetailPane::replayRequested);
    m_retryNow = addButton(tr("Retry now"), &DetailPane::retryNowRequested);
    m_resolve = addButton(tr("Resolve…"), &DetailPane::resolveRequested);
    m_copyAsCurl = addButton(tr("Copy as curl"), &DetailPane::copyAsCurlRequested);
    actions->addStretch(1);
    outer->addWidget(m_actions);

    m_thread = new QThread(this);
    m_thread->setObjectName(u"console-detail"_s);
    m_loader = new DetailLoader(settings, m_generation);
    m_loader->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_loader, &QObject::deleteLater);
    connect(m_loader, &DetailLoader::loaded, this, &DetailPane::loadFinished);
    connect(m_loader, &DetailLoader::failed, this, &DetailPane::loadError);
    m_thread->start();

    showDetail({});
    m_status->setText(tr("Select a row to see its detail."));
}

DetailPane::~DetailPane()
{
    m_thread->quit();
    m_thread->wait();
}

void DetailPane::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_highlighter)
        m_highlighter->setPalette(palette());
}

QSize DetailPane::sizeHint() const
{
    const int name = fontMetrics().horizontalAdvance(tr("Partner event id"));
    const int id = QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont))
                       .horizontalAdvance(u"00000000-0000-0000-0000-000000000000"_s);
    // The layouts' margins and spacing, and the scroll area's vertical bar.
    const int margins = 8 * fontMetrics().averageCharWidth() + style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    return {name + id + margins, QWidget::sizeHint().height()};
}

void DetailPane::setReadOnly(bool readOnly, const QString &why)
{
    m_readOnly = readOnly;
    m_readOnlyReason = why;
    updateActions();
}

void DetailPane::showRow(const core::RowRef &row)
{
    m_row = row;
    if (!row.isValid()) {
        m_generation->fetch_add(1); // any load in flight is for a row no longer shown
        showDetail({});
        m_status->setText(tr("Select a row to see its detail."));
        return;
    }
    m_status->setText(tr("Loading…"));
    requestLoad();
}

void DetailPane::reload()
{
    if (m_row.isValid())
        requestLoad();
}

void DetailPane::requestLoad()
{
    const quint64 generation = m_generation->fetch_add(1) + 1;
    QMetaObject::invokeMethod(
        m_loader, [loader = m_loader, generation, row = m_row] { loader->load(generation, row); },
        Qt::QueuedConnection);
}

void DetailPane::loadFinished(quint64 generation, const core::RowDetail &detail)
{
    if (generation == m_generation->load())
        showDetail(detail);
}

void DetailPane::loadError(quint64 generation, const QString &reason)
{
    if (generation != m_generation->load())
        return;
    m_status->setText(tr("⚠ %1").arg(reason));
    m_status->show();
    Q_EMIT loadFailed(m_row, reason);
}

void DetailPane::showDetail(const core::RowDetail &detail)
{
    // A reload must not move what the operator is reading.
    const int scrolled = m_scroll->verticalScrollBar()->value();
    const bool sameRow = m_detail && m_detail->row == detail.row;
    m_detail = detail;
    m_row = detail.row;

    const bool empty = !detail.row.isValid();
    m_status->setVisible(empty);
    m_status->clear();
    m_title->setText(detail.title.isEmpty() ? detail.primaryId : detail.title);
    m_title->setToolTip(m_title->text());
    m_state->setText(stateText(detail.state));
    m_copyId->setVisible(!detail.primaryId.isEmpty());
    m_copyId->setToolTip(tr("Copy %1").arg(detail.primaryId));

    showFacts(detail);
    showTimelines(detail);
    showPayload(detail.payload);

    QStringList headers;
    for (const core::DetailHeader &header : detail.headers)
        headers << headerText(header);
    if (const QString text = headers.join(u'\n'); text != m_headers->toPlainText())
        m_headers->setPlainText(text);
    m_headersTitle->setVisible(!headers.isEmpty());
    m_headers->setVisible(!headers.isEmpty());

    m_signature->setText(detail.signature ? signatureText(*detail.signature) : QString());
    m_signatureTitle->setVisible(detail.signature.has_value());
    m_signature->setVisible(detail.signature.has_value());

    m_entity->setText(detail.entity ? entityText(*detail.entity, detail.title, detail.state) : QString());
    m_entityTitle->setVisible(detail.entity.has_value());
    m_entity->setVisible(detail.entity.has_value());

    updateActions();
    if (sameRow)
        m_scroll->verticalScrollBar()->setValue(scrolled);
    Q_EMIT detailShown(detail.row);
}

void DetailPane::showFacts(const core::RowDetail &detail)
{
    while (m_facts->rowCount() > 0)
        m_facts->removeRow(0);
    for (const core::DetailFact &fact : detail.facts) {
        if (fact.field == Field::EventType || fact.field == Field::State)
            continue; // the title and the state badge say these
        const QString label = factLabel(fact.field);
        QWidget *parent = m_facts->parentWidget();
        const QString text = factText(fact);
        m_facts->addRow(label, fact.isId ? static_cast<QWidget *>(idField(text, label, parent))
                                         : valueLabel(text, label, parent));
    }
}

void DetailPane::showTimelines(const core::RowDetail &detail)
{
    // An event has one timeline per delivery, each under its endpoint's name; other rows have their own.
    struct Shown
    {
        QString caption;
        QList<core::TimelineItem> items;
    };
    QList<Shown> shown;
    if (detail.deliveries.isEmpty()) {
        if (!detail.timeline.isEmpty())
            shown.append({{}, detail.timeline});
    } else {
        for (const core::DeliveryTimeline &delivery : detail.deliveries) {
            shown.append({tr("→ %1 · %2 · delivery %3")
                              .arg(delivery.endpoint, stateText(delivery.state))
                              .arg(delivery.deliveryId),
                          delivery.timeline});
        }
    }

    while (m_timelineWidgets.size() > shown.size()) {
        delete m_timelineLabels.takeLast();
        delete m_timelineWidgets.takeLast();
    }
    while (m_timelineWidgets.size() < shown.size()) {
        auto *label = new QLabel(m_facts->parentWidget());
        auto *timeline = new TimelineWidget(m_facts->parentWidget());
        m_timelines->addWidget(label);
        m_timelines->addWidget(timeline);
        m_timelineLabels.append(label);
        m_timelineWidgets.append(timeline);
    }

    // Countdowns follow the database server's clock, which scheduled the attempts, not this machine's.
    const qint64 skewMs = detail.serverTime.isValid() ? QDateTime::currentDateTimeUtc().msecsTo(detail.serverTime) : 0;
    for (qsizetype i = 0; i < shown.size(); ++i) {
        m_timelineLabels[i]->setText(shown[i].caption);
        m_timelineLabels[i]->setVisible(!shown[i].caption.isEmpty());
        m_timelineWidgets[i]->setClock([skewMs] { return QDateTime::currentDateTimeUtc().addMSecs(skewMs); });
        m_timelineWidgets[i]->setTimeline(shown[i].items);
        m_timelineWidgets[i]->show();
        m_timelineWidgets[i]->setAccessibleName(shown[i].caption.isEmpty()
                                                    ? tr("Retry timeline")
                                                    : tr("Retry timeline of %1").arg(detail.deliveries[i].endpoint));
    }
    m_timelineTitle->setVisible(!shown.isEmpty());
}

void DetailPane::showPayload(const QString &payload)
{
    const QJsonDocument json = QJsonDocument::fromJson(payload.toUtf8());
    const QString pretty = json.isNull() ? payload : QString::fromUtf8(json.toJson(QJsonDocument::Indented)).trimmed();
    if (pretty != m_payload->toPlainText())
        m_payload->setPlainText(pretty);
    // As tall as the payload, up to a screenful; longer ones scroll inside.
    const int lines = std::clamp(int(pretty.count(u'\n')) + 1, 3, 24);
    const qreal margins = 2 * (m_payload->document()->documentMargin() + m_payload->frameWidth());
    m_payload->setFixedHeight(int(lines * m_payload->fontMetrics().lineSpacing() + margins) + 6);
    m_payloadTitle->setVisible(!payload.isEmpty());
    m_payload->setVisible(!payload.isEmpty());
}

void DetailPane::updateActions()
{
    using Kind = core::RowRef::Kind;
    const bool hasDetail = m_detail && m_detail->row.isValid();
    const Kind kind = hasDetail ? m_detail->row.kind : Kind::AuditRecord;
    const QString state = hasDetail ? m_detail->state : QString();
    const bool actionable = hasDetail && (kind == Kind::Delivery || kind == Kind::InboxMessage || kind == Kind::Event);
    m_actions->setVisible(actionable);
    if (!actionable)
        return;

    bool replay = false;
    bool retry = false;
    bool resolve = false;
    // A row resolved since its last replay is not resolved again (found by a helper: Resolve asked for a note, then
    // said "0 rows changed, 1 skipped").
    bool resolvedAlready = false;
    if (kind == Kind::Delivery || kind == Kind::InboxMessage) {
        for (auto it = m_detail->timeline.crbegin();
             it != m_detail->timeline.crend() && it->kind != core::TimelineItem::Kind::Replayed; ++it)
            resolvedAlready = resolvedAlready || it->kind == core::TimelineItem::Kind::Resolved;
    }
    if (kind == Kind::Delivery) {
        const bool leased = !m_detail->timeline.isEmpty() && !m_detail->timeline.last().actor.isEmpty() &&
                            m_detail->timeline.last().kind == core::TimelineItem::Kind::Scheduled;
        replay = state == u"dead"_s || state == u"unknown"_s || state == u"delivered"_s;
        retry = state == u"pending"_s && !leased;
        resolve = (state == u"dead"_s || state == u"unknown"_s) && !resolvedAlready;
    } else if (kind == Kind::InboxMessage) {
        replay = state == u"QUARANTINED"_s;
        resolve = replay && !resolvedAlready;
        retry = state == u"PENDING"_s || state == u"DEFERRED"_s;
    } else {
        for (const core::DeliveryTimeline &delivery : std::as_const(m_detail->deliveries)) {
            replay = replay || delivery.state == u"dead"_s || delivery.state == u"unknown"_s;
            retry = retry || delivery.state == u"pending"_s;
        }
    }
    const auto enable = [this](QPushButton *button, bool applies, const QString &whyNot) {
        button->setEnabled(applies && !m_readOnly);
        button->setToolTip(m_readOnly ? m_readOnlyReason : applies ? QString() : whyNot);
    };
    enable(m_replay, replay, tr("Only dead, unknown or delivered rows can be replayed"));
    enable(m_retryNow, retry, tr("Only a waiting row can be retried now"));
    enable(m_resolve, resolve,
           resolvedAlready ? tr("Resolved already (see its timeline); Replay sends it again")
                           : tr("Only dead or quarantined rows are resolved"));
    m_copyAsCurl->setVisible(kind == Kind::Delivery); // what the copy signs is one delivery's request
    m_copyAsCurl->setEnabled(true);                   // copying changes nothing: allowed read-only too
}

QLabel *DetailPane::addSection(const QString &title)
{
    auto *label = new QLabel(title, m_body->parentWidget());
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setContentsMargins(0, 8, 0, 0);
    m_body->addWidget(label);
    return label;
}

} // namespace hookyard::ui

#include "DetailPane.moc"
