export { bearerAuth, type BearerAuthOptions } from './bearer-auth';
