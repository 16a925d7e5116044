import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { useApi } from "./api-context";
import type { ConsoleApi } from "../api/console-api";

/** What `useLoad` gives a page. */
export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  reload: () => void;
}

/**
 * Loads data with the signed-in API, again when `keys` change, and every
 * `refreshMs` while the page is shown (live updates by polling: the CLI or
 * another operator changing the home shows up within that time, no reload).
 */
export function useLoad<T>(load: (api: ConsoleApi) => Promise<T>, keys: unknown[], refreshMs?: number): Loaded<T> {
  const { api, onUnauthorized } = useApi();
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const latest = useRef(load);
  latest.current = load;
  const generation = useRef(0);

  const reload = useCallback(() => {
    const current = ++generation.current;
    latest.current(api).then(
      (value) => {
        if (current !== generation.current) return;
        setData(value);
        setError(undefined);
      },
      (problem: unknown) => {
        if (current !== generation.current || onUnauthorized(problem)) return;
        setError(problem);
      },
    );
  }, [api, onUnauthorized]);

  useEffect(() => {
    setData(undefined);
    setError(undefined);
    reload();
    if (refreshMs === undefined) return undefined;
    const timer = setInterval(reload, refreshMs);
    return () => clearInterval(timer);
  }, [reload, refreshMs, ...keys]);

  return { data, error, reload };
}
