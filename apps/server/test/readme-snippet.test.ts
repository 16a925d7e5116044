import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { createSourceService } from "@src/service";
import { describe, expect, it } from "vitest";
import { AddressInUseError } from "../src/errors/address-in-use-error";
import { createServerLogger } from "../src/create-server-logger";
import { startServer } from "../src/start-server";
import { startUpstream } from "./helpers/start-upstream";
import { createLogCapture, createTestHome, linesLeakingSecrets } from "./helpers/test-home";
import { useTestSetup } from "./helpers/use-setup";

const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
const readme = fileURLToPath(new URL("../README.md", import.meta.url));
const githubToken = "readme-github-token-0c9d8e7f";
const setup = useTestSetup(async (keep) => {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  testHome.secrets.push(githubToken);
  const upstream = await keep(startUpstream({ token: githubToken }), (started) => started.close());
  return { testHome, upstream };
});

describe("the server README", () => {
  it("the startServer snippet runs as written (port 0, a local API connected as github)", async () => {
    const text = await readFile(readme, "utf8");
    const snippet = /## Install and start[\s\S]*?```ts\n([\s\S]*?)```/.exec(text)?.[1];
    expect(snippet).toContain("startServer({ port: 7410 })");
    const service = createSourceService({
      home: setup.testHome.home,
      env: setup.testHome.env,
      registry: createDefaultAuthRegistry(),
    });
    await service.addSource({
      input: {
        type: "api",
        name: "GitHub",
        slug: "github",
        api: { baseUrl: setup.upstream.url, authType: "bearer", testEndpoint: "/me" },
      },
      credential: { token: githubToken },
    });

    // In a project of its own whose node_modules/@src/server is this package, read from its sources.
    const project = await mkdtemp(join(tmpdir(), "src-readme-snippet-"));
    await mkdir(join(project, "node_modules", "@src"), { recursive: true });
    await symlink(
      fileURLToPath(new URL("..", import.meta.url)),
      join(project, "node_modules", "@src", "server"),
      "dir",
    );
    const file = join(project, "snippet.mts");
    await writeFile(file, snippet!.replace("startServer({ port: 7410 })", "startServer({ port: 0 })"));
    try {
      const child = spawn(tsx, ["--conditions=@src/source", file], {
        env: { ...process.env, ...setup.testHome.env, SRC_SERVER_TOKEN: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
          if (/^200 /m.test(stdout) && stdout.includes("}")) resolve();
        });
        void exited.then((code) => reject(new Error(`the snippet exited ${code}: ${stderr}\n${stdout}`)));
      });
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(stdout).toContain("status: 404"); // the local API's answer to GET /user, inside the ToolResult
      expect(setup.upstream.seen.some((request) => request.method === "GET" && request.url === "/user")).toBe(true);
      expect(linesLeakingSecrets(stdout.split("\n"), setup.testHome.secrets)).toEqual([]);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it("a busy port: startServer names the address and suggests another port or a running server", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const error = await startServer({
        port,
        env: setup.testHome.env,
        logger: createServerLogger({ destination: createLogCapture().stream }),
      }).catch((thrown: unknown) => thrown);
      expect(AddressInUseError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: "ADDRESS_IN_USE" });
      expect((error as Error).message).toContain(`127.0.0.1:${port}`);
      expect((error as Error).message).toContain("another port");
      expect((error as Error).message).toContain("another src server may already be running");
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
