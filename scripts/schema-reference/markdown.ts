// Markdown pieces of the generated schema reference: table cells (pipes and line breaks escaped), inline code that
// may hold backticks, and anchors that stay the same whatever the headings' wording.

/** Text safe inside a table cell: no line break, no unescaped pipe. */
export function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

/** Inline code, fenced with more backticks than the text holds. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Prose from a description: < outside code spans escaped, so `<module>:add` is not taken for an HTML tag. */
export function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;')))
    .join('');
}

/** A table: header row, separator, one row per entry. */
export function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(head), `|${head.map(() => ' --- ').join('|')}|`, ...rows.map(line)].join('\n');
}

/** The anchor of a definition's section: `def-<name>`, set by an explicit <a id>, so links do not follow heading text. */
export const anchorOf = (definition: string) => `def-${definition}`;
