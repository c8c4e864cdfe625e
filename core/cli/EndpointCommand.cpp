// `hookyard endpoint add|list|show|set|pause|resume|set-status-url|set-private-network|rotate-secret|remove`: where
// outbox events go.

#include "cli/Command.h"
#include "console/DetailQueries.h"
#include "endpoints/EndpointStore.h"
#include "util/HttpUrl.h"

#include <QJsonArray>
#include <QJsonObject>

#include <functional>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

const QString kNoun = u"endpoint"_s;

// What show and list print never holds a secret: a password in a URL is left out, and custom header values that
// look like credentials are masked as the console masks them.
QJsonObject maskedHeaders(const QJsonObject &headers)
{
    QJsonObject masked;
    for (auto it = headers.begin(); it != headers.end(); ++it)
        masked.insert(it.key(), looksLikeCredential(it.key(), it.value().toString())
                                    ? QJsonValue(maskSecret(it.value().toString()))
                                    : it.value());
    return masked;
}

QString privateNetworkText(bool allowed)
{
    return allowed ? u"allowed"_s : u"refused"_s;
}

// `show` adds the secrets' dates; `list` leaves them out.
QJsonObject toJson(const Endpoint &endpoint, bool withSecrets)
{
    const EndpointSettings &settings = endpoint.settings;
    QJsonArray retrySchedule;
    for (int wait : settings.retryScheduleS)
        retrySchedule.append(wait);
    QJsonObject deliveries{{u"pending"_s, endpoint.deliveries.pending},
                           {u"held"_s, endpoint.deliveries.held},
                           {u"unknown"_s, endpoint.deliveries.unknown},
                           {u"dead"_s, endpoint.deliveries.dead}};
    if (endpoint.deliveries.delivered)
        deliveries.insert(u"delivered"_s, *endpoint.deliveries.delivered);
    QJsonObject object{
        {u"id"_s, endpoint.id},
        {u"name"_s, settings.name},
        {u"url"_s, urlWithoutSecrets(settings.url)},
        {u"event_types"_s, QJsonArray::fromStringList(settings.eventTypes)},
        {u"state"_s, endpoint.state},
        {u"state_reason"_s, textOrNull(endpoint.stateReason)},
        {u"timeout_ms"_s, settings.timeoutMs},
        {u"retry_schedule_s"_s, retrySchedule},
        {u"rate_limit_per_s"_s, settings.rateLimitPerS ? QJsonValue(*settings.rateLimitPerS) : QJsonValue()},
        {u"ordered_per_aggregate"_s, settings.orderedPerAggregate},
        {u"custom_headers"_s, maskedHeaders(settings.customHeaders)},
        {u"svix_header_names"_s, settings.svixHeaderNames},
        {u"status_url"_s, settings.statusUrl.isEmpty() ? QJsonValue() : urlWithoutSecrets(settings.statusUrl)},
        {u"allow_private_network"_s, settings.allowPrivateNetwork},
        {u"active_secrets"_s, endpoint.activeSecretCount},
        {u"created_at"_s, isoUtc(endpoint.createdAt)},
        {u"updated_at"_s, isoUtc(endpoint.updatedAt)},
        {u"deliveries"_s, deliveries},
    };
    if (withSecrets)
        object.insert(u"secrets"_s, secretsJson(endpoint.secrets));
    return object;
}

// The options that choose an endpoint's settings. `add` starts from the defaults; `set` from the current settings,
// with the options that undo a choice as well.
struct SettingOptions : SettingOptionsBase
{
    using SettingOptionsBase::SettingOptionsBase;

    const QCommandLineOption url{u"url"_s, u"Where events are POSTed: absolute http(s) URL."_s, u"url"_s};
    const QCommandLineOption events{
        u"events"_s, u"Event types, comma-separated: exact names, '*' or 'prefix.*'"_s + defaultText(u"*"_s) + u"."_s,
        u"patterns"_s};
    const QCommandLineOption timeout{
        u"timeout-ms"_s, u"Per-attempt timeout in milliseconds"_s + defaultText(u"15000"_s) + u"."_s, u"ms"_s};
    const QCommandLineOption retry{u"retry"_s,
                                   u"Waits before each retry in seconds, comma-separated; a failure after the last "
                                   "dead-letters"_s +
                                       defaultText(u"60,300,600"_s) + u"."_s,
                                   u"seconds"_s};
    const QCommandLineOption rate{
        u"rate"_s, u"At most this many requests per second"_s + defaultText(u"no cap"_s) + u"."_s, u"per-second"_s};
    const QCommandLineOption ordered{u"ordered"_s, u"Deliver each aggregate's events one after another."_s};
    const QCommandLineOption header{u"header"_s,
                                    forSet ? u"Add or replace the request header 'Name: value' (repeatable)."_s
                                           : u"Extra request header 'Name: value' (repeatable)."_s,
                                    u"header"_s};
    const QCommandLineOption svix{u"svix-headers"_s, u"Send svix-id/-timestamp/-signature header names."_s};
    // `set` only.
    const QCommandLineOption noRate{u"no-rate"_s, u"Remove the rate cap."_s};
    const QCommandLineOption unordered{u"unordered"_s, u"Deliver each aggregate's events independently."_s};
    const QCommandLineOption webhookHeaders{u"webhook-headers"_s,
                                            u"Send webhook-id/-timestamp/-signature header names."_s};
    const QCommandLineOption removeHeader{u"remove-header"_s, u"Stop sending the request header NAME (repeatable)."_s,
                                          u"name"_s};

    QList<QCommandLineOption> list() const
    {
        QList<QCommandLineOption> options{url, events, timeout, retry, rate, ordered, header, svix};
        if (forSet)
            options << noRate << unordered << webhookHeaders << removeHeader;
        return options;
    }
};

using SettingsChange = std::function<Status(EndpointSettings &)>;

// Reads the setting options into the change they ask for, applied to the defaults by `add` and to the current
// settings by `set`. Only what is given changes. Every error is the command line's (exit 2): it is found before
// connecting.
Result<SettingsChange> settingsChange(const QCommandLineParser &parser, const SettingOptions &options)
{
    auto given = [&](const QCommandLineOption &option) { return parser.isSet(option); };
    auto both = [](const QCommandLineOption &one, const QCommandLineOption &other) {
        return Error{u"give --%1 or --%2, not both"_s.arg(one.names().first(), other.names().first())};
    };
    std::optional<QString> url;
    if (given(options.url))
        url = parser.value(options.url);
    std::optional<QStringList> eventTypes;
    if (given(options.events)) {
        // As every list option (docs/cli.md): an empty word is a usage error, a word given twice counts once (found
        // by an adversarial helper: both exited 1, the second as "given twice").
        eventTypes.emplace();
        for (const QString &part : parser.value(options.events).split(u',')) {
            const QString pattern = part.trimmed();
            if (pattern.isEmpty())
                return Error{u"--events has an empty word in '%1' (event types separated by commas)"_s.arg(
                    parser.value(options.events))};
            if (!eventTypes->contains(pattern))
                *eventTypes << pattern;
        }
    }
    // Zero or less is as much the command line's mistake as a word is: both exit 2.
    QString numberError;
    std::optional<int> timeoutMs;
    if (given(options.timeout)) {
        timeoutMs = positiveInt(parser, options.timeout.names().first(), 0, numberError);
        if (!timeoutMs)
            return Error{numberError};
    }
    std::optional<QList<int>> retrySchedule;
    if (given(options.retry)) {
        auto schedule = parseRetrySchedule(parser.value(options.retry));
        if (!schedule)
            return Error{schedule.error()};
        retrySchedule = schedule.value();
    }
    std::optional<std::optional<int>> rateLimit; // outer: given; inner: none is no cap
    if (given(options.rate)) {
        if (options.forSet && given(options.noRate))
            return both(options.rate, options.noRate);
        const auto perSecond = positiveInt(parser, options.rate.names().first(), 0, numberError);
        if (!perSecond)
            return Error{numberError};
        rateLimit = perSecond;
    } else if (options.forSet && given(options.noRate)) {
        rateLimit = std::optional<int>();
    }
    std::optional<bool> ordered;
    if (given(options.ordered))
        ordered = true;
    if (options.forSet && given(options.unordered)) {
        if (ordered)
            return both(options.ordered, options.unordered);
        ordered = false;
    }
    std::optional<bool> svixHeaderNames;
    if (given(options.svix))
        svixHeaderNames = true;
    if (options.forSet && given(options.webhookHeaders)) {
        if (svixHeaderNames)
            return both(options.svix, options.webhookHeaders);
        svixHeaderNames = false;
    }
    // Header names are compared as HTTP compares them: X-Tenant and x-tenant are one header.
    const auto namedIn = [](const QStringList &names, const QString &name) {
        return names.contains(name, Qt::CaseInsensitive);
    };
    QJsonObject headers;
    for (const QString &line : parser.values(options.header)) {
        const auto parsedHeader = parseHeaderOption(line);
        if (!parsedHeader)
            return Error{parsedHeader.error()};
        const auto &[headerName, headerValue] = parsedHeader.value();
        if (namedIn(headers.keys(), headerName))
            return Error{u"header '%1' is given twice"_s.arg(headerName)};
        headers.insert(headerName, headerValue);
    }
    const QStringList removedHeaders = options.forSet ? parser.values(options.removeHeader) : QStringList();
    for (const QString &removed : removedHeaders) {
        if (namedIn(headers.keys(), removed))
            return Error{u"header '%1' is both set and removed"_s.arg(removed)};
    }

    return SettingsChange([=](EndpointSettings &settings) -> Status {
        if (url)
            settings.url = *url;
        if (eventTypes)
            settings.eventTypes = *eventTypes;
        if (timeoutMs)
            settings.timeoutMs = *timeoutMs;
        if (retrySchedule)
            settings.retryScheduleS = *retrySchedule;
        if (rateLimit)
            settings.rateLimitPerS = *rateLimit;
        if (ordered)
            settings.orderedPerAggregate = *ordered;
        if (svixHeaderNames)
            settings.svixHeaderNames = *svixHeaderNames;
        auto removeNamed = [&](const QString &name) {
            bool removed = false;
            for (const QString &existing : settings.customHeaders.keys()) {
                if (existing.compare(name, Qt::CaseInsensitive) == 0) {
                    settings.customHeaders.remove(existing);
                    removed = true;
                }
            }
            return removed;
        };
        // A header to remove that is not there is a typo more often than a wish already granted.
        for (const QString &removed : removedHeaders) {
            if (!removeNamed(removed)) {
                const QStringList present = settings.customHeaders.keys();
                return Error{u"endpoint '%1' has no header '%2' to remove (%3)"_s.arg(
                    settings.name, removed,
                    present.isEmpty() ? u"it has none"_s : u"its headers: "_s + present.join(u", "_s))};
            }
        }
        for (auto it = headers.begin(); it != headers.end(); ++it) {
            removeNamed(it.key());
            settings.customHeaders.insert(it.key(), it.value());
        }
        return success();
    });
}

int runAdd(const CommandContext &context)
{
    QCommandLineParser parser;
    const SettingOptions settingOptions(SettingOptions::For::Add);
    const QCommandLineOption secret(
        u"secret"_s, u"Signing secret whsec_... (default: a new random one, printed once)."_s, u"secret"_s);
    const QCommandLineOption statusUrl(
        u"status-url"_s, u"Where the relay asks about unknown outcomes: a URL with {id} for the webhook-id."_s,
        u"template"_s);
    const QCommandLineOption allowPrivate(u"allow-private-network"_s,
                                          u"Let its URLs reach loopback, link-local and private addresses (refused by "
                                          "default: the SSRF guard, docs/security.md)."_s);
    parser.addOptions(settingOptions.list() +
                      QList<QCommandLineOption>{secret, statusUrl, allowPrivate, kReasonOption});
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint's name: letters, digits, '.', '_', '-'."_s);
    if (auto exit = parseOrExit(parser, context,
                                u"NAME --url URL [--events order.*,invoice.created] [--secret whsec_...] "
                                "[--timeout-ms N] [--retry 60,300,600] [--rate N] [--ordered] "
                                "[--header 'Name: value']... [--svix-headers] [--status-url TEMPLATE] "
                                "[--allow-private-network] [--reason TEXT]"_s,
                                {}, {u"header"_s}))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    if (!parser.isSet(settingOptions.url))
        return failWith(u"%1 needs --url (see hookyard %1 --help)"_s.arg(context.commandName()), ExitUsage);
    const auto change = settingsChange(parser, settingOptions);
    if (!change)
        return failWith(change.error(), ExitUsage);

    EndpointSettings settings;
    settings.name = *name;
    if (const Status changed = change.value()(settings); !changed)
        return failWith(changed.error());
    settings.statusUrl = parser.value(statusUrl);
    settings.allowPrivateNetwork = parser.isSet(allowPrivate);
    // Checked before connecting: a mistyped name or URL is reported as such even while the database is away.
    if (const Status valid = EndpointStore::validate(settings); !valid)
        return failWith(valid.error());
    if (parser.isSet(secret)) {
        if (const Status valid = EndpointStore::validateSecret(parser.value(secret)); !valid)
            return failWith(valid.error());
    }

    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto added = store.add(settings, parser.value(kReasonOption), parser.value(secret));
        if (!added)
            return failWith(added.error());
        out() << "added endpoint '" << settings.name << "'" << Qt::endl;
        if (!parser.isSet(secret))
            out() << "secret: " << added.value() << Qt::endl;
        return int(ExitOk);
    });
}

int runSet(const CommandContext &context)
{
    QCommandLineParser parser;
    const SettingOptions settingOptions(SettingOptions::For::Set);
    parser.addOptions(settingOptions.list() << kReasonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    if (auto exit = parseOrExit(parser, context,
                                u"NAME [--url URL] [--events PATTERNS] [--timeout-ms N] [--retry 60,300,600] "
                                "[--rate N | --no-rate] [--ordered | --unordered] [--header 'Name: value']... "
                                "[--remove-header NAME]... [--svix-headers | --webhook-headers] [--reason TEXT]"_s,
                                {}, {u"header"_s, u"remove-header"_s}))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    if (auto exit = refuseNoSetting(parser, context, settingOptions.list()))
        return *exit;
    const auto change = settingsChange(parser, settingOptions);
    if (!change)
        return failWith(change.error(), ExitUsage);

    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto changed = store.update(*name, change.value(), parser.value(kReasonOption));
        if (!changed)
            return failWith(changed.error());
        out() << (changed.value() ? u"changed endpoint '%1'; relays apply it within 5 s"_s.arg(*name)
                                  : u"endpoint '%1' already has these settings; nothing changed"_s.arg(*name))
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

    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto endpoints = store.list();
        if (!endpoints)
            return failWith(endpoints.error());
        if (parser.isSet(kJsonOption)) {
            QJsonArray array;
            for (const Endpoint &endpoint : endpoints.value())
                array.append(toJson(endpoint, false));
            printJson({{u"format"_s, 1}, {u"endpoints"_s, array}});
            return int(ExitOk);
        }
        QList<QStringList> rows{
            {u"NAME"_s, u"STATE"_s, u"URL"_s, u"EVENTS"_s, u"PRIVATE NETWORK"_s, u"PENDING"_s, u"HELD"_s, u"DEAD"_s}};
        for (const Endpoint &endpoint : endpoints.value())
            rows << QStringList{endpoint.settings.name,
                                endpoint.state,
                                urlWithoutSecrets(endpoint.settings.url),
                                endpoint.settings.eventTypes.join(u','),
                                privateNetworkText(endpoint.settings.allowPrivateNetwork),
                                QString::number(endpoint.deliveries.pending),
                                QString::number(endpoint.deliveries.held),
                                QString::number(endpoint.deliveries.dead)};
        printTable(rows);
        return int(ExitOk);
    });
}

int runShow(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kJsonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--json]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;

    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto found = store.find(*name);
        if (!found)
            return failWith(found.error());
        const Endpoint &endpoint = found.value();
        if (parser.isSet(kJsonOption)) {
            printJson({{u"format"_s, 1}, {u"endpoint"_s, toJson(endpoint, true)}});
            return int(ExitOk);
        }
        const EndpointSettings &settings = endpoint.settings;
        QStringList headers;
        const QJsonObject shownHeaders = maskedHeaders(settings.customHeaders);
        for (auto it = shownHeaders.begin(); it != shownHeaders.end(); ++it)
            headers << it.key() + u": "_s + it.value().toString();
        const DeliveryCounts &counts = endpoint.deliveries;

        printField("name", settings.name);
        printField("state", endpoint.stateReason.isEmpty() ? endpoint.state
                                                           : endpoint.state + u" ("_s + endpoint.stateReason + u')');
        printField("url", urlWithoutSecrets(settings.url));
        printField("events", settings.eventTypes.join(u", "_s));
        printField("timeout", u"%1 ms"_s.arg(settings.timeoutMs));
        printField("retry schedule", secondsList(settings.retryScheduleS) + u", then dead-letter"_s);
        printField("rate limit", settings.rateLimitPerS ? u"%1/s"_s.arg(*settings.rateLimitPerS) : u"none"_s);
        printField("ordered", settings.orderedPerAggregate ? u"per aggregate"_s : u"no"_s);
        printField("headers", headers.isEmpty() ? u"none"_s : headers.join(u"; "_s));
        printField("header names", settings.svixHeaderNames ? u"svix-*"_s : u"webhook-*"_s);
        printField("status url", settings.statusUrl.isEmpty() ? u"none"_s : urlWithoutSecrets(settings.statusUrl));
        printField("private network", privateNetworkText(settings.allowPrivateNetwork));
        printField("secrets", u"%1 active"_s.arg(endpoint.activeSecretCount));
        for (const SecretInfo &secret : endpoint.secrets)
            printField("", secretDatesText(secret));
        printField("deliveries", u"pending %1, held %2, unknown %3, dead %4, delivered %5"_s.arg(counts.pending)
                                     .arg(counts.held)
                                     .arg(counts.unknown)
                                     .arg(counts.dead)
                                     .arg(counts.delivered.value_or(0)));
        printField("created", isoUtc(endpoint.createdAt));
        printField("updated", isoUtc(endpoint.updatedAt));
        out().flush();
        return int(ExitOk);
    });
}

int runPause(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kReasonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto paused = store.pause(*name, parser.value(kReasonOption));
        if (!paused)
            return failWith(paused.error());
        out() << (paused.value() ? u"paused endpoint '%1'"_s.arg(*name)
                                 : u"endpoint '%1' is paused already; nothing changed"_s.arg(*name))
              << Qt::endl;
        return int(ExitOk);
    });
}

int runResume(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kReasonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto released = store.resume(*name, parser.value(kReasonOption));
        if (!released)
            return failWith(released.error());
        if (!released.value())
            out() << "endpoint '" << *name << "' is active already; nothing changed" << Qt::endl;
        else
            out() << "resumed endpoint '" << *name << "'; " << *released.value() << " held deliveries are due again"
                  << Qt::endl;
        return int(ExitOk);
    });
}

int runSetStatusUrl(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption none(u"none"_s, u"Remove the status URL."_s);
    parser.addOptions({none, kReasonOption});
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    parser.addPositionalArgument(u"TEMPLATE"_s, u"The status URL, with {id} where the webhook-id goes."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME (TEMPLATE | --none) [--reason TEXT]"_s))
        return *exit;
    const QStringList arguments = parser.positionalArguments();
    if (arguments.size() != (parser.isSet(none) ? 1 : 2))
        return failWith(u"%1 needs an endpoint NAME and either a TEMPLATE or --none (see hookyard %1 --help)"_s.arg(
                            context.commandName()),
                        ExitUsage);
    const QString &name = arguments.first();
    const QString statusUrl = arguments.value(1);
    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        if (auto set = store.setStatusUrl(name, statusUrl, parser.value(kReasonOption)); !set)
            return failWith(set.error());
        out() << (statusUrl.isEmpty() ? u"endpoint '%1' has no status url now"_s.arg(name)
                                      : u"endpoint '%1' has the status url %2"_s.arg(name, statusUrl))
              << Qt::endl;
        return int(ExitOk);
    });
}

int runSetPrivateNetwork(const CommandContext &context)
{
    QCommandLineParser parser;
    parser.addOption(kReasonOption);
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    parser.addPositionalArgument(u"allow|refuse"_s,
                                 u"Whether its URLs may reach loopback, link-local and private addresses."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME allow|refuse [--reason TEXT]"_s))
        return *exit;
    const QStringList arguments = parser.positionalArguments();
    const QString choice = arguments.value(1);
    if (arguments.size() != 2 || (choice != u"allow"_s && choice != u"refuse"_s))
        return failWith(u"%1 needs an endpoint NAME and either allow or refuse (see hookyard %1 --help)"_s.arg(
                            context.commandName()),
                        ExitUsage);
    const QString &name = arguments.first();
    const bool allow = choice == u"allow"_s;
    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        if (auto set = store.setAllowPrivateNetwork(name, allow, parser.value(kReasonOption)); !set)
            return failWith(set.error());
        out() << u"endpoint '%1' %2 private networks now"_s.arg(name, allow ? u"may reach"_s : u"may not reach"_s)
              << Qt::endl;
        return int(ExitOk);
    });
}

int runRotateSecret(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption grace(
        u"grace-hours"_s, u"How long the current secrets keep signing (default: 24; 0: stop at once)."_s, u"hours"_s);
    const QCommandLineOption secret(
        u"secret"_s, u"The new secret whsec_... (default: a new random one, printed once)."_s, u"secret"_s);
    parser.addOptions({grace, secret, kReasonOption});
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--grace-hours N] [--secret whsec_...] [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    const auto graceSeconds = graceOption(parser, grace, EndpointStore::kDefaultRotationGrace);
    if (!graceSeconds)
        return failWith(graceSeconds.error(), ExitUsage);
    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        auto rotated =
            store.rotateSecret(*name, parser.value(kReasonOption), graceSeconds.value(), parser.value(secret));
        if (!rotated)
            return failWith(rotated.error());
        out() << "rotated the secret of endpoint '" << *name << "'; the previous ones "
              << (graceSeconds->count() == 0 ? u"no longer sign"_s
                                             : u"keep signing for %1 h"_s.arg(graceSeconds->count() / 3600))
              << Qt::endl;
        if (!parser.isSet(secret))
            out() << "secret: " << rotated.value() << Qt::endl;
        return int(ExitOk);
    });
}

int runRemove(const CommandContext &context)
{
    QCommandLineParser parser;
    const QCommandLineOption force(u"force"_s,
                                   u"Also drop its pending, held, unknown and unresolved dead deliveries."_s);
    parser.addOptions({force, kReasonOption});
    parser.addPositionalArgument(u"NAME"_s, u"The endpoint."_s);
    if (auto exit = parseOrExit(parser, context, u"NAME [--force] [--reason TEXT]"_s))
        return *exit;
    const auto name = singleName(parser, context, kNoun);
    if (!name)
        return ExitUsage;
    return withStore<EndpointStore>(context, kNoun, [&](const EndpointStore &store) {
        const auto removal =
            parser.isSet(force) ? EndpointStore::Removal::Force : EndpointStore::Removal::RefuseWhileUndelivered;
        if (auto removed = store.remove(*name, removal, parser.value(kReasonOption)); !removed)
            return failWith(removed.error());
        out() << "removed endpoint '" << *name << "'" << Qt::endl;
        return int(ExitOk);
    });
}

const QList<Action> &actions()
{
    static const QList<Action> table{
        {u"add"_s, runAdd, u"NAME --url URL [options]"_s, u"add an endpoint; a generated secret is printed once"_s},
        {u"list"_s, runList, u"[--json]"_s, u"every endpoint, its state and open deliveries"_s},
        {u"show"_s, runShow, u"NAME [--json]"_s, u"all settings, secrets (dates only), deliveries per state"_s},
        {u"set"_s, runSet, u"NAME [options]"_s, u"change its URL, events, timeout, retries, rate, headers"_s},
        {u"pause"_s, runPause, u"NAME [--reason TEXT]"_s, u"stop sending; its deliveries wait"_s},
        {u"resume"_s, runResume, u"NAME [--reason TEXT]"_s, u"send again; held deliveries are due at once"_s},
        {u"set-status-url"_s, runSetStatusUrl, u"NAME (TEMPLATE | --none)"_s,
         u"where unknown outcomes are asked about"_s},
        {u"set-private-network"_s, runSetPrivateNetwork, u"NAME allow|refuse"_s,
         u"whether its URLs may reach private addresses"_s},
        {u"rotate-secret"_s, runRotateSecret, u"NAME [--grace-hours N]"_s, u"new secret; the old ones expire in N h"_s},
        {u"remove"_s, runRemove, u"NAME [--force] [--reason TEXT]"_s,
         u"delete it (refused while deliveries are open)"_s},
    };
    return table;
}

} // namespace

int runEndpoint(const CommandContext &context)
{
    return runAction(context, kNoun, actions(), 45);
}

} // namespace hookyard::core::cli
