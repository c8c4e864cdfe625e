-- The console's read-only role no longer reads signing secrets (docs/security.md).
--
-- The console shows each active secret masked: its "whsec_" prefix and, when at least 16 characters follow the prefix,
-- its last four. It reads those parts from the views below, which run with their owner's rights, so a member of
-- hookyard_console_readonly sees which secret is which without being able to sign (or forge) a webhook. "Copy as
-- curl" signs with the secret itself and so needs hookyard_operator. The masked text itself is put together by
-- the console (core/console/DetailQueries.cpp, maskSecret), which applies the same rule to secrets it reads whole.

-- The parts of a secret that may be shown: "whsec_" when it has that prefix, and its last four characters when at
-- least 16 follow the prefix (fewer would give away too much of a short secret).
CREATE FUNCTION hookyard_secret_shown_parts(secret TEXT, OUT shown_prefix TEXT, OUT shown_suffix TEXT)
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT prefix, CASE WHEN length(secret) - length(prefix) >= 16 THEN right(secret, 4) ELSE '' END
  FROM (SELECT CASE WHEN secret LIKE 'whsec\_%' THEN 'whsec_' ELSE '' END AS prefix) p
$$;

CREATE VIEW endpoint_secrets_masked AS
  SELECT id, endpoint_id, (hookyard_secret_shown_parts(secret)).*, created_at, expires_at FROM endpoint_secrets;

CREATE VIEW partner_secrets_masked AS
  SELECT id, partner_id, (hookyard_secret_shown_parts(secret)).*, created_at, expires_at FROM partner_secrets;

REVOKE SELECT ON endpoint_secrets, partner_secrets FROM hookyard_console_readonly;
GRANT SELECT ON endpoint_secrets_masked, partner_secrets_masked TO hookyard_console_readonly, hookyard_operator;
