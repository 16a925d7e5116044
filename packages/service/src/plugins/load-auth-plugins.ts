import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AnyAuthPluginV2 as AnyAuthPlugin } from "@src/auth";
import { SERVICE_ERROR_CODES } from "../errors/service-error";
import { findAuthPluginProblems, looksLikeAuthPlugin } from "@src/auth";
import { AuthPluginLoadError } from "../load-auth-plugins-error";

/** Options of `loadAuthPlugins`. */
export interface LoadAuthPluginsOptions {
  /** Directory that package names and relative paths are resolved from. Default `process.cwd()`. */
  from?: string;
}

/** Named exports taken when there is no usable default export: `createHmacAuth`, `createSigV4Auth`, ... */
const factoryName = /^create\w*Auth$/;

const isFileSpecifier = (specifier: string): boolean =>
  specifier.startsWith("file:") ||
  specifier.startsWith("./") ||
  specifier.startsWith("../") ||
  specifier === "." ||
  isAbsolute(specifier);

/**
 * What went wrong, without the error's message: a module's own errors may quote
 * its source or environment values (a mistaken path to a .env file, a module
 * that throws with a setting in its message), and this text reaches logs.
 */
function describeFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? `${name} ${code}` : name;
}

/** The URL to import for `specifier`, resolved from the directory `from`. */
function resolveSpecifier(specifier: string, from: string): string {
  const notFound = (what: string, cause?: unknown): AuthPluginLoadError =>
    new AuthPluginLoadError({
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_FOUND,
      specifier,
      message: `auth plugin "${specifier}": ${what}; install the package or fix the path (paths start with ./, ../ or /)`,
      cause,
    });
  let path: string;
  if (isFileSpecifier(specifier)) {
    path = specifier.startsWith("file:") ? fileURLToPath(specifier) : resolve(from, specifier);
    if (!existsSync(path)) throw notFound(`no file at ${path}`);
  } else {
    try {
      path = createRequire(join(from, "noop.js")).resolve(specifier);
    } catch (error) {
      throw notFound(`no package of that name can be resolved from ${from}`, error);
    }
  }
  // Only JavaScript modules: importing any other file would run or quote it (a .env file, /etc/...).
  if (!/\.(?:m|c)?[jt]s$/.test(path)) throw notFound(`${path} is not a JavaScript module (.js, .mjs or .cjs)`);
  return pathToFileURL(path).href;
}

/** The plugins one module provides: its default export (a plugin or a factory), else its `create...Auth` factories. */
function pluginsOf(specifier: string, module: Record<string, unknown>): { name: string; value: unknown }[] {
  const fromExport = (name: string, value: unknown): { name: string; value: unknown } => {
    if (typeof value !== "function") return { name, value };
    try {
      return { name: `${name}()`, value: (value as () => unknown)() };
    } catch (error) {
      throw new AuthPluginLoadError({
        code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
        specifier,
        message: `auth plugin "${specifier}": ${name}() threw when called with no arguments (${describeFailure(error)}); export a factory that needs no options`,
        cause: error,
      });
    }
  };
  const fallback = module.default;
  if (looksLikeAuthPlugin(fallback) || typeof fallback === "function") return [fromExport("default", fallback)];
  const factories = Object.keys(module)
    .filter((name) => factoryName.test(name) && typeof module[name] === "function")
    .map((name) => fromExport(name, module[name]));
  if (factories.length === 0) {
    throw new AuthPluginLoadError({
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_EXPORTED,
      specifier,
      message: `auth plugin "${specifier}": the module exports no plugin; export a plugin or a no-argument factory as default, or a function named create<Name>Auth`,
    });
  }
  return factories;
}

/**
 * Imports each module and returns the auth plugins it exports, in order.
 * A specifier is a package name (resolved from `from` like `require.resolve`,
 * so the package needs a `default` or `require` export condition) or a file
 * path (absolute, `./`, `../` or a `file:` URL). From each module: its
 * `default` export, a v1 plugin or a factory called with no arguments; else
 * every function export named `create...Auth`, called with no arguments.
 * Throws `AuthPluginLoadError` naming the specifier when a module is missing,
 * fails to import, exports nothing usable, or a plugin breaks the v1 contract.
 */
export async function loadAuthPlugins(
  specifiers: readonly string[],
  { from = process.cwd() }: LoadAuthPluginsOptions = {},
): Promise<AnyAuthPlugin[]> {
  const plugins: AnyAuthPlugin[] = [];
  for (const specifier of specifiers) {
    const url = resolveSpecifier(specifier, from);
    let module: Record<string, unknown>;
    try {
      module = (await import(url)) as Record<string, unknown>;
    } catch (error) {
      throw new AuthPluginLoadError({
        code: SERVICE_ERROR_CODES.AUTH_PLUGIN_LOAD_FAILED,
        specifier,
        message: `auth plugin "${specifier}": importing ${url} failed (${describeFailure(error)}); check that it is built ES module JavaScript and its dependencies are installed`,
        cause: error,
      });
    }
    for (const { name, value } of pluginsOf(specifier, module)) {
      const problems = findAuthPluginProblems(value);
      if (problems.length > 0) {
        throw new AuthPluginLoadError({
          code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
          specifier,
          message: `auth plugin "${specifier}": ${name} is not an auth plugin (the contract, v2): ${problems.join("; ")}. See @src/auth's AuthPluginV2 and run its conformance suite`,
        });
      }
      plugins.push(value as AnyAuthPlugin);
    }
  }
  return plugins;
}
