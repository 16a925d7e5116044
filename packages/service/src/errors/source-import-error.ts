import { SERVICE_ERROR_CODES, ServiceError } from "./service-error";

/** A problem found in an import, with where it is (`sources[2].api.baseUrl`). */
export interface SourceImportProblem {
  path: string;
  message: string;
}

/** `importSources` found problems in the document (every one is listed); nothing was written. */
export class SourceImportError extends ServiceError {
  static override readonly marker: string = "src.service.error.SourceImportError";
  readonly problems: readonly SourceImportProblem[];

  constructor({
    problems,
    origin,
    cause,
  }: {
    problems: readonly SourceImportProblem[];
    origin: string;
    cause?: unknown;
  }) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    const lines = problems.map((problem) => `  - ${problem.path}: ${problem.message}`);
    super({
      code: SERVICE_ERROR_CODES.INVALID_IMPORT,
      message: [
        `${origin} cannot be imported, ${count} (nothing was imported):`,
        ...lines,
        "Fix the records above and import the file again.",
      ].join("\n"),
      cause,
    });
    this.problems = problems.map(({ path, message }) => ({ path, message }));
  }
}
