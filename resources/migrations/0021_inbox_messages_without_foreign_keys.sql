-- Hookyard schema, version 21: inbox_messages rows written without a foreign-key check each (docs/benchmarks.md,
-- ingest).
--
-- Both foreign keys of inbox_messages ran a check for every row the receiver stores: a lookup of its webhook_inbox row
-- and a lock on its partner's row, each an SPI query, together ≈ 12 % of the ingest session's CPU. The receiver writes
-- an inbox_messages row in the same statement as its webhook_inbox row, from the same values, so the check found
-- nothing to refuse there; the worker adopts producer-written inbox rows in a statement that selects them. What the
-- keys did on delete is kept by the statement-level triggers below:
--   deleting webhook_inbox rows deletes their inbox_messages rows (was ON DELETE CASCADE), and truncating webhook_inbox
--   truncates inbox_messages (the key made a TRUNCATE of webhook_inbox alone an error);
--   removing a partner clears partner_id on its inbox_messages rows (was ON DELETE SET NULL).
-- They run as the owner, as the keys' actions did, so that a role allowed to delete inbox rows or partners needs no
-- rights on inbox_messages. Their statements name the schema of the table that fired them (inbox_messages lives beside
-- webhook_inbox and partners), with only pg_catalog on the search path.
--
-- What no longer holds, both only for writes racing a delete (the keys' locks made the delete wait for the commit):
-- a partner removed while a request of its is being stored leaves that row's partner_id naming no partner (nothing
-- joins on it but the worker's waking of deferred rows of the same partner, and a removed partner sends nothing more);
-- an inbox row deleted while the worker adopts it leaves the new inbox_messages row without one (the worker and the
-- console reach inbox_messages rows through webhook_inbox, so it is neither processed nor shown).
ALTER TABLE inbox_messages DROP CONSTRAINT IF EXISTS inbox_messages_inbox_id_fkey;
ALTER TABLE inbox_messages DROP CONSTRAINT IF EXISTS inbox_messages_partner_id_fkey;

CREATE FUNCTION hookyard_inbox_rows_deleted() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  EXECUTE format('DELETE FROM %I.inbox_messages m USING deleted_rows d WHERE m.inbox_id = d.id', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_inbox_deleted AFTER DELETE ON webhook_inbox REFERENCING OLD TABLE AS deleted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_inbox_rows_deleted();

-- A TRUNCATE that lists inbox_messages too has emptied it already, and may not truncate it again from here (the
-- statement still has it open): only a non-empty inbox_messages is truncated.
CREATE FUNCTION hookyard_inbox_truncated() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  has_rows BOOLEAN;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.inbox_messages)', TG_TABLE_SCHEMA) INTO has_rows;
  IF has_rows THEN
    EXECUTE format('TRUNCATE %I.inbox_messages', TG_TABLE_SCHEMA);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_inbox_truncated AFTER TRUNCATE ON webhook_inbox
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_inbox_truncated();

CREATE FUNCTION hookyard_partners_removed() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  EXECUTE format('UPDATE %I.inbox_messages m SET partner_id = NULL FROM removed_partners p WHERE m.partner_id = p.id',
                 TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;
CREATE TRIGGER partners_removed AFTER DELETE ON partners REFERENCING OLD TABLE AS removed_partners
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_partners_removed();

