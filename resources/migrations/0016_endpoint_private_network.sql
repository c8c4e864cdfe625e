-- Hookyard schema, version 16: the SSRF guard (docs/security.md). The relay refuses to connect to loopback,
-- link-local (the cloud metadata address included), private, shared (CGNAT) and unspecified addresses unless the
-- endpoint allows private networks; an attempt it refuses is recorded with error class 'blocked_address' and retried
-- on the endpoint's schedule like any failed attempt. Endpoints that existed before this version are refused too:
-- one meant to reach a private network is allowed with `hookyard endpoint set-private-network NAME allow`.
ALTER TABLE endpoints ADD COLUMN allow_private_network BOOLEAN NOT NULL DEFAULT false;

-- The same for a reconciliation source's list API, which is asked for pages the same way.
ALTER TABLE reconcile_sources ADD COLUMN allow_private_network BOOLEAN NOT NULL DEFAULT false;
