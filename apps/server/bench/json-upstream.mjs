// The bench's upstream API as a request listener (plain JavaScript: upstream-process.mjs runs it in a process of its
// own, start-json-upstream.ts in the bench's): 1 KB of JSON for the bearer `token`, 401 otherwise.
const payload = JSON.stringify({
  items: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `item-${index}`, note: "x".repeat(47) })),
});

export const jsonPayloadBytes = Buffer.byteLength(payload);

export function jsonUpstreamListener(token) {
  return (incoming, outgoing) => {
    incoming.resume();
    outgoing.writeHead(incoming.headers.authorization === `Bearer ${token}` ? 200 : 401, {
      "content-type": "application/json",
      "content-length": jsonPayloadBytes,
    });
    outgoing.end(payload);
  };
}
