#!/usr/bin/env node
// The `unitc` executable (package.json's bin, copied to dist/cli/main.cjs by scripts/bundle-cli.mjs):
// it checks the Node.js version before anything newer is read. The rest of the CLI needs Node 22.15
// (node:module's enableCompileCache among others) and on an older Node died with a SyntaxError that
// named none of that. So this file is written in syntax every Node release from 4 on parses (no
// let, const, arrow functions, optional chaining or ES modules) and loads the CLI,
// dist/cli/entry.cjs, only when the version is new enough.
"use strict";

/** The oldest Node.js the CLI runs on: package.json's `engines`. */
var MINIMUM = [22, 15];

/** What is wrong with Node.js `version` ("20.11.1") for unitc, or undefined when nothing is. */
function nodeVersionProblem(version) {
  var parts = String(version).split(".");
  var major = Number(parts[0]);
  var minor = Number(parts[1]);
  if (major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])) return undefined;
  return `unitc needs Node.js ${MINIMUM.join(".")} or newer (found ${version})`;
}

var problem = require.main === module ? nodeVersionProblem(process.versions.node) : undefined;
if (require.main !== module) {
  module.exports = { nodeVersionProblem: nodeVersionProblem };
} else if (problem) {
  // The code and hint are runtime/contract/codes/index.ts's NODE_TOO_OLD (a test holds them equal).
  process.stderr.write(
    `NODE_TOO_OLD ${problem}\nhint: install Node.js ${MINIMUM.join(".")} or newer (https://nodejs.org), then run unitc again\n`,
  );
  process.exitCode = 1;
} else {
  require("./entry.cjs");
}
