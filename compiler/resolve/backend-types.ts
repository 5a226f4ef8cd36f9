/**
 * The backend block of each unit kind, typed from the schemas (`runtime/contract/config-types.generated.ts`),
 * as written (`BackendFields`) and after resolve filled in the schema's defaults (`ResolvedBackend`),
 * the way c12 splits `InputConfig` from `ResolvedConfig`. A schema field renamed is then a compile
 * error wherever a discoverer reads it.
 */
import type * as Config from "../../runtime/contract/config-types.generated.js";
import type { AuthConfig } from "../../runtime/contract/manifest.js";
import type { BackendKind } from "../shared/backends.js";

/**
 * The named properties of `T`. The generator adds `[k: string]: unknown` to schemas composed with
 * `allOf`; left in, a misspelt field would read as `unknown` instead of failing to compile.
 */
export type Known<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** `T` with the fields `D` required: what is left once their defaults are filled in. */
export type Resolved<T, D extends PropertyKey> = Omit<T, D> & {
  [K in D & keyof T]-?: Exclude<T[K], undefined>;
};

/**
 * The generator collapses the schema's per-type auth branches to `{ type }`; the runtime's
 * `AuthConfig` is the same union spelt out, and the contract the manifest carries.
 */
type WithAuth<T> = Omit<Known<T>, "auth"> & { auth?: AuthConfig };

/** Each kind's backend block as written (unit-level fields such as `name` split off). */
export interface BackendFields {
  mcp: WithAuth<Config.McpServerFields>;
  openapi: WithAuth<Config.OpenapiEndpointFields>;
  discovery: WithAuth<Config.VendorDiscoveryApiFields>;
  graphql: WithAuth<Config.GraphqlEndpointFields>;
  http: WithAuth<Config.HttpApiFields>;
  cli: Known<Config.CliToolsFields>;
  unitSet: Known<Config.UnitSetFields>;
}

/** The fields resolve gives a value to when the block states none (see `backend-defaults.ts`). */
export interface DefaultedFields {
  mcp: "startupTimeoutMs" | "callTimeoutMs" | "toolCacheTtlMs" | "maxResponseBytes";
  openapi: "requestTimeoutMs" | "operationCacheTtlMs";
  discovery: "requestTimeoutMs" | "operationCacheTtlMs";
  graphql: "requestTimeoutMs" | "operationCacheTtlMs" | "selectionDepth";
  http: "requestTimeoutMs" | "maxResponseBytes";
  cli: "timeoutMs" | "maxOutputBytes";
  // A set's toolCacheTtlMs is passed down to its children only when stated; each child fills its own.
  unitSet: never;
}

/** A kind's block with its top-level defaults filled in. */
type Filled<K extends BackendKind> = Resolved<BackendFields[K], DefaultedFields[K]>;

/** A CLI action with its output format filled in. */
export type ResolvedCliAction = Omit<Known<Config.CliAction>, "output"> & {
  output: Required<Config.CliActionOutput>;
};

/** A CLI tools block: its own defaults and each action's output format filled in. */
type ResolvedCli = Omit<Filled<"cli">, "actions"> & {
  actions: { [name: string]: ResolvedCliAction | undefined };
};

/** A kind's backend block with its defaults filled in. */
export type ResolvedBackend<K extends BackendKind> = K extends "cli" ? ResolvedCli : Filled<K>;

type NoneLeft<T extends never> = T;
/** Compiles only while every defaulted field is a field of its kind's schema type. */
export type DefaultsAreFields = NoneLeft<
  { [K in BackendKind]: Exclude<DefaultedFields[K], keyof BackendFields[K]> }[BackendKind]
>;
