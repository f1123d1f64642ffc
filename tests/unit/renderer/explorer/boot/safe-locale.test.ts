// The locale guard: tags Intl rejects (what Chromium reports under LANG=C.UTF-8) are replaced
// before a library formats with navigator.language; valid ones are left alone.
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, guardNavigatorLocale, isValidLocale, safeLocale } from '../../../../../src/renderer/explorer/boot';

function fakeNavigator(language: string, languages: string[]): Navigator {
  return { language, languages } as unknown as Navigator;
}

describe('safe locale', () => {
  it('tells valid tags from the ones Intl rejects', () => {
    expect(isValidLocale('de-CH')).toBe(true);
    expect(isValidLocale('en-US@posix')).toBe(false);
    expect(isValidLocale('')).toBe(false);
    expect(isValidLocale(undefined)).toBe(false);
    expect(safeLocale('en-US@posix')).toBe(FALLBACK_LOCALE);
    expect(safeLocale('fr')).toBe('fr');
  });

  it('replaces an invalid navigator.language so Intl.NumberFormat(navigator.language) works', () => {
    const nav = fakeNavigator('en-US@posix', ['en-US@posix']);
    expect(() => new Intl.NumberFormat(nav.language)).toThrow(RangeError);
    expect(guardNavigatorLocale(nav)).toBe('en-US@posix');
    expect(nav.language).toBe('en-US');
    expect(nav.languages).toEqual(['en-US']);
    expect(new Intl.NumberFormat(nav.language).format(1234.5)).toBe('1,234.5');
  });

  it('leaves a valid language alone and drops only invalid entries of languages', () => {
    const ok = fakeNavigator('de-DE', ['de-DE', 'en']);
    expect(guardNavigatorLocale(ok)).toBeUndefined();
    expect(ok.language).toBe('de-DE');
    const mixed = fakeNavigator('de-DE', ['de-DE', 'en-US@posix']);
    expect(guardNavigatorLocale(mixed)).toBeUndefined();
    expect(mixed.language).toBe('de-DE');
    expect(mixed.languages).toEqual(['de-DE']);
  });
});
