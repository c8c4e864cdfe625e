#include "idempotency/ApiResponse.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace hookyard::core {

ApiResponse jsonResponse(int status, const QJsonObject &body, HttpHeaders headers)
{
    headers.prepend({"Content-Type"_ba, "application/json"_ba});
    return {status, headers, QJsonDocument(body).toJson(QJsonDocument::Compact)};
}

ApiResponse problemResponse(int status, const QString &slug, const QString &title, const QString &detail,
                            const QString &code, HttpHeaders headers)
{
    QJsonObject problem{{u"type"_s, QString(u"urn:hookyard:problem:"_s + slug)},
                        {u"title"_s, title},
                        {u"status"_s, status},
                        {u"detail"_s, detail}};
    if (!code.isEmpty())
        problem.insert(u"code"_s, code);
    headers.prepend({"Content-Type"_ba, "application/problem+json"_ba});
    return {status, headers, QJsonDocument(problem).toJson(QJsonDocument::Compact)};
}

ApiResponse storeUnavailableResponse()
{
    return problemResponse(503, u"store-unavailable"_s, u"Service unavailable"_s,
                           u"The API's database cannot be reached; nothing was executed. Retry later."_s, u"E01033"_s,
                           {{"Retry-After"_ba, "5"_ba}});
}

} // namespace hookyard::core
