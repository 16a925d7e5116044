/** The slug used when a name has no letters or digits at all. */
export const fallbackSlug = "source";

/** Latin letters that Unicode normalization does not split into ASCII. */
const letterSpellings: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d" };

/** Longest slug allowed. */
export const maxSlugLength = 63;

/**
 * Derives a valid slug from a display name: accents removed, lower case,
 * every run of other characters turned into one `-`, trimmed of `-`, at most
 * 63 characters, never empty (`"source"` when nothing is left).
 *
 * @example slugify("GitHub API (v3)") // "github-api-v3"
 */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[ßæœøłđ]/g, (letter) => letterSpellings[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, maxSlugLength)
    .replace(/-+$/, "");
  return slug === "" ? fallbackSlug : slug;
}
