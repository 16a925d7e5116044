export {
  type AgentAccessStoreContractOptions,
  describeAgentAccessStoreContract,
} from "./testing/describe-agent-access-store-contract";
export {
  type ConnectLinkStoreContractOptions,
  describeConnectLinkStoreContract,
} from "./testing/describe-connect-link-store-contract";
