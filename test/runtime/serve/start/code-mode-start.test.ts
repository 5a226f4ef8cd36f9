/**
 * `startServing` starts the Code Mode type checker (TypeScript and its lib, most of a first script's
 * check) before the host reads a bundle whose declarations name Code Mode units, so it loads while
 * the bundle is read; it ends it again when the served units turn out to have no Code Mode (the
 * user's exposure laid over them), and starts none for a bundle without Code Mode units. Real
 * Streamable HTTP on 127.0.0.1, the shared sandbox pool's real workers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDefaultSandboxPool, defaultSandboxPool } from "../../../../runtime/sandbox/index.js";
import { lazyStorage } from "../../../../runtime/serve/index.js";
import { serveSettings, startServing } from "../../../../runtime/serve/start/index.js";
import type { UserServingSettings } from "../../../../runtime/shared/user-settings.js";
import { type OpenedStorage, userConfigOf } from "../../../../runtime/storage/index.js";
import { closeAll, compileProject, projectConfig } from "../support.js";

let codeModeManifest: string;
let directManifest: string;

/** A unit of one action, its exposure `exposure` or, when undefined, the project's default (Code Mode). */
function oneUnit(exposure?: string): Record<string, string> {
  const action = { description: "Print a fixed stamp.", command: "echo", args: ["stamp"] };
  const unit = { name: "Stamp", description: "Prints a stamp.", actions: { stamp: action } };
  return projectConfig({ cliTools: { stamp: exposure ? { ...unit, exposure } : unit } });
}

beforeAll(async () => {
  codeModeManifest = await compileProject(oneUnit());
  directManifest = await compileProject(oneUnit("direct"));
});
afterEach(closeDefaultSandboxPool);
afterAll(closeAll);

/** Serves `manifestPath` over HTTP; whether the type checker was starting when the host was made. */
async function started(manifestPath: string, user?: UserServingSettings) {
  const settings = serveSettings({ transport: "http" }, {}, "/", userConfigOf({ serve: { port: 0 } }));
  const storage = lazyStorage(() => Promise.reject(new Error("unused")) as Promise<OpenedStorage>, {});
  let atHost: boolean | undefined;
  const handle = await startServing({
    settings,
    services: { env: {} },
    cwd: "/",
    storage,
    manifestPath,
    ...(user ? { user } : {}),
    version: "test",
    log: () => {},
    onHost: () => {
      atHost = defaultSandboxPool().checks.typesStarted;
    },
  });
  const after = defaultSandboxPool().checks.typesStarted;
  await handle.close();
  await storage.close();
  return { atHost, after };
}

describe("serving a bundle with Code Mode units", () => {
  it("has the type checker starting by the time the host exists", async () => {
    expect(await started(codeModeManifest)).toEqual({ atHost: true, after: true });
  });

  it("ends it once the units served have no Code Mode (the user's exposure is direct)", async () => {
    expect(await started(codeModeManifest, { exposure: "direct" })).toMatchObject({ after: false });
  });
});

describe("serving a bundle without Code Mode units", () => {
  it("starts no type checker", async () => {
    expect(await started(directManifest)).toEqual({ atHost: false, after: false });
  });
});
