import module from "node:module";

// Node 22.1+ keeps the compiled code of the modules below on disk (in the OS temp directory, or
// $NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip compiling them.
// Node 20 has no such cache; there it is a no-op. The modules load after it, hence the dynamic import.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { runCli } = await import("./run-cli");

// Exit once stdout has been handed over, so pending timers or sockets cannot keep a finished command alive.
void runCli().then((code) => {
  process.stdout.write("", () => process.exit(code));
});
