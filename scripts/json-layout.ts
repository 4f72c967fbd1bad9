// One layout for JSON written by the project's scripts: an object or array that fits on its line in `width`
// characters stays on one line, `{ "a": 1 }` style; a larger one puts each member on a line of its own.

/**
 * `value` as JSON text laid out so, without a final newline. `indent`: the indentation of the lines it opens;
 * `lead`: how many characters precede it on its first line (the indentation and a property's name).
 */
export function layoutJson(value: unknown, width = 120, indent = '', lead = indent.length): string {
  const flat = oneLine(value);
  if (lead + flat.length <= width || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + layoutJson(v, width, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => {
    const name = `${JSON.stringify(k)}: `;
    return inner + name + layoutJson(v, width, inner, inner.length + name.length);
  }).join(',\n')}\n${indent}}`;
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
