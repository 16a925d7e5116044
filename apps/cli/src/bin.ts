import { runCli } from "./run-cli";

// Exit once stdout has been handed over, so pending timers or sockets cannot keep a finished command alive.
void runCli().then((code) => {
  process.stdout.write("", () => process.exit(code));
});
