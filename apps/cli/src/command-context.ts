import type { Command } from "commander";
import type { CallAuditChannel, SourceService } from "@src/service";

/** The global options every command sees. */
export interface GlobalOptions {
  /** `--home DIR`. Default: `$SRC_HOME`, else `~/.src`. */
  home?: string;
  /** `--json`: only machine-readable JSON on stdout. Default false. */
  json?: boolean;
}

/** What a command action needs besides its own flags. */
export interface CommandContext {
  readonly json: boolean;
  /** `--home` when given; the service falls back to `SRC_HOME`, then `~/.src`. */
  readonly home: string | undefined;
  /** Whether prompts may be shown: stdin and stderr are terminals. */
  readonly interactive: boolean;
  /** Whether a spinner may be shown: stderr is a terminal and not `--json`. */
  readonly showProgress: boolean;
  /**
   * The shared service, created on first use (its modules load lazily), with
   * the built-in auth modes plus the plugins listed in `SRC_AUTH_PLUGINS`.
   */
  service(): Promise<SourceService>;
  /** The same service, each agent call appended to `$SRC_HOME/logs/calls.jsonl` on `channel` (a failed write is a warning on stderr). */
  auditedService(channel: CallAuditChannel): Promise<SourceService>;
}

/** Builds the context from a command's options, global ones included. */
export function createCommandContext(command: Command): CommandContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const json = options.json === true;
  let servicePromise: Promise<SourceService> | undefined;
  return {
    json,
    home: options.home,
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
    showProgress: !json && process.stderr.isTTY === true,
    service() {
      // The composition root: the built-in auth modes come from the preset, the service only takes a registry.
      servicePromise ??= Promise.all([import("@src/service"), import("@src/auth-presets")]).then(
        async ([{ createAuthRegistryFromEnvironment, createSourceService }, { defaultAuthPlugins }]) =>
          createSourceService({
            home: options.home,
            env: process.env,
            registry: await createAuthRegistryFromEnvironment(process.env, { plugins: defaultAuthPlugins() }),
          }),
      );
      return servicePromise;
    },
    async auditedService(channel) {
      const [service, { createCallAuditLog, withCallAudit }] = await Promise.all([this.service(), import("@src/service")]);
      let warned = false;
      const onError = (error: unknown): void => {
        if (warned) return;
        warned = true;
        process.stderr.write(`warning: could not append to the audit log: ${(error as Error).message}\n`);
      };
      return withCallAudit(service, { channel, log: createCallAuditLog({ home: service.home, onError }) });
    },
  };
}
