export { defaultAuthPlugins, defaultAuthTypes } from "./default-auth-plugins";
export { createDefaultAuthRegistry } from "./create-default-auth-registry";
export { renderDefaultSourceJsonSchema } from "./default-source-json-schema";
