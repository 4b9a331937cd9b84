/** The document `fw openapi` prints, and where its title and version came from. */
import { generateSpec, type Fw, type OpenAPI31Document } from 'fw';
import { readProjectPackage } from '../project-package';

/** `--title` and `--version` when given. */
export interface InfoOverrides {
  title?: string;
  version?: string;
}

/** A document and the origin of its `info.title` (`--title`, the openapi plugin, package.json or fw's default). */
export interface AppDocument {
  doc: OpenAPI31Document;
  titleFrom: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

async function baseDocument(app: Fw, projectDir: string): Promise<AppDocument> {
  const served = app.state<() => OpenAPI31Document>('fw:openapi');
  if (app.hasPlugin('openapi') && typeof served === 'function') return { doc: structuredClone(served()), titleFrom: 'the openapi plugin' };
  const pkg = await readProjectPackage(projectDir);
  const title = text(pkg?.name);
  const version = text(pkg?.version);
  return { doc: generateSpec(app, { title, version }), titleFrom: title ? 'package.json' : "fw's default" };
}

/**
 * The app's document: with the openapi plugin registered, the one the app serves (the plugin's title, version and other
 * options); else one generated with the project's package.json `name` and `version`. `overrides` replace either.
 */
export async function appDocument(app: Fw, projectDir: string, overrides: InfoOverrides): Promise<AppDocument> {
  const result = await baseDocument(app, projectDir);
  if (overrides.version !== undefined) result.doc.info.version = overrides.version;
  if (overrides.title === undefined) return result;
  result.doc.info.title = overrides.title;
  return { ...result, titleFrom: '--title' };
}
