/** What `npm run build` builds: each publishable package, its source folders, and where their files land in `dist/`. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** One publishable package: its folder and the source folders (relative to it) that `dist/` mirrors. */
export interface PackageBuild {
  name: string;
  dir: string;
  sources: string[];
}

/** fw, fw-mcp and fw-cli: `dist/` mirrors the package folder (`src/core/fw.ts` -> `dist/src/core/fw.js` + `.d.ts`). */
export const packages: PackageBuild[] = [
  { name: 'fw', dir: root, sources: ['src', 'targets'] },
  { name: 'fw-mcp', dir: join(root, 'mcp'), sources: ['src'] },
  { name: 'fw-cli', dir: join(root, 'cli'), sources: ['src', 'tooling'] },
];

/** Scratch space of the build (temporary tsconfig files, declarations before they are copied). */
export const scratch = join(root, 'node_modules', '.cache', 'fw-build');
