#!/usr/bin/env node
// The `fw` bin: registers tsx (the project's app, routes and config files are TypeScript), then runs the command:
// from fw-cli's built files once installed, from its TypeScript sources inside the fw repository.
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

const source = new URL('../src/main.ts', import.meta.url);
if (!existsSync(source)) {
  try {
    import.meta.resolve('fw');
  } catch {
    console.error('fw-cli needs the fw package in the project: npm install fw');
    process.exit(1);
  }
}
register();
const { runCli } = await import(existsSync(source) ? source.href : '../dist/src/main.js');
process.exitCode = await runCli(process.argv.slice(2));
