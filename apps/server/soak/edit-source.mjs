// The soak's "operator edits a source" process: renames one source through the service,
// as `src` does for its own changes (the store's lock, an atomic write). Exits 0 when done.
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { createSourceService } from "@src/service";

const [slug, name] = process.argv.slice(2);
await createSourceService({ env: process.env, registry: createDefaultAuthRegistry() }).updateSource(slug, { name });
