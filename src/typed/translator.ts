/** `createTypedTranslator`: message lookup whose keys and `{placeholder}` parameters are checked by TypeScript. */

/** The `{name}` placeholders of a message, as a union of names. */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters a message needs: an object with one value per placeholder, or nothing when it has none. */
export type MessageParams<S extends string> = [Placeholders<S>] extends [never] ? [] : [params: Record<Placeholders<S>, string | number>];

/** A translator over dictionaries shaped like the base locale's. */
export interface TypedTranslator<Locales extends string, Messages extends Record<string, string>> {
  /** The message of `key` in `locale` (falling back to the base locale), with its placeholders filled. */
  t<K extends keyof Messages & string>(locale: Locales, key: K, ...params: MessageParams<Messages[K]>): string;
  /** A translator bound to one locale. */
  forLocale(locale: Locales): <K extends keyof Messages & string>(key: K, ...params: MessageParams<Messages[K]>) => string;
  /** The locales known, base first. */
  locales: Locales[];
}

/**
 * Builds a translator from dictionaries keyed by locale; `base` names the locale whose messages define the keys and
 * placeholders (the dictionaries are read as literal types, so `{name}` placeholders are checked). Other locales may
 * leave keys out (the base message is used) but may not add keys. Unknown locales, unknown keys and missing parameters are errors.
 */
export function createTypedTranslator<const D extends Record<string, Record<string, string>>, B extends keyof D & string>(
  dictionaries: D,
  options: { base: B },
): TypedTranslator<keyof D & string, D[B]> {
  const all = dictionaries as Record<string, Record<string, string | undefined>>;
  const base = options.base;
  if (!all[base]) throw new Error(`createTypedTranslator: no dictionary for the base locale "${base}"`);
  for (const [locale, messages] of Object.entries(all)) {
    for (const key of Object.keys(messages))
      if (!(key in all[base])) throw new Error(`createTypedTranslator: "${locale}" has the key "${key}" that "${base}" lacks`);
  }
  const t = (locale: string, key: string, params?: Record<string, string | number>): string => {
    const messages = all[locale];
    if (!messages) throw new Error(`translator: unknown locale "${locale}" (known: ${Object.keys(all).join(', ')})`);
    const message = messages[key] ?? all[base][key];
    if (message === undefined) throw new Error(`translator: unknown message key "${key}"`);
    return message.replace(/\{([^{}]+)\}/g, (_, name: string) => {
      const value = params?.[name];
      if (value === undefined) throw new Error(`translator: message "${key}" needs the parameter "${name}"`);
      return String(value);
    });
  };
  type Result = TypedTranslator<keyof D & string, D[B]>;
  return {
    t: t as Result['t'],
    forLocale: (locale) =>
      ((key: string, params?: Record<string, string | number>) => t(locale, key, params)) as ReturnType<Result['forLocale']>,
    locales: [base, ...Object.keys(all).filter((l) => l !== base)] as (keyof D & string)[],
  };
}
