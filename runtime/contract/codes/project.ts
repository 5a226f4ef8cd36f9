/**
 * Runtime codes of the CLI's project and machine: finding and trusting a project, its setup, the
 * user config, the Node version and optional packages, and the roots a unit's paths stay in.
 */
import { type ErrorCodeEntry, entry } from "./entry.js";

/** The codes of projects, configs and the machine unitc runs on. */
export const projectCodes = {
  PROJECT_NOT_FOUND: entry(
    "no unitc project (a folder holding .units/) in the working folder or any folder above it, up to the home folder",
    "run the command inside a project, pass --project DIR, or create a project with unitc init",
    "unitc compile in /tmp, which has no .units/ folder",
  ),
  PROJECT_UNTRUSTED: entry(
    "the command would run commands the project declares (stdio MCP servers, CLI actions, setup or verify items) and that command set is not trusted on this machine",
    "read the commands with `unitc trust` and trust them, or pass --trust (UNITC_TRUST=1 in CI) for one run",
    "unitc compile in a freshly cloned project whose unit starts npx -y @acme/mcp-server",
  ),
  PROJECT_ROOT_REQUIRED: entry(
    "the unit is bound to a project, and this session supplies no usable project root",
    "serve with --project-root DIR, or (over stdio) connect with an MCP client that declares roots",
    "a files unit with project: true called over HTTP without --project-root",
  ),
  PATH_OUTSIDE_ROOT: entry(
    "a path input leaves its allowed root",
    "pass a path inside the root",
    'units.files.listFiles({ folder: "../../etc" })',
  ),
  CONFIG_INVALID: entry(
    "setup, verify, doctor or auth found errors in the project's config or unit files",
    "run unitc validate and fix the files it names",
    "unitc setup notes with a unit file holding a YAML syntax error",
  ),
  USER_CONFIG_INVALID: entry(
    "the user config has errors, so the storage it sets cannot be trusted",
    "fix the user config as the listed diagnostics say",
    'unitc secret set TOKEN with storage: { provider: "sqlit" } in the user config',
  ),
  SETUP_NOT_APPROVED: entry(
    "a unit's setup plan has not been approved for its current content hash",
    "read the plan `unitc setup <unit>` prints, then run it again with --yes",
    "unitc verify notes after the unit's setup commands changed since the last unitc setup --yes",
  ),
  NODE_TOO_OLD: entry(
    "the Node.js running unitc is older than 22.15, the oldest it supports",
    "install Node.js 22.15 or newer (https://nodejs.org), then run unitc again",
    "unitc compile under Node.js 20.11.1",
  ),
  OPTIONAL_PACKAGE_MISSING: entry(
    "this feature needs an optional package that is not installed (object_store or postgresql storage, unitc tokens, compile --bundle, Swagger 2.0)",
    "install the package the message names: npm install <package>@<version>",
    "a postgresql storage without the pg package → npm install pg@8.23.1",
  ),
} satisfies Record<string, ErrorCodeEntry>;
