// What only other @src/* packages use (`@src/server/internal`): small, so the CLI's remote mode loads none of the server.
export { readLocalServerToken } from "./local-server-record";
