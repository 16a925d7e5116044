import { RATE_LIMIT_TEXT_HINT, parseRateLimitText, type ApiPolicy } from "@src/config";
import type { Command } from "commander";
import { InvalidInputError } from "../errors/invalid-input-error";
import { UsageError } from "../errors/usage-error";

/** The policy flags of `src source add` and `src source edit`. */
export interface PolicyFlags {
  readOnly?: boolean;
  readWrite?: boolean;
  allow?: string[];
  deny?: string[];
  confirm?: string[];
  rateLimit?: string;
  tools?: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Adds `--read-only|--read-write --allow RULE --deny RULE --confirm RULE --rate-limit N/DURATION --tools single|split`. */
export function registerPolicyOptions(command: Command, { editing }: { editing: boolean }): Command {
  const replaces = (flag: string): string => (editing ? `; replaces the source's list (${flag} "" removes it)` : "");
  return command
    .option("--read-only", "agents may only read: GET, HEAD and OPTIONS (api.policy.mode); no rule widens it")
    .option("--read-write", "agents may use every method the rules allow (the default)")
    .option(
      "--allow <rule>",
      `a call agents may make, e.g. "GET /repos/**", "POST /repos/*/*/issues", "operation:issues/*", "tag:pulls"; anything no --allow matches is refused; repeat it${replaces("--allow")}`,
      collect,
    )
    .option(
      "--deny <rule>",
      `a call agents may never make, e.g. "DELETE /**"; deny wins over allow; repeat it${replaces("--deny")}`,
      collect,
    )
    .option(
      "--confirm <rule>",
      `a call a person must confirm before it is sent, e.g. "PUT /repos/*/*/collaborators/*"; repeat it${replaces("--confirm")}`,
      collect,
    )
    .option(
      "--rate-limit <calls/duration>",
      `at most that many agent calls per window, e.g. 60/1m${editing ? '; "none" removes it' : ""}`,
    )
    .option("--tools <layout>", "single (one tool api_<slug>) or split (api_<slug> reads, api_<slug>_write writes)");
}

/** Whether any policy flag was given. */
export const hasPolicyFlags = (flags: PolicyFlags): boolean =>
  [flags.readOnly, flags.readWrite, flags.allow, flags.deny, flags.confirm, flags.rateLimit, flags.tools].some(
    (value) => value !== undefined,
  );

/**
 * The policy after the flags, over `current` (`src source edit`: each list given replaces the source's, `""` removes
 * it; `--rate-limit none` removes the limit). `undefined` when nothing is left (no policy). Rules are checked by
 * `@src/config` with the rest of the record, so an invalid one is listed by position with the other problems.
 */
export function policyFromFlags(current: ApiPolicy | undefined, flags: PolicyFlags): ApiPolicy | undefined {
  if (flags.readOnly === true && flags.readWrite === true)
    throw new UsageError({ message: "--read-only and --read-write contradict each other; give one" });
  const policy: Record<string, unknown> = { ...current };
  if (flags.readOnly === true) policy.mode = "read-only";
  if (flags.readWrite === true) delete policy.mode;
  for (const list of ["allow", "deny", "confirm"] as const) {
    const given = flags[list];
    if (given === undefined) continue;
    const rules = given.filter((rule) => rule.trim() !== "");
    if (rules.length === 0) delete policy[list];
    else policy[list] = rules;
  }
  if (flags.rateLimit !== undefined) {
    if (flags.rateLimit.trim() === "none") delete policy.rateLimit;
    else {
      const limit = parseRateLimitText(flags.rateLimit);
      if (limit === undefined)
        throw new InvalidInputError({
          flag: "--rate-limit",
          problem: `${JSON.stringify(flags.rateLimit)}: ${RATE_LIMIT_TEXT_HINT}`,
        });
      policy.rateLimit = limit;
    }
  }
  if (flags.tools !== undefined) {
    if (flags.tools !== "single" && flags.tools !== "split")
      throw new UsageError({
        message: `--tools ${JSON.stringify(flags.tools)}: use single (one tool) or split (api_<slug> reads, api_<slug>_write writes)`,
      });
    if (flags.tools === "single") delete policy.tools;
    else policy.tools = "split";
  }
  return Object.keys(policy).length === 0 ? undefined : policy;
}
