import { registerFormat, type DataFormat } from '../core/formats';

let loading: Promise<DataFormat> | null = null;

async function buildYamlFormat(): Promise<DataFormat> {
  const yaml = await import('yaml');
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
 * Registers YAML (`application/yaml`, `.yaml`/`.yml`) through the `yaml` package, imported on first call
 * so that an app which never calls this does not load or bundle it. Resolves with the registered format;
 * calling it again reuses the loaded module.
 */
export function registerYamlFormat(): Promise<DataFormat> {
  loading ??= buildYamlFormat().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading.then((format) => {
    registerFormat(format);
    return format;
  });
}
