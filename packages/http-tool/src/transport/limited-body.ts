/** A response body read up to a byte limit. */
export interface LimitedBody {
  /** The bytes read, at most `maxBytes`. */
  bytes: Uint8Array;
  /** True when the body was longer than `maxBytes` and reading stopped. */
  cut: boolean;
}
