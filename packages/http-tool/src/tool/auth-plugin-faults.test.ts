import { createBearerAuth } from "@src/auth-bearer";
import { describe, expect, it } from "vitest";
import { callSource } from "./call-source";
import { validateSource } from "../validation/validate-source";
import { useUpstream } from "../testing/use-upstream";
import { findLeaks } from "../testing/secret-forms";
import { createSourceRecordFixture } from "../testing/source-record-fixture";

// A plugin at fault (it throws, or answers what its contract does not allow) is the operator's to fix: the agent is
// told NETWORK (not retryable), naming the plugin, the hook and the source, never INVALID_CALL ("check the call"); the
// plugin's message is kept for the operator, with every form of the credential redacted, in a call's result and in
// the validation outcome the service stores as the source's lastError.
const secret = "tok_PLUGIN_fault_5c4b3a29";
const bearer = createBearerAuth();
const upstream = useUpstream();
const source = () => createSourceRecordFixture({ slug: "crm", api: { baseUrl: `${upstream().origin}/api` } });

const faults = [
  {
    hook: "authorize",
    plugin: {
      ...bearer,
      authorize: (_request: unknown, { credential }: { credential: { token: string } }) =>
        Promise.reject(new Error(`signing failed for key ${credential.token}`)),
    },
    says: "signing failed for key [REDACTED]",
  },
  {
    hook: "placement",
    plugin: { ...bearer, placement: () => ({ headers: "authorization" }) },
    says: "placement(config) must return { headers: string[]",
  },
  {
    hook: "placement",
    plugin: {
      ...bearer,
      placement: () => {
        throw new Error("no placement for this config");
      },
    },
    says: "no placement for this config",
  },
  {
    hook: "secretValues",
    plugin: { ...bearer, secretValues: ({ token }: { token: string }) => token },
    says: "secretValues(credential) must return an array of strings (every stored value to redact), not a string",
  },
] as const;

describe("an auth plugin at fault", () => {
  it.each(faults)("in $hook: NETWORK naming the plugin, the hook and the source; nothing sent", async (fault) => {
    const before = upstream().requests.length;
    const result = await callSource({
      source: source(),
      call: { method: "GET", path: "/x" },
      plugin: fault.plugin as never,
      credential: { token: secret },
    });
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 0, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toContain(`auth plugin "bearer" failed in ${fault.hook} for source "crm"`);
    expect(result.error?.message).toContain(fault.says);
    expect(result.error?.message).toContain("src source test crm");
    expect(upstream().requests.length).toBe(before);
    expect(findLeaks(JSON.stringify(result), secret)).toEqual([]);
  });

  it.each(faults)("in $hook: the validation outcome names it, redacted, and says to fix the plugin", async (fault) => {
    const outcome = await validateSource({
      source: source(),
      plugin: fault.plugin as never,
      credential: { token: secret },
    });
    expect(outcome).toMatchObject({ status: "failed", reason: "INVALID_REQUEST" });
    expect(outcome.message).toContain(`auth plugin "bearer" failed in ${fault.hook}`);
    expect(outcome.message).toContain(fault.says);
    expect(outcome.hint).toBe('fix the auth plugin "bearer" (or the source\'s config), then test the source again');
    expect(findLeaks(JSON.stringify(outcome), secret)).toEqual([]);
  });

  it("a plugin's AuthorizeError stays AUTH_FAILED: the contract's own way to say the credential could not be attached", async () => {
    const { AuthorizeError } = await import("@src/auth");
    const refusing = {
      ...bearer,
      authorize: () =>
        Promise.reject(
          new AuthorizeError({ outcome: "needs_auth", message: "the key was revoked", hint: "store a new key" }),
        ),
    };
    const result = await callSource({
      source: source(),
      call: { method: "GET", path: "/x" },
      plugin: refusing as never,
      credential: { token: secret },
    });
    expect(result.error).toMatchObject({ code: "AUTH_FAILED" });
    expect(result.error?.message).toContain("the key was revoked");
  });
});
