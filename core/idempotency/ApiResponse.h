#pragma once

#include "http/HttpServer.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace hookyard::core {

// One answer of the HTTP API (docs/api.md), as sent and, under an Idempotency-Key, as stored and replayed byte for
// byte.
struct ApiResponse
{
    int status = 200;
    HttpHeaders headers; // the API's own (Content-Type, Location, ...); the server adds framing and replay headers
    QByteArray body;
};

// A JSON answer: Content-Type application/json, the object in compact form.
ApiResponse jsonResponse(int status, const QJsonObject &body, HttpHeaders headers = {});

// An RFC 9457 problem (application/problem+json): {"type", "title", "status", "detail"} plus "code" when PROTOCOLS.md
// section 4 defines one (E01001, E01004, E01005, E01033). `type` is "urn:hookyard:problem:" + `slug`; docs/api.md
// lists every slug.
ApiResponse problemResponse(int status, const QString &slug, const QString &title, const QString &detail,
                            const QString &code = {}, HttpHeaders headers = {});

// 503 E01033 with Retry-After: the database behind the API (its idempotency store) cannot be used, and nothing was
// executed.
ApiResponse storeUnavailableResponse();

} // namespace hookyard::core
