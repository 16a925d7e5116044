// What Linux's /proc tells the CLI benches about a process; undefined elsewhere.
import { readFileSync } from "node:fs";

/** Fields `from` and `from + 1` of /proc/`process`/stat, summed, in ms (clock ticks of 10 ms), or undefined elsewhere. */
function statMs(process, from) {
  try {
    const fields = readFileSync(`/proc/${process}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[from]) + Number(fields[from + 1])) * 10;
  } catch {
    return undefined;
  }
}

/** CPU ms a running process has used so far (utime + stime). */
export const cpuOf = (pid) => statMs(pid, 11);

/** CPU ms used by this process's finished children (cutime + cstime). */
export const childrenCpu = () => statMs("self", 13);
