// The browser's language, checked: Intl rejects some tags browsers report (Chromium says
// "en-US@posix" under LANG=C.UTF-8), and a library that formats with navigator.language then
// throws at load. Such a tag is replaced by a fallback before anything formats with it.

/** The language used when the browser's is not one Intl accepts. */
export const FALLBACK_LOCALE = 'en-US';

/** True when Intl accepts `tag` as a locale. */
export function isValidLocale(tag: unknown): tag is string {
  if (typeof tag !== 'string' || tag === '') return false;
  try {
    new Intl.NumberFormat(tag);
    return true;
  } catch {
    return false;
  }
}

/** `tag` when Intl accepts it, else the fallback. */
export function safeLocale(tag: unknown): string {
  return isValidLocale(tag) ? tag : FALLBACK_LOCALE;
}

/**
 * Makes navigator.language (and navigator.languages) valid for Intl, replacing invalid tags by
 * the fallback. Returns the tag that was replaced, if any.
 */
export function guardNavigatorLocale(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): string | undefined {
  if (!nav) return undefined;
  const original = nav.language;
  const languages = Array.isArray(nav.languages) ? nav.languages.filter(isValidLocale) : [];
  const badLanguages = Array.isArray(nav.languages) && languages.length !== nav.languages.length;
  if (isValidLocale(original) && !badLanguages) return undefined;
  const language = safeLocale(original);
  const list = Object.freeze(languages.length ? languages : [language]);
  Object.defineProperty(nav, 'language', { configurable: true, get: () => language });
  Object.defineProperty(nav, 'languages', { configurable: true, get: () => list });
  return isValidLocale(original) ? undefined : String(original);
}
