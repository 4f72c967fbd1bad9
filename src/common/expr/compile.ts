// Syntax tree → a tree of closures, built once per expression text; running it walks no tree and looks
// nothing up by name except scope fields. Only the node types, operators and functions listed here exist:
// everything else (this, assignment, new, member calls, computed member keys, regex, plugin nodes) is
// refused with an ExprError while compiling, so nothing in schema text can reach globals or prototypes.
import type Big from 'big.js';
import { FUNCTIONS, IF_FUNCTION } from './functions';
import type { Node } from './parse';
import { ExprError, FORBIDDEN_KEYS, LIMITS, type Scope } from './types';
import { arith, compare, decimalOf, Dec, equals, own, textOf, truthy } from './values';

/** A compiled piece of expression; its result is an internal value (see values.ts). */
export type Run = (scope: Scope) => unknown;

export interface Compiled {
  run: Run;
  /** Root variable names read, in order of first use. */
  identifiers: string[];
}

export function compileTree(root: Node): Compiled {
  const ids = new Set<string>();
  const run = compileNode(root, 1, ids);
  return { run, identifiers: [...ids] };
}

function refuseKey(key: string): void {
  if (FORBIDDEN_KEYS.has(key)) throw new ExprError(`表达式中不能使用“${key}”`);
}

function compileNode(node: Node, depth: number, ids: Set<string>): Run {
  if (depth > LIMITS.maxDepth) throw new ExprError(`表达式嵌套过深（最多 ${LIMITS.maxDepth} 层）`);
  const sub = (n: Node) => compileNode(n, depth + 1, ids);
  switch (node.type) {
    case 'Literal':
      return literal(node as unknown as { value: unknown; raw: string });
    case 'Identifier': {
      const name = (node as unknown as { name: string }).name;
      refuseKey(name);
      ids.add(name);
      return (scope) => own(scope, name);
    }
    case 'MemberExpression':
      return member(node as unknown as MemberNode, sub);
    case 'CallExpression':
      return call(node as unknown as CallNode, sub);
    case 'UnaryExpression': {
      const n = node as unknown as { operator: string; argument: Node };
      return unary(n.operator, sub(n.argument));
    }
    case 'BinaryExpression': {
      const n = node as unknown as { operator: string; left: Node; right: Node };
      return binary(n.operator, sub(n.left), sub(n.right));
    }
    case 'ConditionalExpression': {
      const n = node as unknown as { test: Node; consequent: Node; alternate: Node };
      return conditional(sub(n.test), sub(n.consequent), sub(n.alternate));
    }
    case 'ArrayExpression': {
      const elements = (node as unknown as { elements: Array<Node | null> }).elements;
      if (elements.some((e) => e === null)) throw new ExprError('数组中不能有空位');
      const items = elements.map((e) => sub(e as Node));
      return (scope) => items.map((item) => item(scope));
    }
    case 'ThisExpression':
      throw new ExprError('表达式中不能使用 this');
    case 'Compound':
    case 'SequenceExpression':
      throw new ExprError('表达式语法错误：只能写一个表达式（多出的部分之间缺少运算符？）');
    default:
      throw new ExprError(`表达式中不支持这种写法（${String(node.type)}）`);
  }
}

function literal(node: { value: unknown; raw: string }): Run {
  const v = node.value;
  if (typeof v === 'number') {
    // From the written text, so 0.1 is exactly one tenth and not the binary float's expansion.
    let d: Big;
    try {
      d = new Dec(node.raw);
    } catch {
      d = new Dec(v);
    }
    return () => d;
  }
  if (typeof v === 'string' || typeof v === 'boolean' || v === null) return () => v;
  throw new ExprError('表达式中不支持这种字面量（如正则表达式）');
}

interface MemberNode {
  computed: boolean;
  object: Node;
  property: Node;
}

/** `a.b`, `a["b"]`, `lines[0]`: fixed keys only, own properties only, null-safe. */
function member(node: MemberNode, sub: (n: Node) => Run): Run {
  let key: string | number;
  const p = node.property as unknown as { type: string; name?: string; value?: unknown };
  if (!node.computed && p.type === 'Identifier') key = p.name as string;
  else if (node.computed && p.type === 'Literal' && typeof p.value === 'string') key = p.value;
  else if (node.computed && p.type === 'Literal' && Number.isSafeInteger(p.value) && (p.value as number) >= 0)
    key = p.value as number;
  else throw new ExprError('只能用固定的名称访问属性，如 a.b、a["b"] 或 lines[0]');
  if (typeof key === 'string') refuseKey(key);
  const object = sub(node.object);
  return (scope) => own(object(scope), key);
}

interface CallNode {
  callee: Node;
  arguments: Node[];
}

function call(node: CallNode, sub: (n: Node) => Run): Run {
  const callee = node.callee as unknown as { type: string; name?: string };
  if (callee.type !== 'Identifier') throw new ExprError('只能调用内置函数，如 sum(lines, "price")');
  const name = callee.name as string;
  const argNodes = node.arguments;
  if (name === 'if') {
    if (argNodes.length !== 2 && argNodes.length !== 3)
      throw new ExprError(`函数 if 的参数个数不对，用法：${IF_FUNCTION.usage}`);
    // Lazy like the ternary: only the chosen branch runs.
    const [test, yes, no] = argNodes.map(sub);
    return conditional(test, yes, no ?? (() => null));
  }
  const fn = FUNCTIONS.get(name);
  if (!fn) throw new ExprError(`未知函数：${name}`);
  if (!fn.arity(argNodes.length)) throw new ExprError(`函数 ${name} 的参数个数不对，用法：${fn.usage}`);
  for (const i of fn.propertyArgs ?? []) {
    const a = argNodes[i] as unknown as { type: string; value?: unknown } | undefined;
    if (!a) continue;
    if (a.type !== 'Literal' || typeof a.value !== 'string') {
      throw new ExprError(`函数 ${name} 的第 ${i + 1} 个参数应是带引号的属性名，如 "price"`);
    }
    refuseKey(a.value);
  }
  const args = argNodes.map(sub);
  const impl = fn.call;
  return (scope) => {
    const values = new Array<unknown>(args.length);
    for (let i = 0; i < args.length; i++) values[i] = args[i](scope);
    return impl(values, scope);
  };
}

function conditional(test: Run, yes: Run, no: Run): Run {
  return (scope) => (truthy(test(scope)) ? yes(scope) : no(scope));
}

function unary(op: string, arg: Run): Run {
  switch (op) {
    case '-':
      return (scope) => arith(arg(scope))?.neg();
    case '+':
      return (scope) => arith(arg(scope));
    case '!':
      return (scope) => !truthy(arg(scope));
    default:
      throw new ExprError(`不支持运算符“${op}”`);
  }
}

/** A string that is not a number: `+` with one of these concatenates. */
function isText(v: unknown): boolean {
  return typeof v === 'string' && v !== '' && decimalOf(v) === null;
}

function add(a: unknown, b: unknown): unknown {
  if (a === undefined || b === undefined) return undefined;
  if (isText(a) || isText(b)) {
    const x = textOf(a);
    const y = textOf(b);
    return x === undefined || y === undefined ? undefined : x + y;
  }
  const x = arith(a);
  const y = arith(b);
  return x && y ? x.plus(y) : undefined;
}

/** Decimal arithmetic; a failed operand or a zero divisor gives undefined (null to the caller). */
function decimal(op: (x: Big, y: Big) => Big | undefined): (a: unknown, b: unknown) => unknown {
  return (a, b) => {
    const x = arith(a);
    const y = arith(b);
    return x && y ? op(x, y) : undefined;
  };
}

/** `<` and friends: undefined (null to the caller) when the two values cannot be ordered. */
function ordered(test: (c: number) => boolean): (a: unknown, b: unknown) => unknown {
  return (a, b) => {
    const c = compare(a, b);
    return c === undefined ? undefined : test(c);
  };
}

const OPERATORS: ReadonlyMap<string, (a: unknown, b: unknown) => unknown> = new Map<
  string,
  (a: unknown, b: unknown) => unknown
>([
  ['+', add],
  ['-', decimal((x, y) => x.minus(y))],
  ['*', decimal((x, y) => x.times(y))],
  ['/', decimal((x, y) => (y.eq(0) ? undefined : x.div(y)))],
  ['%', decimal((x, y) => (y.eq(0) ? undefined : x.mod(y)))],
  ['==', equals],
  ['===', equals],
  ['!=', (a, b) => !equals(a, b)],
  ['!==', (a, b) => !equals(a, b)],
  ['<', ordered((c) => c < 0)],
  ['<=', ordered((c) => c <= 0)],
  ['>', ordered((c) => c > 0)],
  ['>=', ordered((c) => c >= 0)],
]);

function binary(op: string, left: Run, right: Run): Run {
  // Short-circuit operators return an operand, as in JavaScript.
  if (op === '&&')
    return (scope) => {
      const a = left(scope);
      return truthy(a) ? right(scope) : a;
    };
  if (op === '||')
    return (scope) => {
      const a = left(scope);
      return truthy(a) ? a : right(scope);
    };
  if (op === '??')
    return (scope) => {
      const a = left(scope);
      return a === null || a === undefined ? right(scope) : a;
    };
  const f = OPERATORS.get(op);
  if (!f) throw new ExprError(`不支持运算符“${op}”`);
  return (scope) => f(left(scope), right(scope));
}
