/** A timestamp as the reader's local date and time, or a dash. */
export function formatTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return "never";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
