/** One schema migration: applied once, in order, inside the transaction of `migrateDatabase`. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * The schema, as numbered migrations. Never edit one that has shipped: add the
 * next number. Every change to a source or a credential bumps the one
 * generation counter and sends `src_changes` (a trigger, so writes by any
 * process, replica or CLI, are announced after they commit). Re-encrypting a
 * credential under a new key keeps its `revision` and is not announced: its
 * value did not change.
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "sources, credentials, change feed",
    sql: `
create table src_sources (
  slug text primary key,
  record jsonb not null,
  version bigint not null default 1
);

create table src_vault (
  singleton boolean primary key default true check (singleton),
  vault_id bytea not null,
  passphrase_salt bytea not null,
  scrypt_cost jsonb not null
);

create table src_credentials (
  slug text primary key,
  key_id bytea not null,
  nonce bytea not null,
  tag bytea not null,
  ciphertext bytea not null,
  updated_at text not null,
  revision bigint not null default 1
);

create table src_store_state (
  singleton boolean primary key default true check (singleton),
  generation bigint not null
);
insert into src_store_state (singleton, generation) values (true, 0);

create function src_announce_change() returns trigger language plpgsql as $$
declare
  changed_slug text := case when tg_op = 'DELETE' then old.slug else new.slug end;
  next_generation bigint;
begin
  update src_store_state set generation = generation + 1 returning generation into next_generation;
  perform pg_notify('src_changes', json_build_object('table', tg_table_name, 'slug', changed_slug, 'generation', next_generation)::text);
  return null;
end
$$;

create trigger src_sources_changed after insert or update or delete on src_sources
  for each row execute function src_announce_change();
create trigger src_credentials_changed after insert or delete on src_credentials
  for each row execute function src_announce_change();
create trigger src_credentials_revised after update on src_credentials
  for each row when (new.revision is distinct from old.revision) execute function src_announce_change();
`,
  },
  {
    version: 2,
    name: "rate limits of the sources' policies and the agent tokens",
    sql: `
create table src_rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
`,
  },
  {
    version: 3,
    name: "agent tokens, hosted agents' OAuth grants, clients, codes and tokens",
    sql: `
create table src_agent_tokens (
  id text primary key,
  name text not null unique,
  sha256 text unique,
  record jsonb not null,
  last_used_at text
);

create table src_oauth_clients (
  client_id text primary key,
  record jsonb not null
);

create table src_oauth_requests (
  id text primary key,
  record jsonb not null,
  expires_at timestamptz not null
);

create table src_oauth_codes (
  sha256 text primary key,
  record jsonb not null,
  expires_at timestamptz not null
);

create table src_oauth_access_tokens (
  sha256 text primary key,
  token_id text not null references src_agent_tokens (id) on delete cascade,
  record jsonb not null,
  expires_at timestamptz not null
);
create index src_oauth_access_tokens_token on src_oauth_access_tokens (token_id);

create table src_oauth_refresh_tokens (
  sha256 text primary key,
  token_id text not null references src_agent_tokens (id) on delete cascade,
  record jsonb not null,
  expires_at timestamptz,
  used_at timestamptz
);
create index src_oauth_refresh_tokens_token on src_oauth_refresh_tokens (token_id);

create function src_announce_agent_token_change() returns trigger language plpgsql as $$
declare
  changed_id text := case when tg_op = 'DELETE' then old.id else new.id end;
  next_generation bigint;
begin
  update src_store_state set generation = generation + 1 returning generation into next_generation;
  perform pg_notify('src_changes', json_build_object('table', tg_table_name, 'slug', changed_id, 'generation', next_generation)::text);
  return null;
end
$$;

create trigger src_agent_tokens_changed after insert or delete on src_agent_tokens
  for each row execute function src_announce_agent_token_change();
create trigger src_agent_tokens_revised after update on src_agent_tokens
  for each row when (new.record is distinct from old.record) execute function src_announce_agent_token_change();
`,
  },
  {
    version: 4,
    name: "sign-ins in progress, shared by every replica",
    sql: `
create table src_sign_ins (
  id text primary key,
  record jsonb not null,
  revision bigint not null,
  keep_until bigint not null
);
create index src_sign_ins_keep_until on src_sign_ins (keep_until);
`,
  },
  {
    version: 5,
    name: "per-user credentials: one per source and principal",
    sql: `
create table src_connections (
  slug text not null,
  principal text not null,
  key_id bytea not null,
  nonce bytea not null,
  tag bytea not null,
  ciphertext bytea not null,
  updated_at text not null,
  primary key (slug, principal)
);
`,
  },
  {
    version: 6,
    name: "connect links of per-user sources, shared by every replica",
    sql: `
create table src_connect_links (
  sha256 text primary key,
  slug text not null,
  principal text not null,
  state text not null check (state in ('open', 'taken', 'connected')),
  expires_at_ms bigint not null,
  keep_until_ms bigint not null
);
create index src_connect_links_keep_until on src_connect_links (keep_until_ms);
`,
  },
  {
    version: 7,
    name: "leases of the credentials a replica renews, so two never renew the same one at once",
    sql: `
create table src_credential_locks (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null
);
`,
  },
];
