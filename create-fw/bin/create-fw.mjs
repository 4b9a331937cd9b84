#!/usr/bin/env node
// The `create-fw` bin, which `npm create fw@latest` runs: writes a new fw project (see ../README.md).
import { main } from '../src/main.mjs';

process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
