// The manual pages of `hookyard <command> --help` (declared in HelpPages.h).

#include "cli/HelpPages.h"

#include <QList>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hookyard::core::cli {

namespace {

constexpr int kIndent = 4;
constexpr int kWidth = 80;

const QList<HelpPage> &pages()
{
    static const QList<HelpPage> table{
        // ---- the database and its counts ----
        {u"migrate"_s,
         u"apply the schema migrations this binary carries"_s,
         u"Applies every migration embedded in the binary that the database has not seen yet, each in its own "
         "transaction with its row in hookyard_schema_version, under an advisory lock so that concurrent migrators "
         "wait for each other. A database whose schema is newer than this binary is refused before anything "
         "changes.\n\n"
         "Every other command migrates first, so running this by hand is only needed to prepare a database ahead "
         "of a deploy, with a role that may create tables."_s,
         {},
         {u"hookyard --database postgresql://deploy@db.internal/hookyard migrate"_s},
         u"docs/cli.md, docs/deploy.md"_s},
        {u"stats"_s,
         u"count outbox events, deliveries and inbox rows per state"_s,
         u"Prints how many outbox events are pending or delivered, how many deliveries are pending, in flight, "
         "delivered, dead, held or of unknown outcome, how many inbox rows are pending, processed, deferred or "
         "quarantined, and how many reconciliation mismatches are open. With --json the same as one object whose "
         "layout only ever grows (docs/cli.md); suitable for monitoring scripts. Counts from tables the database role "
         "may "
         "not read are left out and those tables named (not_readable), so the relay's or receiver's own login can "
         "run it as a health probe."_s,
         {},
         {u"hookyard stats"_s, u"hookyard stats --json | jq .deliveries.dead"_s},
         u"docs/cli.md"_s},
        {u"sandbox"_s,
         u"run Hookyard against a simulated partner, on the private PostgreSQL Hookyard manages itself"_s,
         u"run (the default) shows what Hookyard is for within a minute: retries, deferrals, dead letters, a replay "
         "that is delivered and reconciliation mismatches. It starts the cluster if needed and migrates it, adds the "
         "sandbox's endpoints sandbox-acme and sandbox-acme-v1 and its partner sandbox-acme (once: a second run "
         "finds them), then runs the relay, the receiver with its inbox worker, and Acme, a simulated shop on "
         "127.0.0.1, in both directions until SIGTERM or Ctrl+C. A line is printed whenever the counts change. On "
         "exit it stops the cluster if it started it. The console does the same when it opens with no database "
         "configured, with the knobs in its Sandbox panel.\n\n"
         "What you will see. Our producer makes order events (created, paid, shipped; every fifth order also "
         "refunded). The relay delivers them to sandbox-acme, which answers per the knobs: 500s are retried after "
         "2 s, 5 s and 10 s, then dead; a connection dropped after the body is an unknown outcome, sent again with "
         "the same webhook-id; slowness over 5000 ms is a timeout. Refunds also go to sandbox-acme-v1, Acme's old "
         "API, which answers 503 to every delivery's three attempts: a dead letter within seconds, and replaying it "
         "(hookyard replay, or Ctrl+R in the console's Dead letters) is delivered. Acme sends signed webhooks about "
         "its own orders to our receiver: an order.shipped before its order.paid waits DEFERRED until the paid "
         "arrives 8 s later and then both are processed; a duplicate is one inbox row; poison (an unknown event "
         "type, a missing order id) is QUARANTINED after two retries. Every 15 s our deliveries to sandbox-acme are "
         "reconciled with Acme's list of what it received; Acme loses its record of a delivery whose connection it "
         "dropped, so mismatches \"missing on their side\" appear.\n\n"
         "The sandbox writes sandbox-* rows and traffic into its database, so it runs on its own cluster; with the "
         "global --database URL it runs on that database only together with --on-configured-database.\n\n"
         "start (alias url) creates the cluster if needed (initdb), recovers from a crash's leftover "
         "postmaster.pid, starts the server unless it runs, migrates the hookyard database and prints its URL, "
         "which psql accepts. status tells whether it runs; stop stops it. The server listens on a unix socket "
         "only, in a directory only its owner can enter. As root the server runs as the postgres system user "
         "(initdb refuses root) and the data lives in /var/lib/hookyard/sandbox; otherwise in "
         "~/.local/share/hookyard/sandbox."_s,
         u"0  run: stopped by SIGTERM or Ctrl+C\n1  run: the cluster or the simulation could not start; with "
         "status: the sandbox is not running"_s,
         {u"hookyard sandbox                                  # run with the default knobs"_s,
          u"hookyard sandbox --error-rate 60 --slowness 300   # a partner having a bad day"_s,
          u"hookyard sandbox --data-dir /tmp/sbx              # a throwaway cluster of its own"_s,
          u"hookyard --database \"$(hookyard sandbox url)\" replay --dead --endpoint sandbox-acme-v1 --reason 'v1 is "
          "back'"_s,
          u"psql \"$(hookyard sandbox url)\"      # look at the tables"_s, u"hookyard sandbox stop"_s},
         u"docs/cli.md"_s,
         false},

        // ---- delivering: endpoints, the relay, replays ----
        {u"endpoint"_s,
         u"manage the endpoints outbox events are delivered to"_s,
         u"An endpoint is a URL with the event types it subscribes to, its signing secrets, a timeout, a retry "
         "schedule, an optional rate cap, ordered delivery per aggregate and custom headers. Each outbox event "
         "becomes one delivery per subscribed endpoint. Every change is written to the audit log in the same "
         "transaction, with the OS user, the database role and --reason; secrets never appear in it."_s,
         {},
         {u"hookyard endpoint add acme --url https://hooks.acme.example/in --events 'order.*'"_s,
          u"hookyard endpoint pause acme --reason 'partner maintenance until 14:00'"_s},
         u"docs/cli.md, docs/producers.md"_s},
        {u"endpoint add"_s,
         u"add an endpoint"_s,
         u"Adds an endpoint and subscribes it to --events. Without --secret a random whsec_ secret is generated "
         "and printed once: give it to the receiving side, it is not shown again. Names are 1-63 letters, digits, "
         "'.', '_' or '-'; the URL must be absolute http or https.\n\n"
         "A failure after the last wait of --retry dead-letters the delivery; waits get +/-20 % jitter. "
         "--status-url names where the relay asks whether a delivery whose outcome is unknown (a timeout after "
         "the body was sent) arrived, before anything is re-sent.\n\n"
         "A URL whose host is, or resolves to, a loopback, link-local, private or unspecified address is refused, "
         "and the relay refuses to connect to such an address when it is reached later (DNS changes included), "
         "unless the endpoint has --allow-private-network: the SSRF guard (docs/security.md)."_s,
         {},
         {u"hookyard endpoint add acme --url https://hooks.acme.example/in --events 'order.*,invoice.paid'"_s,
          u"hookyard endpoint add ledger --url https://ledger.internal/hooks --ordered --retry 10,60,600,3600 "
          "--reason 'ticket OPS-812'"_s},
         u"docs/cli.md, docs/producers.md"_s},
        {u"endpoint list"_s,
         u"list every endpoint with its state and open deliveries"_s,
         u"One line per endpoint: name, state (active, paused, disabled), URL, event types and how many of its "
         "deliveries are pending, held and dead."_s,
         {},
         {u"hookyard endpoint list"_s, u"hookyard endpoint list --json"_s},
         u"docs/cli.md"_s},
        {u"endpoint show"_s,
         u"show one endpoint's settings and deliveries"_s,
         u"Every setting, the secrets as their creation and expiry dates only (never their values), and the "
         "endpoint's deliveries per state."_s,
         {},
         {u"hookyard endpoint show acme"_s},
         u"docs/cli.md"_s},
        {u"endpoint set"_s,
         u"change an endpoint's settings"_s,
         u"Changes what the options name and keeps everything else: the URL, the event types (--events replaces "
         "the list), the timeout, the retry schedule, the rate cap (--no-rate removes it), ordered delivery "
         "(--unordered turns it off), custom headers (--header adds or replaces one, --remove-header drops one) "
         "and the header names (--webhook-headers undoes --svix-headers). The deliveries keep their place and "
         "their webhook-ids; relays use the new settings within 5 seconds. A delivery already waiting for a retry "
         "keeps its time; the new schedule counts from its next failure. The result is checked as add checks it, "
         "and a new URL meets the SSRF guard unless the endpoint may reach private networks. Audited with each "
         "setting's old and new value (header values left out). The status URL and the private-network choice "
         "have their own actions; the secrets are rotated with rotate-secret."_s,
         {},
         {u"hookyard endpoint set acme --url https://hooks-v2.acme.example/in --reason 'they moved, INC-4411'"_s,
          u"hookyard endpoint set acme --timeout-ms 30000 --retry 30,120,600,3600"_s,
          u"hookyard endpoint set acme --header 'X-Tenant: 43' --remove-header X-Debug"_s},
         u"docs/cli.md"_s},
        {u"endpoint pause"_s,
         u"stop sending to an endpoint"_s,
         u"Relays stop sending to the endpoint; its deliveries stay pending and keep their place. Audited."_s,
         {},
         {u"hookyard endpoint pause acme --reason 'they asked us to hold until the migration is done'"_s},
         u"docs/cli.md"_s},
        {u"endpoint resume"_s,
         u"send to a paused or disabled endpoint again"_s,
         u"Makes the endpoint active again. Deliveries held because it answered 410 are due at once, and idle "
         "relays are woken. Audited."_s,
         {},
         {u"hookyard endpoint resume acme --reason 'maintenance over'"_s},
         u"docs/cli.md"_s},
        {u"endpoint set-status-url"_s,
         u"set where the relay asks about unknown outcomes"_s,
         u"Sets (or with --none removes) the status URL: an http or https URL with {id} where the webhook-id "
         "goes. When a request timed out after its body was sent, the relay asks this URL before re-sending: "
         "delivered settles it, not_found re-sends at once with the same webhook-id, anything else leaves it "
         "unknown and asks again later. Relays use the new URL within 5 seconds. Audited."_s,
         {},
         {u"hookyard endpoint set-status-url acme 'https://hooks.acme.example/status/{id}'"_s,
          u"hookyard endpoint set-status-url acme --none"_s},
         u"docs/producers.md"_s},
        {u"endpoint set-private-network"_s,
         u"let an endpoint reach private networks, or not"_s,
         u"The SSRF guard refuses endpoint URLs and status URLs whose host is, or resolves to, a loopback, "
         "link-local (the cloud metadata address included), private, shared (CGNAT) or unspecified address: when "
         "they are set, and again by the relay at connect time, which records a refused attempt as "
         "blocked_address. allow lifts that for this endpoint; refuse restores it. Relays use the new setting "
         "within 5 seconds. Audited."_s,
         {},
         {u"hookyard endpoint set-private-network ledger allow --reason 'internal ledger service'"_s},
         u"docs/security.md"_s},
        {u"endpoint rotate-secret"_s,
         u"give an endpoint a new signing secret"_s,
         u"Adds a new secret (generated and printed once unless --secret is given). The current secrets keep "
         "signing beside it for --grace-hours, so every request carries one signature per active secret and the "
         "receiving side can switch without a gap. Audited, without the secret."_s,
         {},
         {u"hookyard endpoint rotate-secret acme --grace-hours 48"_s},
         u"docs/cli.md"_s},
        {u"endpoint remove"_s,
         u"delete an endpoint"_s,
         u"Deletes the endpoint, its secrets and its deliveries. Refused while any delivery is pending, held, "
         "of unknown outcome, or dead and not resolved, unless --force drops those too; an event whose last "
         "undelivered delivery is dropped is marked processed with a note saying so. Audited."_s,
         {},
         {u"hookyard endpoint remove old-crm --reason 'contract ended'"_s},
         u"docs/cli.md"_s},
        {u"relay"_s,
         u"deliver outbox events to their endpoints until stopped"_s,
         u"Claims due deliveries in batches (FOR UPDATE SKIP LOCKED with a lease), signs each request "
         "(webhook-id, webhook-timestamp, webhook-signature, Idempotency-Key), sends many at once over keep-alive "
         "connections, and records every attempt. A failure waits for the endpoint's retry schedule; after the "
         "last one the delivery is dead-lettered with its reason. 410 disables the endpoint and holds its "
         "deliveries; Retry-After is honoured within bounds.\n\n"
         "Run as many relays as you like, on as many machines: no delivery is ever in flight at two of them, and "
         "the deliveries of a relay that died return to the pool when its lease ends. A NOTIFY wakes an idle "
         "relay at once; --poll-ms is only the fallback. SIGTERM or SIGINT stops claiming, lets the requests in "
         "flight finish and gives back what was claimed but not sent."_s,
         {},
         {u"hookyard relay                                   # one thread, every endpoint"_s,
          u"hookyard relay --threads 2 --concurrency 256"_s,
          u"hookyard relay --endpoint acme --rate 5           # during an incident: one endpoint, gently"_s},
         u"docs/cli.md, docs/deploy.md, docs/benchmarks.md"_s},
        {u"replay"_s,
         u"put dead deliveries or quarantined inbox rows back in the queue"_s,
         u"--delivery ID puts one delivery back (dead, unknown, or delivered for a re-send on request); --dead "
         "--endpoint NAME every dead delivery of an endpoint. The webhook-id stays the same, the retry schedule "
         "starts afresh and relays are woken at once. A disabled endpoint's deliveries wait for its resume "
         "(hookyard endpoint resume): refused for one delivery or an endpoint, left alone in a list.\n\n"
         "--inbox ID puts one quarantined inbox row back to PENDING; --quarantined --partner NAME every "
         "quarantined row of a partner. Attempts and deferrals start afresh and the workers are woken. A deferred "
         "row is checked again with hookyard inbox retry.\n\n"
         "--event-type, --since and --until narrow --dead and --quarantined to the rows of an event type (or of "
         "every type under a prefix: order.*) that came in a time window (a delivery's creation, an inbox row's "
         "receipt). --dry-run says how many rows the same command would replay, and changes nothing.\n\n"
         "Each replay writes one audit record (OS user, database role, --reason) in the same transaction."_s,
         {},
         {u"hookyard replay --delivery 812344 --reason 'partner fixed their TLS certificate'"_s,
          u"hookyard replay --dead --endpoint acme --reason 'outage INC-4411 over'"_s,
          u"hookyard replay --quarantined --partner shop --reason 'state machine fixed'"_s,
          u"hookyard replay --quarantined --partner shop --event-type order.refunded --since now-6h --dry-run"_s},
         u"docs/cli.md, docs/inbox.md"_s},

        // ---- receiving: partners, the receiver, the worker ----
        {u"partner"_s,
         u"manage the partners whose webhooks Hookyard receives"_s,
         u"A partner sends webhooks to POST /webhooks/NAME. Its settings say how requests are signed (standard, "
         "stripe, github or hmac) and with which secrets, where each event's id, type, entity and time come from, "
         "and how the worker processes the events (a state machine, by timestamp, or stored only). Every change "
         "is audited; secrets never appear in the audit log."_s,
         {},
         {u"hookyard partner add shop --scheme standard --config '{\"entity_type\": \"=order\"}'"_s},
         u"docs/partners.md, docs/inbox.md"_s},
        {u"partner add"_s,
         u"add a partner"_s,
         u"Adds a partner. For the standard scheme a whsec_ secret is generated and printed once unless --secret "
         "is given; stripe, github and hmac need --secret. --config (or --config-file) is a JSON object whose "
         "keys docs/partners.md lists: where the event id, type, entity and time come from (a header or a JSON "
         "pointer), the processing mode, a handler URL, and the deferral bounds. An invalid config is refused "
         "with the key it is about."_s,
         {},
         {u"hookyard partner add shop --scheme standard --config '{\"entity_type\": \"=order\", \"entity_id\": "
          "\"/data/id\"}'"_s,
          u"hookyard partner add gh --scheme github --secret \"$GITHUB_WEBHOOK_SECRET\""_s},
         u"docs/partners.md"_s},
        {u"partner list"_s,
         u"list every partner"_s,
         u"One line per partner: name, scheme, processing mode, active secrets, where the event id comes from, "
         "and whether its stored config is valid."_s,
         {},
         {u"hookyard partner list"_s},
         u"docs/partners.md"_s},
        {u"partner show"_s,
         u"show one partner's settings with the defaults applied"_s,
         u"Every setting as stored and as in effect with the scheme's defaults, and the secrets as their "
         "creation and expiry dates only."_s,
         {},
         {u"hookyard partner show shop --json"_s},
         u"docs/partners.md"_s},
        {u"partner set"_s,
         u"change a partner's settings"_s,
         u"Changes what the options name and keeps everything else. --config (or --config-file) is merged into "
         "the stored config: each key given replaces the stored one, an object given is merged into the stored "
         "object the same way, and a key given as null is removed, so {\"handler_url\": \"https://...\"} changes the "
         "handler and nothing else, and {\"hmac\": {\"prefix\": \"v1=\"}} the generic scheme's prefix and nothing "
         "else. The result is checked as "
         "add checks it. Receivers and workers use the new settings within 5 seconds; rows already received keep "
         "what was read from them. The scheme stays (its secrets belong to it; add a new partner to change it). "
         "Audited with each setting's old and new value, the config key by key."_s,
         {},
         {u"hookyard partner set shop --config '{\"handler_url\": \"https://orders.internal/hooks\"}' "
          "--reason 'handler moved'"_s,
          u"hookyard partner set shop --tolerance-s 600 --config '{\"defer_max_count\": null}'"_s},
         u"docs/partners.md"_s},
        {u"partner rotate-secret"_s,
         u"give a partner a new secret"_s,
         u"Adds a secret (generated and printed once for the standard scheme, required otherwise). The current "
         "secrets keep verifying for --grace-hours, so the partner can switch without a rejected request. "
         "Audited, without the secret."_s,
         {},
         {u"hookyard partner rotate-secret gh --secret \"$NEW_SECRET\" --grace-hours 2"_s},
         u"docs/partners.md"_s},
        {u"partner remove"_s,
         u"delete a partner"_s,
         u"Deletes the partner and its secrets. Webhooks received from it stay in the inbox. Refused while some of "
         "them still wait (pending or deferred), which no worker could process without the partner; --force removes "
         "it anyway: the worker then fails them as not configured, on the default retry schedule, until they are "
         "quarantined (a partner added again under the name before then processes them). "
         "Audited."_s,
         {},
         {u"hookyard partner remove legacy-shop --reason 'migrated to shop'"_s},
         u"docs/partners.md"_s},
        {u"receive"_s,
         u"receive partners' webhooks into the inbox until stopped"_s,
         u"Serves POST /webhooks/{partner}, GET /health and GET /metrics (Prometheus text). A webhook is verified, "
         "stored in the inbox and answered 200 only after the commit; many concurrent requests share one commit. "
         "A duplicate (same partner and event id) is answered 200 without a second row; one whose JSON differs "
         "from the stored event's is also kept in the rejected-requests table, saying so. The database unavailable "
         "is answered 503, never 200. Every rejected request (unknown partner 404, too large 413, bad signature or "
         "stale timestamp 401, not JSON 400) gets one row in the rejected-requests table with the reason.\n\n"
         "The inbox worker runs in the same process unless --no-worker. With --api-listen the HTTP API with "
         "Idempotency-Key is served too. SIGTERM or SIGINT stops it cleanly."_s,
         {},
         {u"hookyard receive --listen 0.0.0.0:8080"_s,
          u"hookyard receive --listen 127.0.0.1:8080 --no-worker --api-listen 127.0.0.1:8081"_s},
         u"docs/cli.md, docs/inbox.md, docs/api.md"_s},
        {u"worker"_s,
         u"process the inbox until stopped"_s,
         u"Claims pending inbox rows (FOR UPDATE SKIP LOCKED with a lease) and, per partner, applies each event "
         "as a state transition of its entity, forwards applied events to the partner's handler URL with "
         "Idempotency-Key = the inbox id, defers events that arrive before their entity is ready (retried as soon "
         "as it advances), and quarantines poison rows and rows deferred too long or too often, with the "
         "reason.\n\n"
         "Run as many as you like: the events of one entity are decided one at a time. SIGTERM or SIGINT lets "
         "handler calls in progress finish, gives back unstarted rows and prints the counts."_s,
         {},
         {u"hookyard worker --concurrency 16"_s},
         u"docs/cli.md, docs/inbox.md"_s},

        // ---- the HTTP API and its idempotency keys ----
        {u"api"_s,
         u"serve the HTTP API with Idempotency-Key until stopped"_s,
         u"Serves POST /v1/events, GET /v1/events/{id}, POST /v1/replays and GET /v1/replays/{id} to holders of a "
         "tenant's bearer token (see api-token). A request with an Idempotency-Key runs at most once: a retry "
         "gets the stored answer byte for byte, the same key with another request 409, a retry while the first "
         "runs 409. Errors are application/problem+json."_s,
         {},
         {u"hookyard api --listen 127.0.0.1:8081"_s},
         u"docs/api.md"_s},
        {u"api-token"_s,
         u"manage the HTTP API's bearer tokens"_s,
         u"Each token acts for one tenant, whose Idempotency-Keys it scopes. Only a token's SHA-256 is stored; "
         "the token itself is printed once when it is made. Adding and revoking are audited."_s,
         {},
         {u"hookyard api-token add --tenant acme --reason 'acme checkout integration'"_s},
         u"docs/api.md"_s},
        {u"api-token add"_s,
         u"make a new token for a tenant"_s,
         u"Prints the new token once (token: hyk_...); only its SHA-256 is kept. Audited, without the token."_s,
         {},
         {u"hookyard api-token add --tenant acme"_s},
         u"docs/api.md"_s},
        {u"api-token list"_s,
         u"list every token"_s,
         u"Tenant, lookup (the token's public part), when it was made and when revoked. Never the token."_s,
         {},
         {u"hookyard api-token list"_s},
         u"docs/api.md"_s},
        {u"api-token revoke"_s,
         u"revoke a token"_s,
         u"The token stops working with the next request. Audited."_s,
         {},
         {u"hookyard api-token revoke 3fa9c1e07b2d --reason 'leaked in a CI log'"_s},
         u"docs/api.md"_s},
        {u"inbox"_s,
         u"the received webhooks that wait or were set aside"_s,
         u"Lists inbox rows with what a deferred row waits for and why a quarantined one was set aside, and checks "
         "deferred rows again at once. Replay quarantined rows with hookyard replay."_s,
         {},
         {u"hookyard inbox list --partner shop"_s},
         u"docs/inbox.md"_s},
        {u"inbox list"_s,
         u"list inbox rows, newest first"_s,
         u"Deferred and quarantined rows unless --status says otherwise; --event-id finds the row of a partner's "
         "event id (what a partner's support quotes), and its ID is what inbox retry and replay --inbox take."_s,
         {},
         {u"hookyard inbox list --status deferred --partner shop"_s,
          u"hookyard inbox list --status pending,processed --event-id evt_1048 --json"_s},
         u"docs/inbox.md"_s},
        {u"inbox retry"_s,
         u"check deferred rows again now"_s,
         u"A deferred row is checked against its entity's state at its next scheduled check, or at once when the "
         "entity advances; after a fix made elsewhere (a transition added, say) this checks it now. A pending row "
         "waiting out its handler's retry schedule is tried now. Rows being processed at this moment, and rows in "
         "any other status, are left alone and counted. Audited as retry_now. Exits 1 when no row was queued."_s,
         {},
         {u"hookyard inbox retry 0190f1c2-7a3b-7c4d-9e5f-0a1b2c3d4e5f --reason 'transition added'"_s},
         u"docs/inbox.md"_s},
        {u"idempotency"_s,
         u"inspect and settle the API's Idempotency-Key records"_s,
         u"Each API request with an Idempotency-Key leaves a record: processing, succeeded, failed or unknown. A "
         "record still processing past its lock timeout is stuck (its process died mid-request): it is never run "
         "again on its own; a person decides what happened and settles it."_s,
         {},
         {u"hookyard idempotency list --stuck"_s},
         u"docs/api.md"_s},
        {u"idempotency list"_s,
         u"list Idempotency-Key records, stuck ones first"_s,
         u"Stuck records first (processing past their lock timeout), then newest first."_s,
         {},
         {u"hookyard idempotency list --tenant acme --status processing,unknown"_s},
         u"docs/api.md"_s},
        {u"idempotency resolve"_s,
         u"settle a stuck record"_s,
         u"Marks a stuck record failed (it did not take effect) or unknown (nobody can tell), with a note for the "
         "audit log. Retries of its key are then answered 409 operation-resolved; the operation is never run "
         "again under that key."_s,
         {},
         {u"hookyard idempotency resolve 4411 --as failed --note 'no event row exists; the client may retry with "
          "a new key'"_s},
         u"docs/api.md"_s},
        {u"idempotency purge"_s,
         u"delete settled records past their retention"_s,
         u"Deletes succeeded, failed and unknown records older than their retention; processing ones stay. The API "
         "server does this every minute on its own."_s,
         {},
         {u"hookyard idempotency purge"_s},
         u"docs/api.md"_s},

        // ---- reconciliation ----
        {u"reconcile"_s,
         u"compare our records with a partner's and work the mismatches"_s,
         u"With --endpoint or --partner, compares our records (the endpoint's deliveries, or what we received "
         "from the partner) with theirs over [--since, --until): from their paged list API (reconcile source "
         "set), from an export given with --file (CSV or JSON), or for an endpoint with neither, from its status "
         "URL. The run and every mismatch are stored with both sides' facts; the counts per kind and the first "
         "--show mismatches are printed. TIME is ISO 8601 (UTC without an offset), a date, now, or now-24h.\n\n"
         "The actions source, list, resolve, resend and export work with the results; each has its own --help."_s,
         u"3  mismatches remain unresolved for the endpoint or partner (for cron and CI)\n"
         "1  also: their source was unavailable (stored as such; nothing compared, nothing re-sent)"_s,
         {u"hookyard reconcile --endpoint acme --since now-24h --until now"_s,
          u"hookyard reconcile --partner shop --since 2026-11-01 --until 2026-11-02 --file shop-export.csv"_s,
          u"hookyard reconcile list --endpoint acme"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile source"_s,
         u"set or show where a partner's records come from"_s,
         u"A source is a paged list API: a URL with {since}, {until} and {cursor}, request headers (an API key), "
         "and JSON pointers to the parts of a page."_s,
         {},
         {u"hookyard reconcile source show --endpoint acme"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile source set"_s,
         u"set an endpoint's or partner's list API"_s,
         u"Sets (replaces) the list API reconciliation reads. The URL holds {since}, {until} and {cursor}; the "
         "pointers say where a page keeps its items, and each item its id, status, payload SHA-256 and time, and "
         "where the next cursor is. Audited with the header names only."_s,
         {},
         {u"hookyard reconcile source set --endpoint acme --url "
          "'https://api.acme.example/webhooks?from={since}&to={until}&after={cursor}' --header \"Authorization: "
          "Bearer $ACME_KEY\" --items /data --next-cursor /meta/next"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile source show"_s,
         u"show an endpoint's or partner's list API"_s,
         u"The URL template, the pointers and the header names; header values are masked."_s,
         {},
         {u"hookyard reconcile source show --partner shop --json"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile list"_s,
         u"list the open mismatches"_s,
         u"Open mismatches by kind, then time; with --all resolved ones too. Kinds: missing_on_their_side, "
         "delivered_but_we_failed, payload_differs, unknown_was_delivered, unknown_not_received and the inbox's "
         "counterparts (docs/reconciliation.md)."_s,
         {},
         {u"hookyard reconcile list --endpoint acme --kind missing_on_their_side"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile resolve"_s,
         u"mark a mismatch resolved"_s,
         u"Closes a mismatch with a note saying how it was settled. Audited."_s,
         {},
         {u"hookyard reconcile resolve 77 --note 'they confirmed by mail; their export lagged'"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile resend"_s,
         u"send a mismatch's delivery again"_s,
         u"Queues the mismatch's delivery again with the same webhook-id (a replay, audited). The first run that "
         "compares it once the relay has an outcome closes the mismatch; while the delivery is pending or held, "
         "runs leave it open."_s,
         {},
         {u"hookyard reconcile resend 78 --reason 'missing on their side'"_s},
         u"docs/reconciliation.md"_s},
        {u"reconcile export"_s,
         u"export the mismatches with both sides' facts"_s,
         u"The evidence for a partner or an auditor: every selected mismatch with our facts and theirs, as JSON "
         "(default) or CSV, to standard output or --output. Audited."_s,
         {},
         {u"hookyard reconcile export --endpoint acme --format csv --output acme-mismatches.csv"_s},
         u"docs/reconciliation.md"_s},
    };
    return table;
}

// `text` wrapped to kWidth columns, every line indented by kIndent; paragraphs (blank-line separated) kept apart.
QString wrapped(const QString &text)
{
    const QString indent(kIndent, u' ');
    QStringList paragraphs;
    for (const QString &paragraph : text.split(u"\n\n"_s)) {
        QStringList lines;
        QString line;
        for (const QString &word : paragraph.split(u' ', Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && indent.size() + line.size() + 1 + word.size() > kWidth) {
                lines << indent + line;
                line.clear();
            }
            line += (line.isEmpty() ? QString() : u" "_s) + word;
        }
        if (!line.isEmpty())
            lines << indent + line;
        paragraphs << lines.join(u'\n');
    }
    return paragraphs.join(u"\n\n"_s);
}

// One synopsis form ("hookyard relay [--batch N] ..."), wrapped between bracketed groups so that "[--batch N]" is
// never split; continuation lines start under the first option.
QString wrappedSynopsis(const QString &command, const QString &form)
{
    const QString head = QString(kIndent, u' ') + u"hookyard "_s + command;
    const QString continuation(head.size() + 1, u' ');
    QStringList groups;
    int depth = 0;
    for (const QString &word : form.split(u' ', Qt::SkipEmptyParts)) {
        if (depth > 0)
            groups.last() += u' ' + word;
        else
            groups << word;
        depth += word.count(u'[') + word.count(u'(') - word.count(u']') - word.count(u')');
    }
    QStringList lines{head};
    for (const QString &group : groups) {
        if (lines.last().size() + 1 + group.size() > kWidth && lines.last().size() > continuation.size())
            lines << continuation + group;
        else
            lines.last() += u' ' + group;
    }
    return lines.join(u'\n');
}

QString indented(const QString &lines)
{
    QStringList result;
    for (const QString &line : lines.split(u'\n'))
        result << QString(kIndent, u' ') + line;
    return result.join(u'\n');
}

QString section(const QString &heading, const QString &body)
{
    return heading + u'\n' + body + u"\n\n"_s;
}

// Qt's option and argument lists, as sections OPTIONS and ARGUMENTS (its own "Usage:" line dropped).
QString parserSections(const QCommandLineParser &parser)
{
    QString result;
    QString heading;
    QStringList body;
    const auto flush = [&] {
        if (!heading.isEmpty())
            result += section(heading, body.join(u'\n'));
        body.clear();
    };
    for (const QString &line : parser.helpText().split(u'\n')) {
        if (line == u"Options:"_s || line == u"Arguments:"_s) {
            flush();
            heading = line.chopped(1).toUpper();
        } else if (!heading.isEmpty() && !line.trimmed().isEmpty()) {
            body << u"  "_s + line;
        }
    }
    flush();
    return result;
}

QString commonSections(const HelpPage *page)
{
    QString result;
    if (!page || page->usesDatabase)
        result += section(u"DATABASE"_s,
                          wrapped(u"--database URL (before or after the command), else HOOKYARD_DATABASE_URL, else "
                                  "libpq's environment (PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, ~/.pgpass). "
                                  "The schema is migrated first."_s));
    QString exitStatus = u"0  done\n"
                         "1  the job could not be done; one line on stderr says what and why\n"
                         "2  the command line is wrong"_s;
    if (page && !page->exitStatus.isEmpty())
        exitStatus += u'\n' + page->exitStatus;
    result += section(u"EXIT STATUS"_s, indented(exitStatus));
    if (page && !page->examples.isEmpty())
        result += section(u"EXAMPLES"_s, indented(page->examples.join(u'\n')));
    if (page && !page->seeAlso.isEmpty())
        result += section(u"SEE ALSO"_s, indented(u"hookyard --help, "_s + page->seeAlso));
    return result;
}

QString actionsSection(const QStringList &actionLines)
{
    return section(u"ACTIONS"_s, indented(actionLines.join(u'\n')));
}

QString nameSection(const QString &command, const HelpPage *page)
{
    return section(u"NAME"_s, indented(u"hookyard "_s + command + (page ? u" - "_s + page->summary : QString())));
}

} // namespace

const HelpPage *findHelpPage(const QString &command)
{
    const auto found =
        std::find_if(pages().begin(), pages().end(), [&](const HelpPage &page) { return page.command == command; });
    return found == pages().end() ? nullptr : &*found;
}

QString formatHelp(const QString &command, const QString &synopsis, const QCommandLineParser &parser,
                   const QStringList &actionLines)
{
    const HelpPage *page = findHelpPage(command);
    QStringList forms;
    for (const QString &form : synopsis.split(u'\n'))
        forms << wrappedSynopsis(command, form);
    QString text = nameSection(command, page) + section(u"SYNOPSIS"_s, forms.join(u'\n'));
    if (page)
        text += section(u"DESCRIPTION"_s, wrapped(page->description));
    text += parserSections(parser);
    if (!actionLines.isEmpty())
        text += actionsSection(actionLines);
    text += commonSections(page);
    return text.trimmed() + u'\n';
}

QString formatActionsHelp(const QString &noun, const QStringList &actionLines)
{
    const HelpPage *page = findHelpPage(noun);
    QString text = nameSection(noun, page) + section(u"SYNOPSIS"_s, indented(u"hookyard %1 ACTION [options]\n"
                                                                             "hookyard %1 ACTION --help"_s.arg(noun)));
    if (page)
        text += section(u"DESCRIPTION"_s, wrapped(page->description));
    text += actionsSection(actionLines) + commonSections(page);
    return text.trimmed() + u'\n';
}

} // namespace hookyard::core::cli
