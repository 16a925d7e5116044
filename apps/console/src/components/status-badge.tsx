const labels: Record<string, string> = {
  connected: "connected",
  needs_auth: "needs auth",
  failed: "failed",
  untested: "untested",
  broken: "broken config",
};

/** A source's connection status, in words (colour only repeats them). */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status-${status}`}>{labels[status] ?? status}</span>;
}
