import type { Plugin } from 'vite';

/**
 * React Aria's built-in strings ("Previous", "Select", "Next"...) ship in 34 locales, each a module
 * its `intlStrings` table imports, so every screen with a calendar, a select or a table downloaded
 * them all (21 kB gzip on /timesheets/create). The portal speaks English only, so the build keeps
 * the en-US module and answers every other one with `undefined`; React Aria's dictionary drops
 * empty entries and falls back to en-US (docs/decisions/0294-route-budgets-and-chunks.md).
 */
const KEPT_LOCALE = 'en-US';

/** A locale module of React Aria: `<react-aria|react-aria-components|react-stately>/dist/.../intl/[<area>/]<ll-CC>.mjs`. */
const LOCALE_MODULE =
  /[\\/]node_modules[\\/](?:react-aria|react-aria-components|react-stately)[\\/]dist[\\/](?:.*[\\/])?intl[\\/](?:[^\\/]+[\\/])?([a-z]{2}-[A-Z]{2})\.m?js$/;

/** The locale of a React Aria string module the build drops, or null for any other module. */
export function droppedLocaleOf(id: string): string | null {
  const locale = LOCALE_MODULE.exec(id.split('?')[0] ?? id)?.[1];
  return locale && locale !== KEPT_LOCALE ? locale : null;
}

/** Vite plugin: only React Aria's en-US strings go into the build. */
export function englishUiStrings(): Plugin {
  return {
    name: 'portal-english-ui-strings',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return droppedLocaleOf(id) ? 'export default undefined;\n' : null;
    },
  };
}
