import { describe, expect, it } from 'vitest';
import { osloInstant, osloLocal, parseKroner, readForm, toInput } from './campaign-form.ts';

describe('campaign form', () => {
  it('reads Norwegian wall times in winter and summer and back', () => {
    expect(osloInstant('2026-12-01T00:00')).toBe('2026-11-30T23:00:00.000Z');
    expect(osloInstant('2026-07-01T12:30')).toBe('2026-07-01T10:30:00.000Z');
    expect(osloLocal('2026-11-30T23:00:00.000Z')).toBe('2026-12-01T00:00');
    expect(osloInstant('2026-02-30T10:00')).toBeNull();
    expect(osloInstant('i morgen')).toBeNull();
  });

  it('reads kroner as typed', () => {
    expect(parseKroner('199')).toBe(19900);
    expect(parseKroner('1 499,50 kr')).toBe(149950);
    expect(parseKroner('gratis')).toBeNull();
    expect(parseKroner('-5')).toBeNull();
  });

  it('keeps what was typed and names each wrong field', () => {
    const form = readForm(
      new URLSearchParams([
        ['name', 'Julekupp'],
        ['labelText', 'Kupp'],
        ['start', '2026-12-02T00:00'],
        ['end', '2026-12-01T00:00'],
        ['articleId', '7'],
        ['articleName', 'Ullgenser'],
        ['price', 'billig'],
      ]),
    );
    expect(form.items).toEqual([{ articleId: '7', name: 'Ullgenser', price: 'billig' }]);
    const checked = toInput(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['end', 'items.0.price']);
  });

  it('makes the API’s body from a good form', () => {
    const checked = toInput({
      name: 'Julekupp',
      shortDescription: '',
      labelText: 'Kupp',
      start: '2026-12-01T00:00',
      end: '2026-12-08T00:00',
      items: [{ articleId: '7', name: 'Ullgenser', price: '199,50' }],
    });
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Julekupp',
        shortDescription: '',
        labelText: 'Kupp',
        start: '2026-11-30T23:00:00.000Z',
        end: '2026-12-07T23:00:00.000Z',
        items: [{ articleId: 7, price: 19950, labelType: 'price', labelData: {} }],
      },
    });
  });
});
