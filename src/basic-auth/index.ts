export { basicAuth, type BasicAuthOptions, type BasicAuthUser } from './basic-auth';
export { hashPassword, type HashPasswordOptions } from './password-hash';
