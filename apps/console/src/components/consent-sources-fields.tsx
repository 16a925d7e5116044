import type { ConsentRequest } from "../api/consent-api";

/** `set` with `slug` added (`on`) or removed. */
const toggle = (set: Set<string>, slug: string, on: boolean): Set<string> => {
  const next = new Set(set);
  if (on) next.add(slug);
  else next.delete(slug);
  return next;
};

/** The sources a hosted agent may use, each ticked to allow and, once allowed, to make read only. */
export function ConsentSourcesFields({
  sources,
  granted,
  readOnly,
  onGrantedChange,
  onReadOnlyChange,
}: {
  sources: ConsentRequest["sources"];
  granted: Set<string>;
  readOnly: Set<string>;
  onGrantedChange: (granted: Set<string>) => void;
  onReadOnlyChange: (readOnly: Set<string>) => void;
}) {
  return (
    <fieldset>
      <legend>Sources it may use</legend>
      {sources.length === 0 ? (
        <p class="hint">No source is enabled; connect one in the console first, or deny.</p>
      ) : null}
      <ul class="consent-sources">
        {sources.map((source) => (
          <li key={source.slug}>
            <label class="choice">
              <input
                type="checkbox"
                name="source"
                value={source.slug}
                checked={granted.has(source.slug)}
                onChange={(event) => onGrantedChange(toggle(granted, source.slug, event.currentTarget.checked))}
              />
              {source.name}
            </label>
            <label class="choice">
              <input
                type="checkbox"
                name="read-only"
                value={source.slug}
                aria-label={`${source.name}: read only`}
                disabled={!granted.has(source.slug)}
                checked={readOnly.has(source.slug)}
                onChange={(event) => onReadOnlyChange(toggle(readOnly, source.slug, event.currentTarget.checked))}
              />
              read only
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
