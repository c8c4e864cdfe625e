#include "audit/AuditLog.h"

#include <QJsonDocument>

#include <pwd.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace hookyard::core {

QString osUserName()
{
    if (const passwd *entry = getpwuid(geteuid()); entry && entry->pw_name && *entry->pw_name)
        return QString::fromLocal8Bit(entry->pw_name);
    if (const QString user = qEnvironmentVariable("USER"); !user.isEmpty())
        return user;
    return u"uid %1"_s.arg(geteuid());
}

Status recordAudit(const DatabaseConnection &connection, const QString &action, const QString &subject,
                   const QString &reason, const QJsonObject &details)
{
    static const QString osUser = osUserName();
    auto inserted = connection.exec(
        u"INSERT INTO audit_log (os_user, action, subject, reason, details) VALUES (?, ?, ?, ?, ?::jsonb)"_s,
        {osUser, action, subject.isEmpty() ? QVariant() : QVariant(subject),
         reason.isEmpty() ? QVariant() : QVariant(reason),
         QString::fromUtf8(QJsonDocument(details).toJson(QJsonDocument::Compact))});
    if (!inserted)
        return Error{u"cannot write the audit record for %1: %2"_s.arg(action, inserted.error())};
    return success();
}

} // namespace hookyard::core
