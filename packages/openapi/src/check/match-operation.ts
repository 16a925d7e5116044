import { distance } from "fastest-levenshtein";
import type { IndexedOperation, OperationIndex } from "../index/operation-index";

/** A template segment: a literal, or a pattern with the names of the parameters it captures. */
type Segment = string | { pattern: RegExp; anyCase: RegExp; names: string[] };

interface Template {
  operation: IndexedOperation;
  segments: Segment[];
  literals: number;
}

/** An operation matched by a call, with the path parameters read from the path. */
export interface OperationMatchResult {
  operation: IndexedOperation;
  pathParameters: Record<string, string>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function segmentOf(text: string): Segment {
  if (!text.includes("{")) return text;
  const names: string[] = [];
  const source = text
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (part.startsWith("{") && part.endsWith("}")) {
        names.push(part.slice(1, -1));
        return "([^/]+)";
      }
      return escapeRegExp(part);
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`), anyCase: new RegExp(`^${source}$`, "i"), names };
}

const splitPath = (path: string): string[] => path.replace(/\/+$/, "").split("/").slice(1);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path part of a base URL or server URL, without its trailing slash (`""` for the root). */
function basePathOf(url: string, against: string): string {
  try {
    return new URL(url, against).pathname.replace(/\/+$/, "");
  } catch {
    return "";
  }
}

/**
 * Matches calls to operations by method and path template: the base path
 * removed (the source's base URL path and the document's server path are
 * lined up), templated segments matched, a trailing slash tolerated. Among
 * several matches, the one with the most literal segments wins
 * (`/repos/{owner}/{repo}/issues` over `/repos/{owner}/{repo}/{anything}`).
 */
export function createOperationMatcher(index: OperationIndex): {
  /** `ignoreCase`: literal segments match in any letter case (for deny rules, as case-insensitive servers read a path). */
  match(method: string, path: string, baseUrl: string, options?: { ignoreCase?: boolean }): OperationMatchResult | undefined;
  closest(method: string, path: string, count?: number): IndexedOperation[];
} {
  const byMethod = new Map<string, Map<number, Template[]>>();
  for (const operation of index.operations) {
    const segments = splitPath(operation.path).map(segmentOf);
    const template: Template = { operation, segments, literals: segments.filter((segment) => typeof segment === "string").length };
    let byLength = byMethod.get(operation.method);
    if (byLength === undefined) {
      byLength = new Map<number, Template[]>();
      byMethod.set(operation.method, byLength);
    }
    const list = byLength.get(segments.length) ?? [];
    list.push(template);
    byLength.set(segments.length, list);
  }
  const serverPaths = [...new Set(index.servers.map((server) => basePathOf(server, "http://localhost/")).filter((path) => path !== ""))];

  const matchOne = (method: string, path: string, ignoreCase: boolean): OperationMatchResult | undefined => {
    const segments = splitPath(path).map(decodeSegment);
    const candidates = byMethod.get(method)?.get(segments.length) ?? [];
    let best: { template: Template; parameters: Record<string, string> } | undefined;
    for (const template of candidates) {
      if (best !== undefined && template.literals <= best.template.literals) continue;
      const parameters: Record<string, string> = {};
      const matched = template.segments.every((segment, position) => {
        const actual = segments[position] as string;
        if (typeof segment === "string") return segment === actual || (ignoreCase && segment.toLowerCase() === actual.toLowerCase());
        const found = (ignoreCase ? segment.anyCase : segment.pattern).exec(actual);
        if (found === null) return false;
        segment.names.forEach((name, group) => (parameters[name] = found[group + 1] as string));
        return true;
      });
      if (matched) best = { template, parameters };
    }
    return best === undefined ? undefined : { operation: best.template.operation, pathParameters: best.parameters };
  };

  return {
    match(method, path, baseUrl, { ignoreCase = false } = {}) {
      const bare = path.split("?")[0] ?? "";
      const relative = bare.startsWith("/") ? bare : `/${bare}`;
      const full = `${basePathOf(baseUrl, "http://localhost/")}${relative}`;
      const candidates = [relative, full, ...serverPaths.filter((prefix) => full.startsWith(`${prefix}/`)).map((prefix) => full.slice(prefix.length))];
      const methods = method === "HEAD" ? ["HEAD", "GET"] : [method];
      for (const candidateMethod of methods) {
        for (const candidate of new Set(candidates)) {
          const found = matchOne(candidateMethod, candidate === "" ? "/" : candidate, ignoreCase);
          if (found !== undefined) return found;
        }
      }
      return undefined;
    },
    closest(method, path, count = 3) {
      const segments = splitPath((path.split("?")[0] ?? "").replace(/^(?!\/)/, "/")).map(decodeSegment);
      const scoreOf = (template: Template): number => {
        let score = template.operation.method === method ? 0 : 3;
        score += 4 * Math.abs(template.segments.length - segments.length);
        template.segments.forEach((segment, position) => {
          const actual = segments[position];
          if (actual === undefined) return;
          if (typeof segment === "string") score += distance(segment, actual);
        });
        return score;
      };
      const templates = [...byMethod.values()].flatMap((byLength) => [...byLength.values()].flat());
      return templates
        .map((template) => ({ template, score: scoreOf(template) }))
        .sort((a, b) => a.score - b.score)
        .slice(0, count)
        .map((item) => item.template.operation);
    },
  };
}
