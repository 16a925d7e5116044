import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

const marker = "src.config.error.SourceNotFoundError";
const symbol = Symbol.for(marker);

/** No source with this slug exists in the store. */
export class SourceNotFoundError extends ConfigError {
  private readonly [symbol] = true;
  readonly slug: string;
  readonly file: string;

  constructor({ slug, file, cause }: { slug: string; file: string; cause?: unknown }) {
    super({
      code: CONFIG_ERROR_CODES.SOURCE_NOT_FOUND,
      message: `source "${slug}" not found; list the sources to see the configured slugs`,
      cause,
    });
    this.name = "SourceNotFoundError";
    this.slug = slug;
    this.file = file;
  }

  static override isInstance(error: unknown): error is SourceNotFoundError {
    return ConfigError.hasMarker(error, marker);
  }
}
