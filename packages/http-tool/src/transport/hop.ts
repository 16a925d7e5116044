/** One request as sent on one hop: what a transport sends, and what a followed redirect rebuilds. */
export interface Hop {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}
