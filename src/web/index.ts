export { trustProxy, type TrustProxyOptions } from './trust-proxy';
export { rangeRequests, type RangeRequestsOptions } from './range-requests';
export { domainRouting, domainRoute, type DomainRoute, type FetchTarget } from './domain-routing';
