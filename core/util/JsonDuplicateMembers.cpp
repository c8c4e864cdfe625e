#include "util/JsonDuplicateMembers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <vector>

using namespace Qt::StringLiterals;

namespace hookyard::core {

namespace {

// One object or array being walked. Only its own names are kept: the pointer is put together from the open
// containers once a duplicate is found (a pointer kept per container grew with depth times name length: 1,000 nested
// objects with long names in a 1 MiB body would have held about a gigabyte; found by a reviewer).
struct Container
{
    bool isObject = false;
    QSet<QString> names;  // an object's member names so far
    bool nameNext = true; // an object's next string is a member name
    QString lastName;     // an object's member being read
    qsizetype index = 0;  // an array's element being read
};

// RFC 6901: '~' and '/' in a reference token are written "~0" and "~1".
QString referenceToken(QString name)
{
    return name.replace(u'~', u"~0"_s).replace(u'/', u"~1"_s);
}

// The string literal json[start, end] (quotes included) as text: escapes decoded by Qt's own parser, so that "a" and
// "\u0061" are the same name.
QString stringValue(QByteArrayView json, qsizetype start, qsizetype end, bool escaped)
{
    const QByteArrayView literal = json.sliced(start + 1, end - start - 1);
    if (!escaped)
        return QString::fromUtf8(literal);
    const QByteArray array = '[' + json.sliced(start, end - start + 1).toByteArray() + ']';
    return QJsonDocument::fromJson(array).array().at(0).toString();
}

} // namespace

std::optional<QString> firstDuplicateMember(QByteArrayView json)
{
    std::vector<Container> open;
    // The pointer of the innermost open container's member `name`, through every container around it.
    const auto pointerTo = [&](const QString &name) -> QString {
        QString pointer;
        for (size_t depth = 0; depth + 1 < open.size(); ++depth) {
            const Container &outer = open[depth];
            pointer += u'/' + (outer.isObject ? referenceToken(outer.lastName) : QString::number(outer.index));
        }
        return pointer + u'/' + referenceToken(name);
    };
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        switch (c) {
        case '"': {
            const qsizetype start = i;
            bool escaped = false;
            for (++i; i < json.size() && json.at(i) != '"'; ++i) {
                if (json.at(i) == '\\') {
                    escaped = true;
                    ++i; // the escaped character, which may be a quote
                }
            }
            if (i >= json.size()) // not JSON after all (the caller's parser let it through): nothing to say
                return std::nullopt;
            if (!open.empty() && open.back().isObject && open.back().nameNext) {
                Container &object = open.back();
                const QString name = stringValue(json, start, i, escaped);
                if (object.names.contains(name))
                    return pointerTo(name);
                object.names.insert(name);
                object.lastName = name;
                object.nameNext = false;
            }
            break;
        }
        case '{':
        case '[':
            open.push_back({c == '{', {}, true, {}, 0});
            break;
        case '}':
        case ']':
            if (!open.empty())
                open.pop_back();
            break;
        case ',':
            if (!open.empty()) {
                if (open.back().isObject)
                    open.back().nameNext = true;
                else
                    ++open.back().index;
            }
            break;
        default: // white space, ':', numbers, true, false, null
            break;
        }
    }
    return std::nullopt;
}

} // namespace hookyard::core
