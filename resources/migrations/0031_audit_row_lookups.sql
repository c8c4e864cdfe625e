-- Hookyard schema, version 31: the audit records that name a delivery or an inbox row are found by index.
--
-- A row's detail pane shows what operators did to it (replays, retries now, resolutions: core/console/DetailQueries.cpp),
-- found by the ids those records list under details -> 'delivery_ids' or details -> 'inbox_ids'. Without an index
-- every detail read scanned the whole audit log, which only grows.
CREATE INDEX audit_log_delivery_ids ON audit_log USING gin ((details -> 'delivery_ids') jsonb_path_ops);
CREATE INDEX audit_log_inbox_ids ON audit_log USING gin ((details -> 'inbox_ids') jsonb_path_ops);
