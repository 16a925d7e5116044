import { encodeUriComponentStrict } from "@src/auth";

function decodedName(part: string): string {
  const name = part.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}

/**
 * Removes every occurrence of `name` from the URL's query (however it was
 * encoded), then appends `name=value`, both percent-encoded, with `?` or `&`.
 * Removing first makes it idempotent: redirects re-apply it. Empty query parts
 * (`a=1&&b=2`) are dropped.
 */
export function applyQueryAuth(url: URL, name: string, value: string): void {
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((part) => part !== "" && decodedName(part) !== name);
  kept.push(`${encodeUriComponentStrict(name)}=${encodeUriComponentStrict(value)}`);
  url.search = `?${kept.join("&")}`;
}
