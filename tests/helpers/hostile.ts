// What the fuzz suites share: a JSON body with one property given as raw JSON text, so that values JSON.stringify
// cannot write (20-digit integers, 1e400, lone surrogates) reach the server as typed.
export function withHostile(body: Record<string, unknown>, key: string, raw: string): string {
  const marker = '\u0001HOSTILE\u0001';
  return JSON.stringify({ ...body, [key]: marker }).replace(JSON.stringify(marker), raw);
}
