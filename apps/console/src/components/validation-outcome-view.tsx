import type { ValidationOutcome } from "../api/console-types";
import { StatusBadge } from "./status-badge";

/** The test call's outcome right after saving, reloading or setting a credential: connected, needs auth, or failed with its hint. */
export function ValidationOutcomeView({ validation }: { validation: ValidationOutcome | null }) {
  if (validation === null) {
    return (
      <section class="notice" aria-live="polite" aria-label="Validation">
        <p>Saved. The source was not tested (it is disabled or has no credential yet).</p>
      </section>
    );
  }
  return (
    <section class={`notice ${validation.ok ? "success" : "error"}`} aria-live="polite" aria-label="Validation">
      <p>
        Validation: <StatusBadge status={validation.status} />{" "}
        {validation.httpStatus === null ? "" : `HTTP ${validation.httpStatus} · `}
        {validation.durationMs} ms ·{" "}
        <code>
          {validation.request.method} {validation.request.url}
        </code>
      </p>
      <p>{validation.message}</p>
      {validation.hint === null ? null : <p class="hint">Hint: {validation.hint}</p>}
    </section>
  );
}
