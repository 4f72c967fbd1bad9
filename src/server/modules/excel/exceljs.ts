// exceljs (~30 MB once loaded) is read on the first import or export, not at every server start.
import type ExcelJS from 'exceljs';

export type { ExcelJS };

let loaded: Promise<typeof ExcelJS> | undefined;

export function excel(): Promise<typeof ExcelJS> {
  loaded ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS);
  return loaded;
}
