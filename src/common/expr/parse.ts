// Text → syntax tree, with jsep. jsep's operator tables are a module-wide singleton, so they are left as
// they are (no import-time side effects on other users): anything this language does not support — bitwise
// and shift operators, `**`, `this`, compound statements, node types added by jsep plugins — is refused by
// the compiler's whitelist instead (compile.ts), which also gives a clearer message than a parse error.
// jsep 1.x has the ternary `a ? b : c` built in.
import jsep from 'jsep';
import { ExprError, LIMITS } from './types';

export type Node = jsep.Expression;

/** jsep's English error descriptions, in the words a schema author reads. */
const MESSAGES: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^Unexpected "(.*)"$/, (m) => `不应出现“${m[1]}”`],
  [/^Unclosed quote after "(.*)"$/, (m) => `引号没有闭合：${m[1]}`],
  [/^Unclosed \($/, () => '括号没有闭合'],
  [/^Unclosed \[$/, () => '方括号没有闭合'],
  [/^Expected :$/, () => '“?” 后缺少 “:”'],
  [/^Expected (expression|exponent)/, () => '缺少表达式'],
  [/^missing unaryOp argument$/, () => '运算符后缺少数值'],
  [/^Expected comma$/, () => '缺少逗号'],
  [/^Variable names cannot start with a number/, () => '名称不能以数字开头'],
  [/^Unexpected token (.*)$/, (m) => `不应出现“${m[1]}”`],
];

function describe(err: unknown): string {
  const e = err as { description?: unknown; index?: unknown; message?: unknown };
  const text = String(e.description ?? e.message ?? err);
  let said = text;
  for (const [re, say] of MESSAGES) {
    const m = re.exec(text);
    if (m) {
      said = say(m);
      break;
    }
  }
  return typeof e.index === 'number' ? `${said}（第 ${e.index + 1} 个字符）` : said;
}

/** Parses one expression; throws ExprError on bad syntax, empty or overlong text. */
export function parse(source: string): Node {
  if (typeof source !== 'string') throw new ExprError('表达式必须是文本');
  if (source.length > LIMITS.maxLength) throw new ExprError(`表达式过长（最多 ${LIMITS.maxLength} 个字符）`);
  if (source.trim() === '') throw new ExprError('表达式为空');
  try {
    return jsep(source);
  } catch (err) {
    throw new ExprError(`表达式语法错误：${describe(err)}`);
  }
}
