export { cors, corsPlugin, type CorsOptions, type CorsOrigin } from './cors';
