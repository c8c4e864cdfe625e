// Where a partner's event id, type, entity and time come from (core/inbox/PartnerConfig): a field source spec
// ("header:<name>", a JSON pointer, "=<literal>") and the extraction of the field from a webhook's headers and JSON
// body. Input: the spec on the first line, the body after it.
#include "FuzzSupport.h"

#include "inbox/PartnerConfig.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace hookyard::core;
using namespace hookyard::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString spec = QString::fromUtf8(takeLine(input));
    const QJsonDocument body = QJsonDocument::fromJson(input.toByteArray());
    static const HeaderMap headers{{"webhook-id", "msg_1"}, {"x-event-type", "order.paid"}};

    // The resolver guards itself: the receiver only ever passes pointers parseFieldSource accepted, but it must not
    // depend on that.
    if (const auto value = resolveJsonPointer(body, spec); value && spec.isEmpty())
        require(!body.isNull(), "the empty pointer refers to a document only when there is one");

    const auto source = parseFieldSource(spec);
    if (!source)
        return 0;
    // The effective config shown by `partner show` is written with fieldSourceSpec and must read back the same.
    const auto reread = parseFieldSource(fieldSourceSpec(source.value()));
    require(reread && fieldSourceSpec(reread.value()) == fieldSourceSpec(source.value()),
            "a field source reads back as the spec it writes");
    const auto field = extractField(source.value(), headers, body);
    require(!field || !field->isEmpty(), "an extracted field is absent or has text");
    return 0;
}
