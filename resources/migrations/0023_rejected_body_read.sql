-- Hookyard schema, version 23: a rejected request whose body was never read says so.
--
-- Requests turned away from their head alone (an unknown partner, a Content-Length over the limit, a chunked body, a
-- head the HTTP server could not read, one that did not arrive in time) have no body to show, and their rows read
-- "0 bytes" although the sender sent one. body_read is false for them; body_bytes then holds the length the request
-- announced (its Content-Length, 0 without one) and body_snippet is empty.
ALTER TABLE rejected_requests ADD COLUMN body_read BOOLEAN NOT NULL DEFAULT true;
