#pragma once

#include "db/ConnectionSettings.h"
#include "db/Database.h"
#include "util/Result.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QThread;

namespace hookyard::ui {

class QueryWorker;

// Runs database work for the console's views on one worker thread with its own connection, so the GUI thread never
// waits on SQL. Requests run one at a time, in the order they were made; each result is handed back on the GUI
// thread. Lives in the GUI thread; stopping (the destructor) waits for the request in progress.
class QueryRunner final : public QObject
{
    Q_OBJECT
public:
    explicit QueryRunner(core::ConnectionSettings settings, QObject *parent = nullptr);
    ~QueryRunner() override;
    Q_DISABLE_COPY_MOVE(QueryRunner)

    // Runs `work` on the worker thread with the connection (opened on first use, reopened after it broke), then
    // `done` with its result on this object's thread, unless `context` has been destroyed by then. When the
    // connection cannot be opened, `done` gets that error and `work` does not run.
    template<typename T>
    void run(QObject *context, std::function<core::Result<T>(const core::DatabaseConnection &)> work,
             std::function<void(const core::Result<T> &)> done)
    {
        post([this, context = QPointer<QObject>(context), work = std::move(work),
              done = std::move(done)](const core::DatabaseConnection *connection, const QString &connectError) {
            core::Result<T> result = connection ? work(*connection) : core::Result<T>(core::Error{connectError});
            const bool ok = result.ok();
            // Back through this object, which lives on the GUI thread: `context` is only looked at there.
            QMetaObject::invokeMethod(
                this,
                [context, done, result = std::move(result)] {
                    if (context)
                        done(result);
                },
                Qt::QueuedConnection);
            return ok;
        });
    }

private:
    // A job gets the connection, or nullptr and why it could not be opened; it returns false when its work failed.
    using Job = std::function<bool(const core::DatabaseConnection *, const QString &)>;
    void post(Job job);

    QThread *m_thread = nullptr;
    QueryWorker *m_worker = nullptr; // lives on m_thread, deleted there when it finishes
};

// The worker side of QueryRunner: owns the connection, on the worker thread.
class QueryWorker final : public QObject
{
    Q_OBJECT
public:
    explicit QueryWorker(core::ConnectionSettings settings);
    ~QueryWorker() override;
    Q_DISABLE_COPY_MOVE(QueryWorker)

    void execute(const std::function<bool(const core::DatabaseConnection *, const QString &)> &job);

private:
    core::ConnectionSettings m_settings;
    std::unique_ptr<core::DatabaseConnection> m_connection;
};

} // namespace hookyard::ui
