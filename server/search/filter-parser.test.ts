import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterTreeArbitrary } from './filter-arbitrary.ts';
import {
  type FilterNode,
  type FilterValue,
  FilterSyntaxError,
  filterLimits,
  parseFilter,
  printFilter,
  tokenizeFilter,
} from './filter-parser.ts';

const num = (value: number): FilterValue => ({ type: 'number', value });
const str = (value: string): FilterValue => ({ type: 'string', value });
const eq = (field: string, value: FilterValue): FilterNode => ({
  type: 'equality',
  field,
  operator: '=',
  value,
});

describe('tokenizeFilter', () => {
  it('gives every token its position and ends with eof', () => {
    expect(tokenizeFilter("a>=1 AND b IN ['x y',2]")).toEqual([
      { kind: 'word', text: 'a', position: 0 },
      { kind: 'operator', text: '>=', position: 1 },
      { kind: 'word', text: '1', position: 3 },
      { kind: 'word', text: 'AND', position: 5 },
      { kind: 'word', text: 'b', position: 9 },
      { kind: 'word', text: 'IN', position: 11 },
      { kind: 'lbracket', text: '[', position: 14 },
      { kind: 'string', text: 'x y', position: 15 },
      { kind: 'comma', text: ',', position: 20 },
      { kind: 'word', text: '2', position: 21 },
      { kind: 'rbracket', text: ']', position: 22 },
      { kind: 'eof', text: '', position: 23 },
    ]);
  });
});

describe('parseFilter', () => {
  it.each<[string, FilterNode]>([
    ['GenderID = 1', eq('GenderID', num(1))],
    ['GenderID != 1', { type: 'equality', field: 'GenderID', operator: '!=', value: num(1) }],
    ['GrossPrice < 10', { type: 'comparison', field: 'GrossPrice', operator: '<', value: 10 }],
    [
      'GrossPrice <= 10.5',
      { type: 'comparison', field: 'GrossPrice', operator: '<=', value: 10.5 },
    ],
    ['GrossPrice > -3', { type: 'comparison', field: 'GrossPrice', operator: '>', value: -3 }],
    ['GrossPrice >= "7"', { type: 'comparison', field: 'GrossPrice', operator: '>=', value: 7 }],
    ['GrossPrice 1000 TO 5000', { type: 'range', field: 'GrossPrice', from: 1000, to: 5000 }],
    ['GrossPrice -1.5 to 2e3', { type: 'range', field: 'GrossPrice', from: -1.5, to: 2000 }],
    ['GenderID IN [1, 2,3]', { type: 'in', field: 'GenderID', values: [num(1), num(2), num(3)] }],
    ['GenderID IN []', { type: 'in', field: 'GenderID', values: [] }],
    [
      'GenderID NOT IN [1, x]',
      { type: 'not', operand: { type: 'in', field: 'GenderID', values: [num(1), str('x')] } },
    ],
    [
      'NOT GenderID IN [1]',
      { type: 'not', operand: { type: 'in', field: 'GenderID', values: [num(1)] } },
    ],
    ['ProductLineID EXISTS', { type: 'exists', field: 'ProductLineID' }],
    [
      'ProductLineID NOT EXISTS',
      { type: 'not', operand: { type: 'exists', field: 'ProductLineID' } },
    ],
    ['a = 1 or b = 2', { type: 'or', operands: [eq('a', num(1)), eq('b', num(2))] }],
    ['a = 1 aNd b = 2', { type: 'and', operands: [eq('a', num(1)), eq('b', num(2))] }],
    [
      'a = 1 OR b = 2 AND c = 3',
      {
        type: 'or',
        operands: [eq('a', num(1)), { type: 'and', operands: [eq('b', num(2)), eq('c', num(3))] }],
      },
    ],
    [
      '(a = 1 OR b = 2) AND c = 3',
      {
        type: 'and',
        operands: [{ type: 'or', operands: [eq('a', num(1)), eq('b', num(2))] }, eq('c', num(3))],
      },
    ],
    [
      'NOT a = 1 AND b = 2',
      {
        type: 'and',
        operands: [{ type: 'not', operand: eq('a', num(1)) }, eq('b', num(2))],
      },
    ],
    [
      'NOT (a = 1 AND b = 2)',
      {
        type: 'not',
        operand: { type: 'and', operands: [eq('a', num(1)), eq('b', num(2))] },
      },
    ],
    [
      'a = 1 AND b = 2 AND c = 3 OR d = 4',
      {
        type: 'or',
        operands: [
          { type: 'and', operands: [eq('a', num(1)), eq('b', num(2)), eq('c', num(3))] },
          eq('d', num(4)),
        ],
      },
    ],
    ['NOT NOT a = 1', { type: 'not', operand: { type: 'not', operand: eq('a', num(1)) } }],
    ['((a = 1))', eq('a', num(1))],
    ["name = 'Jordan Peele'", eq('name', str('Jordan Peele'))],
    ['name = "Tim \\"Big\\" Burton"', eq('name', str('Tim "Big" Burton'))],
    ["name = 'it\\'s'", eq('name', str("it's"))],
    ['name = "back\\\\slash"', eq('name', str('back\\slash'))],
    ['name = "1"', eq('name', str('1'))],
    ['name = "AND"', eq('name', str('AND'))],
    ['"my field" = x', eq('my field', str('x'))],
    ['colorGroups.ColorGroupID = 3', eq('colorGroups.ColorGroupID', num(3))],
    ['name = ærlig', eq('name', str('ærlig'))],
    ['a = -0', eq('a', num(0))],
    ['a = 1abc', eq('a', str('1abc'))],
  ])('parses %j', (input, expected) => {
    expect(parseFilter(input)).toEqual(expected);
  });

  it.each<[string, number]>([
    ['', 0],
    ['   ', 3],
    ['(GenderID = 1', 13],
    ['GenderID = 1)', 12],
    ['GenderID =', 10],
    ['GenderID = AND x = 1', 11],
    ['GenderID IN [1,', 15],
    ['GenderID IN [1 2]', 15],
    ['GenderID IN 1', 12],
    ['GenderID ~ 1', 9],
    ['GenderID == 1', 10],
    ['GenderID ! 1', 9],
    ['GenderID = 1 AND', 16],
    ['GenderID = 1 OR OR GenderID = 2', 16],
    ['GenderID = 1 GenderID = 2', 13],
    ['GrossPrice < abc', 13],
    ['GrossPrice > "1e999"', 13],
    ['GrossPrice 10 TO x', 17],
    ['GrossPrice x TO 10', 11],
    ['name = "unclosed', 7],
    ["name = 'unclosed\\'", 7],
    ['AND = 1', 0],
    ['NOT', 3],
    ['GenderID', 8],
    ['GenderID NOT 1', 9],
  ])('rejects %j at position %i', (input, position) => {
    let error: unknown;
    try {
      parseFilter(input);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FilterSyntaxError);
    expect((error as FilterSyntaxError).position).toBe(position);
    expect((error as FilterSyntaxError).message).toMatch(/\S/u);
  });

  it('names the found token and the position in its message', () => {
    expect(() => parseFilter('GrossPrice < cheap')).toThrow(
      "Expected a number after '<' but found 'cheap' at position 13",
    );
  });

  it('bounds nesting depth and the number of conditions', () => {
    const deep = `${'('.repeat(filterLimits.maxDepth + 1)}a = 1${')'.repeat(filterLimits.maxDepth + 1)}`;
    expect(() => parseFilter(deep)).toThrow(FilterSyntaxError);
    const many = Array.from({ length: filterLimits.maxConditions + 1 }, (_, i) => `a = ${i}`);
    expect(() => parseFilter(many.join(' OR '))).toThrow(FilterSyntaxError);
    const longList = `a IN [${many.map((_, i) => i).join(', ')}]`;
    expect(() => parseFilter(longList)).toThrow(FilterSyntaxError);
    expect(() => parseFilter(many.slice(1).join(' AND '))).not.toThrow();
  });
});

const fieldArb = fc.oneof(
  fc.constantFrom('GenderID', 'colorGroups.ColorGroupID', 'a', 'NOT', 'and', '12', 'x y'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const numberArb = fc
  .oneof(
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  )
  .map((value) => (value === 0 ? 0 : value));
const valueArb: fc.Arbitrary<FilterValue> = fc.oneof(
  numberArb.map(num),
  fc.string({ unit: 'grapheme', maxLength: 10 }).map(str),
  fc.constantFrom('IN', 'to', '"', "'", '\\', '1', ' ').map(str),
);

const filterArb = filterTreeArbitrary(fieldArb, valueArb, numberArb, 4);

describe('printFilter', () => {
  it('prints canonically', () => {
    expect(printFilter(parseFilter("a = x or not (b > 2 and c not in ['q', 1])"))).toBe(
      'a = "x" OR NOT (b > 2 AND NOT c IN ["q", 1])',
    );
  });

  it('round-trips: parse(print(tree)) deep-equals tree', () => {
    fc.assert(
      fc.property(filterArb, (tree) => {
        expect(parseFilter(printFilter(tree))).toEqual(tree);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips parsed input: parse(print(parse(x))) deep-equals parse(x)', () => {
    const input = 'NOT a = 1 AND (b = "x y" OR c 1 TO 2) OR d NOT EXISTS AND e IN [1, \'z\']';
    const tree = parseFilter(input);
    expect(parseFilter(printFilter(tree))).toEqual(tree);
  });
});

const hostile = [
  "'; DROP TABLE articles; --",
  'GenderID = 1; DROP TABLE articles',
  '1 OR 1=1',
  'GenderID = 1 OR 1=1',
  "GenderID = '1' OR '1'='1'",
  'GenderID = "\u0000"',
  'Gender\u0000ID = 1',
  'GenderID IN [1, "); DELETE FROM articles; --"]',
  'ørn = "blåbær" AND 🙂 EXISTS',
  '\\',
  '"\\',
  '[[[[',
  ']',
];

describe('parseFilter on arbitrary input', () => {
  it('either parses or throws FilterSyntaxError, never anything else', () => {
    const mutated = fc
      .tuple(filterArb.map(printFilter), fc.nat(), fc.string({ unit: 'binary', maxLength: 3 }))
      .map(([text, at, insert]) => {
        const index = at % (text.length + 1);
        return text.slice(0, index) + insert + text.slice(index + 1);
      });
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...hostile), mutated),
        (input) => {
          try {
            const tree = parseFilter(input);
            expect(parseFilter(printFilter(tree))).toEqual(tree);
          } catch (error) {
            expect(error).toBeInstanceOf(FilterSyntaxError);
            const { position } = error as FilterSyntaxError;
            expect(position).toBeGreaterThanOrEqual(0);
            expect(position).toBeLessThanOrEqual(input.length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
