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

/** Asks for one line of text; `validate` returns a message when the value is not usable. */
export async function askText(message: string, options: { placeholder?: string; initialValue?: string; validate?: (value: string) => string | undefined } = {}): Promise<string> {
  const prompts = await clack();
  const validate = options.validate;
  const value = await prompts.text({
    message,
    placeholder: options.placeholder,
    initialValue: options.initialValue,
    validate: (input) => validate?.(input ?? ""),
    ...io,
  });
  return settle<string>(value, prompts.isCancel).trim();
}

/** Asks for a secret with hidden input. The value is never echoed. */
export async function askSecret(message: string): Promise<string> {
  const prompts = await clack();
  const value = await prompts.password({ message, validate: (input) => ((input ?? "") === "" ? "required" : undefined), ...io });
  return settle<string>(value, prompts.isCancel);
}

/** Asks to pick one of `choices`. */
export async function askChoice(message: string, choices: readonly { value: string; label: string; hint?: string }[]): Promise<string> {
  const prompts = await clack();
  const value = await prompts.select({ message, options: choices.map((choice) => ({ ...choice })), ...io });
  return settle<string>(value, prompts.isCancel);
}
