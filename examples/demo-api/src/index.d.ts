/** Options of `startDemoApi`. */
export interface DemoApiOptions {
  /** Port on 127.0.0.1; 0 picks a free one. Default 0. */
  port?: number;
  /** The bearer token every route but /health requires. Required. */
  token: string;
}

/** A running demo API. */
export interface DemoApi {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the demo REST API on 127.0.0.1. */
export function startDemoApi(options: DemoApiOptions): Promise<DemoApi>;
