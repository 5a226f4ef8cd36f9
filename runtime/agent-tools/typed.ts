/**
 * Types that carry a generated bundle's operation types onto agent tools: for `Units` from a
 * generated `createUnits()`, the direct tool of `units.<unit>.<op>` is `<unit>__<op>` with that
 * function's input and output, which is the name `unitc serve` gives it whenever the operation's
 * source name is its TS name and the whole name fits in 64 characters.
 */
import type { UnitRuntime } from "../calls/create-runtime.js";

/** The typed units of a generated bundle, as `createUnits()` returns them. */
export interface TypedUnits {
  readonly $runtime: UnitRuntime;
}

type UnitIds<U> = Exclude<keyof U & string, "$runtime">;

/** One operation of a typed bundle: its tool name and its function. */
export type OperationEntry<U> = {
  [Id in UnitIds<U>]: {
    [Op in keyof U[Id] & string]: { name: `${Id}__${Op}`; fn: U[Id][Op] };
  }[keyof U[Id] & string];
}[UnitIds<U>];

/** The input a generated operation takes (`undefined` allowed where the input is optional). */
export type OperationInput<F> = F extends (...args: infer A) => unknown
  ? A extends []
    ? undefined
    : A[0]
  : unknown;

/** The value a generated operation resolves to. */
export type OperationOutput<F> = F extends (...args: never[]) => Promise<infer O> ? O : unknown;

/** The tool names of each exposure other than `direct`. */
export interface FixedToolNames {
  search: "search_tools" | "call";
  code_mode: "code_mode";
}
