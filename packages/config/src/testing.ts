export {
  type AgentAccessStoreContractOptions,
  describeAgentAccessStoreContract,
} from "./testing/describe-agent-access-store-contract";
