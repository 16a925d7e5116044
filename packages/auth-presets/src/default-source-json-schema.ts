import { renderSourceJsonSchema } from "@src/config";
import { defaultAuthPlugins } from "./default-auth-plugins";

/**
 * The text of `@src/config/schema.json` (`packages/config/schema/source.schema.json`):
 * the JSON Schema of `config.json` with the built-in modes and their fields.
 * `@src/config` only knows how to build a schema from plugins; this preset knows which ones.
 */
export function renderDefaultSourceJsonSchema(): string {
  return renderSourceJsonSchema({ plugins: defaultAuthPlugins() });
}
