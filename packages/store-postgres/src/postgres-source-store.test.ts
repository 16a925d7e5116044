import { createDefaultAuthRegistry } from "@src/auth-presets";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { useTestStores } from "../test/open-test-stores";
import { useTestPostgres } from "../test/use-test-postgres";
import { migrateDatabase } from "./schema/migrate-database";
import { migrations } from "./schema/migrations";
import { openPostgresStore } from "./open-postgres-store";

const registry = createDefaultAuthRegistry();
const key = Buffer.alloc(32, 7).toString("base64");
const input = {
  type: "api",
  name: "Weather",
  api: { baseUrl: "https://api.example.com/v1", authType: "bearer", testEndpoint: "/me" },
} as const;
const postgresServer = useTestPostgres();
const openStore = useTestStores();
const open = (url: string, env: Record<string, string> = { SRC_VAULT_KEY: key }) => openStore(url, env);

describe("migrations", () => {
  it("create the schema in an empty database once, recorded by version; a second start applies nothing", async () => {
    const url = await postgresServer.database();
    const sql = postgres(url, { onnotice: () => undefined });
    try {
      expect(await migrateDatabase(sql)).toEqual({
        applied: migrations.map((migration) => migration.version),
        version: migrations.length,
      });
      expect(await migrateDatabase(sql)).toEqual({ applied: [], version: migrations.length });
      const tables = await sql<
        { table_name: string }[]
      >`select table_name from information_schema.tables where table_schema = 'public' order by table_name`;
      expect(tables.map((row) => row.table_name)).toEqual([
        "src_agent_tokens",
        "src_connect_links",
        "src_connections",
        "src_credential_locks",
        "src_credentials",
        "src_oauth_access_tokens",
        "src_oauth_clients",
        "src_oauth_codes",
        "src_oauth_refresh_tokens",
        "src_oauth_requests",
        "src_rate_limits",
        "src_schema_migrations",
        "src_sign_ins",
        "src_sources",
        "src_store_state",
        "src_vault",
      ]);
    } finally {
      await sql.end();
    }
  });

  it("run once when several processes start at the same moment (advisory lock)", async () => {
    const url = await postgresServer.database();
    const clients = Array.from({ length: 4 }, () => postgres(url, { onnotice: () => undefined, max: 1 }));
    try {
      const outcomes = await Promise.all(clients.map((sql) => migrateDatabase(sql)));
      expect(outcomes.filter((outcome) => outcome.applied.length > 0)).toHaveLength(1);
    } finally {
      await Promise.all(clients.map((sql) => sql.end()));
    }
  });

  it("refuse a database whose schema is newer than this version knows", async () => {
    const url = await postgresServer.database();
    await (await open(url)).close();
    const sql = postgres(url, { onnotice: () => undefined });
    await sql`insert into src_schema_migrations (version, name) values (99, 'from the future')`;
    await sql.end();
    await expect(openPostgresStore({ url, registry, home: "/tmp", env: { SRC_VAULT_KEY: key } })).rejects.toMatchObject(
      { code: "SCHEMA_TOO_NEW" },
    );
  });
});

describe("the source store on PostgreSQL", () => {
  it("creates, gets, lists, updates, sets the status and removes a source", async () => {
    const store = (await open(await postgresServer.database())).sources;
    const created = await store.create(input);
    expect(created).toMatchObject({ slug: "weather", enabled: true, status: { connectionStatus: "untested" } });
    expect(await store.get("weather")).toEqual(created);
    await store.create({ ...input, name: "Another" });
    expect((await store.list()).map((entry) => entry.slug)).toEqual(["another", "weather"]);
    expect((await store.listSome(["weather", "missing"])).map((entry) => entry.slug)).toEqual(["weather"]);
    const updated = await store.update("weather", {
      name: "Weather v2",
      api: { baseUrl: "https://api.example.com/v2" },
    });
    expect(updated).toMatchObject({
      name: "Weather v2",
      id: created.id,
      createdAt: created.createdAt,
      api: { baseUrl: "https://api.example.com/v2" },
    });
    const tested = await store.setStatus("weather", {
      connectionStatus: "connected",
      lastTestedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(tested.updatedAt).toBe(updated.updatedAt);
    expect(await store.get("weather")).toEqual(tested);
    await store.remove("weather");
    await expect(store.get("weather")).rejects.toMatchObject({ code: "SOURCE_NOT_FOUND" });
    await expect(store.remove("weather")).rejects.toMatchObject({ code: "SOURCE_NOT_FOUND" });
    expect(store.directoryOf("another")).toBe("/tmp/src-home-unused/sources/another");
    expect(store.location).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/test_/);
  });

  it("refuses a duplicate slug and an invalid change, and writes nothing", async () => {
    const store = (await open(await postgresServer.database())).sources;
    const created = await store.create(input);
    await expect(store.create(input)).rejects.toMatchObject({ code: "DUPLICATE_SLUG" });
    await expect(store.update("weather", { api: { baseUrl: "not a url" } })).rejects.toMatchObject({
      code: "INVALID_SOURCE",
    });
    await expect(store.update("weather", { slug: "other" } as never)).rejects.toMatchObject({ code: "INVALID_SOURCE" });
    expect(await store.get("weather")).toEqual(created);
  });

  it("loses no update when two stores (two replicas) change one source at once", async () => {
    const url = await postgresServer.database();
    const [a, b] = [await open(url), await open(url)];
    await a.sources.create({ ...input, api: { ...input.api, headers: {} } });
    const writes = Array.from({ length: 20 }, (_, index) =>
      (index % 2 === 0 ? a : b).sources
        .update("weather", { api: { headers: undefined, [`x${index}`]: undefined }, name: `Weather ${index}` })
        .then(() => (index % 2 === 0 ? b : a).sources.update("weather", { enabled: index % 3 === 0 })),
    );
    await Promise.all(writes);
    const sql = postgres(url, { onnotice: () => undefined });
    const [row] = await sql<{ version: string }[]>`select version from src_sources where slug = 'weather'`;
    await sql.end();
    // One insert, then every one of the 40 updates landed as its own version.
    expect(Number(row?.version)).toBe(41);
  });

  it("gives up with SOURCE_CONFLICT, writing nothing, when the source changes under every attempt", async () => {
    const url = await postgresServer.database();
    const store = await open(url);
    await store.sources.create(input);
    const sql = postgres(url, { onnotice: () => undefined });
    // Every write of the row fails as a serialization failure would when another writer wins each time.
    await sql.unsafe(`create function always_clash() returns trigger language plpgsql as $$ begin raise exception 'clash' using errcode = '40001'; end $$;
      create trigger always_clash before update on src_sources for each row execute function always_clash();`);
    const before = await sql<{ record: unknown; version: string }[]>`select record, version from src_sources`;
    await expect(store.sources.update("weather", { name: "Lost?" })).rejects.toMatchObject({
      code: "SOURCE_CONFLICT",
      kind: "conflict",
    });
    expect(await sql<{ record: unknown; version: string }[]>`select record, version from src_sources`).toEqual(before);
    await sql.end();
  });

  it("announces a change made through another store to watchers, and serves the new record afterwards", async () => {
    const url = await postgresServer.database();
    const [a, b] = [await open(url), await open(url)];
    await a.sources.create(input);
    expect((await b.sources.get("weather")).name).toBe("Weather");
    const heard: (ReadonlySet<string> | undefined)[] = [];
    const stop = b.sources.watch((changed) => heard.push(changed), { debounceMs: 20 });
    await a.sources.update("weather", { name: "Renamed" });
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect([...(heard[0] ?? [])]).toEqual(["weather"]);
    expect((await b.sources.get("weather")).name).toBe("Renamed");
    stop();
  });

  it("catchUp() reports a heard change at once instead of after the quiet time", async () => {
    const url = await postgresServer.database();
    const [a, b] = [await open(url), await open(url)];
    await a.sources.create(input);
    const heard: (ReadonlySet<string> | undefined)[] = [];
    // A quiet time far longer than the test: only catchUp() reports within it.
    const stop = b.sources.watch((changed) => heard.push(changed), { debounceMs: 60_000 });
    try {
      // The create's own notification may still be on its way: wait until it was heard, then start afresh.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await stop.catchUp?.();
      heard.length = 0;
      await a.sources.update("weather", { name: "Renamed" });
      await expect
        .poll(async () => {
          await stop.catchUp?.();
          return heard.map((changed) => [...(changed ?? ["(all)"])]);
        })
        .toEqual([["weather"]]);
    } finally {
      stop();
    }
  });

  it("recovers a missed notification with the periodic check (the listener was not there)", async () => {
    const url = await postgresServer.database();
    const b = await open(url);
    const sql = postgres(url, { onnotice: () => undefined });
    await b.sources.create(input);
    expect((await b.sources.get("weather")).name).toBe("Weather");
    // A change whose notification never reaches b: the generation moves without NOTIFY.
    await sql.begin(async (transaction) => {
      await transaction`alter table src_sources disable trigger src_sources_changed`;
      await transaction`update src_sources set record = jsonb_set(record, '{name}', '"Quietly"') where slug = 'weather'`;
      await transaction`update src_store_state set generation = generation + 1`;
      await transaction`alter table src_sources enable trigger src_sources_changed`;
    });
    await sql.end();
    await expect.poll(async () => (await b.sources.get("weather")).name, { timeout: 10_000 }).toBe("Quietly");
  });

  it("reports a row that is not a valid record as a broken entry, without hiding the others", async () => {
    const url = await postgresServer.database();
    const store = (await open(url)).sources;
    await store.create(input);
    const sql = postgres(url, { onnotice: () => undefined });
    await sql`insert into src_sources (slug, record) values ('broken', ${sql.json({ name: "no api" })})`;
    await sql.end();
    await expect
      .poll(async () => (await store.list()).map((entry) => [entry.slug, entry.ok]))
      .toEqual([
        ["broken", false],
        ["weather", true],
      ]);
    await expect(store.get("broken")).rejects.toMatchObject({ code: "INVALID_SOURCE" });
  });
});
