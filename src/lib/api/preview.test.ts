import { afterEach, describe, expect, it } from 'vitest';
import { PREVIEW_AT_HEADER } from '../../../contract/preview.ts';
import { buildPreview, previewHeaders, provideBuildPreview, shownNow } from './preview.ts';

const AT = '2026-12-01T06:00:00.000Z';

afterEach(() => {
  provideBuildPreview(null);
});

describe('previewHeaders', () => {
  it('sends the moment and the admin token in a preview build', () => {
    provideBuildPreview({ at: AT, token: 'hemmelig' });
    expect(previewHeaders()).toEqual({
      [PREVIEW_AT_HEADER]: AT,
      Authorization: 'Bearer hemmelig',
    });
  });

  it('sends nothing in a build that is no preview', () => {
    expect(buildPreview()).toBeNull();
    expect(previewHeaders()).toEqual({});
  });
});

describe('shownNow', () => {
  it("is the preview's moment in a preview build", () => {
    provideBuildPreview({ at: AT, token: 'hemmelig' });
    expect(shownNow().toISOString()).toBe(AT);
  });

  it('is the clock otherwise', () => {
    const before = Date.now();
    const now = shownNow().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
