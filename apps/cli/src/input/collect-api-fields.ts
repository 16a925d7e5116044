import { InvalidArgumentError } from "commander";

/** Extra `api` fields from repeated `--api key=value` (a custom auth plugin's config, e.g. `keyId`). */
export type ApiFieldFlags = Record<string, string>;

/** Fields that have their own flag; `--api` cannot set them. */
const ownFlagOf: Record<string, string> = {
  baseUrl: "--base-url",
  authType: "--auth",
  testEndpoint: "--test-endpoint",
  headerName: "--header-name",
  queryParam: "--query-param",
  headers: "--header Name=value",
  tokenUrl: "--token-url",
  authorizationUrl: "--authorization-url",
  grant: "--grant",
  scopes: "--scope",
  audience: "--audience",
  clientAuth: "--client-auth",
};

/**
 * commander option parser for `--api key=value`: splits at the first `=`; the
 * value stays a string. A key given twice keeps the last value. Never used
 * for secrets: those come from stdin or hidden prompts.
 */
export function collectApiField(pair: string, previous: ApiFieldFlags | undefined): ApiFieldFlags {
  const index = pair.indexOf("=");
  if (index <= 0) throw new InvalidArgumentError("expected key=value, e.g. --api keyId=team-key-1");
  const key = pair.slice(0, index);
  const ownFlag = ownFlagOf[key];
  if (ownFlag !== undefined) throw new InvalidArgumentError(`api.${key} has its own flag: use ${ownFlag}`);
  return { ...previous, [key]: pair.slice(index + 1) };
}
