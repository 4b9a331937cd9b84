import { platform, type PlatformHolder } from '../core/platform';
import type { FileSource } from './types';

declare module '../core/platform' {
  interface PlatformServices {
    /** The files under a root folder, as `staticFiles` reads them (Node and Bun). */
    fileSource: (root: string) => FileSource;
  }
}

/** The file system under `root`, from the app's `fileSource` platform service (Node and Bun entries provide it). */
export async function platformSource(app: PlatformHolder, root: string): Promise<FileSource> {
  const source = await platform(
    app,
    'fileSource',
    'staticFiles: no file system here; on workers bind static assets as ASSETS, elsewhere pass { source }',
  );
  return source(root);
}
