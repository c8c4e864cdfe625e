// `hookyard partner add|list|show|set|rotate-secret|remove`: who sends us webhooks and how to verify and read them.

#include "cli/Command.h"
#include "inbox/PartnerStore.h"
#include "util/HttpUrl.h"
#include "util/JsonDuplicateMembers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <functional>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QString kNoun = u"partner"_s;

// The --config text or the --config-file contents as a JSON object.
Result<QJsonObject> readConfig(const QString &text, const QString &origin)
{
    const Error notAnObject{u"%1 must be a JSON object such as {\"event_id\": \"/id\"}"_s.arg(origin)};
    if (!text.trimmed().startsWith(u'{')) // Qt's parser calls `null` or `[]` "illegal", which reads as "not JSON"
        return notAnObject;
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        return Error{u"%1 is not JSON: %2 at offset %3"_s.arg(origin, error.errorString()).arg(error.offset)};
    if (!document.isObject())
        return notAnObject;
    // Found by an adversarial helper: of two "mode" keys the last one was taken, without a word.
    if (const std::optional<QString> twice = firstDuplicateMember(text.toUtf8()))
        return Error{u"%1 gives the key at %2 twice"_s.arg(origin, *twice)};
    // Found by an adversarial helper: PostgreSQL's jsonb refused it, and the error quoted the whole statement.
    if (document.toJson(QJsonDocument::Compact).contains("\\u0000"))
        return Error{u"%1 holds \\u0000, which PostgreSQL cannot store in text"_s.arg(origin)};
    return document.object();
}

Result<QJsonObject> configFromFile(const QString &path)
{
    // A partner's config is a few hundred bytes; the cap keeps /dev/zero or a log file named by mistake from being
    // read into memory without end (found by an adversarial helper).
    constexpr qint64 kMaxConfigBytes = 1024 * 1024;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{u"cannot read the config file '%1': %2"_s.arg(path, file.errorString())};
    const QByteArray text = file.read(kMaxConfigBytes + 1);
    if (text.size() > kMaxConfigBytes)
        return Error{u"the config file '%1' is larger than 1 MiB: not a partner config"_s.arg(path)};
    return readConfig(QString::fromUtf8(text), u"the config file '%1'"_s.arg(path));
}

// Where each field comes from once the scheme's defaults are applied, so an operator need not know them.

// The stored configuration with its handler URL shown as above.
QJsonObject shownConfig(QJsonObject config)
{
    if (config.value(u"handler_url"_s).isString())
        config.insert(u"handler_url"_s, urlWithoutSecrets(config.value(u"handler_url"_s).toString()));
    return config;
}

QJsonObject effectiveJson(const PartnerConfig &config)
{
    auto spec = [](const FieldSource &source) {
        return source.isSet() ? QJsonValue(fieldSourceSpec(source)) : QJsonValue();
    };
    return {{u"event_id"_s, spec(config.eventId)},
            {u"event_type"_s, spec(config.eventType)},
            {u"entity_type"_s, spec(config.entityType)},
            {u"entity_id"_s, spec(config.entityId)},
            {u"event_time"_s, spec(config.eventTime)},
            {u"svix_headers"_s, config.svixHeaderNames},
            {u"mode"_s, processingModeName(config.mode)},
            {u"handler_url"_s, config.handlerUrl.isEmpty() ? QJsonValue() : urlWithoutSecrets(config.handlerUrl)},
            {u"handler_timeout_ms"_s, config.handlerTimeoutMs},
            {u"defer_max_age_s"_s, config.deferMaxAgeSeconds},
            {u"defer_max_count"_s, config.deferMaxCount}};
}

// `show` adds the secrets' dates; `list` leaves them out.
QJsonObject toJson(const Partner &partner, bool withSecrets)
{
    const PartnerSettings &settings = partner.settings;
    QJsonArray retrySchedule;
    for (int wait : settings.retryScheduleSeconds)
        retrySchedule.append(wait);
    QJsonObject object{
        {u"id"_s, partner.id},
        {u"name"_s, settings.name},
        {u"scheme"_s, partnerSchemeName(settings.scheme)},
        {u"config"_s, shownConfig(settings.config)},
        {u"effective"_s, partner.effective ? QJsonValue(effectiveJson(*partner.effective)) : QJsonValue()},
        {u"config_error"_s, partner.effective ? QJsonValue() : QJsonValue(partner.configError)},
        {u"tolerance_s"_s, settings.toleranceSeconds},
        {u"max_body_bytes"_s, settings.maxBodyBytes},
        {u"retry_schedule_s"_s, retrySchedule},
        {u"active_secrets"_s, partner.activeSecretCount},
        {u"created_at"_s, isoUtc(partner.createdAt)},
        {u"updated_at"_s, isoUtc(partner.updatedAt)},
    };
    if (withSecrets)
        object.insert(u"secrets"_s, secretsJson(partner.secrets));
    return object;
}

// `partner set`'s --config merged into the stored config as a JSON merge patch (RFC 7386): a key given replaces the
// stored one, an object given is merged into the stored object the same way (into an empty one where none is stored;
// so {"hmac": {"prefix": "v1="}} keeps the scheme's other hmac keys), and null removes a key. Unlike RFC 7386, a null
// for a key that is not there is refused, as a typo. `path` names the nested object, for errors.
Status mergeConfig(QJsonObject &stored, const QJsonObject &patch, const QString &partner, const QString &path)
{
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        const QString key = path.isEmpty() ? it.key() : path + u'.' + it.key();
        if (it.value().isObject()) {
            QJsonObject nested = stored.value(it.key()).toObject(); // empty where none is stored
            if (auto merged = mergeConfig(nested, it.value().toObject(), partner, key); !merged)
                return merged;
            stored.insert(it.key(), nested);
        } else if (!it.value().isNull()) {
            stored.insert(it.key(), it.value());
        } else if (stored.contains(it.key())) {
            stored.remove(it.key());
        } else {
            // A key to remove that is not there is a typo more often than a wish already granted (found by an
            // adversarial helper: {"handler-url": null} answered "nothing changed").
            const QStringList present = stored.keys();
            const QString owner = path.isEmpty() ? u"its"_s : path + u"'s"_s;
            const QString keys = present.isEmpty() ? QString((path.isEmpty() ? u"its config"_s : path) + u" is empty"_s)
                                                   : QString(owner + u" keys: "_s + present.join(u", "_s));
            return Error{u"partner '%1' has no config key '%2' to remove (%3)"_s.arg(partner, key, keys)};
        }
    }
    return success();
}

// The options that choose a partner's settings besides its scheme and secrets. `add` starts from the defaults;
// `set` from the current settings, and merges --config into the stored config.
struct SettingOptions : SettingOptionsBase
{
    using SettingOptionsBase::SettingOptionsBase;

    const QCommandLineOption config{
        u"config"_s,
        forSet ? u"Config keys to change, as a JSON object: each key given replaces the stored one (an object is "
                 "merged into the stored object the same way), null removes it (keys: docs/partners.md)."_s
               : u"Where fields come from and how events are processed, as JSON (keys: docs/partners.md)."_s,
        u"json"_s};
    const QCommandLineOption configFile{u"config-file"_s, u"The same JSON, from a file."_s, u"file"_s};
    const QCommandLineOption tolerance{u"tolerance-s"_s,
                                       u"How far a signed timestamp may be from now, in seconds"_s +
                                           defaultText(u"300, at most 86400"_s) + u"."_s,
                                       u"seconds"_s};
    const QCommandLineOption maxBody{u"max-body-bytes"_s,
                                     u"Larger requests are turned away"_s + defaultText(u"1048576, at most 64 MiB"_s) +
                                         (forSet ? u" (at most 64 MiB)."_s : u"."_s),
                                     u"bytes"_s};
    const QCommandLineOption retry{u"retry"_s,
                                   u"Waits before each retry of its handler in seconds, comma-separated"_s +
                                       defaultText(u"60,300,600"_s) + u"."_s,
                                   u"seconds"_s};

    QList<QCommandLineOption> list() const { return {config, configFile, tolerance, maxBody, retry}; }
};

using SettingsChange = std::function<Status(PartnerSettings &)>;

// Reads the setting options into the change they ask for, applied to the defaults by `add` and to the current
// settings by `set`. Only what is given changes. Errors come with their exit code: a malformed option is the command
// line's (2); a config that is not a JSON object, or a file that cannot be read, is the job's (1), as it was for add.
Result<SettingsChange> settingsChange(const QCommandLineParser &parser, const SettingOptions &options, int &exitCode)
{
    exitCode = ExitUsage;
    if (parser.isSet(options.config) && parser.isSet(options.configFile))
        return Error{u"give --config or --config-file, not both"_s};
    std::optional<int> toleranceSeconds;
    if (parser.isSet(options.tolerance)) {
        // A signed request can be replayed for as long as its timestamp is within the tolerance: beyond a day that
        // protection is as good as off (found by an adversarial helper: 2147483647 was taken).
        constexpr int kMaxToleranceSeconds = 24 * 3600;
        toleranceSeconds = parseInt(parser.value(options.tolerance));
        if (!toleranceSeconds || *toleranceSeconds <= 0 || *toleranceSeconds > kMaxToleranceSeconds)
            return Error{u"--tolerance-s needs a whole number of seconds from 1 to %1 (a day), got '%2'"_s
                             .arg(kMaxToleranceSeconds)
                             .arg(parser.value(options.tolerance))};
    }
    std::optional<int> maxBodyBytes;
    if (parser.isSet(options.maxBody)) {
        maxBodyBytes = parseInt(parser.value(options.maxBody));
        if (!maxBodyBytes || *maxBodyBytes <= 0 || *maxBodyBytes > kMaxPartnerBodyBytes)
            return Error{u"--max-body-bytes needs a whole number of bytes from 1 to %1 (64 MiB), got '%2'"_s
                             .arg(kMaxPartnerBodyBytes)
                             .arg(parser.value(options.maxBody))};
    }
    std::optional<QList<int>> retrySchedule;
    if (parser.isSet(options.retry)) {
        auto schedule = parseRetrySchedule(parser.value(options.retry));
        if (!schedule)
            return Error{schedule.error()};
        retrySchedule = schedule.value();
    }
    std::optional<QJsonObject> config;
    if (parser.isSet(options.config) || parser.isSet(options.configFile)) {
        auto read = parser.isSet(options.config) ? readConfig(parser.value(options.config), u"--config"_s)
                                                 : configFromFile(parser.value(options.configFile));
        if (!read) {
            exitCode = ExitFailure;
            return Error{read.error()};
        }
        config = read.value();
    }

    const bool merge = options.forSet;
    return SettingsChange([=](PartnerSettings &settings) -> Status {
        if (toleranceSeconds)
            settings.toleranceSeconds = *toleranceSeconds;
        if (maxBodyBytes)
            settings.maxBodyBytes = *maxBodyBytes;
        if (retrySchedule)
            settings.retryScheduleSeconds = *retrySchedule;
        if (config && !merge)
            settings.config = *config;
        if (config && merge)
            return mergeConfig(settings.config, *config, settings.name, {});
        return success();
    });
}

int runAdd(const CommandContext &context)
{
    QCommandLineParser parser;
    const SettingOptions settingOptions(SettingOptions::For::Add);
    const QCommandLineOption scheme(u"scheme"_s, u"How its requests are signed: standard, stripe, github or hmac."_s,
                                    u"scheme"_s);
    const QCommandLineOption secret(u"secret"_s,
                                    u"A secret it signs with (repeatable; default for standard: a new random "
                                    "whsec_... one, printed once)."_s,
                                    u"secret"_s);
    parser.addOptions(QList<QCommandLineOption>{scheme, secret} + settingOptions.list() << kReasonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The partner's name, as in POST /webhooks/NAME."_s);
    if (auto exit = parseOrExit(parser, context,
                                u"NAME --scheme standard|stripe|github|hmac [--secret S]... "
                                "[--config JSON | --config-file FILE] [--tolerance-s N] [--max-body-bytes N] "
                                "[--retry 60,300,600] [--reason TEXT]"_s,
                                {}, {u"secret"_s}))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    if (!parser.isSet(scheme))
        return failWith(u"%1 needs --scheme (see hookyard %1 --help)"_s.arg(context.commandName()), ExitUsage);

    PartnerSettings settings;
    settings.name = *name;
    auto parsedScheme = parsePartnerScheme(parser.value(scheme));
    if (!parsedScheme)
        return failWith(u"--scheme: "_s + parsedScheme.error(), ExitUsage);
    settings.scheme = parsedScheme.value();
    int exitCode = ExitUsage;
    const auto change = settingsChange(parser, settingOptions, exitCode);
    if (!change)
        return failWith(change.error(), exitCode);
    if (const Status changed = change.value()(settings); !changed)
        return failWith(changed.error());
    // Checked before connecting: a mistyped name or config is reported as such even while the database is away.
    if (const Status valid = PartnerStore::validate(settings); !valid)
        return failWith(valid.error());
    if (const Status valid = PartnerStore::validateSecrets(settings, parser.values(secret)); !valid)
        return failWith(valid.error());

    return withStore<PartnerStore>(context, kNoun, [&](const PartnerStore &store) {
        auto added = store.add(settings, parser.values(secret), parser.value(kReasonOption));
        if (!added)
            return failWith(added.error());
        out() << "added partner '" << settings.name << "'" << Qt::endl;
        if (!parser.isSet(secret))
            out() << "secret: " << added.value().first() << Qt::endl;
        return int(ExitOk);
    });
}

int runSet(const CommandContext &context)
{
    QCommandLineParser parser;
    const SettingOptions settingOptions(SettingOptions::For::Set);
    parser.addOptions(settingOptions.list() << kReasonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The partner."_s);
    if (auto exit = parseOrExit(parser, context,
                                u"NAME [--config JSON | --config-file FILE] [--tolerance-s N] [--max-body-bytes N] "
                                "[--retry 60,300,600] [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    if (auto exit = refuseNoSetting(parser, context, settingOptions.list()))
        return *exit;
    int exitCode = ExitUsage;
    const auto change = settingsChange(parser, settingOptions, exitCode);
    if (!change)
        return failWith(change.error(), exitCode);

    return withStore<PartnerStore>(context, kNoun, [&](const PartnerStore &store) {
        auto changed = store.update(*name, change.value(), parser.value(kReasonOption));
        if (!changed)
            return failWith(changed.error());
        out() << (changed.value() ? u"changed partner '%1'; receivers and workers apply it within 5 s"_s.arg(*name)
                                  : u"partner '%1' already has these settings; nothing changed"_s.arg(*name))
              << Qt::endl;
        return int(ExitOk);
    });
}

int runList(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kJsonOption);
    if (auto exit = parseOptionsOnlyOrExit(parser, context, u"[--json]"_s))
        return *exit;

    return withStore<PartnerStore>(context, kNoun, [&](const PartnerStore &store) {
        auto partners = store.list();
        if (!partners)
            return failWith(partners.error());
        if (parser.isSet(kJsonOption)) {
            QJsonArray array;
            for (const Partner &partner : partners.value())
                array.append(toJson(partner, false));
            printJson({{u"format"_s, 1}, {u"partners"_s, array}});
            return int(ExitOk);
        }
        QList<QStringList> rows{{u"NAME"_s, u"SCHEME"_s, u"MODE"_s, u"SECRETS"_s, u"EVENT ID"_s, u"CONFIG"_s}};
        for (const Partner &partner : partners.value()) {
            const auto &effective = partner.effective;
            rows << QStringList{partner.settings.name,
                                partnerSchemeName(partner.settings.scheme),
                                effective ? processingModeName(effective->mode) : u"-"_s,
                                QString::number(partner.activeSecretCount),
                                effective ? fieldSourceSpec(effective->eventId) : u"-"_s,
                                effective ? u"ok"_s : u"invalid: "_s + partner.configError};
        }
        printTable(rows);
        return int(ExitOk);
    });
}

int runShow(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kJsonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The partner."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--json]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;

    return withStore<PartnerStore>(context, kNoun, [&](const PartnerStore &store) {
        auto found = store.find(*name);
        if (!found)
            return failWith(found.error());
        const Partner &partner = found.value();
        if (parser.isSet(kJsonOption)) {
            printJson({{u"format"_s, 1}, {u"partner"_s, toJson(partner, true)}});
            return int(ExitOk);
        }
        const PartnerSettings &settings = partner.settings;

        printField("name", settings.name);
        printField("scheme", partnerSchemeName(settings.scheme));
        printField("tolerance", u"%1 s"_s.arg(settings.toleranceSeconds));
        printField("body limit", u"%1 bytes"_s.arg(settings.maxBodyBytes));
        printField("handler retries", secondsList(settings.retryScheduleSeconds));
        printField("stored config",
                   QString::fromUtf8(QJsonDocument(shownConfig(settings.config)).toJson(QJsonDocument::Compact)));
        if (const auto &effective = partner.effective) {
            auto source = [](const FieldSource &from) {
                return from.isSet() ? fieldSourceSpec(from) : u"not extracted"_s;
            };
            printField("event id", source(effective->eventId));
            printField("event type", source(effective->eventType));
            printField("entity type", source(effective->entityType));
            printField("entity id", source(effective->entityId));
            printField("event time", source(effective->eventTime));
            printField("mode", processingModeName(effective->mode));
            printField("handler", effective->handlerUrl.isEmpty()
                                      ? u"none"_s
                                      : u"%1 (timeout %2 ms)"_s.arg(urlWithoutSecrets(effective->handlerUrl))
                                            .arg(effective->handlerTimeoutMs));
            printField("deferral bound",
                       u"%1 s or %2 deferrals"_s.arg(effective->deferMaxAgeSeconds).arg(effective->deferMaxCount));
        } else {
            printField("config error", partner.configError);
        }
        printField("secrets", u"%1 active"_s.arg(partner.activeSecretCount));
        for (const SecretInfo &secret : partner.secrets)
            printField("", secretDatesText(secret));
        printField("created", isoUtc(partner.createdAt));
        printField("updated", isoUtc(partner.updatedAt));
        out().flush();
        return int(ExitOk);
    });
}

int runRotateSecret(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption grace(
        u"grace-hours"_s, u"How long the current secrets keep verifying (default: 24; 0: stop at once)."_s, u"hours"_s);
    const QCommandLineOption secret(
        u"secret"_s, u"The new secret (required unless the scheme is standard: then a new random one is printed)."_s,
        u"secret"_s);
    parser.addOptions({grace, secret, kReasonOption});
    parser.addPositionalArgument(u"NAME"_s, u"The partner."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--secret S] [--grace-hours N] [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    const auto graceSeconds = graceOption(parser, grace, PartnerStore::kDefaultRotationGrace);
    if (!graceSeconds)
        return failWith(graceSeconds.error(), ExitUsage);
    return withStore<PartnerStore>(context, kNoun, [&](const PartnerStore &store) {
        auto rotated =
            store.rotateSecret(*name, parser.value(kReasonOption), graceSeconds.value(), parser.value(secret));
        if (!rotated)
            return failWith(rotated.error());
        out() << "rotated the secret of partner '" << *name << "'; the previous ones "
              << (graceSeconds->count() == 0 ? u"no longer verify once receivers read partners again (within 5 s)"_s
                                             : u"keep verifying for %1 h"_s.arg(graceSeconds->count() / 3600))
              << Qt::endl;
        if (!parser.isSet(secret))
            out() << "secret: " << rotated.value() << Qt::endl;
        return int(ExitOk);
    });
}

int runRemove(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption force(
        u"force"_s, u"Remove it although webhooks of it still wait; the worker then fails them until quarantined."_s);
    parser.addOptions({force, kReasonOption});
    parser.addPositionalArgument(u"NAME"_s, u"The partner."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--force] [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    return withStore<PartnerStore>(context, kNoun, [&](const PartnerStore &store) {
        const auto removal =
            parser.isSet(force) ? PartnerStore::Removal::Force : PartnerStore::Removal::RefuseWhileWaiting;
        if (auto removed = store.remove(*name, removal, parser.value(kReasonOption)); !removed)
            return failWith(removed.error());
        out() << "removed partner '" << *name << "'; its received webhooks stay in the inbox" << Qt::endl;
        return int(ExitOk);
    });
}

const QList<Action> &actions()
{
    static const QList<Action> table{
        {u"add"_s, runAdd, u"NAME --scheme S [options]"_s, u"add a partner; a generated secret is printed once"_s},
        {u"list"_s, runList, u"[--json]"_s, u"every partner, its scheme, mode and active secrets"_s},
        {u"show"_s, runShow, u"NAME [--json]"_s, u"all settings with defaults applied, secrets (dates only)"_s},
        {u"set"_s, runSet, u"NAME [options]"_s, u"change its config, tolerance, body limit, handler retries"_s},
        {u"rotate-secret"_s, runRotateSecret, u"NAME [--secret S] [--grace-hours N]"_s,
         u"new secret; the old ones expire in N h"_s},
        {u"remove"_s, runRemove, u"NAME [--force] [--reason TEXT]"_s, u"delete it; received webhooks stay"_s},
    };
    return table;
}

} // namespace

int runPartner(const CommandContext &context)
{
    return runAction(context, kNoun, actions(), 50);
}

} // namespace hookyard::core::cli
