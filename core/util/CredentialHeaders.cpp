#include "util/CredentialHeaders.h"

namespace hookyard::core {

bool namesACredential(QByteArrayView lowercaseName)
{
    // "auth" covers Authorization, Proxy-Authorization, X-Auth-Token and X-Auth-Key; "cookie" covers Set-Cookie.
    for (const QByteArrayView part :
         {"auth", "token", "secret", "password", "passwd", "credential", "session", "cookie", "api-key", "apikey",
          "access-key", "private-key", "subscription-key", "functions-key"}) {
        if (lowercaseName.contains(part))
            return true;
    }
    return false;
}

} // namespace hookyard::core
