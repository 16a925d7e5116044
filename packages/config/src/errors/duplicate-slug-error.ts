import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

const marker = "src.config.error.DuplicateSlugError";
const symbol = Symbol.for(marker);

/** A source with this slug already exists; slugs are unique within one `$SRC_HOME`. */
export class DuplicateSlugError extends ConfigError {
  private readonly [symbol] = true;
  readonly slug: string;
  readonly file: string;

  constructor({ slug, file, cause }: { slug: string; file: string; cause?: unknown }) {
    super({
      code: CONFIG_ERROR_CODES.DUPLICATE_SLUG,
      message: `slug: a source "${slug}" already exists (${file}); choose another slug, or update or remove the existing source`,
      cause,
    });
    this.name = "DuplicateSlugError";
    this.slug = slug;
    this.file = file;
  }

  static override isInstance(error: unknown): error is DuplicateSlugError {
    return ConfigError.hasMarker(error, marker);
  }
}
