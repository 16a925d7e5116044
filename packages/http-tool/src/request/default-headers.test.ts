import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { DEFAULT_HEADERS, USER_AGENT } from "./default-headers";

it("names the package and its version in the User-Agent", async () => {
  const packageJson = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
    name: string;
    version: string;
  };
  expect(USER_AGENT).toBe(`@src/http-tool/${packageJson.version}`);
  expect(DEFAULT_HEADERS["user-agent"]).toBe(USER_AGENT);
  expect(Object.isFrozen(DEFAULT_HEADERS)).toBe(true);
});
