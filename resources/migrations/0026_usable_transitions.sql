-- Hookyard schema, version 26: state_transitions takes only rows the worker can use.
--
-- state_transitions belongs to operators, who write it with SQL. Found by an adversarial helper: a NULL among
-- from_states made a deferred row's reason read "order.refunded needs " with nothing after it, and an empty
-- to_state was stored as a state. A transition now names its event type and the state it leads to, and every state
-- it starts from. Rows written before are not checked (NOT VALID): the worker keeps using them as before.
ALTER TABLE state_transitions ADD CONSTRAINT state_transitions_usable CHECK (
  btrim(event_type) <> '' AND btrim(to_state) <> ''
  AND array_position(from_states, NULL) IS NULL AND array_position(from_states, '') IS NULL
) NOT VALID;
