-- Hookyard schema, version 34: wake receivers when a partner or its secrets change, so that they read the partners
-- again at once instead of within their 5 s refresh. Receivers read partners on a thread of their own since an
-- adversarial helper stopped PostgreSQL with SIGSTOP: the read on the HTTP thread froze the whole server, /health
-- included. Statement-level, as for endpoints (migration 33).
CREATE FUNCTION hookyard_partners_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookyard_partners', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER partners_notify AFTER INSERT OR UPDATE OR DELETE ON partners
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_partners_notify();
CREATE TRIGGER partner_secrets_notify AFTER INSERT OR UPDATE OR DELETE ON partner_secrets
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_partners_notify();
