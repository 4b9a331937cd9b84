import { describe, expect, it } from 'vitest';
import { bundleFixture } from './bundle';

/** String literals of the yaml package's parser and of devalue, which minification keeps. */
const yamlMarker = 'Implicit keys need to be on a single line';
const devalueMarker = 'Cannot stringify arbitrary non-POJOs';

describe('bundle size: YAML is opt-in', () => {
  it('a one-route app does not bundle the yaml package (nor the cache codec)', async () => {
    const code = await bundleFixture('one-route.ts', true);
    expect(code).not.toContain(yamlMarker);
    expect(code).not.toContain(devalueMarker);
  });

  it('an app that calls registerYamlFormat() does bundle it', async () => {
    const code = await bundleFixture('one-route-yaml.ts', true);
    expect(code).toContain(yamlMarker);
  });
});
