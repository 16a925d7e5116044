import { useEffect, useRef, useState } from "preact/hooks";
import type { ValidationOutcome } from "../api/console-types";
import { useApi } from "../components/api-context";
import { CredentialForm } from "../components/credential-form";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ErrorNotice } from "../components/error-notice";
import { PolicySection } from "../components/policy-section";
import { SourceFacts } from "../components/source-facts";
import { SourceForm } from "../components/source-form";
import { SourceSignIn } from "../components/source-sign-in";
import { StatusBadge } from "../components/status-badge";
import { useLoad } from "../components/use-load";
import { ValidationOutcomeView } from "../components/validation-outcome-view";
import { hrefOf, navigate, toolNameOf } from "../route";

/** One source: its state, edit, enable/disable, reload, credential, remove (confirmed). */
export function SourcePage({ slug }: { slug: string }) {
  const { api, onUnauthorized } = useApi();
  const { data, error, reload } = useLoad((loader) => loader.client.sources.get(slug), [slug], 3000);
  const [outcome, setOutcome] = useState<{ title: string; validation?: ValidationOutcome | null } | undefined>(
    undefined,
  );
  const [actionError, setActionError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const confirmDialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    setOutcome(undefined);
    setActionError(undefined);
    setEditing(false);
  }, [slug]);

  const act = async (
    title: string,
    action: () => Promise<{ validation?: ValidationOutcome | null }>,
  ): Promise<void> => {
    setBusy(true);
    setActionError(undefined);
    setOutcome(undefined);
    try {
      const result = await action();
      setOutcome({ title, validation: result.validation });
      reload();
    } catch (problem) {
      if (!onUnauthorized(problem)) setActionError(problem);
    } finally {
      setBusy(false);
    }
  };

  if (error !== undefined && data === undefined) {
    return (
      <>
        <h1>Source {slug}</h1>
        <ErrorNotice error={error} title="Could not read this source" />
        <p>
          <a href={hrefOf.sources}>Back to the sources</a>
        </p>
      </>
    );
  }
  if (data === undefined) return <p aria-busy="true">Loading…</p>;
  const { source, hasCredential } = data;

  return (
    <>
      <div class="page-head">
        <h1>{source.name}</h1>
        <StatusBadge status={source.status.connectionStatus} />
      </div>
      <SourceFacts source={source} hasCredential={hasCredential} />
      <div class="actions" role="group" aria-label="Source actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => void act("Reloaded", () => api.client.sources.reload(slug))}
        >
          Reload
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy}
          onClick={() =>
            void act(
              source.enabled ? "Disabled" : "Enabled",
              async () => (await api.client.sources.update(slug, { enabled: !source.enabled }), {}),
            )
          }
        >
          {source.enabled ? "Disable" : "Enable"}
        </button>
        <button type="button" class="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {editing ? "Close the editor" : "Edit"}
        </button>
        <a class="button secondary" href={hrefOf.call(toolNameOf(slug))}>
          Try a call
        </a>
        <a class="button secondary" href={hrefOf.activity(slug)}>
          Activity
        </a>
        <button type="button" class="danger" disabled={busy} onClick={() => confirmDialog.current?.showModal()}>
          Remove
        </button>
      </div>
      <ErrorNotice error={actionError} />
      {outcome === undefined ? null : (
        <div role="status">
          <p>{outcome.title}.</p>
          {outcome.validation === undefined ? null : <ValidationOutcomeView validation={outcome.validation} />}
        </div>
      )}
      {editing ? (
        <section aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit</h2>
          <SourceForm
            source={source}
            submitLabel="Save changes"
            onSubmit={async ({ config }) => {
              await api.client.sources.update(slug, { name: config.name, enabled: config.enabled, api: config.api });
              setEditing(false);
              setOutcome({ title: "Saved; reload to test the source with its new settings" });
              reload();
            }}
          />
        </section>
      ) : null}
      <PolicySection key={source.updatedAt} source={source} onSaved={reload} />
      {hasCredential ? <SourceSignIn slug={slug} authType={source.api.authType} onSignedIn={reload} /> : null}
      <section aria-labelledby="credential-heading">
        <h2 id="credential-heading">{hasCredential ? "Replace the credential" : "Set the credential"}</h2>
        <CredentialForm
          authType={source.api.authType}
          api={source.api}
          onSubmit={(credential) => act("Credential stored", () => api.client.sources.setCredential(slug, credential))}
        />
      </section>
      <ConfirmDialog
        dialogRef={confirmDialog}
        headingId="remove-heading"
        heading={<>Remove {source.name}?</>}
        confirmLabel={<>Remove {source.name}</>}
        onConfirm={() => {
          void api.client.sources.remove(slug).then(
            () => navigate(hrefOf.sources),
            (problem: unknown) => {
              if (!onUnauthorized(problem)) setActionError(problem);
            },
          );
        }}
      >
        <p>This deletes its config.json and its stored credential. Agents lose the tool {toolNameOf(slug)}.</p>
      </ConfirmDialog>
    </>
  );
}
