import { InvalidVaultSlugError } from "./errors/invalid-vault-slug-error";

const slugPattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Throws `InvalidVaultSlugError` unless `slug` can name a vault entry. */
export function assertVaultSlug(slug: unknown): asserts slug is string {
  if (typeof slug !== "string" || !slugPattern.test(slug)) {
    throw new InvalidVaultSlugError({ slug: typeof slug === "string" ? slug : String(slug) });
  }
}

/** Orders slugs by UTF-16 code units, whatever the locale: the order entries are written in and MAC'd in. */
export function compareSlugs(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}
