#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <chrono>
#include <memory>
#include <optional>

namespace hookyard::core {

// One webhook POST to send, or a GET (a status check: no body).
struct OutgoingRequest
{
    enum class Method
    {
        Post,
        Get
    };

    qint64 deliveryId = 0;
    Method method = Method::Post;
    QByteArray url;
    QByteArray body;               // POST only
    QList<QByteArray> headerLines; // "Name: value"
    int timeoutMs = 15000;
    // How much of the answer TransferOutcome::responseSnippet keeps; the rest is read and discarded.
    qsizetype responseLimit = 1024;
    // False: the SSRF guard refuses to connect to loopback, link-local and private addresses (AddressGuard.h), and
    // the transfer fails with error class blocked_address.
    bool allowPrivateNetwork = false;
};

// How a request ended, classified for the retry decision and the timeline.
struct TransferOutcome
{
    qint64 deliveryId = 0;
    int statusCode = 0; // 0: no status line arrived; with an error class other than ok, the one that came first
    // ok (an HTTP answer arrived), timeout (nothing sent), unknown (the body was sent, no answer: the endpoint may
    // have acted), refused, reset (before the body was sent), tls, dns, blocked_address (the SSRF guard refused every
    // address of the host: nothing sent), other
    QString errorClass;
    QString errorDetail;
    qint64 durationMs = 0;
    QString responseSnippet; // the first bytes of the answer, for the timeline
    std::optional<std::chrono::seconds> retryAfter;
};

// Many requests in flight on one thread, through libcurl's multi interface: HTTP/1.1 keep-alive connections reused
// across requests, at most `maxConnections` open, redirects never followed, TLS peers verified. Not thread-safe,
// except wakeUp().
class HttpTransfers final
{
public:
    explicit HttpTransfers(int maxConnections);
    ~HttpTransfers();
    HttpTransfers(const HttpTransfers &) = delete;
    HttpTransfers &operator=(const HttpTransfers &) = delete;

    void start(OutgoingRequest request);
    int inFlight() const;

    // Drives every transfer as far as it can go without blocking and returns those that finished.
    QList<TransferOutcome> drive();
    // Sleeps until a transfer's socket is ready, `extraFd` (if >= 0) is readable, wakeUp() is called, or
    // timeoutMs passes. Returns true when extraFd became readable.
    bool wait(int timeoutMs, int extraFd);
    // Interrupts wait() from any thread.
    void wakeUp();

    struct Transfer; // opaque; public only so libcurl's C callbacks can name it

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace hookyard::core
