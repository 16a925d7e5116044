import { useEffect, useState } from "preact/hooks";
import { problemOf } from "../api/console-api";
import type { AuthTypeDescription } from "../api/console-types";
import { useApi } from "./api-context";
import { CredentialFields, credentialFieldsFor } from "./credential-fields";

/** Set or replace a source's credential: write-only fields, emptied once sent. */
export function CredentialForm({
  authType,
  api: sourceApi,
  onSubmit,
}: {
  authType: string;
  api: Record<string, unknown>;
  onSubmit: (credential: Record<string, string>) => Promise<void>;
}) {
  const { api } = useApi();
  const [description, setDescription] = useState<AuthTypeDescription | undefined>(undefined);
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.configSchema().then(
      (answer) => setDescription(answer.authTypes.find((type) => type.type === authType)),
      (error: unknown) => setProblem(problemOf(error).message),
    );
  }, [api, authType]);

  if (description === undefined)
    return problem === undefined ? <p aria-busy="true">Loading…</p> : <p class="field-error">{problem}</p>;
  const fields = credentialFieldsFor(description, sourceApi);
  if (fields.length === 0) return <p>The auth mode {authType} takes no credential.</p>;

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(Object.fromEntries(Object.entries(values).filter(([, value]) => value !== "")));
    } finally {
      // Write-only: the fields are emptied whatever the outcome.
      setValues({});
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <CredentialFields
        fields={fields}
        idPrefix="credential"
        values={values}
        errorFor={() => undefined}
        onValue={(name, value) => setValues((previous) => ({ ...previous, [name]: value }))}
      />
      <button type="submit" disabled={busy}>
        {busy ? "Storing…" : "Store and test"}
      </button>
    </form>
  );
}
