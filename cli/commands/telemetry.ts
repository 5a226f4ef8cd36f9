/** `unitc telemetry status|enable|disable|preview`: what telemetry does, and the switch. */
import { type ArgsDef, type CommandDef, defineCommand } from "citty";
import { type CliIO, EXIT_OK } from "../io.js";
import { endpointOf, offReason, readState, stateFile, writeState } from "../telemetry/state.js";

export function telemetryCommand(io: CliIO, setExit: (code: number) => void) {
  const status = defineCommand({
    meta: { name: "status", description: "Say whether telemetry is on, why, and where it sends" },
    run() {
      const off = offReason(io.env);
      const endpoint = endpointOf(io.env);
      const state = off
        ? `off (${off})`
        : endpoint
          ? "on"
          : "on, but nothing is sent: no UNITC_TELEMETRY_ENDPOINT";
      io.stdout(`telemetry: ${state}\nendpoint: ${endpoint ?? "none"}\nstate file: ${stateFile(io.env)}\n`);
      setExit(EXIT_OK);
    },
  });
  const toggle = (disabled: boolean) =>
    defineCommand({
      meta: {
        name: disabled ? "disable" : "enable",
        description: disabled ? "Turn telemetry off for this user" : "Undo telemetry disable",
      },
      run() {
        const state = readState(io.env);
        state.disabled = disabled;
        if (disabled) delete state.lastEvents;
        writeState(io.env, state);
        const still = disabled ? undefined : offReason(io.env, state);
        io.stdout(`telemetry ${disabled ? "disabled" : "enabled"}${still ? ` (still off: ${still})` : ""}\n`);
        setExit(EXIT_OK);
      },
    });
  const preview = defineCommand({
    meta: { name: "preview", description: "Print the exact JSON events the last command produced" },
    run() {
      io.stdout(`${JSON.stringify(readState(io.env).lastEvents ?? [], null, 2)}\n`);
      setExit(EXIT_OK);
    },
  });
  return defineCommand({
    meta: { name: "telemetry", description: "Anonymous usage counts: status, enable, disable, preview" },
    subCommands: { status, enable: toggle(false), disable: toggle(true), preview } as Record<
      string,
      CommandDef<ArgsDef>
    >,
  });
}
