-- Writes sent with an Idempotency-Key: the first answer, replayed when the client sends the
-- same write again (an offline queue retrying). A row without a status is still in flight.
create table idempotency_keys (
  user_id uuid not null references users (id) on delete cascade,
  key text not null,
  -- SHA-256 of the route and the request (parameters, query, body): a key reused for another request is refused.
  fingerprint text not null,
  status smallint,
  body text,
  content_type text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
