import { InvalidArgumentError } from "commander";

/** Fields from repeated `--set FIELD=VALUE` (and its older spelling `--api key=value`): an auth mode's `api` fields and non-secret credential fields. */
export type ApiFieldFlags = Record<string, string>;

/** Source fields that have their own flag; `--set` cannot set them. */
const ownFlagOf: Record<string, string> = {
  baseUrl: "--base-url",
  authType: "--auth",
  testEndpoint: "--test-endpoint",
  headers: "--header Name=value",
  openapi: "--openapi",
};

/**
 * commander option parser for `--set FIELD=VALUE` (and `--api`): splits at the
 * first `=`; the value stays a string until the mode's declaration says its
 * kind. A field given twice keeps the last value. Never used for secrets: those
 * come from stdin or hidden prompts.
 */
export function collectApiField(pair: string, previous: ApiFieldFlags | undefined): ApiFieldFlags {
  const index = pair.indexOf("=");
  if (index <= 0) throw new InvalidArgumentError("expected FIELD=VALUE, e.g. --set keyId=team-key-1");
  const key = pair.slice(0, index);
  const ownFlag = ownFlagOf[key];
  if (ownFlag !== undefined) throw new InvalidArgumentError(`api.${key} has its own flag: use ${ownFlag}`);
  return { ...previous, [key]: pair.slice(index + 1) };
}
