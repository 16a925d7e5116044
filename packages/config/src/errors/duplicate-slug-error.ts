import { declareError } from "@src/errors";
import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

/** A source with this slug already exists; slugs are unique within one `$SRC_HOME`. */
export class DuplicateSlugError extends declareError(ConfigError, {
  marker: "src.config.error.DuplicateSlugError",
  code: CONFIG_ERROR_CODES.DUPLICATE_SLUG,
  message: ({ slug, file }: { slug: string; file: string }) =>
    `slug: a source "${slug}" already exists (${file}); choose another slug, or update or remove the existing source`,
}) {}
