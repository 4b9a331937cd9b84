#!/usr/bin/env node
// The `fw` bin: registers tsx (project files and fw's own sources are TypeScript), then runs the command.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./main.ts');
process.exitCode = await runCli(process.argv.slice(2));
