import type { SourceService } from "@src/service";

/**
 * What the commands that also run against a server (`src --server URL`) do with sources: the local service
 * (`$SRC_HOME`) implements it as it is, `createRemoteOperations` through `@src/client`.
 */
export type SourceOperations = Pick<
  SourceService,
  | "listSources"
  | "getSource"
  | "addSource"
  | "reloadSource"
  | "setEnabled"
  | "removeSource"
  | "setCredential"
  | "deleteCredential"
  | "listTools"
  | "callTool"
  | "listConnections"
  | "setConnection"
  | "deleteConnection"
>;
