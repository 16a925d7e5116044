import { useTemporaryHome } from "../../test/temporary-home";
import { describeAgentAccessStoreContract } from "../testing";
import { createFileAgentAccessStore } from "./file-agent-access-store";

// The shared contract (also run against the PostgreSQL store by @src/store-postgres): a fresh SRC_HOME per test, and
// "same" is a second store on that home, as a second process (the CLI beside a running server) would open it.
const newHome = useTemporaryHome();
let lastHome: string | undefined;

describeAgentAccessStoreContract("the file store (agent-tokens.json under SRC_HOME)", {
  open: async (place) => {
    if (place === "fresh" || lastHome === undefined) lastHome = await newHome();
    return createFileAgentAccessStore({ home: lastHome });
  },
});
