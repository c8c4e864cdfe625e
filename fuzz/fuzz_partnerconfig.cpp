// A partner's configuration as an operator gives it to `partner add --config` and as the receiver and worker read it
// back from partners.config (core/inbox/PartnerConfig, core/inbox/PartnerStore::validate): the first input byte picks
// the scheme ('0' standard, '1' stripe, '2' github, '3' hmac), the rest is the JSON text.
#include "FuzzSupport.h"

#include "inbox/PartnerConfig.h"
#include "inbox/PartnerStore.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

using namespace Qt::StringLiterals;
using namespace hookyard::core;
using namespace hookyard::fuzz;

namespace {

constexpr PartnerScheme kSchemes[] = {PartnerScheme::StandardWebhooks, PartnerScheme::Stripe, PartnerScheme::GitHub,
                                      PartnerScheme::GenericHmac};

// The effective config shown by `partner show` is written with fieldSourceSpec and must read back the same.
void checkReadsBack(const FieldSource &source)
{
    const auto reread = parseFieldSource(fieldSourceSpec(source));
    require(reread && fieldSourceSpec(reread.value()) == fieldSourceSpec(source),
            "every configured field source reads back as the spec it writes");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const PartnerScheme scheme = kSchemes[std::uint8_t(data[0] - '0') % std::size(kSchemes)];
    const QByteArray text(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    const QJsonDocument document = QJsonDocument::fromJson(text);
    if (!document.isObject())
        return 0;

    const auto config = parsePartnerConfig(scheme, document.object());
    PartnerSettings settings;
    settings.name = u"fuzz"_s;
    settings.scheme = scheme;
    settings.config = document.object();
    // The store validates with the same parser; both must agree on what is acceptable.
    require(bool(PartnerStore::validate(settings)) == bool(config), "validate agrees with parsePartnerConfig");
    if (!config) {
        require(!config.error().isEmpty(), "a refused config says why");
        return 0;
    }
    require(config->hmac.has_value() == (scheme == PartnerScheme::GenericHmac), "hmac settings exactly for hmac");
    require(config->eventId.isSet() && config->eventId.kind != FieldSource::Kind::Literal,
            "every partner has an event id that varies per event");
    for (const FieldSource *source :
         {&config->eventId, &config->eventType, &config->entityType, &config->entityId, &config->eventTime})
        checkReadsBack(*source);
    return 0;
}
