#pragma once

#include <QObject>

class QSocketNotifier;

namespace hookyard::core {

// Turns SIGTERM and SIGINT into a Qt signal delivered on the thread that created this object, so that a relay or
// the console can drain and shut down cleanly (stopping a sandbox cluster it started) instead of dying mid-work.
// The POSIX handler only writes one byte to a socket pair; everything else happens in the event loop.
class TerminationSignals final : public QObject
{
    Q_OBJECT
public:
    explicit TerminationSignals(QObject *parent = nullptr);
    ~TerminationSignals() override;
    Q_DISABLE_COPY_MOVE(TerminationSignals)

Q_SIGNALS:
    void terminationRequested(int signalNumber);

private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace hookyard::core
