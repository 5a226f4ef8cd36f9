// A module loader hook for child processes (`node --import <this file>`): the packages named in
// UNITC_HIDE_PACKAGES (comma-separated) resolve as Node resolves a package that is not installed,
// so a test sees exactly what a user without them sees, while this repository keeps them installed.
import Module, { register } from "node:module";

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

// A CommonJS bundle's require() (serve.cjs) resolves through Module._resolveFilename, which the
// hooks above do not see: the same packages fail there as a missing package fails for require().
const hiddenForRequire = (process.env.UNITC_HIDE_PACKAGES ?? "").split(",").filter(Boolean);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const name = hiddenForRequire.find((pkg) => request === pkg || request.startsWith(`${pkg}/`));
  if (name === undefined) return resolveFilename.call(this, request, ...rest);
  const error = new Error(`Cannot find module '${name}'`);
  error.code = "MODULE_NOT_FOUND";
  throw error;
};
