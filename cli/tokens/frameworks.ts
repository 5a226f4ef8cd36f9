/**
 * `unitc tokens --framework`: the agent frameworks unitc has an adapter for, each with the package
 * and version its adapter is tested with and a probe that runs the framework's own loop once to see
 * the tool definitions it sends its model. A framework that is not installed is the
 * OPTIONAL_PACKAGE_MISSING error naming its install command.
 */
import { AGENT_EXPOSURES, type AgentExposure } from "../../runtime/agent-tools/types.js";
import { importOptional } from "../../runtime/shared/optional-package.js";

interface Framework {
  /** The package the adapter imports. */
  pkg: string;
  /** The version unitc's adapter is tested with (package.json's optional peer). */
  version: string;
  offered(manifestPath: string, exposure: AgentExposure): Promise<unknown[]>;
}

/** Every adapter's framework, by the name of its subpath (`unitc/<name>`). */
export const FRAMEWORKS = {
  "ai-sdk": {
    pkg: "ai",
    version: "7.0.185",
    offered: async (path, exposure) => (await import("./ai-sdk.js")).offeredTools(path, exposure),
  },
  langchain: {
    pkg: "@langchain/core",
    version: "1.4.0",
    offered: async (path, exposure) => (await import("./langchain.js")).offeredTools(path, exposure),
  },
  mastra: {
    pkg: "@mastra/core",
    version: "1.71.0",
    offered: async (path, exposure) => (await import("./mastra.js")).offeredTools(path, exposure),
  },
  "openai-agents": {
    pkg: "@openai/agents",
    version: "0.20.0",
    offered: async (path, exposure) => (await import("./openai-agents.js")).offeredTools(path, exposure),
  },
} as const satisfies Record<string, Framework>;

/** The name of a framework with an adapter. */
export type FrameworkName = keyof typeof FRAMEWORKS;

/** Whether `name` names a framework with an adapter. */
export function isFramework(name: string): name is FrameworkName {
  return Object.hasOwn(FRAMEWORKS, name);
}

/** What a framework's model is offered in each exposure, as JSON text. */
export async function offeredByExposure(
  name: FrameworkName,
  manifestPath: string,
): Promise<{ exposure: AgentExposure; tools: number; json: string }[]> {
  const framework: Framework = FRAMEWORKS[name];
  const known = { version: framework.version, enables: `unitc tokens --framework ${name}` };
  const rows = [];
  for (const exposure of AGENT_EXPOSURES) {
    const tools = await importOptional(framework.pkg, () => framework.offered(manifestPath, exposure), known);
    rows.push({ exposure, tools: tools.length, json: JSON.stringify(tools) });
  }
  return rows;
}
