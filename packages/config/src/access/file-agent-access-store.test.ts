import { useContractHomes } from "../../test/contract-homes";
import { describeAgentAccessStoreContract } from "../testing";
import { createFileAgentAccessStore } from "./file-agent-access-store";

// The shared contract (also run against the PostgreSQL store by @src/store-postgres): a fresh SRC_HOME per test, and
// "same" is a second store on that home, as a second process (the CLI beside a running server) would open it.
const homeFor = useContractHomes();

describeAgentAccessStoreContract("the file store (agent-tokens.json under SRC_HOME)", {
  open: async (place) => createFileAgentAccessStore({ home: await homeFor(place) }),
});
