// A second process on the same SRC_HOME, standing in for the CLI: it adds the
// bearer sources named on the command line through `createSourceService`, the
// same code the CLI runs. Usage: tsx second-process-writer.ts BASE_URL SLUG...
// The token is read from standard input so it never appears in a process list.
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { createSourceService } from "@src/service";

const [baseUrl, ...slugs] = process.argv.slice(2);
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const token = Buffer.concat(chunks).toString("utf8").trim();
const service = createSourceService({ env: process.env, registry: createDefaultAuthRegistry() });
for (const slug of slugs) {
  await service.addSource({
    input: {
      type: "api",
      name: `Second ${slug}`,
      slug,
      enabled: true,
      api: { baseUrl, authType: "bearer", testEndpoint: "/me" },
    },
    credential: { token },
  });
  process.stdout.write(`added ${slug}\n`);
}
