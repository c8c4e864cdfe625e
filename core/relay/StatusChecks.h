#pragma once

#include "relay/DeliveryStore.h"
#include "relay/HttpTransfers.h"

#include <QByteArray>
#include <QString>

// The requests the relay (and a reconciliation run) makes about one delivery, and how an endpoint's status URL
// answers: docs/producers.md, "Unknown outcomes and the status URL".
namespace hookyard::core {

// What an endpoint's status URL said about a delivery. The contract: 200 with {"status": "delivered"}, or 200 or 404
// with {"status": "not_found"}. Anything else cannot tell, a bare 404 too: a wrong template answers that for every
// id, and taking it for "not received" would re-send everything.
struct StatusAnswer
{
    enum class Kind
    {
        Delivered,
        NotFound,
        Undetermined
    };
    Kind kind = Kind::Undetermined;
    QString detail; // for the timeline and the delivery's last error
};

StatusAnswer readStatusAnswer(const TransferOutcome &outcome);

// What every request about a delivery carries, after the request's own headers: who sends it, the webhook-id, this
// request's timestamp, the Standard Webhooks signature of its body (empty for a status check) with every active
// secret, and the endpoint's custom headers.
void addSenderHeaders(OutgoingRequest &request, const QByteArray &eventId, const EndpointConfig &endpoint);

// The GET of `endpoint`'s status URL about delivery `deliveryId` (webhook-id `eventId`), signed like a delivery whose
// body is empty. The endpoint must have a status URL.
OutgoingRequest statusCheckRequest(qint64 deliveryId, const QByteArray &eventId, const EndpointConfig &endpoint);

} // namespace hookyard::core
