#include "util/CredentialHeaders.h"

namespace hookyard::core {

bool namesACredential(QByteArrayView lowercaseName)
{
    if (lowercaseName.contains("signature"))
        return false;
    for (const QByteArrayView part :
         {"token", "secret", "password", "passwd", "credential", "cookie", "authorization", "api-key", "apikey",
          "auth-key", "access-key", "private-key", "subscription-key", "functions-key"}) {
        if (lowercaseName.contains(part))
            return true;
    }
    return false;
}

} // namespace hookyard::core
