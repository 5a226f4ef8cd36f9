/**
 * Config fields that change what a compile produces, each compiled for real: `disabled` leaves a unit
 * (or a plural child) out, settings take the project config's value over the user config's over the
 * schema default, and `projectBinding` and `runtime` reach the manifest as declared.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compile } from "../../../compiler/index.js";
import type { ResolvedSettings } from "../../../compiler/resolve/types.js";
import type { Manifest } from "../../../runtime/contract/manifest.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

afterAll(cleanupProjects);

const USER = "home/unitc/config.json";
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const cli = (extra: Record<string, unknown> = {}) => ({
  name: "Files",
  description: "List files.",
  actions: { run: { command: "ls" } },
  ...extra,
});

interface Compiled {
  units: Record<string, Record<string, unknown>>;
  settings: ResolvedSettings;
  diagnostics: string[];
}

async function compileFiles(files: Record<string, string>): Promise<Compiled> {
  const dir = await writeProject(files);
  const userConfigFile = files[USER] === undefined ? false : join(dir, USER);
  const result = await compile({ projectDir: dir, userConfigFile, outDir: join(dir, "generated") });
  const manifest = JSON.parse(result.files.get("manifest.json") ?? '{"units":[]}') as Manifest;
  return {
    units: Object.fromEntries(manifest.units.map((u) => [u.id, u as unknown as Record<string, unknown>])),
    settings: result.context.resolved?.settings as ResolvedSettings,
    diagnostics: result.diagnostics.map((d) => `${d.severity} ${d.code}`),
  };
}

type Case = [name: string, { given: Record<string, string>; want: (compiled: Compiled) => void }];

const cases: Case[] = [
  [
    "disabled: true leaves a config unit out of the bundle",
    {
      given: { ".units/config.json": json({ cliTools: { on: cli(), off: cli({ disabled: true }) } }) },
      want: ({ units, diagnostics }) => {
        expect(Object.keys(units)).toEqual(["on"]);
        expect(diagnostics).toEqual([]);
      },
    },
  ],
  [
    "disabled: true on a plural child leaves only that child out",
    {
      given: {
        ".units/suite.md":
          "---\nname: Suite\ndescription: Two tools.\ncliTools:\n" +
          "  a: { actions: { run: { command: ls } } }\n" +
          "  b: { disabled: true, actions: { run: { command: ls } } }\n---\n",
      },
      want: ({ units }) => expect(Object.keys(units)).toEqual(["suite__a"]),
    },
  ],
  [
    "a setting comes from the project config over the user config over the schema default",
    {
      given: {
        [USER]: json({
          defaultSearchLimit: 7,
          maxSearchLimit: 30,
          options: { exposureDiscoveryConcurrency: 2, exposureDiscoveryTimeoutMs: 900 },
        }),
        ".units/config.json": json({ defaultSearchLimit: 5, options: { exposureDiscoveryConcurrency: 1 } }),
      },
      want: ({ settings }) => {
        expect(settings.defaultSearchLimit).toBe(5); // project
        expect(settings.maxSearchLimit).toBe(30); // user
        expect(settings.options.exposureDiscoveryConcurrency).toBe(1); // project
        expect(settings.options.exposureDiscoveryTimeoutMs).toBe(900); // user
        expect(settings.completion.cacheTtlMs).toBeGreaterThan(0); // schema default
      },
    },
  ],
  [
    "serve, storage and namespaceAliases are the user config's, read when serving: the compile keeps none",
    {
      given: {
        [USER]: json({
          serve: { port: 8123 },
          storage: { provider: "sqlite", path: "store.db" },
          namespaceAliases: { local: "mine", upstreams: {} },
        }),
        ".units/config.json": json({
          namespaceAliases: { local: "theirs", upstreams: {} },
          serve: { port: 9000 },
        }),
        ".units/files.md":
          "---\nname: Files\ndescription: List.\ncliTools:\n  actions: { run: { command: ls } }\n---\n",
      },
      want: ({ settings, diagnostics }) => {
        expect(diagnostics.filter((d) => d.startsWith("error"))).toEqual([]);
        expect(settings.defaultSearchLimit).toBe(20);
        for (const key of ["serve", "storage", "namespaceAliases"]) expect(settings).not.toHaveProperty(key);
        expect(diagnostics).toEqual(
          expect.arrayContaining(["warning NAMESPACE_ALIASES_IGNORED", "warning SERVE_IGNORED"]),
        );
      },
    },
  ],
  [
    "without any config the schema defaults apply",
    {
      given: {
        ".units/files.md":
          "---\nname: Files\ndescription: List.\ncliTools:\n  actions: { run: { command: ls } }\n---\n",
      },
      want: ({ settings }) => {
        expect(settings.defaultSearchLimit).toBe(20);
        expect(settings.maxSearchLimit).toBe(50);
        expect(settings.options.exposureDiscoveryConcurrency).toBeGreaterThan(0);
      },
    },
  ],
  [
    "projectBinding.required and runtime reach the manifest as declared",
    {
      given: {
        ".units/config.json": json({
          cliTools: {
            bound: cli({
              projectBinding: { required: true },
              runtime: { features: ["docker"], resources: { class: "large" } },
            }),
            free: cli(),
          },
        }),
      },
      want: ({ units }) => {
        expect(units.bound).toMatchObject({
          projectBinding: { required: true },
          runtime: { features: ["docker"], resources: { class: "large" } },
        });
        expect(units.free).not.toHaveProperty("projectBinding");
        expect(units.free).not.toHaveProperty("runtime");
      },
    },
  ],
];

describe("config fields in the compiled bundle", () => {
  it.each(cases)("%s", async (_name, { given, want }) => {
    want(await compileFiles(given));
  });
});
