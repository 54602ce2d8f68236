import { describe, expect, it } from '@jest/globals';
import { droppedLocaleOf } from './english-ui-strings';

const nm = '/repo/node_modules';

describe('the React Aria strings the web build keeps', () => {
  it('drops every locale module of react-aria, react-aria-components and react-stately but en-US', () => {
    expect(droppedLocaleOf(`${nm}/react-aria/dist/private/intl/calendar/de-DE.mjs`)).toBe('de-DE');
    expect(droppedLocaleOf(`${nm}/react-aria-components/dist/private/intl/zh-TW.mjs`)).toBe('zh-TW');
    expect(droppedLocaleOf(`${nm}/react-stately/dist/private/intl/datepicker/sr-SP.mjs`)).toBe('sr-SP');
    expect(droppedLocaleOf(`${nm}/react-aria/dist/private/intl/calendar/en-US.mjs`)).toBeNull();
  });

  it('leaves the string tables and every other module alone', () => {
    expect(droppedLocaleOf(`${nm}/react-aria/dist/private/calendar/intlStrings.mjs`)).toBeNull();
    expect(droppedLocaleOf(`${nm}/date-fns/locale/de-DE.js`)).toBeNull();
    expect(droppedLocaleOf('/repo/web/src/intl/de-DE.mjs')).toBeNull();
  });
});
