import type * as ClackPrompts from "@clack/prompts";
import { CancelledError } from "../errors/cancelled-error";

/** Prompts always draw on stderr, so stdout keeps only the command's output. */
const io = { input: process.stdin, output: process.stderr };

async function clack(): Promise<typeof ClackPrompts> {
  return import("@clack/prompts");
}

function settle<T>(value: T | symbol, isCancel: (value: unknown) => value is symbol): T {
  if (isCancel(value)) throw new CancelledError();
  return value;
}

/**
 * Asks for one line of text; `validate` returns a message when the value is not usable.
 * `example` is shown in the question ("e.g. ..."), never as a placeholder that looks like
 * a default; `defaultValue` is a real default, named in the question and used on Enter.
 */
export async function askText(
  message: string,
  options: { example?: string; defaultValue?: string; validate?: (value: string) => string | undefined } = {},
): Promise<string> {
  const prompts = await clack();
  const { validate, example, defaultValue } = options;
  const question =
    defaultValue !== undefined
      ? `${message} (Enter for ${defaultValue})`
      : example !== undefined
        ? `${message}, e.g. ${example}`
        : message;
  const value = await prompts.text({
    message: question,
    defaultValue,
    validate: (input) => ((input ?? "") === "" && defaultValue !== undefined ? undefined : validate?.(input ?? "")),
    ...io,
  });
  return settle<string>(value, prompts.isCancel).trim();
}

/**
 * Asks for a secret with hidden input: nothing is echoed, not even one mask character per key, so its length stays
 * hidden too. With `optional`, Enter alone answers `""`.
 */
export async function askSecret(message: string, { optional = false }: { optional?: boolean } = {}): Promise<string> {
  const prompts = await clack();
  const value = await prompts.password({
    message,
    mask: "",
    validate: (input) => (!optional && (input ?? "") === "" ? "required" : undefined),
    ...io,
  });
  return settle<string>(value, prompts.isCancel) ?? "";
}

/** Asks to pick one of `choices`. */
export async function askChoice(
  message: string,
  choices: readonly { value: string; label: string; hint?: string }[],
): Promise<string> {
  const prompts = await clack();
  const value = await prompts.select({ message, options: choices.map((choice) => ({ ...choice })), ...io });
  return settle<string>(value, prompts.isCancel);
}

/** Asks a yes/no question; Enter answers `initialValue` (default no). A cancelled prompt is `false` here, never an error: nothing is done. */
export async function askYesNo(message: string, initialValue = false): Promise<boolean> {
  const prompts = await clack();
  const value = await prompts.confirm({ message, initialValue, ...io });
  return prompts.isCancel(value) ? false : value;
}
