import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

/** One problem in a source record: where (a dotted field path) and what to fix. Never the value. */
export interface SourceIssue {
  /** Dotted field path such as `api.headerName`; `(file)` for problems with the file as a whole. */
  readonly path: string;
  /** What is wrong and how to fix it, e.g. `required when api.authType is "header"`. */
  readonly message: string;
}

/**
 * A source record, a file, or a change breaks the schema. Carries every issue
 * found at once; the message lists them all and names the slug and file when known.
 */
export class SourceValidationError extends ConfigError {
  static override readonly marker: string = "src.config.error.SourceValidationError";
  readonly issues: readonly SourceIssue[];
  readonly slug: string | undefined;
  readonly file: string | undefined;

  constructor({
    issues,
    slug,
    file,
    change = false,
    cause,
  }: {
    issues: readonly SourceIssue[];
    slug?: string | undefined;
    file?: string | undefined;
    /** The problems are in a change about to be written to `file`, which was left as it was. */
    change?: boolean | undefined;
    cause?: unknown;
  }) {
    const subject = [slug === undefined ? "source" : `source "${slug}"`, file === undefined ? undefined : `(${file})`]
      .filter(Boolean)
      .join(" ");
    const count = issues.length === 1 ? "1 problem" : `${issues.length} problems`;
    const lines = issues.map((issue) => `  - ${issue.path}: ${issue.message}`);
    const next =
      file === undefined
        ? "Fix the fields above and try again."
        : change
          ? `${file} was left as it was; fix the values given for the fields above and try again.`
          : `Fix the fields above in ${file} and try again.`;
    super({
      code: CONFIG_ERROR_CODES.INVALID_SOURCE,
      message: [`${subject} is invalid, ${count}:`, ...lines, next].join("\n"),
      cause,
    });
    this.issues = issues.map(({ path, message }) => ({ path, message }));
    this.slug = slug;
    this.file = file;
  }
}
