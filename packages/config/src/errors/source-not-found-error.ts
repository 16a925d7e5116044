import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

/** No source with this slug exists in the store. */
export class SourceNotFoundError extends ConfigError {
  static override readonly marker: string = "src.config.error.SourceNotFoundError";
  readonly slug: string;
  readonly file: string;

  constructor({ slug, file, cause }: { slug: string; file: string; cause?: unknown }) {
    super({
      code: CONFIG_ERROR_CODES.SOURCE_NOT_FOUND,
      message: `source "${slug}" not found; list the sources to see the configured slugs`,
      cause,
    });
    this.slug = slug;
    this.file = file;
  }
}
