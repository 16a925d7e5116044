// `@src/service/plugins`: loading auth plugins from modules (`loadAuthPlugins`) and from `SRC_AUTH_PLUGINS`.

export type { LoadAuthPluginsOptions } from "./load-auth-plugins";
export { loadAuthPlugins } from "./load-auth-plugins";
export type { AuthRegistryFromEnvironmentOptions } from "./load-auth-plugins-from-environment";
export {
  AUTH_PLUGINS_VARIABLE,
  authPluginSpecifiersOf,
  createAuthRegistryFromEnvironment,
} from "./load-auth-plugins-from-environment";
export type { AuthPluginLoadErrorCode } from "../load-auth-plugins-error";
export { AuthPluginLoadError } from "../load-auth-plugins-error";
