// Loaded with `node --import` by lazy-commands.test.ts: appends the URL of every module the process
// loads (besides Node's own) to $RECORD_LOADED_MODULES_FILE, one a line, through a resolve hook.
import { register } from "node:module";

register(new URL("./record-loaded-modules-hooks.mjs", import.meta.url));
