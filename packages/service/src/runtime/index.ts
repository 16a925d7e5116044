// `@src/service/runtime`: what the CLI and the server run on, composed in one place (`openSourceRuntime`): the auth
// plugins of the environment, the store, the source service and the audit log.

export { type SourceRuntime, type SourceRuntimeOptions, openSourceRuntime } from "./open-source-runtime";
export type { SourceStorage, SourceStorageContext } from "./source-storage";
