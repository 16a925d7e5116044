export type { AgentAccessStoreContractOptions } from "./testing/describe-agent-access-store-contract";
export { describeAgentAccessStoreContract } from "./testing/describe-agent-access-store-contract";
export type { ConnectLinkStoreContractOptions } from "./testing/describe-connect-link-store-contract";
export { describeConnectLinkStoreContract } from "./testing/describe-connect-link-store-contract";
