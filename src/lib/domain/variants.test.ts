import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceFromQuery,
  choiceToQuery,
  colorOptions,
  pickColor,
  shopsWithStock,
  sizeOptions,
  variantFor,
  withLiveStock,
  type PickerVariant,
} from './variants.ts';

const colors = {
  red: { id: 1, name: 'Rød', hex: '#c00000', image: '/r.svg' },
  blue: { id: 2, name: 'Marineblå', hex: '#002', image: '/b.svg' },
};

function v(
  id: number,
  color: keyof typeof colors,
  size: string,
  availability: number,
): PickerVariant {
  return {
    id,
    ean: `ean${id}`,
    availability,
    shops: [{ id: 55, qty: availability }],
    size: { id: Number.parseInt(size, 36), name: size },
    color: colors[color],
  };
}

// Red: S sold out, M and L available. Blue: only M, sold out.
const variants = [
  v(1, 'red', 'S', 0),
  v(2, 'red', 'M', 2),
  v(3, 'red', 'L', 1),
  v(4, 'blue', 'M', 0),
];
const q = (s: string) => new URLSearchParams(s);

describe('options', () => {
  it('offers only colours and sizes with availability above 0', () => {
    expect(colorOptions(variants).map((c) => [c.slug, c.offered])).toEqual([
      ['rod', true],
      ['marinebla', false],
    ]);
    expect(sizeOptions(variants, 1).map((s) => [s.name, s.offered])).toEqual([
      ['S', false],
      ['M', true],
      ['L', true],
    ]);
    expect(sizeOptions(variants, 2).map((s) => s.offered)).toEqual([false]);
  });

  it('follows live stock', () => {
    const live = withLiveStock(variants, [{ id: 1, availability: 3, shops: [{ id: 4, qty: 2 }] }]);
    expect(sizeOptions(live, 1)[0]?.offered).toBe(true);
    expect(shopsWithStock(live[0] as PickerVariant)).toEqual([{ shopId: 4, qty: 2 }]);
    expect(live[1]).toBe(variants[1]);
  });
});

describe('choice and URL', () => {
  it('reads an offered choice from the query', () => {
    expect(choiceFromQuery(variants, q('farge=rod&storrelse=l'))).toEqual({
      colorId: 1,
      sizeId: 21,
    });
  });

  it('ignores sold-out or unknown values: first offered colour, open size', () => {
    expect(choiceFromQuery(variants, q('farge=marinebla&storrelse=S'))).toEqual({
      colorId: 1,
      sizeId: null,
    });
  });

  it('picks the only offered size by itself', () => {
    const one = [v(1, 'red', 'S', 0), v(2, 'red', 'M', 1)];
    expect(choiceFromQuery(one, q(''))).toEqual({ colorId: 1, sizeId: 22 });
  });

  it('keeps the size across a colour change only when offered there', () => {
    expect(pickColor(variants, { colorId: 1, sizeId: 22 }, 2)).toEqual({
      colorId: 2,
      sizeId: null,
    });
  });

  it('round-trips every offered choice through the query, keeping other parameters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...variants.filter((x) => x.availability > 0)), (chosen) => {
        const choice = { colorId: chosen.color.id, sizeId: chosen.size.id };
        const query = choiceToQuery(variants, choice, q('utm=x'));
        expect(query.get('utm')).toBe('x');
        expect(choiceFromQuery(variants, query)).toEqual(choice);
        expect(variantFor(variants, choice)).toBe(chosen);
      }),
    );
  });

  it('removes an open size from the query', () => {
    expect(choiceToQuery(variants, { colorId: 1, sizeId: null }, q('storrelse=M')).toString()).toBe(
      'farge=rod',
    );
  });
});
