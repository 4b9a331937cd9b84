/** Dev-time tooling (Node): project analysis, the doctor, version checks, the routes manifest build step. Never bundled into a worker. */
export { analyzeSource, parseRoutesFromSource, type SourceAnalysis, type SourceRoute } from './analyze-source';
export { analyzeProject, type ProjectAnalysis } from './analyze-project';
export { findSourceFiles } from './find-source-files';
export { runDoctor, type DoctorCheck, type DoctorReport, type DoctorOptions } from './doctor';
export { compareVersions, parseVersion, versionFromRange, satisfiesRange, type ParsedVersion } from './versions';
export { writeRouteManifest, routeManifestSource, type RouteManifestOptions } from './route-manifest';
export { fetchLatestVersion, checkForUpdates, upgradeProject, type RegistryOptions, type UpdateInfo } from './npm-registry';
export { generateStaticSite, listStaticFiles, staticFileFor, type StaticSiteOptions, type StaticPage } from './static-site';
export { HotReloader, type HotReloaderOptions } from './hot-reloader';
