import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestHeader } from "../request-header";

// The same tests, in the same order, as the middleware @hono/zod-openapi puts
// before a route with a required JSON body (its media-type gate, then Hono's
// json validator), so a route registered with `registerPath` + `app.post`
// answers exactly as an `app.openapi` route would.
const jsonRequest = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/**
 * The JSON body of a request, for a hot route whose body schema accepts any
 * JSON (`z.unknown()` with OpenAPI metadata), so that the zod validator, the
 * param validator and their middleware steps can be left out while the
 * OpenAPI document still describes the body. A Content-Type that
 * @hono/zod-openapi would refuse throws the same 415 `HTTPException`; a body
 * that does not parse throws the same 400 (the app's `onError` answers both);
 * a media type other than JSON, or none, gives `{}`, as Hono's validator does
 * (the server's Content-Type middleware refuses those before any route; an
 * absent Content-Type is the one case not checked here like the gate does).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const contentType = requestHeader(c, "content-type");
  if (contentType !== undefined && contentType !== "" && !jsonRequest.test(contentType)) {
    throw new HTTPException(415, { message: "Unsupported Media Type" });
  }
  const mediaType = contentType === undefined ? "" : (contentType.split(";")[0] ?? "").trim().toLowerCase();
  if (!jsonMediaType.test(mediaType)) return {};
  try {
    return (await c.req.json()) as unknown;
  } catch {
    throw new HTTPException(400, { message: "Malformed JSON in request body" });
  }
}
