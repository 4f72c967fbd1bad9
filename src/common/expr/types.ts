// Shared types, limits and the one error class of the expression language (src/common/expr).

/** What an expression yields to its caller: JSON-like data only (decimals already turned into JS numbers). */
export type ExprValue = number | string | boolean | null | ExprValue[] | { [k: string]: ExprValue };

/**
 * The variables an expression sees: a record's fields, `lines`, `picked`, `input`, `$today`… Only the
 * object's own properties are visible, never its prototype.
 */
export type Scope = Readonly<Record<string, unknown>>;

/** A parsed and checked expression, compiled once to closures and shared through the cache. */
export interface CompiledExpr {
  readonly source: string;
  /**
   * Root variable names the expression reads (`quantity * unitPrice` → quantity, unitPrice), in order of
   * first use. Frozen at runtime because compiled expressions are shared by the cache.
   */
  readonly identifiers: string[];
  /** Evaluates over `scope`. Never throws: bad data gives null. */
  run(scope: Scope): ExprValue;
}

/**
 * A problem with the expression text itself (syntax, unknown function, forbidden construct). Thrown only
 * while compiling; the Chinese message is meant for the schema author.
 */
export class ExprError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExprError';
  }
}

/** Bounds that keep a hostile or runaway schema from costing the server much. */
export const LIMITS = {
  /** Characters of source text. */
  maxLength: 500,
  /** Nesting depth of the syntax tree (a flat `a + b + … ` chain counts one level per operator). */
  maxDepth: 100,
  /** Compiled expressions kept by source text. */
  cacheSize: 2000,
  /** Digits a numeric string may have and still count as a number (huge digit strings would make decimal math slow). */
  maxNumericStringLength: 40,
  /** Decimal places kept by division. */
  divisionPlaces: 10,
} as const;

/** Keys that could reach an object's prototype machinery; refused anywhere in an expression. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
