#pragma once

#include "console/DetailQueries.h"
#include "console/RowRef.h"
#include "db/ConnectionSettings.h"

#include <QList>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QTextEdit;
class QThread;
class QToolButton;
class QVBoxLayout;

namespace hookyard::ui {

class DetailLoader;
class JsonHighlighter;
class TimelineWidget;

// One row's detail: its facts with a copy-id button, its retry timeline (one per delivery for an event), the
// pretty-printed payload, headers, signature verdict and the entity's state-machine position, and buttons that ask
// for the actions on it. Loads run on the pane's own thread and connection; a load superseded by a newer showRow()
// or reload() is skipped or dropped, so the pane always ends on the latest request.
class DetailPane final : public QWidget
{
    Q_OBJECT
public:
    explicit DetailPane(const core::ConnectionSettings &settings, QWidget *parent = nullptr);
    ~DetailPane() override;
    Q_DISABLE_COPY_MOVE(DetailPane)

    core::RowRef currentRow() const { return m_row; }
    // The detail of `row` once the pane shows it; null while another row (or none) is shown. Its primaryId is what
    // the pane's Copy id copies: for a delivery the event id, the webhook-id a partner quotes.
    const core::RowDetail *shownDetail(const core::RowRef &row) const
    {
        return m_detail && m_detail->row == row ? &*m_detail : nullptr;
    }
    // Where the window may add controls of its own, beside the pane's action buttons.
    QWidget *actionsArea() const { return m_actions; }
    // Read-only: the action buttons are disabled, saying why in their tooltips.
    void setReadOnly(bool readOnly, const QString &why);
    // Wide enough for a fact's name beside a whole UUID in the monospace font, so that the window's splitter gives
    // the pane the room an id needs instead of a horizontal scroll bar.
    QSize sizeHint() const override;

public Q_SLOTS:
    // Loads and shows `row`; an invalid row clears the pane.
    void showRow(const hookyard::core::RowRef &row);
    // Loads the current row again (the engine changed something), keeping the scroll position.
    void reload();
    // Shows a loaded detail: where every load ends, public so that a detail can be shown without a database.
    void showDetail(const hookyard::core::RowDetail &detail);

Q_SIGNALS:
    void replayRequested(const hookyard::core::RowRef &row);
    void retryNowRequested(const hookyard::core::RowRef &row);
    void resolveRequested(const hookyard::core::RowRef &row);
    void copyAsCurlRequested(const hookyard::core::RowRef &row);
    // After showDetail(), whether from a load or called directly.
    void detailShown(const hookyard::core::RowRef &row);
    void loadFailed(const hookyard::core::RowRef &row, const QString &reason);

protected:
    // A new palette (the dark theme switched on or off) recolours the payload's highlighting.
    void changeEvent(QEvent *event) override;

private:
    void requestLoad();
    void loadFinished(quint64 generation, const hookyard::core::RowDetail &detail);
    void loadError(quint64 generation, const QString &reason);
    void showFacts(const core::RowDetail &detail);
    void showTimelines(const core::RowDetail &detail);
    void showPayload(const QString &payload);
    void updateActions();
    QLabel *addSection(const QString &title);

    core::RowRef m_row;
    std::optional<core::RowDetail> m_detail;
    bool m_readOnly = false;
    QString m_readOnlyReason;

    QThread *m_thread = nullptr;
    DetailLoader *m_loader = nullptr;
    std::shared_ptr<std::atomic<quint64>> m_generation; // shared with the loader, which skips superseded requests

    QScrollArea *m_scroll = nullptr;
    QVBoxLayout *m_body = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_state = nullptr;
    QToolButton *m_copyId = nullptr;
    QFormLayout *m_facts = nullptr;
    QLabel *m_timelineTitle = nullptr;
    QVBoxLayout *m_timelines = nullptr;
    QList<QLabel *> m_timelineLabels;
    QList<TimelineWidget *> m_timelineWidgets;
    QLabel *m_payloadTitle = nullptr;
    QPlainTextEdit *m_payload = nullptr;
    JsonHighlighter *m_highlighter = nullptr;
    QLabel *m_headersTitle = nullptr;
    QTextEdit *m_headers = nullptr;
    QLabel *m_signatureTitle = nullptr;
    QLabel *m_signature = nullptr;
    QLabel *m_entityTitle = nullptr;
    QLabel *m_entity = nullptr;
    QWidget *m_actions = nullptr;
    QPushButton *m_replay = nullptr;
    QPushButton *m_retryNow = nullptr;
    QPushButton *m_resolve = nullptr;
    QPushButton *m_copyAsCurl = nullptr;
};

} // namespace hookyard::ui
