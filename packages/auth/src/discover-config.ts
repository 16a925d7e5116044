/** What a plugin's `discover` step is given at `src source add` (and `POST /v1/sources`). */
export interface DiscoverConfigInput {
  /** The `api` block as given so far, not yet checked: `baseUrl`, `testEndpoint` and the mode's fields. */
  readonly api: Readonly<Record<string, unknown>>;
  /** Aborted when the add is cancelled; pass it to every fetch. */
  readonly signal: AbortSignal;
}

/** What discovery found. */
export interface DiscoveredConfig {
  /** `api` fields found (endpoints, say); a field the operator gave is never replaced. */
  readonly config: Readonly<Record<string, unknown>>;
  /** Where they came from, for people: "the metadata of the issuer https://…". Never a secret. */
  readonly from: string;
  /** Facts the operator should know (what was chosen, what the server does not advertise); never a secret. */
  readonly notes: readonly string[];
}
