#include "inbox/PartnerStore.h"

#include "audit/AuditLog.h"
#include "endpoints/EndpointStore.h"
#include "signing/Signatures.h"
#include "util/ControlCharacters.h"
#include "util/HttpUrl.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QSqlQuery>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// The columns partnerFromRow reads, in its order.
const QString kPartnerColumns = uR"(
SELECT p.id, p.name, p.scheme, p.config::text, p.tolerance_s, p.max_body_bytes,
  array_to_json(p.retry_schedule_s)::text, p.created_at, p.updated_at,
  (SELECT count(*) FROM partner_secrets s
   WHERE s.partner_id = p.id AND (s.expires_at IS NULL OR s.expires_at > now()))
)"_s;

// The newest secret first: during a rotation it is the one a partner that already switched signs with.
const QString kSelectActive = kPartnerColumns + uR"(,
  coalesce((SELECT json_agg(s.secret ORDER BY s.created_at DESC, s.id DESC) FROM partner_secrets s
            WHERE s.partner_id = p.id AND (s.expires_at IS NULL OR s.expires_at > now())), '[]')::text
FROM partners p
ORDER BY p.name
)"_s;

const QString kInsertPartner = uR"(
INSERT INTO partners (name, scheme, config, tolerance_s, max_body_bytes, retry_schedule_s)
VALUES (?, ?, ?::jsonb, ?, ?, string_to_array(?, ',')::integer[])
ON CONFLICT (name) DO NOTHING
RETURNING id
)"_s;

const QString kInsertSecrets = uR"(
INSERT INTO partner_secrets (partner_id, secret)
SELECT ?, secret FROM json_array_elements_text(?::json) AS secret
)"_s;

QJsonArray toJsonArray(const QList<int> &values)
{
    QJsonArray array;
    for (int value : values)
        array.append(value);
    return array;
}

QList<int> intsFromJson(const QVariant &text)
{
    QList<int> values;
    for (const QJsonValue &value : QJsonDocument::fromJson(text.toString().toUtf8()).array())
        values << value.toInt();
    return values;
}

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

// For audit details: a password in the handler URL is a secret.
QJsonObject auditableConfig(QJsonObject config)
{
    if (const QJsonValue url = config.value(u"handler_url"_s); url.isString())
        config.insert(u"handler_url"_s, urlWithoutSecrets(url.toString()));
    return config;
}

QJsonObject auditDetails(const PartnerSettings &settings)
{
    return {{u"scheme"_s, partnerSchemeName(settings.scheme)},
            {u"config"_s, auditableConfig(settings.config)},
            {u"tolerance_s"_s, settings.toleranceSeconds},
            {u"max_body_bytes"_s, settings.maxBodyBytes},
            {u"retry_schedule_s"_s, toJsonArray(settings.retryScheduleSeconds)}};
}

// An update's audit details: each recorded setting that changed, as {"from": ..., "to": ...}; a changed config by
// the keys that changed.
QJsonObject changedSettings(const PartnerSettings &before, const PartnerSettings &after)
{
    // A key that was or is absent reads as null: a QJsonObject leaves undefined values out.
    auto change = [](const QJsonValue &from, const QJsonValue &to) {
        auto shown = [](const QJsonValue &value) { return value.isUndefined() ? QJsonValue() : value; };
        return QJsonObject{{u"from"_s, shown(from)}, {u"to"_s, shown(to)}};
    };
    const QJsonObject was = auditDetails(before);
    const QJsonObject is = auditDetails(after);
    QJsonObject changes;
    for (auto it = is.begin(); it != is.end(); ++it) {
        if (it.key() != u"config"_s && was.value(it.key()) != it.value())
            changes.insert(it.key(), change(was.value(it.key()), it.value()));
    }
    // Compared as stored, recorded as auditable: a handler URL whose password alone changed is recorded as changed,
    // with the secrets left out of both values.
    const QJsonObject oldConfig = was.value(u"config"_s).toObject();
    const QJsonObject newConfig = is.value(u"config"_s).toObject();
    QJsonObject configChanges;
    for (const QString &key : before.config.keys() + after.config.keys()) {
        if (configChanges.contains(key) || before.config.value(key) == after.config.value(key))
            continue;
        QJsonObject entry = change(oldConfig.value(key), newConfig.value(key));
        if (oldConfig.value(key) == newConfig.value(key))
            entry.insert(u"secrets_changed"_s, true);
        configChanges.insert(key, entry);
    }
    if (!configChanges.isEmpty())
        changes.insert(u"config"_s, configChanges);
    return changes;
}

// A row whose first columns are kPartnerColumns.
Partner partnerFromRow(const QSqlQuery &row)
{
    Partner partner;
    partner.id = row.value(0).toLongLong();
    PartnerSettings &settings = partner.settings;
    settings.name = row.value(1).toString();
    settings.toleranceSeconds = row.value(4).toInt();
    settings.maxBodyBytes = row.value(5).toInt();
    settings.retryScheduleSeconds = intsFromJson(row.value(6));
    partner.createdAt = toUtc(row.value(7));
    partner.updatedAt = toUtc(row.value(8));
    partner.activeSecretCount = row.value(9).toInt();

    const QJsonDocument storedConfig = QJsonDocument::fromJson(row.value(3).toString().toUtf8());
    settings.config = storedConfig.object();
    auto scheme = parsePartnerScheme(row.value(2).toString());
    if (!scheme) {
        partner.configError = scheme.error();
        return partner;
    }
    settings.scheme = scheme.value();
    if (!storedConfig.isObject()) {
        partner.configError = u"the stored config is not a JSON object"_s;
        return partner;
    }
    auto config = parsePartnerConfig(settings.scheme, settings.config);
    if (!config) {
        partner.configError = config.error();
        return partner;
    }
    config.value().id = partner.id;
    config.value().name = settings.name;
    config.value().toleranceSeconds = settings.toleranceSeconds;
    config.value().maxBodyBytes = settings.maxBodyBytes;
    config.value().retryScheduleSeconds = settings.retryScheduleSeconds;
    partner.effective = config.value();
    return partner;
}

enum class Lock
{
    NoKeyUpdate,
    Update
};

// Reads and locks the partner's row for this transaction. FOR NO KEY UPDATE does not block the receiver's inserts
// that reference the row; a removal does.
Result<Partner> lockPartner(const DatabaseConnection &connection, const QString &name, Lock lock)
{
    const QString sql =
        kPartnerColumns + (lock == Lock::Update ? u"FROM partners p WHERE p.name = ? FOR UPDATE OF p"_s
                                                : u"FROM partners p WHERE p.name = ? FOR NO KEY UPDATE OF p"_s);
    auto query = connection.exec(sql, {name});
    if (!query)
        return Error{query.error()};
    if (!query.value().next())
        return Error{u"partner '%1' does not exist"_s.arg(name)};
    return partnerFromRow(query.value());
}

SecretKeying keyingOf(PartnerScheme scheme)
{
    return scheme == PartnerScheme::StandardWebhooks ? SecretKeying::StandardBase64 : SecretKeying::Text;
}

} // namespace

PartnerStore::PartnerStore(const DatabaseConnection &connection)
    : m_connection(connection)
{}

Status PartnerStore::validateSecrets(const PartnerSettings &settings, const QStringList &secrets)
{
    if (secrets.isEmpty() && settings.scheme != PartnerScheme::StandardWebhooks)
        return Error{u"partner '%1' needs a secret: scheme %2 verifies with the secret the partner signs with"_s.arg(
            settings.name, partnerSchemeName(settings.scheme))};
    QSet<QByteArray> keys; // compared by key: "whsec_" base64 with and without its padding is one secret
    for (const QString &secret : secrets) {
        if (auto valid = validateSecret(settings.scheme, secret); !valid)
            return Error{valid.error()};
        const QByteArray key = secretKey(secret, keyingOf(settings.scheme));
        if (keys.contains(key))
            return Error{u"the same secret is given twice"_s};
        keys.insert(key);
    }
    return success();
}

Status PartnerStore::validate(const PartnerSettings &settings)
{
    static const QRegularExpression namePattern(u"^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$"_s);
    if (!namePattern.match(settings.name).hasMatch())
        return Error{u"partner name '%1' is invalid: 1 to 50 letters, digits, '.', '_' or '-', starting with a "
                     "letter or digit"_s.arg(settings.name)};
    if (settings.toleranceSeconds <= 0)
        return Error{u"tolerance must be a positive number of seconds, not %1"_s.arg(settings.toleranceSeconds)};
    if (settings.maxBodyBytes <= 0 || settings.maxBodyBytes > kMaxPartnerBodyBytes)
        return Error{u"body limit must be from 1 to %1 bytes (64 MiB), not %2"_s.arg(kMaxPartnerBodyBytes)
                         .arg(settings.maxBodyBytes)};
    if (settings.retryScheduleSeconds.isEmpty())
        return Error{u"retry schedule is empty: give the waits before each retry in seconds, such as 60,300,600"_s};
    for (int wait : settings.retryScheduleSeconds) {
        if (wait <= 0)
            return Error{u"retry schedule waits must be positive seconds, not %1"_s.arg(wait)};
    }
    if (auto config = parsePartnerConfig(settings.scheme, settings.config); !config)
        return Error{config.error()};
    return checkFixedTexts(settings.config);
}

Status PartnerStore::validateSecret(PartnerScheme scheme, const QString &secret)
{
    if (scheme == PartnerScheme::StandardWebhooks)
        return EndpointStore::validateSecret(secret);
    if (secret.isEmpty())
        return Error{u"a secret cannot be empty"_s};
    if (secret.trimmed() != secret)
        return Error{u"a secret starts or ends with whitespace: probably a copy-and-paste slip"_s};
    // Found by trying bad input: bytes that are not UTF-8 became U+FFFD, and a secret with a line break or a tab is a
    // paste slip; either way no signature would ever have matched.
    if (secret.contains(QChar::ReplacementCharacter))
        return Error{u"a secret holds bytes that are not UTF-8 text (or U+FFFD): give it as the partner shows it"_s};
    if (holdsControlCharacter(secret))
        return Error{u"a secret holds a control character (a line break, a tab, ...): probably a copy-and-paste "
                     "slip"_s};
    return success();
}

Result<QStringList> PartnerStore::add(const PartnerSettings &settings, const QStringList &secrets,
                                      const QString &reason) const
{
    if (auto valid = validate(settings); !valid)
        return Error{valid.error()};
    if (auto valid = validateSecrets(settings, secrets); !valid)
        return Error{valid.error()};
    const bool generated = secrets.isEmpty();
    const QStringList chosen = generated ? QStringList{signing::generateStandardSecret()} : secrets;

    return inTransaction(m_connection, [&]() -> Result<QStringList> {
        auto inserted =
            m_connection.exec(kInsertPartner, {settings.name, partnerSchemeName(settings.scheme),
                                               compact(settings.config), settings.toleranceSeconds,
                                               settings.maxBodyBytes, joinInts(settings.retryScheduleSeconds)});
        if (!inserted)
            return Error{u"cannot add partner '%1': %2"_s.arg(settings.name, inserted.error())};
        if (!inserted.value().next())
            return Error{u"partner '%1' already exists"_s.arg(settings.name)};
        const qint64 id = inserted.value().value(0).toLongLong();
        const QString secretsJson =
            QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(chosen)).toJson(QJsonDocument::Compact));
        if (auto stored = m_connection.exec(kInsertSecrets, {id, secretsJson}); !stored)
            return Error{u"cannot store the secrets of partner '%1': %2"_s.arg(settings.name, stored.error())};
        // Rows kept from a partner of this name that was removed (its removal cleared their partner_id) belong to this
        // one: the worker wakes an entity's deferred rows by partner_id. Found by an adversarial helper: after a
        // partner was removed and added again, its deferred rows were never woken. Only the rows the worker may still
        // take up, adopted ones (adoption sets partner_id itself): a settled row needs no partner, and rewriting every
        // processed row of a large inbox made the command take seconds (found by another helper).
        if (auto relinked =
                m_connection.exec(u"UPDATE webhook_inbox w SET partner_id = ? "
                                  "WHERE w.partner_name = ? AND w.status IN ('PENDING', 'DEFERRED', 'QUARANTINED') "
                                  "AND w.raw_body IS NOT NULL AND (w.partner_id IS NULL OR NOT EXISTS "
                                  "(SELECT 1 FROM partners p WHERE p.id = w.partner_id))"_s,
                                  {id, settings.name});
            !relinked)
            return Error{
                u"cannot link partner '%1' to its earlier inbox rows: %2"_s.arg(settings.name, relinked.error())};

        QJsonObject details = auditDetails(settings);
        details.insert(u"secrets"_s, chosen.size());
        details.insert(u"secret_generated"_s, generated);
        if (auto audited = recordAudit(m_connection, u"partner.add"_s, settings.name, reason, details); !audited)
            return Error{audited.error()};
        return chosen;
    });
}

Result<QList<Partner>> PartnerStore::list() const
{
    auto query = m_connection.exec(kPartnerColumns + u"FROM partners p ORDER BY p.name"_s);
    if (!query)
        return Error{u"cannot list partners: "_s + query.error()};
    QList<Partner> partners;
    while (query.value().next())
        partners << partnerFromRow(query.value());
    return partners;
}

Result<Partner> PartnerStore::find(const QString &name) const
{
    auto query = m_connection.exec(kPartnerColumns + u"FROM partners p WHERE p.name = ?"_s, {name});
    if (!query)
        return Error{u"cannot read partner '%1': %2"_s.arg(name, query.error())};
    if (!query.value().next())
        return Error{u"partner '%1' does not exist"_s.arg(name)};
    Partner partner = partnerFromRow(query.value());

    auto secrets = secretDates(m_connection, SecretTable::Partner, partner.id);
    if (!secrets)
        return Error{u"cannot read partner '%1': %2"_s.arg(name, secrets.error())};
    partner.secrets = secrets.value();
    return partner;
}

Result<bool> PartnerStore::update(const QString &name, const std::function<Status(PartnerSettings &)> &change,
                                  const QString &reason) const
{
    return inTransaction(m_connection, [&]() -> Result<bool> {
        auto partner = lockPartner(m_connection, name, Lock::NoKeyUpdate);
        if (!partner)
            return Error{partner.error()};
        const PartnerSettings &before = partner->settings;
        PartnerSettings after = before;
        if (auto changed = change(after); !changed)
            return Error{changed.error()};
        after.name = before.name;
        after.scheme = before.scheme;
        if (after == before)
            return false;
        if (auto valid = validate(after); !valid) {
            // A config broken before this change (edited by hand) is said to be so, not blamed on what was asked.
            if (!validate(before))
                return Error{u"partner '%1' has a stored config that is not valid, and stays so: %2 (give that key "
                             "with --config, or null to remove it)"_s.arg(name, valid.error())};
            return Error{valid.error()};
        }
        if (auto updated = m_connection.exec(
                u"UPDATE partners SET config = ?::jsonb, tolerance_s = ?, max_body_bytes = ?, "
                "retry_schedule_s = string_to_array(?, ',')::integer[], updated_at = now() WHERE id = ?"_s,
                {compact(after.config), after.toleranceSeconds, after.maxBodyBytes,
                 joinInts(after.retryScheduleSeconds), partner->id});
            !updated)
            return Error{u"cannot change partner '%1': %2"_s.arg(name, updated.error())};
        if (auto audited = recordAudit(m_connection, u"partner.set"_s, name, reason,
                                       {{u"changes"_s, changedSettings(before, after)}});
            !audited)
            return Error{audited.error()};
        return true;
    });
}

Result<QString> PartnerStore::rotateSecret(const QString &name, const QString &reason, std::chrono::seconds grace,
                                           const QString &secret) const
{
    if (grace.count() < 0)
        return Error{u"the grace period cannot be negative"_s};

    return inTransaction(m_connection, [&]() -> Result<QString> {
        auto partner = lockPartner(m_connection, name, Lock::NoKeyUpdate);
        if (!partner)
            return Error{partner.error()};
        const PartnerScheme scheme = partner->settings.scheme;
        const bool generated = secret.isEmpty() && scheme == PartnerScheme::StandardWebhooks;
        if (secret.isEmpty() && !generated)
            return Error{u"partner '%1' uses scheme %2: give the new secret the partner signs with"_s.arg(
                name, partnerSchemeName(scheme))};
        const QString chosen = generated ? signing::generateStandardSecret() : secret;
        if (auto valid = validateSecret(scheme, chosen); !valid)
            return Error{valid.error()};

        auto expiring = rotateSecrets(m_connection, SecretTable::Partner, partner->id, grace, chosen, keyingOf(scheme));
        if (!expiring)
            return Error{u"cannot rotate the secret of partner '%1': %2"_s.arg(name, expiring.error())};
        if (auto audited = recordAudit(m_connection, u"partner.rotate-secret"_s, name, reason,
                                       {{u"grace_s"_s, qint64(grace.count())},
                                        {u"secrets_expiring"_s, expiring.value()},
                                        {u"secret_generated"_s, generated}});
            !audited)
            return Error{audited.error()};
        return chosen;
    });
}

Status PartnerStore::remove(const QString &name, Removal removal, const QString &reason) const
{
    return inTransaction(m_connection, [&]() -> Status {
        auto partner = lockPartner(m_connection, name, Lock::Update);
        if (!partner)
            return Error{partner.error()};
        // Rows still waiting would fail as "partner ... is not configured" until quarantined (found by an adversarial
        // helper: they were, without a word at removal).
        auto waiting = m_connection.exec(u"SELECT count(*) FILTER (WHERE status = 'PENDING'), "
                                         "count(*) FILTER (WHERE status = 'DEFERRED') FROM webhook_inbox "
                                         "WHERE partner_name = ? AND status IN ('PENDING', 'DEFERRED')"_s,
                                         {name});
        if (!waiting)
            return Error{u"cannot remove partner '%1': %2"_s.arg(name, waiting.error())};
        waiting.value().next();
        const qint64 pending = waiting.value().value(0).toLongLong();
        const qint64 deferred = waiting.value().value(1).toLongLong();
        if (pending + deferred > 0 && removal != Removal::Force)
            return Error{u"partner '%1' still has %2 pending and %3 deferred webhooks in the inbox, which its worker "
                         "could no longer process (they would fail as not configured until quarantined): let them "
                         "finish, or remove it anyway with --force"_s.arg(name)
                             .arg(pending)
                             .arg(deferred)};
        if (auto deleted = m_connection.exec(u"DELETE FROM partners WHERE id = ?"_s, {partner->id}); !deleted)
            return Error{u"cannot remove partner '%1': %2"_s.arg(name, deleted.error())};
        // What the partner was, so the audit log tells how to add it again (secrets aside).
        QJsonObject details = auditDetails(partner->settings);
        details.insert(u"active_secrets"_s, partner->activeSecretCount);
        details.insert(u"forced"_s, removal == Removal::Force);
        details.insert(u"waiting"_s, QJsonObject{{u"pending"_s, pending}, {u"deferred"_s, deferred}});
        return recordAudit(m_connection, u"partner.remove"_s, name, reason, details);
    });
}

QString PartnerStore::problemOf(const QStringList &problems, const QString &name)
{
    const QString prefix = u"partner '%1' "_s.arg(name);
    const auto problem =
        std::find_if(problems.cbegin(), problems.cend(), [&](const QString &text) { return text.startsWith(prefix); });
    return problem == problems.cend() ? QString() : *problem;
}

Result<QHash<QString, PartnerConfig>> PartnerStore::loadActive(QStringList *problems) const
{
    auto query = m_connection.exec(kSelectActive);
    if (!query)
        return Error{u"cannot load partners: "_s + query.error()};
    QHash<QString, PartnerConfig> partners;
    while (query.value().next()) {
        const Partner partner = partnerFromRow(query.value());
        if (!partner.effective) {
            if (problems)
                *problems << u"partner '%1' is skipped: %2"_s.arg(partner.settings.name, partner.configError);
            continue;
        }
        PartnerConfig config = *partner.effective;
        for (const QJsonValue &secret : QJsonDocument::fromJson(query.value().value(10).toString().toUtf8()).array())
            config.secrets << secret.toString().toUtf8();
        partners.insert(config.name, config);
    }
    return partners;
}

} // namespace hookyard::core
