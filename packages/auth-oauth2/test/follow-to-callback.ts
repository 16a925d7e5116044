/** What a browser does: open the authorization URL, follow its redirect to the loopback callback. */
export async function followToCallback(url: string): Promise<Response> {
  const authorize = await fetch(url, { redirect: "manual" });
  const location = authorize.headers.get("location");
  if (location === null) throw new Error(`the authorization server answered ${authorize.status} without a redirect`);
  return fetch(location);
}
