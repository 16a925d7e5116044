import type { SourceOperationResult } from "@src/service";
import type { CommandContext } from "../command-context";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import { credentialSetCommand } from "./cli-hint";
import { writeError, writeJson, writeLine } from "./write-output";

/** The validation reasons a new credential (or a new sign-in) can fix. */
const credentialReasons = new Set(["NO_CREDENTIAL", "UNAUTHORIZED", "AUTH_REFUSED"]);

/**
 * The command that stores a new credential for a source the test refused, as it works when run in a terminal:
 * `src credential set SLUG` (naming no stored field: see `credentialSetCommand`), or `src auth login SLUG` when its
 * auth mode signs a person in.
 */
async function credentialCommand(context: CommandContext, source: SourceOperationResult["source"]): Promise<string> {
  const plugin = (await context.authRegistry()).get(source.api.authType);
  const parsed = plugin.configSchema.safeParse(source.api);
  const config = parsed.success ? (parsed.data as Record<string, unknown>) : source.api;
  // A mode whose sign-in a person can run (OAuth 2.0's authorization code grant): signing in again is the step.
  const signIn = plugin.signIn?.unavailable({
    slug: source.slug,
    config,
    credential: undefined,
    now: () => new Date(),
    signal: new AbortController().signal,
  });
  if (plugin.signIn !== undefined && signIn?.reason !== "not-needed") return `src auth login ${source.slug}`;
  return credentialSetCommand(source.slug);
}

/**
 * Why a per-user source was not tested, and the step that tests it. The test uses the operator's own connection
 * (principal `local`): a mode that signs a person in (OAuth 2.0's authorization code or device code grant) needs the
 * operator's sign-in (`src auth login SLUG`, from the client stored there), any other mode the operator's credential.
 */
async function perUserNotTested(context: CommandContext, source: SourceOperationResult["source"]): Promise<string> {
  const { slug } = source;
  const command = await credentialCommand(context, source);
  if (!command.startsWith("src auth login "))
    return `Each person connects their own credential, and the operator (local) has none to test with; to test the source, store yours: src credential set ${slug} --principal local`;
  const stored = await (await context.operations()).listConnections({ slug, principal: "local" });
  if (stored.length > 0)
    return `Each person signs in to their own connection (through the connect link their agent is given), and the operator (local) has not signed in yet, so the source is not tested; to test it, sign in as the operator (with the client stored for local): ${command}`;
  return `Each person signs in to their own connection (through the connect link their agent is given), and the operator (local) has no client stored to sign in with; to test the source, store it (src credential set ${slug} --principal local), then sign in as the operator: ${command}`;
}

/**
 * Prints `{ source, validation }` (`--json`) or the validation outcome for
 * people, and returns 0 when connected or not tested, 1 otherwise. When a new
 * credential would fix it, a `Next:` line names the command that stores one.
 */
export async function printOperationResult(
  context: CommandContext,
  result: SourceOperationResult,
  headline: string,
): Promise<ExitCode> {
  const ok = result.validation === null || result.validation.ok;
  if (context.json) {
    writeJson({
      source: result.source,
      validation: result.validation,
      ...(result.discovery === undefined ? {} : { discovery: result.discovery }),
    });
  } else {
    const { describeRulesNamingNothing, describeUnloadedDocument, formatValidationOutcome } =
      await import("@src/service");
    writeLine(headline);
    if (result.discovery !== undefined) {
      writeLine(
        `Discovered ${result.discovery.filled.length === 0 ? "nothing new" : result.discovery.filled.join(", ")} from ${result.discovery.from}.`,
      );
      for (const note of result.discovery.notes) writeLine(`Note: ${note}.`);
    }
    (ok ? writeLine : writeError)(formatValidationOutcome(result.source.slug, result.validation));
    const unloaded = describeUnloadedDocument(result.source);
    if (unloaded !== undefined)
      writeError(
        `${unloaded}. Fix the file or api.openapi (\`src source edit ${result.source.slug} --openapi FILE|URL\`), then run \`src source reload ${result.source.slug}\``,
      );
    for (const warning of describeRulesNamingNothing(result.source)) writeError(warning);
    if (!ok && credentialReasons.has(result.validation?.reason ?? ""))
      writeError(`Next: ${await credentialCommand(context, result.source)}`);
    else if (result.validation === null && result.source.api.credentials === "per-user")
      writeLine(await perUserNotTested(context, result.source));
    else if (result.validation === null && result.source.status.connectionStatus !== "connected") {
      // Not tested because it waits for a person's sign-in (OAuth 2.0's authorization code grant): that is the step.
      const command = await credentialCommand(context, result.source);
      if (command.startsWith("src auth login ")) writeLine(`Next: ${command}`);
    }
  }
  return ok ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
}
