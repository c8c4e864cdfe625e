#pragma once

#include "db/Database.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QString>

namespace hookyard::core {

// Who did what, when and why (audit_log). The row names the OS user running this process and, through the column
// default, the database role of the connection. It runs on the caller's connection, so a caller with an open
// transaction commits (or rolls back) its action and the audit row together. `details` must never carry a secret.
Status recordAudit(const DatabaseConnection &connection, const QString &action, const QString &subject,
                   const QString &reason, const QJsonObject &details = {});

// The operating-system user name this process runs as, as recorded in audit_log.os_user.
QString osUserName();

} // namespace hookyard::core
