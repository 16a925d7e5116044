import { declareError } from "@src/errors";
import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

/** No source with this slug exists in the store (`file`: where its `config.json` would be). */
export class SourceNotFoundError extends declareError(ConfigError, {
  marker: "src.config.error.SourceNotFoundError",
  code: CONFIG_ERROR_CODES.SOURCE_NOT_FOUND,
  message: ({ slug }: { slug: string; file: string }) =>
    `source "${slug}" not found; list the sources to see the configured slugs`,
}) {}
