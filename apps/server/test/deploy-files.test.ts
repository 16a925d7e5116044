import { readFile } from "node:fs/promises";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";

// No container engine runs where the tests run, and hadolint is not installable from npm or apt:
// the Dockerfile is checked with dockerfile-utils (the linter of the VS Code Docker extension) and
// for the instructions the deployment relies on. The image itself is built wherever Docker runs.
const dockerfile = await readFile(new URL("../Dockerfile", import.meta.url), "utf8");
const unit = await readFile(new URL("../deploy/src-server.service", import.meta.url), "utf8");

/** The Dockerfile's instructions, continuation lines joined, comments left out: `[keyword, arguments]`. */
function instructionsOf(text: string): [string, string][] {
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim());
  return logical
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return [keyword.toUpperCase(), rest.join(" ")];
    });
}

describe("apps/server/Dockerfile", () => {
  const instructions = instructionsOf(dockerfile);
  const all = (keyword: string) => instructions.filter(([name]) => name === keyword).map(([, value]) => value);

  it("passes the linter without a problem (and the linter does find one in a broken file)", () => {
    expect(validate(dockerfile)).toEqual([]);
    expect(validate("FROM node:20\nHEALTHCHECK --interval=oops CMD true\nEXPOSE notaport\n").length).toBeGreaterThan(0);
  });

  it("is multi-stage: builds in one stage, runs from a second that copies only the deployed server", () => {
    expect(all("FROM")).toEqual(["node:20-bookworm-slim AS build", "node:20-bookworm-slim"]);
    expect(all("RUN")[0]).toContain("install --frozen-lockfile");
    expect(all("RUN")[0]).toContain("deploy --prod");
    expect(all("COPY")).toContain("--from=build /out /app");
  });

  it("runs as a non-root user, with SRC_HOME as a volume and a health check on /healthz", () => {
    const lastFrom = instructions.map(([name]) => name).lastIndexOf("FROM");
    const user = instructions.slice(lastFrom).find(([name]) => name === "USER")?.[1];
    expect(user).toBe("node");
    expect(all("ENV").join(" ")).toMatch(/SRC_HOME=\/data/);
    expect(all("VOLUME")).toEqual(['["/data"]']);
    expect(all("HEALTHCHECK")[0]).toContain("http://127.0.0.1:7410/healthz");
    expect(all("ENTRYPOINT")).toEqual(['["node", "/app/bin/src-server.js"]']);
    expect(all("CMD").at(-1)).toBe('["--host", "0.0.0.0", "--port", "7410"]');
  });
});

describe("apps/server/deploy/src-server.service", () => {
  /** `Key=value` lines of the unit, by section. */
  const sections: Record<string, Record<string, string[]>> = {};
  let section = "";
  for (const line of unit.split("\n").map((text) => text.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header !== null) {
      section = header[1]!;
      sections[section] = {};
      continue;
    }
    const index = line.indexOf("=");
    const key = line.slice(0, index);
    (sections[section]![key] ??= []).push(line.slice(index + 1));
  }

  it("runs the installed server by absolute path as an unprivileged user, with SRC_HOME set and writable", () => {
    const service = sections.Service!;
    expect(service.ExecStart?.[0]).toMatch(/^\/\S+\/src-server --host 127\.0\.0\.1 --port 7410$/);
    expect(service.User).toEqual(["src"]);
    expect(service.Environment).toContain("SRC_HOME=/var/lib/src");
    expect(service.ReadWritePaths).toEqual(["/var/lib/src"]);
    expect(service.EnvironmentFile).toEqual(["-/etc/src-server.env"]);
    expect(sections.Install?.WantedBy).toEqual(["multi-user.target"]);
  });
});

describe("apps/server/deploy/compose.yaml", () => {
  it("runs PostgreSQL and two replicas behind a proxy, sharing the store, the vault key and the admin token, each with its own home", async () => {
    const compose = await readFile(new URL("../deploy/compose.yaml", import.meta.url), "utf8");
    for (const service of ["postgres:", "replica-a:", "replica-b:", "proxy:"])
      expect(compose).toContain(`\n  ${service}`);
    expect(compose).toMatch(/SRC_STORE: postgres:\/\/src:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/src/);
    expect(compose).toMatch(/SRC_VAULT_KEY: \$\{SRC_VAULT_KEY:\?/);
    expect(compose).toMatch(/SRC_SERVER_TOKEN: \$\{SRC_SERVER_TOKEN:\?/);
    expect(compose).toContain("http://127.0.0.1:7410/readyz");
    expect(compose).toContain("replica-a-home:/data");
    expect(compose).toContain("replica-b-home:/data");
    // No secret is written into the file itself: every one comes from the environment.
    expect(compose).not.toMatch(/(PASSWORD|KEY|TOKEN): (?!\$\{)/);
  });
});
