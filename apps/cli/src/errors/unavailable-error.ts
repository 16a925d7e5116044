import { CLI_ERROR_CODES, CliError } from "./cli-error";

const marker = "src.cli.error.UnavailableError";
const symbol = Symbol.for(marker);

/** A module the command needs cannot be loaded. Exit code 1. */
export class UnavailableError extends CliError {
  private readonly [symbol] = true;
  readonly module: string;

  constructor({ module, hint, cause }: { module: string; hint: string; cause?: unknown }) {
    super({ code: CLI_ERROR_CODES.UNAVAILABLE, message: `cannot load ${module}: ${hint}`, cause });
    this.name = "UnavailableError";
    this.module = module;
  }

  static override isInstance(error: unknown): error is UnavailableError {
    return CliError.hasMarker(error, marker);
  }
}
