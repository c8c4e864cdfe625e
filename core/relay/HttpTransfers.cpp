#include "relay/HttpTransfers.h"

#include "relay/AddressGuard.h"

#include <QElapsedTimer>
#include <QHash>

#include <curl/curl.h>
#include <sys/socket.h>

#include <algorithm>
#include <ctime>
#include <vector>

using namespace Qt::StringLiterals;

namespace hookyard::core {

struct HttpTransfers::Transfer
{
    OutgoingRequest request;
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    QByteArray snippet;
    std::optional<std::chrono::seconds> retryAfter;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    QString blockedAddress;     // why the SSRF guard refused an address of the host; empty when it refused none
    bool requestSent = false;   // libcurl has sent the request once (checked before each send: beforeRequest)
    bool resendRefused = false; // libcurl wanted to send a POST again, on a fresh connection, and was stopped
};

struct HttpTransfers::Private
{
    CURLM *multi = nullptr;
    std::vector<CURL *> idleHandles; // reused so each keeps its connection-related state warm
    QHash<CURL *, Transfer *> running;
};

namespace {

// libcurl's process-wide initialisation must happen once, before any thread uses it.
struct CurlGlobal
{
    CurlGlobal() { curl_global_init(CURL_GLOBAL_DEFAULT); }
    ~CurlGlobal() { curl_global_cleanup(); }
};

void ensureCurlInitialised()
{
    static CurlGlobal global;
}

size_t keepSnippet(char *data, size_t size, size_t count, void *user)
{
    auto *transfer = static_cast<HttpTransfers::Transfer *>(user);
    const size_t bytes = size * count;
    const qsizetype room = transfer->request.responseLimit - transfer->snippet.size();
    if (room > 0)
        transfer->snippet.append(data, std::min<qsizetype>(room, qsizetype(bytes)));
    return bytes; // read and discard the rest: the connection stays reusable
}

size_t readHeader(char *data, size_t size, size_t count, void *user)
{
    auto *transfer = static_cast<HttpTransfers::Transfer *>(user);
    const size_t bytes = size * count;
    const QByteArray line = QByteArray::fromRawData(data, qsizetype(bytes)).trimmed();
    if (line.size() > 12 && line.left(12).compare("retry-after:", Qt::CaseInsensitive) == 0) {
        // Seconds, or an HTTP-date (RFC 9110; libcurl parses those as it does cookies' expiry dates: found by an
        // exploring helper, a handler's date was ignored). An unparsable value falls back to the schedule.
        const QByteArray value = line.mid(12).trimmed();
        bool ok = false;
        qint64 seconds = value.toLongLong(&ok);
        if (!ok) {
            const time_t now = std::time(nullptr);
            const time_t at = curl_getdate(value.constData(), &now);
            ok = at != -1;
            seconds = std::max<qint64>(0, qint64(at) - qint64(now));
        }
        if (ok && seconds >= 0)
            transfer->retryAfter = std::chrono::seconds(seconds);
    }
    return bytes;
}

// Records why the guard refuses `address`, or returns false when it is public.
bool refusedByGuard(HttpTransfers::Transfer *transfer, const QHostAddress &address)
{
    const QString range = privateRangeOf(address);
    if (range.isEmpty())
        return false;
    transfer->blockedAddress =
        u"refused to connect to %1, %2 address: this destination does not allow private networks"_s.arg(
            address.toString(), withArticle(range));
    return true;
}

// The SSRF guard at connect time. libcurl resolves the host itself and calls this with each address it is about to
// connect to, so the address judged is the address used: a name that resolved to a public address when the endpoint
// was added and resolves to a private one now (DNS rebinding) is caught, with no second lookup to race against. A
// refused address makes libcurl try the host's next one; with none left the transfer fails, and drive() reports it
// as blocked_address. No connection is made to a refused address, so its open or closed ports cannot be told apart.
curl_socket_t openGuardedSocket(void *user, curlsocktype, curl_sockaddr *address)
{
    auto *transfer = static_cast<HttpTransfers::Transfer *>(user);
    if (refusedByGuard(transfer, QHostAddress(&address->addr)))
        return CURL_SOCKET_BAD;
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

// libcurl calls this before each request it sends for a transfer, with the address of the connection it goes out on,
// new or reused.
// - One transfer, one POST: when a reused kept-alive connection dies before an answer, libcurl sends the request
//   again on a fresh connection, up to five times, and the endpoint may have received and acted on each. A transfer is
//   one attempt, recorded as one, so a second send of a POST is refused and the attempt's outcome is unknown (found by
//   an adversarial helper: six POSTs of one webhook, one attempt row). A GET (a status check, a list page) changes
//   nothing and may go again: refused, a status check would be counted as one that could not tell (found in review).
// - The SSRF guard: a kept-alive connection is reused without opening a socket, and may have been opened for a
//   request that allows private networks (another endpoint with the same host name).
int beforeRequest(void *user, char *primaryIp, char *, int, int)
{
    auto *transfer = static_cast<HttpTransfers::Transfer *>(user);
    if (transfer->requestSent && transfer->request.method == OutgoingRequest::Method::Post) {
        transfer->resendRefused = true;
        return CURL_PREREQFUNC_ABORT;
    }
    transfer->requestSent = true;
    if (!transfer->request.allowPrivateNetwork &&
        refusedByGuard(transfer, QHostAddress(QString::fromLatin1(primaryIp))))
        return CURL_PREREQFUNC_ABORT;
    return CURL_PREREQFUNC_OK;
}

QString classify(CURLcode code, bool bodySent)
{
    switch (code) {
    case CURLE_OK:
        return u"ok"_s;
    case CURLE_OPERATION_TIMEDOUT:
        return bodySent ? u"unknown"_s : u"timeout"_s;
    case CURLE_COULDNT_CONNECT:
        return u"refused"_s;
    case CURLE_COULDNT_RESOLVE_HOST:
        return u"dns"_s;
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE:
        return bodySent ? u"unknown"_s : u"reset"_s;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
        return u"tls"_s;
    default:
        return u"other"_s;
    }
}

} // namespace

HttpTransfers::HttpTransfers(int maxConnections)
    : d(std::make_unique<Private>())
{
    ensureCurlInitialised();
    d->multi = curl_multi_init();
    curl_multi_setopt(d->multi, CURLMOPT_MAX_HOST_CONNECTIONS, long(maxConnections));
    curl_multi_setopt(d->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, long(maxConnections));
    curl_multi_setopt(d->multi, CURLMOPT_MAXCONNECTS, long(maxConnections));
}

HttpTransfers::~HttpTransfers()
{
    for (auto it = d->running.begin(); it != d->running.end(); ++it) {
        curl_multi_remove_handle(d->multi, it.key());
        curl_easy_cleanup(it.key());
        curl_slist_free_all(it.value()->headers);
        delete it.value();
    }
    for (CURL *easy : d->idleHandles)
        curl_easy_cleanup(easy);
    curl_multi_cleanup(d->multi);
}

int HttpTransfers::inFlight() const
{
    return int(d->running.size());
}

void HttpTransfers::start(OutgoingRequest request)
{
    auto *transfer = new Transfer;
    transfer->request = std::move(request);
    CURL *easy = nullptr;
    if (d->idleHandles.empty()) {
        easy = curl_easy_init();
    } else {
        easy = d->idleHandles.back();
        d->idleHandles.pop_back();
        curl_easy_reset(easy);
    }
    transfer->easy = easy;
    for (const QByteArray &line : std::as_const(transfer->request.headerLines))
        transfer->headers = curl_slist_append(transfer->headers, line.constData());
    // libcurl would otherwise send "Expect: 100-continue" for larger bodies and wait for the interim answer.
    transfer->headers = curl_slist_append(transfer->headers, "Expect:");

    curl_easy_setopt(easy, CURLOPT_URL, transfer->request.url.constData());
    if (transfer->request.method == OutgoingRequest::Method::Get) {
        curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    } else {
        curl_easy_setopt(easy, CURLOPT_POST, 1L);
        curl_easy_setopt(easy, CURLOPT_POSTFIELDS, transfer->request.body.constData());
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(transfer->request.body.size()));
    }
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, transfer->headers);
    curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, long(CURL_HTTP_VERSION_1_1));
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L); // a 3xx is a failure, never followed
    curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, long(transfer->request.timeoutMs));
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, long(std::min(transfer->request.timeoutMs, 10000)));
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(easy, CURLOPT_SSL_VERIFYHOST, 2L);
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    // Always straight to the destination: libcurl would otherwise take a proxy from http_proxy, https_proxy or
    // all_proxy in the environment, and the private-address guard below would then judge the proxy's address, not
    // the destination's (a public proxy would reach any internal address for a sender).
    curl_easy_setopt(easy, CURLOPT_PROXY, "");
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, keepSnippet);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, transfer);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, readHeader);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, transfer);
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, transfer->errorBuffer);
    curl_easy_setopt(easy, CURLOPT_PRIVATE, transfer);
    if (!transfer->request.allowPrivateNetwork) {
        curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, openGuardedSocket);
        curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, transfer);
    }
    curl_easy_setopt(easy, CURLOPT_PREREQFUNCTION, beforeRequest);
    curl_easy_setopt(easy, CURLOPT_PREREQDATA, transfer);

    d->running.insert(easy, transfer);
    curl_multi_add_handle(d->multi, easy);
}

QList<TransferOutcome> HttpTransfers::drive()
{
    int stillRunning = 0;
    curl_multi_perform(d->multi, &stillRunning);

    QList<TransferOutcome> finished;
    int queued = 0;
    while (CURLMsg *message = curl_multi_info_read(d->multi, &queued)) {
        if (message->msg != CURLMSG_DONE)
            continue;
        CURL *easy = message->easy_handle;
        Transfer *transfer = d->running.take(easy);
        const CURLcode code = message->data.result;

        long status = 0;
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
        curl_off_t uploaded = 0;
        curl_easy_getinfo(easy, CURLINFO_SIZE_UPLOAD_T, &uploaded);
        curl_off_t totalMicroseconds = 0;
        curl_easy_getinfo(easy, CURLINFO_TOTAL_TIME_T, &totalMicroseconds);
        const bool bodySent = uploaded >= curl_off_t(transfer->request.body.size());

        TransferOutcome outcome;
        outcome.deliveryId = transfer->request.deliveryId;
        // Kept when the transfer failed after the status line (a body cut short): what came is worth saying.
        outcome.statusCode = int(status);
        outcome.errorClass = classify(code, bodySent);
        if (code != CURLE_OK && transfer->resendRefused) {
            outcome.errorClass = u"unknown"_s;
            outcome.errorDetail =
                u"the kept-alive connection closed without an answer; the request may have reached the endpoint"_s;
        } else if (code != CURLE_OK && !transfer->blockedAddress.isEmpty()) {
            outcome.errorClass = u"blocked_address"_s;
            outcome.errorDetail = transfer->blockedAddress;
        } else if (code != CURLE_OK) {
            // libcurl 7.88 refuses an answer's header over its 100 KiB limit with nothing but "Out of memory" (found by
            // an adversarial helper: an operator would look at the relay's host, not the endpoint's answer).
            const QString detail = QString::fromUtf8(transfer->errorBuffer);
            outcome.errorDetail = !detail.isEmpty() ? detail
                                  : code == CURLE_OUT_OF_MEMORY
                                      ? u"the answer could not be read: a header over libcurl's limit of 100 KiB "
                                        "(or no memory left)"_s
                                      : QString::fromUtf8(curl_easy_strerror(code));
        }
        outcome.durationMs = totalMicroseconds / 1000;
        outcome.responseSnippet = QString::fromUtf8(transfer->snippet).remove(QChar(u'\0'));
        outcome.retryAfter = transfer->retryAfter;
        finished.append(outcome);

        curl_multi_remove_handle(d->multi, easy);
        curl_slist_free_all(transfer->headers);
        delete transfer;
        d->idleHandles.push_back(easy);
    }
    return finished;
}

bool HttpTransfers::wait(int timeoutMs, int extraFd)
{
    curl_waitfd extra{};
    extra.fd = extraFd;
    extra.events = CURL_WAIT_POLLIN;
    int ready = 0;
    curl_multi_poll(d->multi, extraFd >= 0 ? &extra : nullptr, extraFd >= 0 ? 1 : 0, timeoutMs, &ready);
    return extraFd >= 0 && (extra.revents & CURL_WAIT_POLLIN);
}

void HttpTransfers::wakeUp()
{
    curl_multi_wakeup(d->multi);
}

} // namespace hookyard::core
