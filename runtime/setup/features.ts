/**
 * Checks the runtime features units declare (`runtime.features`): `docker` when `docker info`
 * answers, `browser` when a browser executable is found. Only what the author declared is checked;
 * nothing is inferred from command names.
 */
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { RuntimeFeature } from "../contract/manifest.js";
import { runSetupItem } from "./run-item.js";

/** How one feature check came out, with the command that fixes a failure. */
export interface FeatureCheck {
  feature: RuntimeFeature;
  ok: boolean;
  detail: string;
  fix?: string;
}

const DOCKER_TIMEOUT_MS = 10_000;
const DOCKER_VARIABLES = [
  "DOCKER_HOST",
  "DOCKER_CONTEXT",
  "DOCKER_CONFIG",
  "DOCKER_CERT_PATH",
  "DOCKER_TLS_VERIFY",
];
const BROWSER_VARIABLES = ["CHROME_PATH", "PUPPETEER_EXECUTABLE_PATH", "BROWSER"];
const BROWSERS = [
  "google-chrome",
  "google-chrome-stable",
  "chromium",
  "chromium-browser",
  "chrome",
  "microsoft-edge",
  "firefox",
];

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first browser found: a path named by the usual variables, else a known name on PATH. */
export function findBrowser(env: Record<string, string | undefined>): string | undefined {
  for (const name of BROWSER_VARIABLES) {
    const value = env[name];
    if (value && executable(value)) return value;
  }
  for (const dir of (env.PATH ?? "").split(delimiter).filter(Boolean)) {
    for (const name of BROWSERS) if (executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

async function checkDocker(env: Record<string, string | undefined>): Promise<FeatureCheck> {
  const dockerEnv: Record<string, string> = {};
  for (const name of DOCKER_VARIABLES) {
    // Passed by reference, so the value is read from `env` as written.
    if (env[name] !== undefined) dockerEnv[name] = `env:${name}`;
  }
  const run = await runSetupItem(
    { label: "docker info", command: "docker", args: ["info"], env: dockerEnv, timeoutMs: DOCKER_TIMEOUT_MS },
    process.cwd(),
    env,
  );
  if (run.ok) return { feature: "docker", ok: true, detail: "docker info answered" };
  const why = run.error ?? `docker info exited with code ${run.exitCode}`;
  return {
    feature: "docker",
    ok: false,
    detail: why,
    fix: "install Docker and start its daemon (check with `docker info`)",
  };
}

/** Checks each feature once. */
export async function checkFeatures(
  features: Iterable<RuntimeFeature>,
  env: Record<string, string | undefined>,
): Promise<FeatureCheck[]> {
  const checks: FeatureCheck[] = [];
  for (const feature of new Set(features)) {
    if (feature === "docker") checks.push(await checkDocker(env));
    else {
      const found = findBrowser(env);
      checks.push(
        found
          ? { feature, ok: true, detail: `browser found: ${found}` }
          : {
              feature,
              ok: false,
              detail: "no browser found on PATH or in CHROME_PATH",
              fix: "install Chromium or Chrome (e.g. `apt-get install chromium`), or set CHROME_PATH to its executable",
            },
      );
    }
  }
  return checks;
}
