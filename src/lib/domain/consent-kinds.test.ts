import { describe, expect, it } from 'vitest';
import { vendorScriptUrl } from './consent-kinds.ts';

describe('vendorScriptUrl', () => {
  it('names each vendor script with its id where it takes one', () => {
    expect(vendorScriptUrl('analytics', 'G-AB1')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-AB1',
    );
    expect(vendorScriptUrl('tagManager', 'GTM-X&Y')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-X%26Y',
    );
    expect(vendorScriptUrl('pixel', '123')).toBe('https://connect.facebook.net/en_US/fbevents.js');
  });
});
