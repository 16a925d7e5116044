export type { AgentAccessStoreContractOptions } from "./testing/describe-agent-access-store-contract";
export { describeAgentAccessStoreContract } from "./testing/describe-agent-access-store-contract";
