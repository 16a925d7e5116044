import { isDeepStrictEqual } from "node:util";
import { checkPlacement } from "../check-placement";
import type { AuthorizeRequest } from "../auth-plugin-v2";
import { parseConformanceInputs } from "./conformance-inputs";
import { startEchoServer } from "./echo-server";
import { authorizeSafely } from "./authorize-safely";
import { createPrimedContext } from "./conformance-context";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { createSampleAttempts, snapshotAttempt } from "./sample-attempts";

/** Header names whose value `authorize` added or changed. */
function changedHeaders(before: Headers, after: Headers): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}

/** Query names whose values `authorize` added or changed. */
function changedQueryNames(before: URLSearchParams, after: URLSearchParams): string[] {
  return [...new Set(after.keys())].filter(
    (name) => before.getAll(name).join("\u0000") !== after.getAll(name).join("\u0000"),
  );
}

async function parsed(
  plugin: Parameters<AuthPluginConformanceCheck>[0],
  options: Parameters<AuthPluginConformanceCheck>[1],
) {
  return Promise.resolve(parseConformanceInputs(plugin, options));
}

/**
 * The placement declared for the config is what `authorize` sets: every header
 * and query name it sets is declared, every declared one is set, none is a
 * header only the service may set; a real local server receives them.
 */
export const checkPlacementMatches: AuthPluginConformanceCheck = async (plugin, options) => {
  const inputs = await parsed(plugin, options);
  if (inputs.problems) return inputs.problems;
  const { config, credential } = inputs.inputs;
  let placement;
  try {
    placement = checkPlacement(plugin, config);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const declaredHeaders = new Set(placement.headers.map((name) => name.toLowerCase()));
  const optionalHeaders = new Set((placement.optionalHeaders ?? []).map((name) => name.toLowerCase()));
  const declaredQuery = new Set(placement.query);
  const problems = new Set<string>();
  const server = await startEchoServer();
  try {
    const { context, registered } = await createPrimedContext(plugin, config, credential, options);
    for (const request of createSampleAttempts(server.origin, context.signal)) {
      const headersBefore = new Headers(request.headers);
      const queryBefore = new URLSearchParams(request.url.searchParams);
      const failure = await authorizeSafely(plugin, request, context, registered);
      if (failure !== undefined) {
        problems.add(failure);
        continue;
      }
      for (const name of changedHeaders(headersBefore, request.headers)) {
        if (!declaredHeaders.has(name) && !optionalHeaders.has(name))
          problems.add(`authorize sets header "${name}", which placement(config).headers does not declare`);
      }
      for (const name of changedQueryNames(queryBefore, request.url.searchParams)) {
        if (!declaredQuery.has(name))
          problems.add(`authorize sets query parameter "${name}", which placement(config).query does not declare`);
      }
      const echoed = await server.send({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: request.body === undefined ? undefined : Buffer.from(request.body).toString("utf8"),
      });
      for (const name of declaredHeaders) {
        if (echoed.headers[name] === undefined)
          problems.add(
            `placement declares header "${name}", but the server did not receive it; declare only what authorize sets`,
          );
      }
      const received = new URL(echoed.target, server.origin).searchParams;
      for (const name of declaredQuery) {
        if (!received.has(name))
          problems.add(
            `placement declares query parameter "${name}", but the server did not receive it; declare only what authorize sets`,
          );
      }
    }
  } finally {
    await server.close();
  }
  return [...problems];
};

/** `authorize` keeps the origin, path, method and body, and changes neither the config nor the credential. */
export const checkAuthorizeKeepsTarget: AuthPluginConformanceCheck = async (plugin, options) => {
  const inputs = await parsed(plugin, options);
  if (inputs.problems) return inputs.problems;
  const { config, credential } = inputs.inputs;
  const configBefore = structuredClone(config);
  const credentialBefore = structuredClone(credential);
  const problems = new Set<string>();
  const { context, registered } = await createPrimedContext(plugin, config, credential, options);
  for (const request of createSampleAttempts("http://127.0.0.1:9", context.signal)) {
    const before = snapshotAttempt(request);
    const { origin, pathname } = request.url;
    const failure = await authorizeSafely(plugin, request, context, registered);
    if (failure !== undefined) {
      problems.add(failure);
      continue;
    }
    const after = snapshotAttempt(request);
    const where = `${before.method} ${pathname}`;
    if (request.url.origin !== origin)
      problems.add(`authorize changed the URL origin on ${where}; the credential must never leave the source's origin`);
    if (request.url.pathname !== pathname)
      problems.add(`authorize changed the URL path on ${where}; only the query may change`);
    if (before.method !== after.method || before.body !== after.body)
      problems.add(`authorize changed the method or body on ${where}; change only url and headers`);
  }
  if (!isDeepStrictEqual(config, configBefore))
    problems.add("authorize changed the config object it was given; treat it as read-only");
  if (!isDeepStrictEqual(credential, credentialBefore))
    problems.add(
      "authorize changed the credential object it was given; save a new one with context.saveCredential instead",
    );
  return [...problems];
};

/**
 * With the clock fixed, running `authorize` again on the same request (a retry)
 * changes nothing, and running it on a request that already went one hop (a
 * followed redirect, headers carried over) gives the same request as a fresh one.
 */
export const checkAuthorizeIsRepeatable: AuthPluginConformanceCheck = async (plugin, options) => {
  const inputs = await parsed(plugin, options);
  if (inputs.problems) return inputs.problems;
  const { config, credential } = inputs.inputs;
  const problems = new Set<string>();
  const { context, registered } = await createPrimedContext(plugin, config, credential, options);
  const origin = "http://127.0.0.1:9";
  const first = createSampleAttempts(origin, context.signal);
  const fresh = createSampleAttempts(origin, context.signal, 2);
  for (const [index, request] of first.entries()) {
    const where = `${request.method} ${request.url.pathname}`;
    const failure = await authorizeSafely(plugin, request, context, registered);
    if (failure !== undefined) {
      problems.add(failure);
      continue;
    }
    const once = snapshotAttempt(request, options.varyingHeaders);
    const retry: AuthorizeRequest = { ...request, attempt: 2 };
    const retryFailure = await authorizeSafely(plugin, retry, context, registered);
    if (retryFailure !== undefined) problems.add(retryFailure);
    else if (!isDeepStrictEqual(snapshotAttempt(retry, options.varyingHeaders), { ...once }))
      problems.add(`authorize on a retry of ${where} changes the request again; set values instead of appending`);

    // A redirect to another path of the same origin, carrying the headers the first hop had.
    const target = `${origin}/v1/moved?page=2`;
    const hop: AuthorizeRequest = { ...request, url: new URL(target), headers: new Headers(request.headers) };
    const expected: AuthorizeRequest = { ...fresh[index]!, attempt: 1, url: new URL(target) };
    const hopFailure =
      (await authorizeSafely(plugin, hop, context, registered)) ??
      (await authorizeSafely(plugin, expected, context, registered));
    if (hopFailure !== undefined) {
      problems.add(hopFailure);
      continue;
    }
    if (
      !isDeepStrictEqual(
        snapshotAttempt(hop, options.varyingHeaders),
        snapshotAttempt(expected, options.varyingHeaders),
      )
    ) {
      problems.add(
        `authorize on a redirect hop after ${where} differs from authorizing that hop fresh; replace the values the first hop set`,
      );
    }
  }
  return [...problems];
};

/** With `otherCredential`: a different credential gives a different request. */
export const checkAuthorizeUsesCredential: AuthPluginConformanceCheck = async (plugin, options) => {
  if (options.otherCredential === undefined) return [];
  const inputs = await parsed(plugin, options);
  if (inputs.problems) return inputs.problems;
  const { config, credential, otherCredential } = inputs.inputs;
  const problems = new Set<string>();
  const first = await createPrimedContext(plugin, config, credential, options);
  const second = await createPrimedContext(plugin, config, otherCredential!, options);
  const withFirst = createSampleAttempts("http://127.0.0.1:9", first.context.signal);
  const withOther = createSampleAttempts("http://127.0.0.1:9", second.context.signal);
  for (const [index, request] of withFirst.entries()) {
    const other = withOther[index]!;
    const failure =
      (await authorizeSafely(plugin, request, first.context, first.registered)) ??
      (await authorizeSafely(plugin, other, second.context, second.registered));
    if (failure !== undefined) {
      problems.add(failure);
      continue;
    }
    if (isDeepStrictEqual(snapshotAttempt(request), snapshotAttempt(other))) {
      problems.add(
        `authorize gives the same request for two different credentials on ${request.method} ${request.url.pathname}; it must attach the credential`,
      );
    }
  }
  return [...problems];
};
