import { InvalidServerOptionError } from "../errors/invalid-server-option-error";

/** The samplers the SDK builds from `OTEL_TRACES_SAMPLER`; any other name it replaces with its default, silently. */
const samplers = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

/** Variables holding a count of milliseconds or items, and the least value each takes. */
const wholeNumbers: readonly { name: string; least: number; what: string }[] = [
  { name: "OTEL_EXPORTER_OTLP_TIMEOUT", least: 1, what: "milliseconds, such as 10000" },
  { name: "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", least: 1, what: "milliseconds, such as 10000" },
  { name: "OTEL_BSP_SCHEDULE_DELAY", least: 0, what: "milliseconds, such as 5000" },
  { name: "OTEL_BSP_EXPORT_TIMEOUT", least: 1, what: "milliseconds, such as 30000" },
  { name: "OTEL_BSP_MAX_QUEUE_SIZE", least: 1, what: "spans, such as 2048" },
  { name: "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", least: 1, what: "spans, such as 512" },
];

/**
 * Refuses the `OTEL_*` values the SDK would ignore without a word (it logs nothing unless its diagnostic logger is
 * set, and falls back to a default): a timeout or batch size that is not a whole number, a compression other than
 * `gzip` or `none`, an unknown sampler, a ratio outside 0 to 1, and a header entry with no `name=`. An operator who
 * set one meant it; an ignored one shows only as spans that behave otherwise. The message names the variable and,
 * for the headers (which carry a collector's token), the entry's position, never a value.
 */
export function checkTracingVariables(set: (name: string) => string | undefined): void {
  const refuse = (option: string, value: string, problem: string): never => {
    throw new InvalidServerOptionError({ option, value, problem });
  };
  for (const { name, least, what } of wholeNumbers) {
    const value = set(name);
    if (value === undefined) continue;
    if (!/^\d{1,9}$/.test(value) || Number(value) < least)
      refuse(name, value.slice(0, 40), `must be a whole number of ${what}${least > 0 ? `, at least ${least}` : ""}`);
  }
  for (const name of ["OTEL_EXPORTER_OTLP_COMPRESSION", "OTEL_EXPORTER_OTLP_TRACES_COMPRESSION"]) {
    const value = set(name);
    if (value !== undefined && value !== "gzip" && value !== "none")
      refuse(name, value.slice(0, 40), "must be gzip or none");
  }
  const sampler = set("OTEL_TRACES_SAMPLER");
  if (sampler !== undefined && !(samplers as readonly string[]).includes(sampler))
    refuse("OTEL_TRACES_SAMPLER", sampler.slice(0, 40), `must be one of ${samplers.join(", ")}`);
  const ratio = set("OTEL_TRACES_SAMPLER_ARG");
  if (ratio !== undefined && sampler?.endsWith("traceidratio") === true) {
    const value = Number(ratio);
    if (!Number.isFinite(value) || value < 0 || value > 1)
      refuse(
        "OTEL_TRACES_SAMPLER_ARG",
        ratio.slice(0, 40),
        `must be a number from 0 to 1 for ${sampler} (0.1 keeps one trace in ten)`,
      );
  }
  for (const name of ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"]) {
    const entries = set(name)?.split(",") ?? [];
    const bad = entries.findIndex((entry) => entry.trim() !== "" && !/^\s*[^=\s][^=]*=/.test(entry));
    if (bad !== -1)
      refuse(
        name,
        "(not shown)",
        `entry ${bad + 1} of ${entries.length} has no "name=": write name=value pairs separated by commas, such as authorization=Bearer%20TOKEN`,
      );
  }
}
