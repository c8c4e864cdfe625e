#include "models/QueryRunner.h"

#include <QThread>

using namespace Qt::StringLiterals;

namespace hookyard::ui {

QueryRunner::QueryRunner(core::ConnectionSettings settings, QObject *parent)
    : QObject(parent)
    , m_thread(new QThread(this))
    , m_worker(new QueryWorker(std::move(settings)))
{
    m_thread->setObjectName(u"hookyard-views"_s);
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start();
}

QueryRunner::~QueryRunner()
{
    m_thread->quit();
    m_thread->wait();
}

void QueryRunner::post(Job job)
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, job = std::move(job)] { worker->execute(job); }, Qt::QueuedConnection);
}

QueryWorker::QueryWorker(core::ConnectionSettings settings)
    : m_settings(std::move(settings))
{}

QueryWorker::~QueryWorker() = default;

void QueryWorker::execute(const std::function<bool(const core::DatabaseConnection *, const QString &)> &job)
{
    if (!m_connection) {
        auto opened = core::DatabaseConnection::open(m_settings, u"console-views"_s);
        if (!opened) {
            job(nullptr, opened.error());
            return;
        }
        m_connection = std::move(opened.value());
    }
    if (job(m_connection.get(), QString()))
        return;
    // The work failed: a bad filter, or a connection that broke (the server restarted). Only the second is worth a
    // new connection, which the next request then opens.
    if (!m_connection->exec(u"SELECT 1"_s))
        m_connection.reset();
}

} // namespace hookyard::ui
