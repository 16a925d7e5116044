import { InvalidInputError } from "../errors/invalid-input-error";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads all of stdin as UTF-8 and removes one trailing newline (`\n` or
 * `\r\n`), nothing else. Bytes that are not valid UTF-8 are refused (an
 * `InvalidInputError` naming `flag`), never replaced by U+FFFD: a credential
 * read with replacement characters would be stored and sent wrong.
 */
export async function readStdinText({ flag }: { flag: string }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  let text: string;
  try {
    text = strictUtf8.decode(Buffer.concat(chunks));
  } catch (error) {
    throw new InvalidInputError({
      flag,
      problem:
        "standard input is not valid UTF-8 text (wrong encoding, or a binary file); pipe the secret as UTF-8 text, e.g. printf '%s' \"$TOKEN\" | src ...; nothing was stored",
      cause: error,
    });
  }
  if (text.endsWith("\r\n")) return text.slice(0, -2);
  if (text.endsWith("\n")) return text.slice(0, -1);
  return text;
}
