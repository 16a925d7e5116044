import { readFile } from "node:fs/promises";
import { InvalidInputError } from "../errors/invalid-input-error";
import { UsageError } from "../errors/usage-error";

/** The body flags of `src call`. */
export interface BodyFlags {
  /** `--body JSON` or `--body @file`: a JSON body. Default none. */
  body?: string;
  /** `--raw-body TEXT` or `--raw-body @file`: sent as it stands (`_rawBody`). Default none. */
  rawBody?: string;
  /** `--content-type TYPE`: the raw body's type (`_contentType`). Default: the tool's, `text/plain; charset=utf-8`. */
  contentType?: string;
}

async function readValue(flag: string, value: string): Promise<string> {
  if (!value.startsWith("@")) return value;
  const file = value.slice(1);
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    throw new InvalidInputError({
      flag,
      problem: `cannot read file ${JSON.stringify(file)} (${(error as NodeJS.ErrnoException).code ?? "error"}); check the path`,
      cause: error,
    });
  }
}

/** Turns the body flags into the tool call's `body` / `_rawBody` / `_contentType`. */
export async function readBodyFlags({ body, rawBody, contentType }: BodyFlags): Promise<Record<string, unknown>> {
  if (body !== undefined && rawBody !== undefined) {
    throw new UsageError({
      message:
        "--body and --raw-body cannot be used together: --body sends JSON, --raw-body sends text as it stands; pick one",
    });
  }
  const call: Record<string, unknown> = {};
  if (body !== undefined) {
    const text = await readValue("--body", body);
    try {
      call.body = JSON.parse(text) as unknown;
    } catch (error) {
      throw new InvalidInputError({
        flag: "--body",
        problem: `not valid JSON (${(error as Error).message}); quote it for the shell, or send text with --raw-body`,
        cause: error,
      });
    }
  }
  if (rawBody !== undefined) call._rawBody = await readValue("--raw-body", rawBody);
  if (contentType !== undefined) call._contentType = contentType;
  return call;
}
