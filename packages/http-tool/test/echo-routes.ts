import { startUpstream, type Upstream } from "@src/http-tool/testing";

/** One echo route: what the API answers, given the credential it received and the request URL as sent. */
export type EchoRoute = (secret: string, requestUrl: string) => { contentType: string; body: string | Buffer };

/**
 * An API on 127.0.0.1 that hands the credential it received (the `api_key` query value or the bearer token) back
 * through the route matching the path; 404 for any other path. The echo tests' upstream.
 */
export function startEchoRoutes(routes: Record<string, EchoRoute>): Promise<Upstream> {
  return startUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const secret = url.searchParams.get("api_key") ?? (request.headers.authorization ?? "").replace(/^Bearer /, "");
    const route = routes[url.pathname];
    if (route === undefined) {
      response.writeHead(404);
      return response.end();
    }
    const { contentType, body } = route(secret, request.url ?? "");
    response.writeHead(200, { "content-type": contentType });
    response.end(body);
  });
}
