/**
 * The MCP invoker (`invoke.kind === "mcp"`): calls a tool of the unit's downstream server through the
 * runtime's shared session for that unit. The session code, and with it the MCP SDK, is loaded on
 * the first MCP call, so runtimes without MCP units start as fast as before.
 */
import { UnitError } from "../../contract/errors.js";
import { resourceKey } from "../../shared/resources.js";
import type { InvokeContext, Invoker } from "../shared/types.js";
import type { SessionHandle, SessionModule } from "./types.js";

/** Calls an MCP tool; see the module comment. */
export const invokeMcp: Invoker = async (input, context) => {
  if (context.unit.connection.kind !== "mcp" || context.operation.invoke.kind !== "mcp") {
    throw new UnitError("UNSUPPORTED_BACKEND", `operation ${context.operation.name} is not an MCP tool`);
  }
  const session = await sessionOf(context);
  try {
    return await session.call(context.operation, input, context.signal);
  } catch (error) {
    if (!(error instanceof UnitError)) throw error;
    const details = { ...error.details, unit: context.unit.id, operation: context.operation.name };
    throw new UnitError(error.code, error.message, details);
  }
};

/** The runtime's one session with the unit's downstream server (tool calls and forwarded requests share it). */
export async function sessionOf(context: Omit<InvokeContext, "operation">): Promise<SessionHandle> {
  if (!context.resources) {
    throw new UnitError("UNSUPPORTED_BACKEND", "MCP tools are called through a runtime (createRuntime)");
  }
  const { resources } = context;
  // The specifier is cast so that the TypeScript program of a generated bundle does not follow it
  // into the session code and the SDK's large declarations; `SessionModule` types the import.
  const { McpSession } = (await import("./session.js" as string)) as SessionModule;
  // A unit bound to a project gets a server per project root, started in that root.
  const { projectRoot } = context;
  const unit =
    projectRoot === undefined
      ? context.unit
      : { ...context.unit, connection: { ...context.unit.connection, cwd: projectRoot } };
  const key = resourceKey("mcp", context.unit.id);
  return resources.get(
    projectRoot === undefined ? key : `${key}\u0000${projectRoot}`,
    () =>
      new McpSession(unit, {
        env: context.env,
        baseDir: context.baseDir,
        ...(context.fetch ? { fetch: context.fetch } : {}),
        ...(context.resolve ? { resolve: context.resolve } : {}),
        ...(context.oauth ? { oauth: context.oauth } : {}),
        onEvent: resources.onEvent,
      }),
  );
}
