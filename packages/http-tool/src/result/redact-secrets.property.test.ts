import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor } from "./redact-secrets";
import { shapeResultBody } from "./shape-result-body";

// Random secrets, placed at random offsets inside random text, JSON and JSON-in-JSON bodies,
// each character spelled by a random mixture of the supported forms (or the whole secret in
// base64/base64url at a random offset, or in hex): after redaction, no decoder finds the secret.
// The test command runs a fixed seed; `pnpm fuzz` runs 20 000 cases from a random seed
// (SRC_FUZZ_SEED=<number> replays one, printed by fast-check on failure).
const seed = process.env.SRC_FUZZ_SEED === "random" ? Date.now() : Number(process.env.SRC_FUZZ_SEED ?? 20261123);
const numRuns = Number(process.env.SRC_FUZZ_RUNS ?? 100);
/** Generous: the machine running the test command may be busy; `pnpm fuzz` runs for minutes. */
const timeout = Math.max(120_000, numRuns * 50);

const printable = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
const base64Alphabet = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_"];
const htmlNames: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "/": "&sol;",
  "=": "&equals;",
  "+": "&plus;",
};
const jsonShort: Record<string, string> = { '"': '\\"', "\\": "\\\\", "/": "\\/" };

const hex2 = (code: number): string => code.toString(16).padStart(2, "0");
const hex4 = (code: number): string => code.toString(16).padStart(4, "0");

/** One character in one of the supported spellings, picked by `choice`. */
function spell(character: string, choice: number): string {
  const code = character.charCodeAt(0);
  const forms = [
    character,
    `%${hex2(code).toUpperCase()}`,
    `%${hex2(code)}`,
    `%25${hex2(code).toUpperCase()}`,
    `\\u${hex4(code)}`,
    `\\u${hex4(code).toUpperCase()}`,
    `&#${code};`,
    `&#x${code.toString(16)};`,
    `&#X${code.toString(16).toUpperCase()};`,
    `&#00${code};`,
    jsonShort[character] ?? character,
    htmlNames[character] ?? character,
    character === " " ? "+" : character,
  ];
  return forms[choice % forms.length]!;
}

const secretArbitrary = fc.oneof(
  fc.string({ unit: fc.constantFrom(...printable), minLength: 8, maxLength: 32 }),
  fc.string({ unit: fc.constantFrom(...base64Alphabet), minLength: 8, maxLength: 44 }),
);

/** The secret as it appears in the body before the container adds its own escaping. */
const encodedArbitrary = (secret: string): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(fc.nat(), { minLength: secret.length, maxLength: secret.length })
        .map((choices) => [...secret].map((character, index) => spell(character, choices[index]!)).join("")),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 5 }), fc.uint8Array({ maxLength: 5 }), fc.boolean())
        .map(([before, after, url]) =>
          Buffer.concat([before, Buffer.from(secret, "utf8"), after]).toString(url ? "base64url" : "base64"),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .boolean()
        .map((upper) =>
          upper ? Buffer.from(secret).toString("hex").toUpperCase() : Buffer.from(secret).toString("hex"),
        ),
    },
  );

const filler = fc.string({ unit: fc.constantFrom(...printable), maxLength: 40 });

type Container = "text" | "json" | "json-in-json";

/** The body holding `encoded`, and its content type. */
function bodyOf(
  container: Container,
  encoded: string,
  before: string,
  after: string,
  key: string,
): { text: string; contentType: string } {
  const placed = `${before}${encoded}${after}`;
  if (container === "text") return { text: placed, contentType: "text/plain" };
  const document = { id: 1, list: [before, { [key]: placed }], after };
  if (container === "json") return { text: JSON.stringify(document), contentType: "application/json" };
  return {
    text: JSON.stringify({
      log: JSON.stringify(document),
      nested: JSON.stringify({ again: JSON.stringify(document) }),
    }),
    contentType: "application/json",
  };
}

const tryDecode = (run: string): string => {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
};
const percentDecode = (text: string): string => text.replace(/(%[0-9a-f]{2})+/gi, tryDecode);
const formDecode = (text: string): string => text.replaceAll("+", " ");
const jsonDecode = (text: string): string =>
  text
    .replace(/\\+u([0-9a-f]{4})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\+(["/\\])/g, "$1");
const namedReferences: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  sol: "/",
  equals: "=",
  plus: "+",
};
const htmlDecode = (text: string): string =>
  text
    .replace(/&#x([0-9a-f]+);?/gi, (_reference, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_reference, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&([a-z]+);/gi, (reference, name: string) => namedReferences[name] ?? reference);

/** Every decoding of `text` an agent could try: each decoder, in every order, applied repeatedly; base64 and hex of every run. */
function decodings(text: string): string[] {
  const decoders = [percentDecode, formDecode, jsonDecode, htmlDecode];
  let layer = new Set([text]);
  const all = new Set([text]);
  for (let depth = 0; depth < 3; depth += 1) {
    const next = new Set<string>();
    for (const value of layer) for (const decode of decoders) next.add(decode(value));
    for (const value of next) all.add(value);
    layer = next;
  }
  const binary: string[] = [];
  for (const value of all) {
    for (const run of value.match(/[A-Za-z0-9+/_=-]{8,}/g) ?? []) {
      for (const offset of [0, 1, 2, 3]) {
        binary.push(
          Buffer.from(run.slice(offset), "base64").toString("latin1"),
          Buffer.from(run.slice(offset), "base64url").toString("latin1"),
        );
        if (/^[0-9a-f]+$/i.test(run.slice(offset)))
          binary.push(Buffer.from(run.slice(offset), "hex").toString("latin1"));
      }
    }
  }
  return [...all, ...binary];
}

describe("redaction survives any mixture of encodings (property)", () => {
  it("no decoder finds the secret in what the agent is shown", { timeout }, () => {
    fc.assert(
      fc.property(
        secretArbitrary.chain((secret) =>
          fc.record({
            secret: fc.constant(secret),
            encoded: encodedArbitrary(secret),
            container: fc.constantFrom<Container>("text", "json", "json-in-json"),
            before: filler,
            after: filler,
            key: fc.string({ unit: fc.constantFrom(..."abcdefgh_"), minLength: 1, maxLength: 8 }),
          }),
        ),
        ({ secret, encoded, container, before, after, key }) => {
          const { text, contentType } = bodyOf(container, encoded, before, after, key);
          const redactor = createRedactor([secret]);
          const shaped = shapeResultBody({
            bytes: Buffer.from(text, "utf8"),
            contentType,
            cut: false,
            declaredLength: null,
            maxResultChars: 1_000_000,
            redactor,
          });
          const shown = JSON.stringify(shaped);
          for (const decoded of decodings(shown)) {
            if (decoded.includes(secret))
              throw new Error(`the secret ${JSON.stringify(secret)} survives in ${JSON.stringify(shown)}`);
          }
          const value =
            shaped.body.kind === "json"
              ? JSON.stringify(shaped.body.value)
              : shaped.body.kind === "text"
                ? shaped.body.value
                : "";
          for (const decoded of decodings(value)) {
            if (decoded.includes(secret))
              throw new Error(`the secret ${JSON.stringify(secret)} survives in ${JSON.stringify(value)}`);
          }
        },
      ),
      { seed, numRuns },
    );
  });

  it("leaves a body without the secret as it was", { timeout }, () => {
    fc.assert(
      fc.property(secretArbitrary, filler, (secret, text) => {
        fc.pre(!decodings(text).some((decoded) => decoded.includes(secret)) && secret.length >= 12);
        expect(createRedactor([secret]).redactText(text)).toBe(text);
      }),
      { seed, numRuns },
    );
  });
});
