/**
 * Parser for Meilisearch's filter expression syntax, e.g.
 * `GenderID IN [1, 2] AND (GrossPrice 10000 TO 50000 OR NOT colorGroups.ColorGroupID = 3)`.
 *
 * Grammar (keywords case-insensitive; AND binds tighter than OR, NOT tighter than AND):
 *
 *   filter     := or EOF
 *   or         := and ("OR" and)*
 *   and        := not ("AND" not)*
 *   not        := "NOT" not | primary
 *   primary    := "(" or ")" | condition
 *   condition  := field ( ("=" | "!=") value
 *                       | ("<" | "<=" | ">" | ">=") number
 *                       | number "TO" number
 *                       | "NOT"? "IN" "[" (value ("," value)*)? "]"
 *                       | "NOT"? "EXISTS" )
 *   field      := word | quoted
 *   value      := word | quoted | number
 *
 * A quoted string uses single or double quotes; a backslash makes the next character
 * literal. Positions are zero-based UTF-16 offsets into the input (what JavaScript's
 * string indexing counts), so a browser can point at the offending character directly.
 */

/** The comparison operators that take any value. */
export type EqualityOperator = '=' | '!=';
/** The comparison operators that take only a number. */
export type OrderOperator = '<' | '<=' | '>' | '>=';

/** A literal in a filter: a quoted string or bare word, or a number. */
export type FilterValue = { type: 'string'; value: string } | { type: 'number'; value: number };

/** `field = value` or `field != value`. */
export interface EqualityNode {
  type: 'equality';
  field: string;
  operator: EqualityOperator;
  value: FilterValue;
}
/** `field < n`, `<=`, `>`, `>=`: numbers only. */
export interface ComparisonNode {
  type: 'comparison';
  field: string;
  operator: OrderOperator;
  value: number;
}
/** `field from TO to`: inclusive on both ends, numbers only. */
export interface RangeNode {
  type: 'range';
  field: string;
  from: number;
  to: number;
}
/** `field IN [a, b]` (`NOT IN` parses as a `not` around it). */
export interface InNode {
  type: 'in';
  field: string;
  values: FilterValue[];
}
/** `field EXISTS` (`NOT EXISTS` parses as a `not` around it). */
export interface ExistsNode {
  type: 'exists';
  field: string;
}
/** `NOT operand`. */
export interface NotNode {
  type: 'not';
  operand: FilterNode;
}
/** Operands joined by AND or OR: always two or more; a parenthesised group stays a child. */
export interface LogicalNode {
  type: 'and' | 'or';
  operands: FilterNode[];
}
/** A condition: the leaves of a filter tree. */
export type ConditionNode = EqualityNode | ComparisonNode | RangeNode | InNode | ExistsNode;
/** A node of a parsed filter. */
export type FilterNode = ConditionNode | NotNode | LogicalNode;

/** A malformed filter: `position` is the zero-based offset of the offending character. */
export class FilterSyntaxError extends Error {
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'FilterSyntaxError';
    this.position = position;
  }
}

/** Kinds of lexical tokens. */
export type FilterTokenKind =
  'word' | 'string' | 'operator' | 'lparen' | 'rparen' | 'lbracket' | 'rbracket' | 'comma' | 'eof';

/** A lexical token. `text` is the unescaped content for strings, the source text otherwise. */
export interface FilterToken {
  kind: FilterTokenKind;
  text: string;
  position: number;
}

/** Bounds that keep a hostile filter from exhausting the stack or SQLite's limits. */
export const filterLimits = { maxDepth: 64, maxConditions: 1000 } as const;

const keywords = new Set(['AND', 'OR', 'NOT', 'TO', 'IN', 'EXISTS']);
const punctuation: Readonly<Record<string, FilterTokenKind>> = {
  '(': 'lparen',
  ')': 'rparen',
  '[': 'lbracket',
  ']': 'rbracket',
  ',': 'comma',
};
const wordBreak = /[\s()[\],'"=<>!]/u;
const bareWord = /^[^\s()[\],'"=<>!]+$/u;
const numberSyntax = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/u;

/** Splits a filter into tokens; the last one is always `eof` at `input.length`. */
export function tokenizeFilter(input: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let index = 0;
  while (index < input.length) {
    const char = input.charAt(index);
    if (/\s/u.test(char)) {
      index += 1;
      continue;
    }
    const single = punctuation[char];
    if (single !== undefined) {
      tokens.push({ kind: single, text: char, position: index });
      index += 1;
    } else if (char === '"' || char === "'") {
      index = readQuoted(input, index, tokens);
    } else if (char === '=' || char === '<' || char === '>' || char === '!') {
      const twoChar = input.charAt(index + 1) === '=' && char !== '=';
      if (char === '!' && !twoChar) {
        throw new FilterSyntaxError(`Expected '=' after '!' at position ${index}`, index);
      }
      const text = twoChar ? `${char}=` : char;
      tokens.push({ kind: 'operator', text, position: index });
      index += text.length;
    } else {
      const start = index;
      while (index < input.length && !wordBreak.test(input.charAt(index))) index += 1;
      tokens.push({ kind: 'word', text: input.slice(start, index), position: start });
    }
  }
  tokens.push({ kind: 'eof', text: '', position: input.length });
  return tokens;
}

function readQuoted(input: string, start: number, tokens: FilterToken[]): number {
  const quote = input.charAt(start);
  let text = '';
  let index = start + 1;
  while (index < input.length) {
    const char = input.charAt(index);
    if (char === quote) {
      tokens.push({ kind: 'string', text, position: start });
      return index + 1;
    }
    if (char === '\\' && index + 1 < input.length) {
      text += input.charAt(index + 1);
      index += 2;
    } else {
      text += char;
      index += 1;
    }
  }
  throw new FilterSyntaxError(
    `Unclosed quote: the string starting at position ${start} has no closing ${quote}`,
    start,
  );
}

/** The keyword a token spells (upper case), or undefined. Quoted strings are never keywords. */
function keywordOf(token: FilterToken): string | undefined {
  if (token.kind !== 'word') return undefined;
  const upper = token.text.toUpperCase();
  return keywords.has(upper) ? upper : undefined;
}

/** The number a filter literal spells, or undefined when it is not a finite number. */
export function filterNumber(text: string): number | undefined {
  if (!numberSyntax.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  // -0 and 0 filter alike; one spelling keeps parse(print(x)) stable.
  return value === 0 ? 0 : value;
}

function describe(token: FilterToken): string {
  if (token.kind === 'eof') return 'end of input';
  if (token.kind === 'string') return `quoted string ${JSON.stringify(token.text)}`;
  return `'${token.text}'`;
}

// Positions of condition nodes, kept beside the tree so that trees compare by content alone
// while the SQL translator can still point at an unknown field.
const fieldPositions = new WeakMap<FilterNode, number>();

/** Where the field of a parsed condition starts in its filter string, if known. */
export function fieldPosition(node: FilterNode): number | undefined {
  return fieldPositions.get(node);
}

class Parser {
  private readonly tokens: FilterToken[];
  private index = 0;
  private depth = 0;
  private conditions = 0;

  constructor(input: string) {
    this.tokens = tokenizeFilter(input);
  }

  parse(): FilterNode {
    const node = this.parseOr();
    const next = this.peek();
    if (next.kind !== 'eof') {
      const message =
        next.kind === 'rparen'
          ? `Unexpected ')' at position ${next.position}: no parenthesis is open`
          : `Expected AND, OR or end of input but found ${describe(next)} at position ${next.position}`;
      throw new FilterSyntaxError(message, next.position);
    }
    return node;
  }

  private peek(offset = 0): FilterToken {
    // The eof token is last and never consumed, so clamping keeps every read in bounds.
    const token = this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
    if (token === undefined) throw new Error('Tokenizer produced no eof token');
    return token;
  }

  private next(): FilterToken {
    const token = this.peek();
    if (token.kind !== 'eof') this.index += 1;
    return token;
  }

  private isKeyword(keyword: string, offset = 0): boolean {
    return keywordOf(this.peek(offset)) === keyword;
  }

  private parseOr(): FilterNode {
    const operands = [this.parseAnd()];
    while (this.isKeyword('OR')) {
      this.next();
      operands.push(this.parseAnd());
    }
    return operands.length === 1 && operands[0] !== undefined
      ? operands[0]
      : { type: 'or', operands };
  }

  private parseAnd(): FilterNode {
    const operands = [this.parseNot()];
    while (this.isKeyword('AND')) {
      this.next();
      operands.push(this.parseNot());
    }
    return operands.length === 1 && operands[0] !== undefined
      ? operands[0]
      : { type: 'and', operands };
  }

  private enter(token: FilterToken): void {
    this.depth += 1;
    if (this.depth > filterLimits.maxDepth) {
      throw new FilterSyntaxError(
        `Filter nests deeper than ${filterLimits.maxDepth} levels at position ${token.position}`,
        token.position,
      );
    }
  }

  /** Counts a condition (or a value of an IN list, which stands for one). */
  private countCondition(token: FilterToken): void {
    this.conditions += 1;
    if (this.conditions > filterLimits.maxConditions) {
      throw new FilterSyntaxError(
        `Filter has more than ${filterLimits.maxConditions} conditions at position ${token.position}`,
        token.position,
      );
    }
  }

  private parseNot(): FilterNode {
    const token = this.peek();
    if (keywordOf(token) === 'NOT') {
      this.next();
      this.enter(token);
      const operand = this.parseNot();
      this.depth -= 1;
      return { type: 'not', operand };
    }
    if (token.kind === 'lparen') {
      this.next();
      this.enter(token);
      const inner = this.parseOr();
      const close = this.next();
      if (close.kind !== 'rparen') {
        throw new FilterSyntaxError(
          `Expected ')' to close the parenthesis opened at position ${token.position} but found ${describe(close)} at position ${close.position}`,
          close.position,
        );
      }
      this.depth -= 1;
      return inner;
    }
    return this.parseCondition();
  }

  private parseCondition(): FilterNode {
    const fieldToken = this.next();
    if ((fieldToken.kind !== 'word' && fieldToken.kind !== 'string') || keywordOf(fieldToken)) {
      throw new FilterSyntaxError(
        `Expected a condition (a field name, NOT or '(') but found ${describe(fieldToken)} at position ${fieldToken.position}`,
        fieldToken.position,
      );
    }
    this.countCondition(fieldToken);
    const field = fieldToken.text;
    const token = this.peek();
    if (keywordOf(token) === 'NOT' && (this.isKeyword('IN', 1) || this.isKeyword('EXISTS', 1))) {
      this.next();
      const operand = this.parseOperation(field, this.peek());
      fieldPositions.set(operand, fieldToken.position);
      return { type: 'not', operand };
    }
    const condition = this.parseOperation(field, token);
    fieldPositions.set(condition, fieldToken.position);
    return condition;
  }

  private parseOperation(field: string, token: FilterToken): ConditionNode {
    const keyword = keywordOf(token);
    if (token.kind === 'operator') {
      this.next();
      const context = `after '${token.text}'`;
      if (token.text === '=' || token.text === '!=') {
        return { type: 'equality', field, operator: token.text, value: this.parseValue(context) };
      }
      const operator = token.text as OrderOperator;
      return {
        type: 'comparison',
        field,
        operator,
        value: this.expectNumber(this.next(), context),
      };
    }
    if (keyword === 'IN') {
      this.next();
      return { type: 'in', field, values: this.parseList() };
    }
    if (keyword === 'EXISTS') {
      this.next();
      return { type: 'exists', field };
    }
    if ((token.kind === 'word' || token.kind === 'string') && !keyword && this.isKeyword('TO', 1)) {
      const from = this.expectNumber(this.next(), "before 'TO'");
      this.next();
      const to = this.expectNumber(this.next(), "after 'TO'");
      return { type: 'range', field, from, to };
    }
    throw new FilterSyntaxError(
      `Expected an operator (=, !=, <, <=, >, >=, TO, IN, NOT IN, EXISTS, NOT EXISTS) after field '${field}' but found ${describe(token)} at position ${token.position}`,
      token.position,
    );
  }

  private parseValue(context: string): FilterValue {
    const token = this.next();
    if (token.kind === 'string') return { type: 'string', value: token.text };
    if (token.kind === 'word' && !keywordOf(token)) {
      const value = filterNumber(token.text);
      return value === undefined
        ? { type: 'string', value: token.text }
        : { type: 'number', value };
    }
    throw new FilterSyntaxError(
      `Expected a value ${context} but found ${describe(token)} at position ${token.position}`,
      token.position,
    );
  }

  private expectNumber(token: FilterToken, context: string): number {
    // A quoted number is still a number, as in Meilisearch; words and other strings are not.
    const value =
      token.kind === 'string' || (token.kind === 'word' && !keywordOf(token))
        ? filterNumber(token.text)
        : undefined;
    if (value === undefined) {
      throw new FilterSyntaxError(
        `Expected a number ${context} but found ${describe(token)} at position ${token.position}`,
        token.position,
      );
    }
    return value;
  }

  private parseList(): FilterValue[] {
    const open = this.next();
    if (open.kind !== 'lbracket') {
      throw new FilterSyntaxError(
        `Expected '[' after 'IN' but found ${describe(open)} at position ${open.position}`,
        open.position,
      );
    }
    const values: FilterValue[] = [];
    if (this.peek().kind === 'rbracket') {
      this.next();
      return values;
    }
    const context = `in the list opened at position ${open.position}`;
    for (;;) {
      if (values.length > 0) this.countCondition(this.peek());
      values.push(this.parseValue(context));
      const separator = this.next();
      if (separator.kind === 'rbracket') return values;
      if (separator.kind !== 'comma') {
        throw new FilterSyntaxError(
          `Expected ',' or ']' ${context} but found ${describe(separator)} at position ${separator.position}`,
          separator.position,
        );
      }
    }
  }
}

/**
 * Parses a Meilisearch filter expression into a tree.
 * @throws FilterSyntaxError for any malformed input, including an empty one.
 */
export function parseFilter(input: string): FilterNode {
  return new Parser(input).parse();
}

function printLiteral(text: string): string {
  return `"${text.replace(/[\\"]/gu, (char) => `\\${char}`)}"`;
}

function printField(field: string): string {
  const plain =
    bareWord.test(field) && !keywords.has(field.toUpperCase()) && filterNumber(field) === undefined;
  return plain ? field : printLiteral(field);
}

function printValue(value: FilterValue): string {
  return value.type === 'number' ? String(value.value) : printLiteral(value.value);
}

function printOperand(node: FilterNode): string {
  const text = printFilter(node);
  return node.type === 'and' || node.type === 'or' ? `(${text})` : text;
}

/**
 * Prints a filter tree in canonical form: strings double-quoted, keywords upper case,
 * groups parenthesised, so that `parseFilter(printFilter(tree))` deep-equals `tree`.
 */
export function printFilter(node: FilterNode): string {
  switch (node.type) {
    case 'and':
    case 'or':
      return node.operands.map(printOperand).join(node.type === 'and' ? ' AND ' : ' OR ');
    case 'not':
      return `NOT ${printOperand(node.operand)}`;
    case 'equality':
      return `${printField(node.field)} ${node.operator} ${printValue(node.value)}`;
    case 'comparison':
      return `${printField(node.field)} ${node.operator} ${String(node.value)}`;
    case 'range':
      return `${printField(node.field)} ${String(node.from)} TO ${String(node.to)}`;
    case 'in':
      return `${printField(node.field)} IN [${node.values.map(printValue).join(', ')}]`;
    case 'exists':
      return `${printField(node.field)} EXISTS`;
  }
}
