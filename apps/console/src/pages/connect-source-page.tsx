import { useState } from "preact/hooks";
import type { SourceOperationResult } from "@src/client";
import { useApi } from "../components/api-context";
import { SourceForm } from "../components/source-form";
import { ValidationOutcomeView } from "../components/validation-outcome-view";
import { hrefOf, toolNameOf } from "../route";

/** Connect a source: the schema-driven form with its credential; the validation outcome right after saving. */
export function ConnectSourcePage() {
  const { api } = useApi();
  const [saved, setSaved] = useState<SourceOperationResult | undefined>(undefined);
  return (
    <>
      <h1>Connect a source</h1>
      {saved === undefined ? (
        <SourceForm
          submitLabel="Save and test"
          onSubmit={async ({ config, credential }) => {
            setSaved(
              await api.client.sources.create({
                config: { type: "api", ...config },
                ...(credential === undefined ? {} : { credential }),
              }),
            );
          }}
        />
      ) : (
        <>
          <p>
            Saved <strong>{saved.source.name}</strong> as <code>{saved.source.slug}</code>.
          </p>
          <ValidationOutcomeView validation={saved.validation} />
          <p class="actions">
            <a class="button" href={hrefOf.source(saved.source.slug)}>
              Open {saved.source.name}
            </a>
            <a href={hrefOf.call(toolNameOf(saved.source.slug))}>Try a call</a>
            <button type="button" class="secondary" onClick={() => setSaved(undefined)}>
              Connect another
            </button>
          </p>
        </>
      )}
    </>
  );
}
