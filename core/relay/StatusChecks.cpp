#include "relay/StatusChecks.h"

#include "signing/Signatures.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace hookyard::core {

StatusAnswer readStatusAnswer(const TransferOutcome &outcome)
{
    if (outcome.errorClass != u"ok"_s)
        return {StatusAnswer::Kind::Undetermined, u"the status URL could not tell: "_s + outcome.errorDetail};
    const int code = outcome.statusCode;
    const QString said =
        QJsonDocument::fromJson(outcome.responseSnippet.toUtf8()).object().value(u"status"_s).toString();
    if (code == 200 && said == u"delivered"_s)
        return {StatusAnswer::Kind::Delivered, u"the status URL says it was delivered"_s};
    if ((code == 200 || code == 404) && said == u"not_found"_s)
        return {StatusAnswer::Kind::NotFound, u"the status URL says it was not received"_s};
    return {StatusAnswer::Kind::Undetermined,
            u"the status URL could not tell: HTTP %1 without {\"status\": \"delivered\"} or "
            "{\"status\": \"not_found\"}"_s.arg(code)};
}

void addSenderHeaders(OutgoingRequest &request, const QByteArray &eventId, const EndpointConfig &endpoint)
{
    const qint64 timestamp = QDateTime::currentSecsSinceEpoch(); // of this attempt, on the wall clock
    const QByteArray prefix = endpoint.svixHeaderNames ? "svix-" : "webhook-";
    request.headerLines.reserve(request.headerLines.size() + 4 + endpoint.customHeaders.size());
    request.headerLines.append("User-Agent: Hookyard/" + QCoreApplication::applicationVersion().toLatin1());
    request.headerLines.append(prefix + "id: " + eventId);
    request.headerLines.append(prefix + "timestamp: " + QByteArray::number(timestamp));
    if (!endpoint.signingKeys.isEmpty())
        request.headerLines.append(
            prefix +
            "signature: " + signing::standardSignatureHeader(endpoint.signingKeys, eventId, timestamp, request.body));
    for (const auto &[name, value] : endpoint.customHeaders)
        request.headerLines.append(name + ": " + value);
}

OutgoingRequest statusCheckRequest(qint64 deliveryId, const QByteArray &eventId, const EndpointConfig &endpoint)
{
    OutgoingRequest request;
    request.deliveryId = deliveryId;
    request.method = OutgoingRequest::Method::Get;
    request.url = QByteArray(endpoint.statusUrl).replace("{id}", eventId); // a UUID: nothing to escape
    request.timeoutMs = endpoint.timeoutMs;
    request.allowPrivateNetwork = endpoint.allowPrivateNetwork;
    request.headerLines = {"Accept: application/json"};
    addSenderHeaders(request, eventId, endpoint);
    return request;
}

} // namespace hookyard::core
