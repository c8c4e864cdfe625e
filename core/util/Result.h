#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace hookyard::core {

// An error that says what failed and why, in one line a human can act on.
struct Error
{
    QString message;
    // PostgreSQL's SQLSTATE when the server refused a statement run by DatabaseConnection::execPrepared; else empty.
    QByteArray sqlState = {};
};

// The outcome of an operation that can fail: a value, or an Error. A small stand-in for C++23 std::expected.
template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_state(std::move(value))
    {}
    Result(Error error)
        : m_state(std::move(error))
    {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_state); }
    T &value() & { return std::get<T>(m_state); }
    T &&value() && { return std::get<T>(std::move(m_state)); }
    const T *operator->() const { return &value(); }

    const QString &error() const { return std::get<Error>(m_state).message; }
    // The whole error, with PostgreSQL's SQLSTATE where there is one.
    const Error &failure() const { return std::get<Error>(m_state); }

private:
    std::variant<T, Error> m_state;
};

// For operations that produce nothing but can fail.
struct Done
{};
using Status = Result<Done>;
inline Status success()
{
    return Done{};
}

} // namespace hookyard::core
