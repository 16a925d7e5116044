import { Fragment } from "preact";
import { useState } from "preact/hooks";
import { problemOf } from "../api/console-api";
import type { SourceRecord } from "../api/console-types";
import { useApi } from "./api-context";
import { ErrorNotice } from "./error-notice";

type Policy = NonNullable<SourceRecord["api"]["policy"]>;
type RuleList = "allow" | "deny" | "confirm";

const lists: { key: RuleList; label: string; hint: string }[] = [
  {
    key: "allow",
    label: "Allow",
    hint: 'One rule per line, e.g. "GET /repos/**", "POST /repos/*/*/issues", "operation:issues/*", "tag:pulls". When there is any, every other call is refused.',
  },
  { key: "deny", label: "Deny", hint: 'One rule per line, e.g. "DELETE /**". Deny wins over allow.' },
  {
    key: "confirm",
    label: "Confirm",
    hint: "One rule per line: calls a person must confirm before they are sent (refused where no one can be asked).",
  },
];

/** The form's values: rule lists as text (one per line), the rate limit as two number fields. */
interface PolicyValues {
  mode: "read-write" | "read-only";
  tools: "single" | "split";
  allow: string;
  deny: string;
  confirm: string;
  calls: string;
  perSeconds: string;
}

const valuesOf = (policy: Policy | undefined): PolicyValues => ({
  mode: policy?.mode ?? "read-write",
  tools: policy?.tools ?? "single",
  allow: (policy?.allow ?? []).join("\n"),
  deny: (policy?.deny ?? []).join("\n"),
  confirm: (policy?.confirm ?? []).join("\n"),
  calls: policy?.rateLimit === undefined ? "" : String(policy.rateLimit.calls),
  perSeconds: policy?.rateLimit === undefined ? "" : String(policy.rateLimit.perSeconds),
});

const rulesOf = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

/** What the form sends: `null` (no policy) when nothing is set; the server checks every rule and names the bad ones. */
function policyOf(values: PolicyValues): Record<string, unknown> | null {
  const policy: Record<string, unknown> = {};
  if (values.mode === "read-only") policy.mode = "read-only";
  for (const { key } of lists) {
    const rules = rulesOf(values[key]);
    if (rules.length > 0) policy[key] = rules;
  }
  if (values.calls.trim() !== "" || values.perSeconds.trim() !== "")
    policy.rateLimit = { calls: Number(values.calls), perSeconds: Number(values.perSeconds) };
  if (values.tools === "split") policy.tools = "split";
  return Object.keys(policy).length === 0 ? null : policy;
}

/** The server's messages for one field of the policy (`api.policy.allow.0`...), one line each. */
function errorsFor(fieldErrors: Map<string, string>, prefix: string): string[] {
  return [...fieldErrors]
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
    .map(([path, message]) => `${path.slice("api.policy.".length)}: ${message}`);
}

/** What agents may do with a source (`api.policy`): shown, and edited in place. */
export function PolicySection({ source, onSaved }: { source: SourceRecord; onSaved: () => void }) {
  const { api, onUnauthorized } = useApi();
  const policy = source.api.policy;
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<PolicyValues>(valuesOf(policy));
  const [problem, setProblem] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const fieldErrors = problem === undefined ? new Map<string, string>() : problemOf(problem).fieldErrors;
  const set = (key: keyof PolicyValues, value: string) => setValues({ ...values, [key]: value });

  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await api.client.sources.update(source.slug, { api: { policy: policyOf(values) } });
      setEditing(false);
      onSaved();
    } catch (error) {
      if (!onUnauthorized(error)) setProblem(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="policy-heading">
      <h2 id="policy-heading">What agents may do</h2>
      {policy === undefined ? (
        <p>No policy: agents may send any method to any path under the base URL.</p>
      ) : (
        <dl class="facts" aria-label="Policy">
          <dt>Mode</dt>
          <dd>{policy.mode ?? "read-write"}</dd>
          {lists.map(({ key, label }) => (
            <Fragment key={key}>
              <dt>{label}</dt>
              <dd>
                {(policy[key] ?? []).length === 0
                  ? "none"
                  : (policy[key] ?? []).map((rule) => <code key={rule}>{rule} </code>)}
              </dd>
            </Fragment>
          ))}
          <dt>Rate limit</dt>
          <dd>
            {policy.rateLimit === undefined
              ? "none"
              : `${policy.rateLimit.calls} calls per ${policy.rateLimit.perSeconds} s`}
          </dd>
          <dt>Tools</dt>
          <dd>{policy.tools === "split" ? "split: reads and writes in two tools" : "single"}</dd>
        </dl>
      )}
      <button
        type="button"
        class="secondary"
        aria-expanded={editing}
        onClick={() => {
          setValues(valuesOf(policy));
          setProblem(undefined);
          setEditing(!editing);
        }}
      >
        {editing ? "Close the policy form" : "Change the policy"}
      </button>
      {editing ? (
        <form class="policy-form" onSubmit={(event) => void save(event)} noValidate>
          <ErrorNotice error={problem} title="The policy was not saved" />
          <div class="field">
            <label for="policy-mode">Mode</label>
            <select id="policy-mode" value={values.mode} onChange={(event) => set("mode", event.currentTarget.value)}>
              <option value="read-write">read-write: any method the rules allow</option>
              <option value="read-only">read-only: GET, HEAD and OPTIONS only</option>
            </select>
          </div>
          {lists.map(({ key, label, hint }) => {
            const errors = errorsFor(fieldErrors, `api.policy.${key}`);
            return (
              <div class="field" key={key}>
                <label for={`policy-${key}`}>{label}</label>
                <textarea
                  id={`policy-${key}`}
                  rows={3}
                  spellcheck={false}
                  value={values[key]}
                  aria-describedby={`policy-${key}-hint${errors.length > 0 ? ` policy-${key}-error` : ""}`}
                  aria-invalid={errors.length > 0}
                  onInput={(event) => set(key, event.currentTarget.value)}
                />
                <p id={`policy-${key}-hint`} class="hint">
                  {hint}
                </p>
                {errors.length === 0 ? null : (
                  <p id={`policy-${key}-error`} class="field-error">
                    {errors.join("; ")}
                  </p>
                )}
              </div>
            );
          })}
          <div class="field">
            <label for="policy-calls">Rate limit: calls</label>
            <input
              id="policy-calls"
              type="number"
              min={1}
              value={values.calls}
              onInput={(event) => set("calls", event.currentTarget.value)}
            />
            <label for="policy-per-seconds">per seconds</label>
            <input
              id="policy-per-seconds"
              type="number"
              min={1}
              value={values.perSeconds}
              onInput={(event) => set("perSeconds", event.currentTarget.value)}
            />
            {errorsFor(fieldErrors, "api.policy.rateLimit").length === 0 ? null : (
              <p class="field-error">{errorsFor(fieldErrors, "api.policy.rateLimit").join("; ")}</p>
            )}
          </div>
          <div class="field">
            <label for="policy-tools">Tools</label>
            <select
              id="policy-tools"
              value={values.tools}
              onChange={(event) => set("tools", event.currentTarget.value)}
            >
              <option value="single">single: one tool for every method</option>
              <option value="split">split: one tool for reads, one for writes</option>
            </select>
          </div>
          <button type="submit" disabled={busy}>
            Save the policy
          </button>
        </form>
      ) : null}
    </section>
  );
}
