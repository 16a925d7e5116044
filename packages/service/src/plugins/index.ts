// `@src/service/plugins`: loading auth plugins from modules (`loadAuthPlugins`) and from `SRC_AUTH_PLUGINS`.

export { type LoadAuthPluginsOptions, loadAuthPlugins } from "./load-auth-plugins";
export {
  type AuthRegistryFromEnvironmentOptions,
  AUTH_PLUGINS_VARIABLE,
  authPluginSpecifiersOf,
  createAuthRegistryFromEnvironment,
} from "./load-auth-plugins-from-environment";
export { type AuthPluginLoadErrorCode, AuthPluginLoadError } from "../load-auth-plugins-error";
