// The expression language of page schemas: computed fields and rules written as text, such as
// `quantity * unitPrice`, `sum(lines, "price")` or `balancePrice == 0 ? "已回款" : "未回款"`. Evaluated the
// same in the browser and in Node, with exact decimal money arithmetic (big.js), and sandboxed: no eval or
// Function constructor, no globals, no prototypes — only scope data and the whitelisted functions.
import { compileTree } from './compile';
import { parse } from './parse';
import { ExprError, FORBIDDEN_KEYS, LIMITS, type CompiledExpr, type ExprValue, type Scope } from './types';
import { toOutput } from './values';

export { ExprError, LIMITS };
export type { CompiledExpr, ExprValue, Scope };
export { FUNCTION_NAMES } from './functions';

/** Compiled expressions by source text; schemas repeat the same few hundred texts on every save and render. */
const cache = new Map<string, CompiledExpr>();

/**
 * Parses and checks `source` once (cached by text) and compiles it to closures. Throws ExprError (Chinese
 * message) on syntax errors, unknown functions and anything outside the language.
 */
export function compileExpr(source: string): CompiledExpr {
  const hit = cache.get(source);
  if (hit) return hit;
  const { run, identifiers } = compileTree(parse(source));
  const compiled: CompiledExpr = Object.freeze({
    source,
    identifiers: Object.freeze(identifiers) as string[],
    run(scope: Scope): ExprValue {
      try {
        return toOutput(run(scope)) as ExprValue;
      } catch {
        // Bad data never breaks a page or a save: the value is simply unknown.
        return null;
      }
    },
  });
  // Oldest first out: a Map iterates in insertion order.
  if (cache.size >= LIMITS.cacheSize) cache.delete(cache.keys().next().value as string);
  cache.set(source, compiled);
  return compiled;
}

/** Compiles (cached) and runs in one step. Throws ExprError only for a bad expression, never for bad data. */
export function evalExpr(source: string, scope: Scope): ExprValue {
  return compileExpr(source).run(scope);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Words the parser reads as something other than a variable. */
const RESERVED = new Set(['this', 'true', 'false', 'null']);

/**
 * Whether `name` (a field or scope key) can be written bare in an expression and read back: ASCII letters,
 * digits, _ and $, not starting with a digit, not a literal word, not a prototype key.
 */
export function isSafeIdentifier(name: string): boolean {
  return typeof name === 'string' && IDENTIFIER.test(name) && !RESERVED.has(name) && !FORBIDDEN_KEYS.has(name);
}

/**
 * For schema loading: the message of what is wrong with `source` — a compile error, or root names not in
 * `known` (typos such as `quantiy * unitPrice`) — else null.
 */
export function checkExprAgainst(source: string, known: Set<string>): string | null {
  let compiled: CompiledExpr;
  try {
    compiled = compileExpr(source);
  } catch (err) {
    if (err instanceof ExprError) return err.message;
    throw err;
  }
  const unknown = compiled.identifiers.filter((name) => !known.has(name));
  return unknown.length ? `表达式引用了未知的名称：${unknown.join('、')}` : null;
}
