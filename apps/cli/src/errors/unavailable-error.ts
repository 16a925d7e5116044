import { CLI_ERROR_CODES, CliError } from "./cli-error";

/** A module the command needs cannot be loaded. Exit code 1. */
export class UnavailableError extends CliError {
  static override readonly marker: string = "src.cli.error.UnavailableError";
  readonly module: string;

  constructor({ module, hint, cause }: { module: string; hint: string; cause?: unknown }) {
    super({ code: CLI_ERROR_CODES.UNAVAILABLE, message: `cannot load ${module}: ${hint}`, cause });
    this.module = module;
  }
}
