#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QDateTime>
#include <QUuid>

namespace hookyard::core {

// A one-dimensional array statement parameter in PostgreSQL's binary format (libpq's paramFormats 1), built one
// element at a time. A batch of rows goes to the server as one such array per column and is unnest()ed there: the
// server copies each element's bytes instead of parsing text (a JSON document of the batch cost the receiver's ingest
// session ≈ 15 % of its CPU in jsonb_in; docs/benchmarks.md, ingest). Each element is in its type's binary "send"
// format; the helpers below make the ones Hookyard needs.
class BinaryArray final
{
public:
    // Element types by their pg_type OID, which is fixed for built-in types.
    enum class Element : quint32
    {
        Bytea = 17,
        Int8 = 20,
        Text = 25,
        Timestamptz = 1184,
        Uuid = 2950,
        Jsonb = 3802,
    };

    explicit BinaryArray(Element element)
        : m_element(element)
    {}

    // `elementBytes` in the element type's binary format; a null QByteArray is an SQL NULL.
    void append(const QByteArray &elementBytes);
    // The array as libpq sends it: the header (dimensions, element type) followed by the elements.
    QByteArray bytes() const;

    // Binary formats of single values.
    static QByteArray int8(qint64 value);
    static QByteArray uuid(const QUuid &value);
    static QByteArray text(const QString &value) { return value.isNull() ? QByteArray() : value.toUtf8(); }
    static QByteArray jsonb(QByteArrayView jsonText); // the JSON text, which the server parses and checks
    static QByteArray timestamptz(const QDateTime &value);

private:
    Element m_element;
    qint32 m_count = 0;
    bool m_hasNull = false;
    QByteArray m_elements; // each: its length (-1 for NULL) as a big-endian int32, then its bytes
};

} // namespace hookyard::core
