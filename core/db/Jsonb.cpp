#include "db/Jsonb.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace hookyard::core {

namespace {

bool jsonbCanStoreText(const QString &text)
{
    return !text.contains(QChar::Null) && QStringView(text).isValidUtf16();
}

} // namespace

bool jsonbCanStore(const QJsonValue &value)
{
    if (value.isString())
        return jsonbCanStoreText(value.toString());
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        return std::all_of(array.begin(), array.end(),
                           [](const QJsonValue &element) { return jsonbCanStore(element); });
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto member = object.begin(); member != object.end(); ++member) {
            if (!jsonbCanStoreText(member.key()) || !jsonbCanStore(member.value()))
                return false;
        }
    }
    return true;
}

bool mayHoldUnstorableJson(const QByteArray &body)
{
    return body.contains('\0') || body.contains("\\u");
}

} // namespace hookyard::core
