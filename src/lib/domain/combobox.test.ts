import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comboboxReducer, initialCombobox, type ComboboxEvent } from './combobox.ts';

const withResults = (count: number) =>
  comboboxReducer(initialCombobox, { type: 'results', count, focused: true });

describe('comboboxReducer', () => {
  it('opens on results while focused, with no active option', () => {
    expect(withResults(3)).toEqual({ open: true, count: 3, active: -1 });
  });

  it('stays closed on results without focus or without options', () => {
    expect(
      comboboxReducer(initialCombobox, { type: 'results', count: 3, focused: false }).open,
    ).toBe(false);
    expect(withResults(0).open).toBe(false);
  });

  it('ArrowDown moves through the options and wraps', () => {
    let s = withResults(2);
    s = comboboxReducer(s, { type: 'down' });
    expect(s.active).toBe(0);
    s = comboboxReducer(s, { type: 'down' });
    expect(s.active).toBe(1);
    s = comboboxReducer(s, { type: 'down' });
    expect(s.active).toBe(0);
  });

  it('ArrowUp from none or the first goes to the last', () => {
    let s = withResults(3);
    s = comboboxReducer(s, { type: 'up' });
    expect(s.active).toBe(2);
    s = comboboxReducer(s, { type: 'up' });
    expect(s.active).toBe(1);
  });

  it('ArrowDown reopens a closed popup that has options', () => {
    const closed = comboboxReducer(withResults(2), { type: 'close' });
    expect(closed).toEqual({ open: false, count: 2, active: -1 });
    expect(comboboxReducer(closed, { type: 'down' })).toEqual({ open: true, count: 2, active: 0 });
  });

  it('arrows do nothing without options', () => {
    expect(comboboxReducer(initialCombobox, { type: 'down' })).toBe(initialCombobox);
    expect(comboboxReducer(initialCombobox, { type: 'up' })).toBe(initialCombobox);
  });

  it('pointing selects only existing options of an open popup', () => {
    const s = withResults(2);
    expect(comboboxReducer(s, { type: 'point', index: 1 }).active).toBe(1);
    expect(comboboxReducer(s, { type: 'point', index: 5 })).toBe(s);
    expect(
      comboboxReducer(comboboxReducer(s, { type: 'close' }), { type: 'point', index: 0 }).active,
    ).toBe(-1);
  });

  it('never has an active option outside the list or while closed', () => {
    const event = fc.oneof(
      fc.record({
        type: fc.constant('results' as const),
        count: fc.integer({ min: -2, max: 8 }),
        focused: fc.boolean(),
      }),
      fc.constant({ type: 'down' as const }),
      fc.constant({ type: 'up' as const }),
      fc.constant({ type: 'close' as const }),
      fc.record({ type: fc.constant('point' as const), index: fc.integer({ min: -2, max: 10 }) }),
    );
    fc.assert(
      fc.property(fc.array(event as fc.Arbitrary<ComboboxEvent>), (events) => {
        const s = events.reduce(comboboxReducer, initialCombobox);
        return s.active >= -1 && s.active < s.count && (s.open || s.active === -1);
      }),
    );
  });
});
