-- Hookyard schema, version 24: a partner's body limit is at most 64 MiB in the table too.
--
-- `hookyard partner add` has refused limits over 64 MiB since that cap was set (PartnerStore::kMaxPartnerBodyBytes:
-- a body is held in memory whole, and stored as jsonb next to its raw bytes). A partner written by SQL could still
-- hold up to 2 GiB, and the receiver would have accepted bodies it cannot store. A limit above the cap is lowered to
-- it first: no body over 64 MiB could have been stored for that partner anyway.
UPDATE partners SET max_body_bytes = 67108864 WHERE max_body_bytes > 67108864;
ALTER TABLE partners ADD CONSTRAINT partners_max_body_bytes_at_most_64_mib CHECK (max_body_bytes <= 67108864);
