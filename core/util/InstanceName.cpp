#include "util/InstanceName.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QSysInfo>

using namespace Qt::StringLiterals;

namespace hookyard::core {

QString nextInstanceName(const QString &prefix)
{
    static QMutex mutex;
    static QHash<QString, int> counters;
    int number = 0;
    {
        QMutexLocker locker(&mutex);
        number = ++counters[prefix];
    }
    return u"%1/%2/%3%4"_s.arg(QSysInfo::machineHostName(), QString::number(QCoreApplication::applicationPid()), prefix,
                               QString::number(number));
}

} // namespace hookyard::core
