import { describeAgentAccessStoreContract } from "@src/config/testing";
import { useContractStores } from "../../test/open-test-stores";
import { useTestPostgres } from "../../test/use-test-postgres";

// The shared contract of @src/config (also run against the file store): a fresh database per test, and "same" is a
// second store on that database, as a second replica would open it.
const storeAt = useContractStores(useTestPostgres().database);

describeAgentAccessStoreContract("the PostgreSQL store", {
  open: async (place) => (await storeAt(place)).access,
});
