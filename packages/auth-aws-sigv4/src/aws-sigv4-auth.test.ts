import { createHash } from "node:crypto";
import { describeAuthFields } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize } from "@src/auth/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3rverKeys, startS3, type S3Emulator } from "@src/test-servers";
import { createAwsSigV4Auth } from "./aws-sigv4-auth";

const plugin = createAwsSigV4Auth();
const config = { region: "us-east-1", service: "s3" };

describeAuthPluginConformance(plugin, {
  config,
  credential: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" },
  otherCredential: {
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "other-secret-access-key-0123",
    sessionToken: "session-token-value-0123456789",
  },
});

/** Signs `request` in place with the plugin (real clock: s3rver refuses old signatures) and sends it. */
async function send(
  method: string,
  url: string,
  {
    body,
    credential = s3rverKeys,
    contentType,
  }: { body?: string; credential?: Record<string, string>; contentType?: string } = {},
) {
  const headers = new Headers(contentType === undefined ? {} : { "content-type": contentType });
  const request = { method, url: new URL(url), headers, body };
  await runAuthorize(plugin, request, { config, credential, now: new Date() });
  return fetch(request.url, { method, headers: request.headers, body: body ?? null });
}

describe("aws-sigv4 against s3rver (an S3 emulator that verifies every signature)", () => {
  let s3: S3Emulator;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.stop());

  it("PUT, GET and LIST of objects are accepted; the body hash is the SHA-256 of the exact bytes", async () => {
    const body = '<note kind="raw">héllo, s3</note>';
    const put = await send("PUT", `${s3.origin}/${s3.bucket}/notes/first.xml`, {
      body,
      contentType: "application/xml",
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const got = await send("GET", `${s3.origin}/${s3.bucket}/notes/first.xml`);
    expect([got.status, await got.text()]).toEqual([200, body]);
    const listed = await send("GET", `${s3.origin}/${s3.bucket}?list-type=2&prefix=notes%2F`);
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain("<Key>notes/first.xml</Key>");

    const request = { method: "PUT", url: new URL(`${s3.origin}/${s3.bucket}/x`), headers: new Headers(), body };
    await runAuthorize(plugin, request, { config, credential: s3rverKeys, now: new Date() });
    expect(request.headers.get("x-amz-content-sha256")).toBe(createHash("sha256").update(body, "utf8").digest("hex"));
  });

  it("signs a key with sub-delimiters, spaces and non-ASCII as S3 reads it (each byte but A-Z a-z 0-9 - _ . ~ encoded)", async () => {
    const key = "notes/it's (1)+x=y;z!,$&@:*é ü.txt";
    const path = `/${s3.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
    const put = await send("PUT", `${s3.origin}${path}`, { body: "sub-delims", contentType: "text/plain" });
    expect(put.status, await put.clone().text()).toBe(200);
    const got = await send("GET", `${s3.origin}${path}`);
    expect([got.status, await got.text()], "GET encoded").toEqual([200, "sub-delims"]);
    // Written as the URL parser leaves it (sub-delimiters raw): the same object, signed the same way.
    const raw = await send("GET", `${s3.origin}/${s3.bucket}/notes/it's%20(1)%2Bx=y;z!,$&@:*%C3%A9%20%C3%BC.txt`);
    expect([raw.status, await raw.text()], "GET raw").toEqual([200, "sub-delims"]);
    // A raw + in a path is a space to S3: the signature matches that key (another one: 404, not 403).
    const plus = await send("GET", `${s3.origin}/${s3.bucket}/notes/it's%20(1)+x=y;z!,$&@:*%C3%A9%20%C3%BC.txt`);
    expect([plus.status, await plus.text()], "GET with a raw +").toEqual([404, expect.stringContaining("NoSuchKey")]);
  });

  it("a wrong secret is refused by the emulator (403 SignatureDoesNotMatch)", async () => {
    const refused = await send("GET", `${s3.origin}/${s3.bucket}?list-type=2`, {
      credential: { ...s3rverKeys, secretAccessKey: "not-the-secret" },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("SignatureDoesNotMatch");
  });
});

describe("aws-sigv4 signing", () => {
  it("signs with the context's clock, so a fixed clock gives the same signature", async () => {
    const at = new Date("2026-03-04T05:06:07Z");
    const sign = async () => {
      const request = {
        method: "GET",
        url: new URL("https://bucket.s3.eu-west-1.amazonaws.com/key?a=1"),
        headers: new Headers(),
      };
      await runAuthorize(plugin, request, {
        config: { region: "eu-west-1", service: "s3" },
        credential: s3rverKeys,
        now: at,
      });
      return request.headers;
    };
    const [first, second] = [await sign(), await sign()];
    expect(first.get("x-amz-date")).toBe("20260304T050607Z");
    expect(first.get("authorization")).toMatch(
      /^AWS4-HMAC-SHA256 Credential=S3RVER\/20260304\/eu-west-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(second.get("authorization")).toBe(first.get("authorization"));
  });

  it("sends a session token as X-Amz-Security-Token, signed, and registers each signature as a secret", async () => {
    const request = { method: "GET", url: new URL("https://api.example.com/prod/items"), headers: new Headers() };
    const registered = await runAuthorize(plugin, request, {
      config: { region: "eu-west-1", service: "execute-api" },
      credential: { ...s3rverKeys, sessionToken: "FwoGZXIvYXdzEXAMPLE" },
    });
    expect(request.headers.get("x-amz-security-token")).toBe("FwoGZXIvYXdzEXAMPLE");
    expect(request.headers.get("authorization")).toContain(
      "SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token",
    );
    expect(registered).toEqual([/Signature=([0-9a-f]+)/.exec(request.headers.get("authorization") ?? "")?.[1]]);
  });

  it("declares region and service, the key id as plain, the secret key and session token as secrets", () => {
    const fields = describeAuthFields(plugin);
    expect(fields.config.map(({ name, required }) => [name, required])).toEqual([
      ["region", true],
      ["service", true],
    ]);
    expect(fields.credential.map(({ name, secret, required }) => [name, secret, required])).toEqual([
      ["accessKeyId", false, true],
      ["secretAccessKey", true, true],
      ["sessionToken", true, false],
    ]);
  });
});
