// Reads a pdfkit-made PDF back for tests: its page count (the /Type /Page objects) and its text, decoded
// through the embedded fonts' ToUnicode maps (pdfkit writes CID text as <hex> glyph ids in Tj/TJ operators).
import zlib from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const bin = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(bin))) {
    const start = m.index + m[0].length;
    const end = bin.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    const dict = bin.slice(Math.max(0, bin.lastIndexOf('obj', m.index)), m.index);
    try {
      out.push((/FlateDecode/.test(dict) ? zlib.inflateSync(raw) : raw).toString('latin1'));
    } catch {
      /* an image or a font program that is not text */
    }
    re.lastIndex = end + 'endstream'.length;
  }
  return out;
}

export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

const hexToString = (hex: string) => {
  let s = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCodePoint(parseInt(hex.slice(i, i + 4), 16));
  return s;
};

/** The document's text, page by page, in drawing order (each Tj/TJ run on a line of its own). */
export function pdfText(pdf: Buffer): string {
  const all = streams(pdf);
  // Glyph id → text, from every ToUnicode CMap.
  const map = new Map<string, string>();
  for (const s of all.filter((x) => x.includes('begincmap'))) {
    for (const block of s.match(/beginbfchar([\s\S]*?)endbfchar/g) ?? []) {
      for (const [, g, u] of block.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
        map.set(g.toLowerCase().padStart(4, '0'), hexToString(u));
    }
    for (const block of s.match(/beginbfrange([\s\S]*?)endbfrange/g) ?? []) {
      for (const [, lo, hi, rest] of block.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const a = parseInt(lo, 16);
        const b = parseInt(hi, 16);
        const list = rest.startsWith('[')
          ? [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => hexToString(x[1]))
          : null;
        const base = list ? 0 : parseInt(rest.slice(1, -1), 16);
        for (let g = a; g <= b; g += 1)
          map.set(g.toString(16).padStart(4, '0'), list ? (list[g - a] ?? '') : String.fromCodePoint(base + g - a));
      }
    }
  }
  const decode = (hex: string) => {
    let s = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) s += map.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
    return s;
  };
  const lines: string[] = [];
  for (const s of all.filter((x) => /\bBT\b/.test(x))) {
    for (const [, tj, arr] of s.matchAll(/<([0-9a-fA-F]*)>\s*Tj|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      if (tj !== undefined) lines.push(decode(tj));
      else lines.push([...arr.matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => decode(x[1])).join(''));
    }
  }
  return lines.join('\n');
}
