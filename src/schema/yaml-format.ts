import { registerFormat, type DataFormat, type FormatOwner } from '../core/formats';

let loading: Promise<DataFormat> | null = null;

/** Imports the optional peer `yaml`; when it is missing, the error says what to install. */
async function importYaml(): Promise<typeof import('yaml')> {
  try {
    return await import('yaml');
  } catch (cause) {
    throw new Error(
      `registerYamlFormat() needs the yaml package, an optional peer dependency of fw: npm i yaml (${(cause as Error).message})`,
      { cause },
    );
  }
}

async function buildYamlFormat(): Promise<DataFormat> {
  const yaml = await importYaml();
  return {
    name: 'yaml',
    contentTypes: ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml'],
    extensions: ['.yaml', '.yml'],
    contentType: 'application/yaml; charset=utf-8',
    parse: (text) => yaml.parse(text),
    serialize: (value) => yaml.stringify(value) ?? '',
  };
}

/**
 * Registers YAML (`application/yaml`, `.yaml`/`.yml`) on one app through the `yaml` package (an optional peer:
 * `npm i yaml`), imported on first call so that an app which never calls this does not load or bundle it. Resolves
 * with the registered format; calling it again reuses the loaded module. Rejects with what to install when yaml is missing.
 */
export function registerYamlFormat(app: FormatOwner): Promise<DataFormat> {
  if (typeof (app as Partial<FormatOwner> | null)?.getFormat !== 'function')
    return Promise.reject(new TypeError('registerYamlFormat(app): YAML is registered on an app; pass the app'));
  loading ??= buildYamlFormat().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading.then((format) => {
    registerFormat(app, format);
    return format;
  });
}
