export { ipRestriction, type IpRestrictionOptions } from './ip-restriction';
export type { IpRule } from './rules';
