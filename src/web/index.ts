export { trustProxy, type TrustProxyOptions } from './trust-proxy';
export { assignPeerAddress, peerAddress } from './peer-address';
export { rangeRequests, type RangeRequestsOptions } from './range-requests';
export { domainRouting, domainRoute, type DomainRoute, type FetchTarget } from './domain-routing';
