/** `fw/jsx-dev-runtime`: what compilers import in development mode (Vite, vitest); the same elements as `fw/jsx-runtime`. */
export { jsxDEV, Fragment, type JSX } from './jsx-runtime';
