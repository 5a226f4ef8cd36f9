// Writes test/fixtures/search/github-rest.json.gz: every operation of GitHub's REST description
// (@octokit/openapi, fetched with `npm pack`) with what search reads of it — operationId, summary,
// the opening of the description, parameter and body property names — and nothing else (no
// schemas, no responses), so that the search regression test compiles a catalogue of the real size
// offline. Run `node bench/search-fixture.mjs` to refresh it after bumping the package.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { githubSpec } from "./openapi-github.mjs";
import { root } from "./support.mjs";

const METHODS = ["get", "put", "post", "delete", "patch"];
/** Description characters kept: search indexes only the opening of a description. */
const DESCRIPTION_CHARS = 300;

function resolve(spec, value) {
  if (!value?.$ref) return value;
  return value.$ref
    .slice(2)
    .split("/")
    .reduce((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], spec);
}

function bodyProperties(spec, operation) {
  const content = resolve(spec, operation.requestBody)?.content ?? {};
  const schema = resolve(spec, content["application/json"]?.schema);
  const properties = Object.keys(schema?.properties ?? {});
  return Object.fromEntries(properties.map((name) => [name, { type: "string" }]));
}

/** Parameters shared by reference (`owner`, `repo`…): each is written once under components. */
const shared = {};

function trimmed(spec, operation, pathItem) {
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
    .map((parameter) => resolve(spec, parameter))
    .filter((parameter) => parameter?.name && ["path", "query"].includes(parameter.in))
    .map(({ name, in: where }) => {
      const key = `${where}-${name}`;
      shared[key] ??= { name, in: where, required: where === "path", schema: { type: "string" } };
      return { $ref: `#/components/parameters/${key}` };
    });
  const body = bodyProperties(spec, operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: (operation.description ?? "").slice(0, DESCRIPTION_CHARS),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(Object.keys(body).length > 0
      ? {
          requestBody: {
            content: { "application/json": { schema: { type: "object", properties: body } } },
          },
        }
      : {}),
    responses: { 200: { $ref: "#/components/responses/ok" } },
  };
}

const spec = JSON.parse(await readFile(await githubSpec(), "utf8"));
const paths = {};
for (const [path, item] of Object.entries(spec.paths)) {
  const methods = METHODS.filter((method) => item[method]);
  if (methods.length === 0) continue;
  paths[path] = Object.fromEntries(methods.map((method) => [method, trimmed(spec, item[method], item)]));
}
const fixture = {
  openapi: "3.0.3",
  info: {
    title: spec.info.title,
    version: spec.info.version,
    description: "Trimmed by bench/search-fixture.mjs for the search tests; see README.md beside it.",
  },
  servers: [{ url: "https://api.github.com" }],
  paths,
  components: { parameters: shared, responses: { ok: { description: "OK" } } },
};
const dir = join(root, "test/fixtures/search");
await mkdir(dir, { recursive: true });
// Gzipped: the text is 0.8 MB and only the test reads it.
await writeFile(join(dir, "github-rest.json.gz"), gzipSync(`${JSON.stringify(fixture)}\n`, { level: 9 }));
console.log(`wrote ${Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0)} operations`);
