import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { ConsoleApi } from "../api/console-api";

/** The signed-in API, and what to do with a failure that means "signed out" (returns true when it handled it). */
export interface ApiContextValue {
  api: ConsoleApi;
  onUnauthorized: (error: unknown) => boolean;
}

export const ApiContext = createContext<ApiContextValue | undefined>(undefined);

export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (value === undefined) throw new Error("useApi outside the signed-in console");
  return value;
}
