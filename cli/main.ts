#!/usr/bin/env node
/** The `unitc` executable. */
import { runCli } from "./index.js";

process.exitCode = await runCli(process.argv.slice(2));
