// How far an Excel export has come. The server sends the row count first (X-Total-Count) and then the .xlsx
// as it writes it; its size is not known ahead (it is zipped as it goes), so the share is estimated from the
// bytes a row of so many cells takes once zipped, and held below 100 until the file is complete.

/** Zipped bytes per cell of an exported sheet (measured: about 6–10 for text, dates and money), and the fixed part. */
const BYTES_PER_CELL = 8;
const FIXED_BYTES = 6000;

export function expectedBytes(rows: number, columns: number): number {
  return FIXED_BYTES + rows * Math.max(1, columns) * BYTES_PER_CELL;
}

/** The percentage to show: 0–99 while the file arrives, 100 when it is complete. */
export function exportPercent(p: { bytes: number; rows: number; columns: number; done?: boolean }): number {
  if (p.done) return 100;
  if (p.bytes <= 0) return 0;
  return Math.min(99, Math.floor((p.bytes / expectedBytes(p.rows, p.columns)) * 100));
}

/** 1,234 KB / 12.3 MB. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KB`;
}

/** Saves a downloaded file under its name (an invisible link with download=, as browsers save attachments). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
