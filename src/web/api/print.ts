// Prints open as a PDF in a new tab: one record (GET …/print?id=) or the selected rows in one document
// (POST …/print-batch { ids }). A refusal answers with the envelope instead of a PDF: its message is returned.
import { requestRaw } from './client';

export async function openPrint(module: string, ids: (string | number)[]): Promise<string | null> {
  const res =
    ids.length === 1
      ? await requestRaw('GET', `/data/${module}/print`, { searchParams: { id: ids[0] } })
      : await requestRaw('POST', `/data/${module}/print-batch`, { json: { ids: ids.map(Number) } });
  const blob = await res.blob();
  if (blob.type !== 'application/pdf') {
    const refused = await blob.text().then(
      (t) => (JSON.parse(t) as { message?: unknown }).message,
      () => undefined,
    );
    return typeof refused === 'string' && refused ? refused : '打印失败，请稍后再试';
  }
  window.open(URL.createObjectURL(blob), '_blank');
  return null;
}

/**
 * A record's named document (GET …/documents/<key>?id=): a PDF opens in a new tab, an .xlsx downloads. A refusal
 * answers with the envelope instead: its message is returned.
 */
export async function openDocument(module: string, key: string, id: string | number): Promise<string | null> {
  const res = await requestRaw('GET', `/data/${module}/documents/${key}`, { searchParams: { id } });
  const blob = await res.blob();
  if (blob.type === 'application/pdf') {
    window.open(URL.createObjectURL(blob), '_blank');
    return null;
  }
  if (blob.type.includes('spreadsheetml')) {
    const star = /filename\*=UTF-8''([^;]+)/i.exec(res.headers.get('Content-Disposition') ?? '');
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = star ? decodeURIComponent(star[1]) : `${key}.xlsx`;
    a.click();
    return null;
  }
  const refused = await blob.text().then(
    (t) => (JSON.parse(t) as { message?: unknown }).message,
    () => undefined,
  );
  return typeof refused === 'string' && refused ? refused : '生成失败，请稍后再试';
}
