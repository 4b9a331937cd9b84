/** Version arithmetic for the doctor and the upgrade check, on the `semver` package. */
import semver from 'semver';

/** The numeric parts of a version. */
export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
}

/** Parses `1.4.0`, `v1.4.0` or `1.4.0-beta.1` into {major, minor, patch}; throws on anything else. */
export function parseVersion(version: string): ParsedVersion {
  const parsed = typeof version === 'string' ? semver.parse(version.trim(), { loose: true }) : null;
  if (!parsed) throw new Error(`parseVersion: "${String(version)}" is not a version like 1.4.0`);
  return { major: parsed.major, minor: parsed.minor, patch: parsed.patch };
}

/** Orders two versions: negative when a < b, 0 when equal, positive when a > b (pre-releases sort before their release). */
export function compareVersions(a: string, b: string): number {
  parseVersion(a);
  parseVersion(b);
  return semver.compare(a.trim(), b.trim(), { loose: true });
}

/** The lowest version a package.json range allows (`^1.4.0` gives 1.4.0, `~2` gives 2.0.0); null for tags, URLs and bad ranges. */
export function versionFromRange(range: string): string | null {
  if (typeof range !== 'string' || semver.validRange(range) === null) return null;
  return semver.minVersion(range)?.version ?? null;
}

/** True when `version` is inside `range`. */
export function satisfiesRange(version: string, range: string): boolean {
  return semver.satisfies(version, range, { includePrerelease: true });
}
