/**
 * The admin token lives in sessionStorage only: gone when the tab closes, never
 * in a cookie (nothing the browser would send by itself), never in localStorage.
 */
const key = "src-console-token";

export function readSessionToken(): string | null {
  return sessionStorage.getItem(key);
}

export function storeSessionToken(token: string): void {
  sessionStorage.setItem(key, token);
}

export function clearSessionToken(): void {
  sessionStorage.removeItem(key);
}
