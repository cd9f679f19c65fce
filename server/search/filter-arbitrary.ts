import fc from 'fast-check';
import type { FilterNode, FilterValue } from './filter-parser.ts';

/**
 * Random filter trees in the shape the parser produces, for the property tests of the
 * parser and of the SQL translation; each passes the fields and values it cares about.
 */
export function filterTreeArbitrary(
  fieldArb: fc.Arbitrary<string>,
  valueArb: fc.Arbitrary<FilterValue>,
  numberArb: fc.Arbitrary<number>,
  maxOperands: number,
): fc.Arbitrary<FilterNode> {
  return fc.letrec<{ node: FilterNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({
        type: fc.constant('equality' as const),
        field: fieldArb,
        operator: fc.constantFrom('=' as const, '!=' as const),
        value: valueArb,
      }),
      fc.record({
        type: fc.constant('comparison' as const),
        field: fieldArb,
        operator: fc.constantFrom('<' as const, '<=' as const, '>' as const, '>=' as const),
        value: numberArb,
      }),
      fc.record({
        type: fc.constant('range' as const),
        field: fieldArb,
        from: numberArb,
        to: numberArb,
      }),
      fc.record({
        type: fc.constant('in' as const),
        field: fieldArb,
        values: fc.array(valueArb, { maxLength: 4 }),
      }),
      fc.record({ type: fc.constant('exists' as const), field: fieldArb }),
      fc.record({ type: fc.constant('not' as const), operand: tie('node') }),
      fc.record({
        type: fc.constantFrom('and' as const, 'or' as const),
        operands: fc.array(tie('node'), { minLength: 2, maxLength: maxOperands }),
      }),
    ),
  })).node;
}
