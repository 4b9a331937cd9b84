export { languageDetector } from './detector';
export { lookupLanguage } from './lookup';
export type { LanguageDetectorOptions, LanguageSource } from './options';
