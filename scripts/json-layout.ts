// One layout for JSON written by the project's scripts (the page schemas, test snapshots): a value that fits on its
// line in `width` characters stays on one line, `{ "a": 1, "b": [1, 2] }`; a larger object puts its members on lines
// of their own, packing as many as fit on a line, and a larger array one element a line (but scalars and short
// elements, packed the same way).

/**
 * `value` as JSON text laid out so, without a final newline. `indent`: the indentation of the lines it opens;
 * `lead`: how many characters precede it on its first line (the indentation and a property's name).
 */
/** An array whose elements are all this short (options, tabs, buttons) packs them like scalars. */
const SHORT = 60;

export function layoutJson(value: unknown, width = 120, indent = '', lead = indent.length): string {
  const flat = oneLine(value);
  if (lead + flat.length <= width || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((v) => layoutJson(v, width, inner))
    : Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => {
          const name = `${JSON.stringify(k)}: `;
          return name + layoutJson(v, width, inner, inner.length + name.length);
        });
  // A field or a column a line: packing larger objects would hide where one ends.
  const packs =
    !Array.isArray(value) || value.every((v) => v === null || typeof v !== 'object' || oneLine(v).length <= SHORT);
  const lines: string[] = [];
  items.forEach((item, i) => {
    const text = i < items.length - 1 ? `${item},` : item;
    const last = lines.length - 1;
    if (
      packs &&
      last >= 0 &&
      !lines[last].includes('\n') &&
      !text.includes('\n') &&
      inner.length + lines[last].length + 1 + text.length <= width
    ) {
      lines[last] += ` ${text}`;
    } else lines.push(text);
  });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.map((l) => inner + l).join('\n')}\n${indent}${close}`;
}

/** `value` on one line: `{ "a": 1, "b": [1, 2] }`. */
export function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}
