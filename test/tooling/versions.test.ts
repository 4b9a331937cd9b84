import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, versionFromRange } from '../../cli/tooling';

describe('version helpers', () => {
  it('parses versions', () => {
    expect(parseVersion('1.4.0')).toEqual({ major: 1, minor: 4, patch: 0 });
    expect(parseVersion('v2.10.3')).toEqual({ major: 2, minor: 10, patch: 3 });
    expect(parseVersion(' 3.0.1-beta.2 ')).toEqual({ major: 3, minor: 0, patch: 1 });
  });

  it.each(['', 'latest', '1.2', 'x.y.z', '^1.2.3'])('rejects %j', (bad) => {
    expect(() => parseVersion(bad)).toThrow(/is not a version like 1\.4\.0/);
  });

  it('orders versions numerically, pre-releases before their release', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('1.4.0', '1.4.0')).toBe(0);
    expect(compareVersions('1.4.0-rc.1', '1.4.0')).toBeLessThan(0);
    expect(compareVersions('v0.9.9', '1.0.0')).toBeLessThan(0);
    expect(['1.10.0', '1.2.0', '1.9.1'].sort(compareVersions)).toEqual(['1.2.0', '1.9.1', '1.10.0']);
    expect(() => compareVersions('1.0.0', 'next')).toThrow(/"next" is not a version/);
  });

  it('takes the lowest version of a range', () => {
    expect(versionFromRange('^1.4.0')).toBe('1.4.0');
    expect(versionFromRange('~2')).toBe('2.0.0');
    expect(versionFromRange('>=1.2.3 <2')).toBe('1.2.3');
    expect(versionFromRange('1.4.0')).toBe('1.4.0');
    expect(versionFromRange('latest')).toBeNull();
    expect(versionFromRange('github:owner/repo')).toBeNull();
  });
});
