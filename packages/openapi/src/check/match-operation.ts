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

/** The shape key of a template for a segment that is a parameter (never a lower-case literal: it holds a control character). */
const any = "\u0001";
const literalOf = (segment: Segment | undefined): string => (typeof segment === "string" ? segment.toLowerCase() : any);
const shapeKey = (length: number, first: string, last: string): string => `${length}\u0000${first}\u0000${last}`;

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
  match(
    method: string,
    path: string,
    baseUrl: string,
    options?: { ignoreCase?: boolean },
  ): OperationMatchResult | undefined;
  closest(method: string, path: string, count?: number): IndexedOperation[];
} {
  // Templates by method, then by length and their first and last segments (lower case when literal, `any` when
  // templated): a call is compared with the few templates that can match it, not with every one of its length.
  const byMethod = new Map<string, Map<string, Template[]>>();
  const templates: Template[] = [];
  for (const operation of index.operations) {
    const segments = splitPath(operation.path).map(segmentOf);
    const template: Template = {
      operation,
      segments,
      literals: segments.filter((segment) => typeof segment === "string").length,
    };
    templates.push(template);
    let byShape = byMethod.get(operation.method);
    if (byShape === undefined) {
      byShape = new Map<string, Template[]>();
      byMethod.set(operation.method, byShape);
    }
    const key = shapeKey(segments.length, literalOf(segments[0]), literalOf(segments.at(-1)));
    const list = byShape.get(key) ?? [];
    list.push(template);
    byShape.set(key, list);
  }
  // The base path of the last base URL asked about: a source asks with the same one call after call.
  let lastBaseUrl: { url: string; path: string } | undefined;
  const sourceBasePathOf = (baseUrl: string): string => {
    if (lastBaseUrl?.url !== baseUrl) lastBaseUrl = { url: baseUrl, path: basePathOf(baseUrl, "http://localhost/") };
    return lastBaseUrl.path;
  };
  const serverPaths = [
    ...new Set(index.servers.map((server) => basePathOf(server, "http://localhost/")).filter((path) => path !== "")),
  ];

  /** Whether `template` matches the segments; its parameters are read only for the template that wins. */
  const fits = (template: Template, segments: readonly string[], ignoreCase: boolean): boolean =>
    template.segments.every((segment, position) => {
      const actual = segments[position] as string;
      if (typeof segment === "string")
        return segment === actual || (ignoreCase && segment.toLowerCase() === actual.toLowerCase());
      return (ignoreCase ? segment.anyCase : segment.pattern).test(actual);
    });

  const matchOne = (method: string, path: string, ignoreCase: boolean): OperationMatchResult | undefined => {
    const byShape = byMethod.get(method);
    if (byShape === undefined) return undefined;
    const segments = splitPath(path).map(decodeSegment);
    const first = segments[0]?.toLowerCase() ?? any;
    const last = segments.at(-1)?.toLowerCase() ?? any;
    const length = segments.length;
    let best: Template | undefined;
    const keys = [
      shapeKey(length, first, last),
      shapeKey(length, first, any),
      shapeKey(length, any, last),
      shapeKey(length, any, any),
    ];
    for (const [position, key] of keys.entries()) {
      if (keys.indexOf(key) !== position) continue;
      for (const template of byShape.get(key) ?? []) {
        if (best !== undefined && template.literals <= best.literals) continue;
        if (fits(template, segments, ignoreCase)) best = template;
      }
    }
    if (best === undefined) return undefined;
    const parameters: Record<string, string> = {};
    best.segments.forEach((segment, position) => {
      if (typeof segment === "string") return;
      const found = (ignoreCase ? segment.anyCase : segment.pattern).exec(segments[position] as string);
      segment.names.forEach((name, group) => (parameters[name] = found?.[group + 1] as string));
    });
    return { operation: best.operation, pathParameters: parameters };
  };

  return {
    match(method, path, baseUrl, { ignoreCase = false } = {}) {
      const bare = path.split("?")[0] ?? "";
      const relative = bare.startsWith("/") ? bare : `/${bare}`;
      const full = `${sourceBasePathOf(baseUrl)}${relative}`;
      const candidates = [
        relative,
        full,
        ...serverPaths.filter((prefix) => full.startsWith(`${prefix}/`)).map((prefix) => full.slice(prefix.length)),
      ];
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
      return templates
        .map((template) => ({ template, score: scoreOf(template) }))
        .sort((a, b) => a.score - b.score)
        .slice(0, count)
        .map((item) => item.template.operation);
    },
  };
}
