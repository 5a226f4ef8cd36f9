// A module loader hook for child processes (`node --import <this file>`): the packages named in
// UNITC_HIDE_PACKAGES (comma-separated) resolve as Node resolves a package that is not installed,
// so a test sees exactly what a user without them sees, while this repository keeps them installed.
import { register } from "node:module";

const hooks = `
const hidden = (process.env.UNITC_HIDE_PACKAGES ?? "").split(",").filter(Boolean);
export async function resolve(specifier, context, next) {
  const name = hidden.find((pkg) => specifier === pkg || specifier.startsWith(pkg + "/"));
  if (name === undefined) return next(specifier, context);
  const error = new Error("Cannot find package '" + name + "' imported from " + context.parentURL);
  error.code = "ERR_MODULE_NOT_FOUND";
  throw error;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
