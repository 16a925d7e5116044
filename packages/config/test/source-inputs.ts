/** What `store.create` takes for an API source `name` at `baseUrl` with bearer auth, tested with `GET testEndpoint`. */
export function bearerSourceInput(name: string, baseUrl: string, testEndpoint = "/me") {
  return { type: "api", name, api: { baseUrl, authType: "bearer", testEndpoint } } as const;
}
