import { createServer } from "node:http";
import { timingSafeEqual } from "node:crypto";
import { parseNote } from "./parse-note.js";

const seedItems = ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape"].map((name, index) => ({
  id: index + 1,
  name,
}));

function send(response, status, value, headers = {}) {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > 1024 * 1024) request.destroy(new Error("body too large"));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function authorized(request, token) {
  const given = Buffer.from(request.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Starts the demo REST API on 127.0.0.1. See index.d.ts and the README for the routes. */
export async function startDemoApi({ port = 0, token }) {
  if (typeof token !== "string" || token === "") throw new TypeError("startDemoApi: token is required");
  const items = seedItems.map((item) => ({ ...item }));
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const route = `${request.method} ${url.pathname}`;
      if (route === "GET /health") return send(response, 200, { status: "ok" });
      if (!authorized(request, token)) {
        return send(
          response,
          401,
          { error: "unauthorized", message: "send Authorization: Bearer <token>" },
          { "www-authenticate": 'Bearer realm="demo"' },
        );
      }
      if (route === "GET /me") return send(response, 200, { id: "user-1", name: "Demo User", plan: "free" });
      if (route === "GET /items") {
        const limit = Math.min(Math.max(Number.parseInt(url.searchParams.get("limit") ?? "10", 10) || 10, 1), 100);
        const page = Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1);
        const q = (url.searchParams.get("q") ?? "").toLowerCase();
        const matching = items.filter((item) => item.name.includes(q));
        const slice = matching.slice((page - 1) * limit, page * limit);
        const headers = {};
        if (page * limit < matching.length) {
          const next = new URLSearchParams(url.searchParams);
          next.set("page", String(page + 1));
          headers.link = `<${url.pathname}?${next}>; rel="next"`;
        }
        return send(response, 200, { items: slice, total: matching.length, page }, headers);
      }
      if (route === "POST /items") {
        if (!(request.headers["content-type"] ?? "").startsWith("application/json"))
          return send(response, 415, { error: "send application/json" });
        let body;
        try {
          body = JSON.parse(await readBody(request));
        } catch {
          return send(response, 400, { error: "the body is not valid JSON" });
        }
        if (typeof body?.name !== "string" || body.name === "")
          return send(response, 422, { error: "name: required, a non-empty string" });
        const item = { id: items.length + 1, name: body.name };
        items.push(item);
        return send(response, 201, item, { location: `/items/${item.id}` });
      }
      if (route === "POST /notes") {
        const note = parseNote(request.headers["content-type"], await readBody(request));
        if (note === undefined)
          return send(response, 415, { error: "send application/xml or application/x-www-form-urlencoded" });
        if (note.error !== undefined) return send(response, 400, note);
        return send(response, 201, { received: note });
      }
      return send(response, 404, { error: "not found", path: url.pathname });
    } catch (error) {
      if (!response.headersSent) send(response, 500, { error: String(error?.message ?? error) });
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
