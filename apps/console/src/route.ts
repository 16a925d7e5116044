import { useEffect, useState } from "preact/hooks";

/** The console's pages, addressed by the URL's hash so the server serves one page at `/`. */
export type Route =
  | { page: "sources" }
  | { page: "connect" }
  | { page: "source"; slug: string }
  | { page: "tools" }
  | { page: "call"; tool?: string }
  | { page: "activity"; source?: string }
  | { page: "tokens" }
  | { page: "connections" };

export function parseRoute(hash: string): Route {
  const [path = "", query = ""] = hash.replace(/^#/, "").split("?");
  const parameters = new URLSearchParams(query);
  const parts = path.split("/").filter((part) => part !== "");
  if (parts[0] === "sources" && parts[1] === "new") return { page: "connect" };
  if (parts[0] === "sources" && parts[1] !== undefined) return { page: "source", slug: decodeURIComponent(parts[1]) };
  if (parts[0] === "tools") return { page: "tools" };
  if (parts[0] === "call") return { page: "call", tool: parameters.get("tool") ?? undefined };
  if (parts[0] === "tokens") return { page: "tokens" };
  if (parts[0] === "connections") return { page: "connections" };
  if (parts[0] === "activity") return { page: "activity", source: parameters.get("source") ?? undefined };
  return { page: "sources" };
}

export const hrefOf = {
  sources: "#/sources",
  connect: "#/sources/new",
  source: (slug: string) => `#/sources/${encodeURIComponent(slug)}`,
  tools: "#/tools",
  call: (tool?: string) => (tool === undefined ? "#/call" : `#/call?tool=${encodeURIComponent(tool)}`),
  activity: (source?: string) =>
    source === undefined ? "#/activity" : `#/activity?source=${encodeURIComponent(source)}`,
  tokens: "#/tokens",
  connections: "#/connections",
};

/** The current route, following `hashchange`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const follow = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  return route;
}

export function navigate(href: string): void {
  window.location.hash = href;
}

/** The agent tool of a source: `api_<slug>` with `-` as `_`. */
export function toolNameOf(slug: string): string {
  return `api_${slug.replace(/-/g, "_")}`;
}
