/**
 * The forms in which a secret could leak: as it is, percent-encoded (query
 * auth), base64 (basic auth) and base64 of `user:secret`.
 */
export function leakForms(secret: string, username = "agent-user"): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    Buffer.from(secret).toString("base64"),
    Buffer.from(`${username}:${secret}`).toString("base64"),
  ];
}

/** The leaked forms of `secret` found in `text` (empty when nothing leaked). */
export function findLeaks(text: string, secret: string, username?: string): string[] {
  return leakForms(secret, username).filter((form) => text.includes(form));
}
