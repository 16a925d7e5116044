import { distance } from "fastest-levenshtein";
import type { IndexedOperation, OperationIndex } from "../index/operation-index";

/** A template segment: a literal, or a pattern with the names of the parameters it captures. */
type Segment = string | { pattern: RegExp; anyCase: RegExp; names: string[]; whole: boolean };

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
  // `whole`: the segment is one parameter (`{owner}`), which any non-empty segment fits, without a regular expression.
  const whole = source === "([^/]+)";
  return { pattern: new RegExp(`^${source}$`), anyCase: new RegExp(`^${source}$`, "i"), names, whole };
}

/** The shape key of a template for a segment that is a parameter (never a lower-case literal: it holds a control character). */
const any = "\u0001";
const literalOf = (segment: Segment | undefined): string => (typeof segment === "string" ? segment.toLowerCase() : any);
/** The segments after the first `/`, trailing slashes dropped (`/a//b/` gives `a`, ``, `b`; `/` gives none). */
function splitPath(path: string): string[] {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end -= 1;
  const segments: string[] = [];
  const first = path.indexOf("/");
  if (first === -1 || first >= end) return segments;
  let start = first + 1;
  for (;;) {
    const next = path.indexOf("/", start);
    if (next === -1 || next >= end) {
      segments.push(path.slice(start, end));
      return segments;
    }
    segments.push(path.slice(start, next));
    start = next + 1;
  }
}

/** Templates by length, then by first segment, then by last segment (lower case when literal, `any` when templated). */
type Shapes = Map<number, Map<string, Map<string, Template[]>>>;

function addByShape(shapes: Shapes, template: Template): void {
  const { segments } = template;
  let byFirst = shapes.get(segments.length);
  if (byFirst === undefined) shapes.set(segments.length, (byFirst = new Map<string, Map<string, Template[]>>()));
  const first = literalOf(segments[0]);
  let byLast = byFirst.get(first);
  if (byLast === undefined) byFirst.set(first, (byLast = new Map<string, Template[]>()));
  const last = literalOf(segments.at(-1));
  const list = byLast.get(last);
  if (list === undefined) byLast.set(last, [template]);
  else list.push(template);
}

function decodeSegment(segment: string): string {
  if (!segment.includes("%")) return segment;
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

/** Whether `template` matches the segments; its parameters are read only for the template that wins. */
const fits = (template: Template, segments: readonly string[], ignoreCase: boolean): boolean => {
  const expected = template.segments;
  for (let position = 0; position < expected.length; position += 1) {
    const segment = expected[position] as Segment;
    const actual = segments[position] as string;
    if (typeof segment === "string") {
      if (segment !== actual && !(ignoreCase && segment.toLowerCase() === actual.toLowerCase())) return false;
    } else if (
      segment.whole
        ? actual === "" || actual.includes("/")
        : !(ignoreCase ? segment.anyCase : segment.pattern).test(actual)
    ) {
      return false;
    }
  }
  return true;
};

const parametersOf = (template: Template, segments: readonly string[], ignoreCase: boolean) => {
  const parameters: Record<string, string> = {};
  template.segments.forEach((segment, position) => {
    if (typeof segment === "string") return;
    const found = (ignoreCase ? segment.anyCase : segment.pattern).exec(segments[position] as string);
    segment.names.forEach((name, group) => (parameters[name] = found?.[group + 1] as string));
  });
  return parameters;
};

/** The template with the most literal segments among `candidates` that fits, or `best` when none beats it. */
const bestOf = (
  candidates: readonly Template[] | undefined,
  segments: readonly string[],
  ignoreCase: boolean,
  best: Template | undefined,
): Template | undefined => {
  if (candidates === undefined) return best;
  for (const template of candidates) {
    if (best !== undefined && template.literals <= best.literals) continue;
    if (fits(template, segments, ignoreCase)) best = template;
  }
  return best;
};

/**
 * Matches calls to operations by method and path template: the base path
 * removed (the source's base URL path and the document's server path are
 * lined up), templated segments matched, a trailing slash tolerated. Among
 * several matches, the one with the most literal segments wins
 * (`/repos/{owner}/{repo}/issues` over `/repos/{owner}/{repo}/{anything}`).
 */
export function createOperationMatcher(index: OperationIndex): {
  /**
   * `ignoreCase`: literal segments match in any letter case (for deny rules, as case-insensitive servers read a path);
   * `withParameters: false`: the path parameters are not read (`pathParameters` is empty).
   */
  match(
    method: string,
    path: string,
    baseUrl: string,
    options?: { ignoreCase?: boolean; withParameters?: boolean },
  ): OperationMatchResult | undefined;
  closest(method: string, path: string, count?: number): IndexedOperation[];
  /** Whether matching `path` in any letter case could find another operation than matching it as written. */
  caseCanMatter(path: string): boolean;
} {
  // Templates by method, then by length and their first and last segments: a call is compared with the few templates
  // that can match it, not with every one of its length.
  const byMethod = new Map<string, Shapes>();
  const templates: Template[] = [];
  for (const operation of index.operations) {
    const segments = splitPath(operation.path).map(segmentOf);
    const template: Template = {
      operation,
      segments,
      literals: segments.filter((segment) => typeof segment === "string").length,
    };
    templates.push(template);
    let shapes = byMethod.get(operation.method);
    if (shapes === undefined)
      byMethod.set(operation.method, (shapes = new Map<number, Map<string, Map<string, Template[]>>>()));
    addByShape(shapes, template);
  }
  // The base path of the last base URL asked about: a source asks with the same one call after call.
  let lastBaseUrl: { url: string; path: string } | undefined;
  const sourceBasePathOf = (baseUrl: string): string => {
    if (lastBaseUrl?.url !== baseUrl) lastBaseUrl = { url: baseUrl, path: basePathOf(baseUrl, "http://localhost/") };
    return lastBaseUrl.path;
  };
  const hasUpperCase = (text: string): boolean => text !== text.toLowerCase();
  // Whether a template has an upper-case letter in a literal segment or in the literal part of a templated one.
  const upperCaseLiterals = index.operations.some((operation) =>
    hasUpperCase(operation.path.replace(/\{[^}]*\}/g, "")),
  );
  const serverPaths = [
    ...new Set(index.servers.map((server) => basePathOf(server, "http://localhost/")).filter((path) => path !== "")),
  ];

  const matchOne = (
    method: string,
    path: string,
    ignoreCase: boolean,
    withParameters: boolean,
  ): OperationMatchResult | undefined => {
    const segments = splitPath(path);
    for (let position = 0; position < segments.length; position += 1)
      segments[position] = decodeSegment(segments[position]!);
    const byFirst = byMethod.get(method)?.get(segments.length);
    if (byFirst === undefined) return undefined;
    const first = segments[0]?.toLowerCase() ?? any;
    const last = segments.at(-1)?.toLowerCase() ?? any;
    const literalFirst = byFirst.get(first);
    const anyFirst = byFirst.get(any);
    let best = bestOf(literalFirst?.get(last), segments, ignoreCase, undefined);
    best = bestOf(literalFirst?.get(any), segments, ignoreCase, best);
    best = bestOf(anyFirst?.get(last), segments, ignoreCase, best);
    best = bestOf(anyFirst?.get(any), segments, ignoreCase, best);
    if (best === undefined) return undefined;
    return {
      operation: best.operation,
      pathParameters: withParameters ? parametersOf(best, segments, ignoreCase) : {},
    };
  };

  /**
   * The path as given, with the source's base path, and without each server's base path: tried in that order, each
   * once (most calls match the first, so the others are only made when needed).
   */
  const matchPaths = (
    method: string,
    relative: string,
    full: string,
    ignoreCase: boolean,
    withParameters: boolean,
  ): OperationMatchResult | undefined => {
    const found =
      matchOne(method, relative, ignoreCase, withParameters) ??
      (full === relative ? undefined : matchOne(method, full, ignoreCase, withParameters));
    if (found !== undefined) return found;
    for (const prefix of serverPaths) {
      if (!full.startsWith(`${prefix}/`)) continue;
      const rest = full.slice(prefix.length);
      if (rest === relative || rest === full) continue;
      const viaServer = matchOne(method, rest, ignoreCase, withParameters);
      if (viaServer !== undefined) return viaServer;
    }
    return undefined;
  };

  return {
    match(method, path, baseUrl, { ignoreCase = false, withParameters = true } = {}) {
      const query = path.indexOf("?");
      const bare = query === -1 ? path : path.slice(0, query);
      const relative = bare.startsWith("/") ? bare : `/${bare}`;
      const full = `${sourceBasePathOf(baseUrl)}${relative}`;
      return (
        matchPaths(method, relative, full, ignoreCase, withParameters) ??
        (method === "HEAD" ? matchPaths("GET", relative, full, ignoreCase, withParameters) : undefined)
      );
    },
    caseCanMatter: (path) => upperCaseLiterals || hasUpperCase(path),
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
