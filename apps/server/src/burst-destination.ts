import type { DestinationStream } from "pino";

/** Destinations holding lines not written yet; written at once when the process exits. */
const holding = new Set<() => void>();
let exitHookAdded = false;

/** The per-request lines a burst holds back; any other line (listening, stopped, an error) goes out at once, after them. */
const isRequestLine = (line: string): boolean =>
  line.includes('"event":"tool_call"') || line.includes('"event":"http_request"');

/**
 * A destination that hands the per-request lines (`tool_call`, `http_request`) logged in one turn of the event loop to
 * `target` together, in one write, after the turn's answers went out (`setImmediate`): a busy server pays one write(2)
 * per burst of calls instead of one per line. Every other line is written at once, after the held ones, so the lines
 * keep their order; the ones still held when the process exits are written then.
 */
export function burstDestination(target: DestinationStream): DestinationStream {
  let pending = "";
  const flush = (): void => {
    holding.delete(flush);
    if (pending === "") return;
    const text = pending;
    pending = "";
    target.write(text);
  };
  if (!exitHookAdded) {
    exitHookAdded = true;
    process.on("exit", () => {
      for (const write of [...holding]) write();
    });
  }
  return {
    write(line: string) {
      if (!isRequestLine(line)) {
        pending += line;
        flush();
        return;
      }
      if (pending === "") {
        holding.add(flush);
        setImmediate(flush);
      }
      pending += line;
    },
  };
}
