#pragma once

#include "db/Database.h"
#include "inbox/PartnerConfig.h"
#include "signing/SecretTables.h"
#include "util/Result.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <optional>

namespace hookyard::core {

// The largest body limit a partner may have. A body is held in memory while it is verified and stored twice, as
// sent and as jsonb, whose strings end at 256 MiB; 64 MiB is far above what webhook senders send (GitHub stops at
// 25 MB).
constexpr int kMaxPartnerBodyBytes = 64 * 1024 * 1024;

// What an operator chooses for a partner. The defaults are the schema's (resources/migrations/0001_initial.sql).
struct PartnerSettings
{
    QString name; // as the table's CHECK: ^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$; webhook_inbox.partner_name
    PartnerScheme scheme = PartnerScheme::StandardWebhooks;
    QJsonObject config;                            // partners.config as given: keys in docs/partners.md
    int toleranceSeconds = 300;                    // how far a signed timestamp may be from now
    int maxBodyBytes = 1048576;                    // larger requests are turned away before verification
    QList<int> retryScheduleSeconds{60, 300, 600}; // waits before the handler's 2nd, 3rd, ... attempt

    bool operator==(const PartnerSettings &) const = default;
};

struct Partner
{
    qint64 id = 0;
    PartnerSettings settings;
    // The stored config read with the scheme's defaults, without secrets; nullopt when it no longer parses, with the
    // reason in configError.
    std::optional<PartnerConfig> effective;
    QString configError;
    QDateTime createdAt;
    QDateTime updatedAt;
    int activeSecretCount = 0;
    QList<SecretInfo> secrets; // filled by find only, oldest first
};

// All SQL on partners and partner_secrets. Every change writes its audit_log row in the same transaction; audit
// details never hold a secret. Errors are one line naming the partner or the bad value.
class PartnerStore final
{
public:
    // How long secrets replaced by a rotation keep verifying, so the partner can switch to the new one.
    static constexpr std::chrono::seconds kDefaultRotationGrace = std::chrono::hours(24);

    enum class Removal
    {
        RefuseWhileWaiting,
        Force
    };

    explicit PartnerStore(const DatabaseConnection &connection);

    // Adds a partner with `secrets`; a standard partner without any gets a generated one. Returns the secrets now
    // active.
    Result<QStringList> add(const PartnerSettings &settings, const QStringList &secrets, const QString &reason) const;
    // Every partner by name.
    Result<QList<Partner>> list() const;
    Result<Partner> find(const QString &name) const;
    // Changes a partner's settings under its row lock: `change` gets the current settings and edits what the operator
    // asked for, or refuses with an error returned as it is (its name and scheme stay: the secrets belong to the
    // scheme). The result is validated as `add`
    // validates. Receivers and workers apply it within their partner refresh (5 s). Returns false, changing and
    // auditing nothing, when the settings were already so.
    Result<bool> update(const QString &name, const std::function<Status(PartnerSettings &)> &change,
                        const QString &reason) const;
    // Adds a new active secret (given; generated for a standard partner when `secret` is empty) and lets the active
    // ones expire after `grace` (0: at once). Returns the new secret.
    Result<QString> rotateSecret(const QString &name, const QString &reason,
                                 std::chrono::seconds grace = kDefaultRotationGrace, const QString &secret = {}) const;
    // Deletes the partner and its secrets. Received webhooks stay: webhook_inbox rows keep their partner_name and
    // their partner_id becomes NULL. Refused while rows of the partner wait (PENDING or DEFERRED), which the
    // worker could no longer process, unless `removal` is Force.
    Status remove(const QString &name, Removal removal, const QString &reason) const;

    // Every partner's config by name, with its active secrets (no expiry, or one in the future), newest first. A
    // partner whose stored config no longer parses is left out, with one line saying why in `problems`, so one bad
    // row cannot stop the others from being received.
    Result<QHash<QString, PartnerConfig>> loadActive(QStringList *problems = nullptr) const;
    // The line of loadActive's `problems` about partner `name`, or an empty string.
    static QString problemOf(const QStringList &problems, const QString &name);

    static Status validate(const PartnerSettings &settings);
    // Standard: "whsec_" + base64 of 24..64 bytes; the other schemes take the text as it is, but not empty or with
    // surrounding whitespace. The error never repeats the secret.
    static Status validateSecret(PartnerScheme scheme, const QString &secret);
    // The secrets `add` is given: each valid for the scheme, none twice, at least one unless the scheme is standard
    // (for which add generates one).
    static Status validateSecrets(const PartnerSettings &settings, const QStringList &secrets);

private:
    const DatabaseConnection &m_connection;
};

} // namespace hookyard::core
