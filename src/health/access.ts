export { assertAccess, healthAccess, loopbackCaller, type AccessCheck, type HealthAccessOptions } from '../operator-access/access';

/** Who sees check details (and the dashboard): an authorized caller only (default), anyone, or nobody. */
export type HealthDetails = 'when-authorized' | 'always' | 'never';

/** Throws a TypeError listing the accepted values when `details` is not one of them. */
export function assertDetails(where: string, details: unknown, accepted: readonly HealthDetails[]): void {
  if (details !== undefined && !accepted.includes(details as HealthDetails))
    throw new TypeError(`${where}: "details" must be ${accepted.map((d) => `"${d}"`).join(', ')}; got ${JSON.stringify(details)}`);
}
