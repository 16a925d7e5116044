import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

/** A source with this slug already exists; slugs are unique within one `$SRC_HOME`. */
export class DuplicateSlugError extends ConfigError {
  static override readonly marker: string = "src.config.error.DuplicateSlugError";
  readonly slug: string;
  readonly file: string;

  constructor({ slug, file, cause }: { slug: string; file: string; cause?: unknown }) {
    super({
      code: CONFIG_ERROR_CODES.DUPLICATE_SLUG,
      message: `slug: a source "${slug}" already exists (${file}); choose another slug, or update or remove the existing source`,
      cause,
    });
    this.slug = slug;
    this.file = file;
  }
}
