#!/usr/bin/env node
/** The `unitc` executable. */
import { endQuietlyOnClosedStdout } from "./closed-stdout.js";
import { runCli } from "./index.js";

const args = process.argv.slice(2);
if (args[0] !== "serve") endQuietlyOnClosedStdout();
process.exitCode = await runCli(args);
