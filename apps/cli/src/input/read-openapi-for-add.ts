import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { SourceFieldsFromDocument } from "@src/openapi";
import { InvalidInputError } from "../errors/invalid-input-error";

/** What `--openapi` gave `src source add` or `src source edit`: where the document is, and what it says. */
export interface OpenApiForAdd {
  /** The URL as given, or the file's absolute path (the service copies it into the source's folder). */
  location: string;
  /** The fields the document gives, when it was read here (absent when `behindCredential`). */
  fields?: SourceFieldsFromDocument;
  /** Title, version and operation count, when it was read here. */
  summary?: { title: string; version: string; operations: number };
  /**
   * Set when the URL answered 401 or 403 without a credential: the document may be behind the source's own
   * credential, so the service fetches it again with it once the source exists, and the command checks then.
   */
  behindCredential?: string;
  /** The file's text, for a file (uploaded to the server with `--server`). */
  text?: string;
}

const isUrl = (value: string): boolean => /^https?:\/\//i.test(value);

/**
 * Reads the document named by `--openapi` (a file, or a URL fetched without any credential) and derives the
 * source's fields from it. A document that cannot be read, fetched or parsed is an `InvalidInputError` (exit 2)
 * naming the parser's reason and position and ending with `nothingDone` ("nothing was added"): the command stops
 * before it changes anything. Only a URL that answers 401 or 403 is left for the service to fetch with the credential.
 */
export async function readOpenApiForAdd(
  given: string,
  { nothingDone }: { nothingDone: string },
): Promise<OpenApiForAdd> {
  const location = isUrl(given) ? given : resolve(given);
  const refuse = (problem: string, cause?: unknown): InvalidInputError =>
    new InvalidInputError({ flag: "--openapi", problem: `${problem}; ${nothingDone}`, cause });
  let text: string;
  if (isUrl(given)) {
    let response: Response;
    try {
      response = await fetch(given, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      const reason = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw refuse(
        `could not fetch ${given} (${reason}); check the URL, or download the document and give the file`,
        error,
      );
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      return { location, behindCredential: `${given} answered HTTP ${response.status} without a credential` };
    }
    if (!response.ok) {
      await response.body?.cancel();
      const moved =
        response.status >= 300 && response.status < 400
          ? ` (redirecting to ${response.headers.get("location") ?? "nowhere"}, not followed: give the final URL)`
          : "";
      throw refuse(
        `${given} answered HTTP ${response.status}${moved}; give the URL of the document itself, or download it and give the file`,
      );
    }
    text = await response.text();
  } else {
    try {
      text = await readFile(location, "utf8");
    } catch (error) {
      throw refuse(
        `cannot read ${location} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give a JSON or YAML OpenAPI document or an https: URL`,
        error,
      );
    }
  }
  const { buildOperationIndex, loadOpenApiDocument, sourceFieldsFromIndex, OpenApiError } =
    await import("@src/openapi");
  try {
    const { document, writtenIn } = await loadOpenApiDocument(text, { name: given });
    const index = buildOperationIndex(document, {
      documentSha256: createHash("sha256").update(text).digest("hex"),
      writtenIn,
    });
    return {
      location,
      ...(isUrl(given) ? {} : { text }),
      fields: sourceFieldsFromIndex(index, isUrl(given) ? { documentUrl: given } : {}),
      summary: { title: index.title, version: index.version, operations: index.operations.length },
    };
  } catch (error) {
    // The parser's findings, in the command line's words (the package's message advises editing api.openapi).
    const problems = OpenApiError.isInstance(error) ? error.problems : [];
    const first = problems[0];
    if (first === undefined)
      throw refuse(`${given} cannot be used as an OpenAPI document: ${(error as Error).message}`, error);
    const where = first.location === "" ? "" : ` at ${first.location}`;
    const more =
      problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length === 2 ? "" : "s"})` : "";
    throw refuse(
      `${given} is not a valid OpenAPI document${where}: ${first.message}${more}; fix the document and run the command again`,
      error,
    );
  }
}
