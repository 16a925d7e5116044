/** What a valid call looks like; appended to INVALID_CALL messages about the input's shape. */
export const validCallHint =
  'Send an object such as {"method": "GET", "path": "/items", "query": {"limit": 1}}; ' +
  "put a JSON body in body, or a raw body string in _rawBody with its type in _contentType.";
