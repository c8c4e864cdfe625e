-- Hookyard schema, version 33: wake relays when an endpoint or its secrets change, so that they read it again before
-- their next claim instead of within their 5 s refresh. Found by an adversarial helper: `endpoint set --url` then
-- `endpoint resume` at once sent the released deliveries to the old URL, which answered 410 and disabled the endpoint
-- again. Statement-level, as the console's triggers (migration 8); endpoints change rarely, so the NOTIFY's lock at
-- commit costs nothing measurable.
CREATE FUNCTION hookyard_endpoints_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookyard_endpoints', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER endpoints_notify AFTER INSERT OR UPDATE OR DELETE ON endpoints
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_endpoints_notify();
CREATE TRIGGER endpoint_secrets_notify AFTER INSERT OR UPDATE OR DELETE ON endpoint_secrets
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_endpoints_notify();
