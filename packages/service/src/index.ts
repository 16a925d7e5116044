// `@src/service`: every concern's API in one entry, as before the split. Each concern has its own subpath too
// (`@src/service/sources`, `/audit`, `/operator`, `/plugins`, `/runtime`, and `/mcp`, which only its own entry loads).

export * from "./sources/index";
export * from "./audit/index";
export { agentTokenNamePattern, isPrincipal, localPrincipal, principalForms, principalPattern } from "./principal";
export * from "./operator/index";
export * from "./plugins/index";
export * from "./runtime/index";
