/** File-based routes: the rules of spec 4.3.6 over a folder (Node, Bun) or an imported manifest (workers, Lambda). */
export { fromFileRoutes, type FileRoutesOptions } from './from-file-routes';
export { routesFromManifest, type RouteManifest, type FileRoute } from './routes-from-manifest';
export { fileRoutePath, isRouteModuleFile, routeExtensions, routeMethods, type FileRoutePath, type FileRouteMethod } from './route-path';
