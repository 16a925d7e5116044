import { z } from "zod";

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True for `http:` URLs on a loopback address (local servers and tests), where plain HTTP is allowed. */
export function isLoopbackUrl(url: URL): boolean {
  return loopbackHosts.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}

/**
 * An authorization server endpoint: an absolute `https:` URL, or `http:` on a
 * loopback address; no credentials and no fragment in it.
 */
export function endpointUrlSchema(field: string, requiredWhen: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `required ${requiredWhen}`
          : `must be a URL string such as "https://auth.example.com/oauth/token"`,
    })
    .superRefine((value, context) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        context.addIssue({
          code: "custom",
          message: `must be an absolute URL such as "https://auth.example.com/oauth/${field === "tokenUrl" ? "token" : "authorize"}"`,
        });
        return;
      }
      if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackUrl(url))) {
        context.addIssue({
          code: "custom",
          message: "must use https: (plain http: is allowed only on a loopback address such as 127.0.0.1)",
        });
      } else if (url.username !== "" || url.password !== "") {
        context.addIssue({
          code: "custom",
          message: "must not carry a user name or password; the client id and secret are the credential",
        });
      } else if (url.hash !== "") {
        context.addIssue({ code: "custom", message: "must not have a #fragment" });
      }
    });
}
