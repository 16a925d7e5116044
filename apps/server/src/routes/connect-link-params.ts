import { z } from "@hono/zod-openapi";

/** The `{token}` of the connect-link routes. */
export const connectTokenParamSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({
      param: { name: "token", in: "path" },
      description: "The token of a connect link (the part after #/connect/ of error.connectUrl).",
    }),
});

/** The answer to a connect link that is unknown, used or expired. */
export const linkNotFound =
  "this connect link is unknown, used or expired (links are single use and valid 10 minutes); ask the agent to call again for a new one";
