// 导出: downloads a list's Excel file from the server with a progress dialog (rows to come, bytes received,
// cancellable) and saves it. The list hands over its current query and visible columns; the server applies
// the permission, team, visibility and data scope, so the file holds exactly what the list could page through.
import { useCallback, useRef, useState } from 'react';
import { lazyComponent } from '../lazy-load';
import { useDataProvider, type ExportListParams } from '../../api/data-provider';
import { feedback } from '../feedback';
import { saveFile } from './export-progress';
import type { Running } from './ExportDialog';

/** The progress dialog (antd's Progress) loads with the first export. */
const ExportDialog = lazyComponent(() => import('./ExportDialog').then((m) => m.ExportDialog));

export type ExportQuery = Omit<ExportListParams, 'signal' | 'onProgress'>;

/** The export of a list: `start(query)` runs one (one at a time), `dialog` shows its progress. */
export function useListExport() {
  const provider = useDataProvider();
  const [run, setRun] = useState<Running | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    async (query: ExportQuery) => {
      if (!provider.exportList || abort.current) return;
      const ctrl = new AbortController();
      abort.current = ctrl;
      setRun({ bytes: 0, rows: null, columns: query.columns.length, done: false });
      try {
        const file = await provider.exportList({
          ...query,
          signal: ctrl.signal,
          onProgress: ({ bytes, rows }) => setRun((r) => (r ? { ...r, bytes, rows } : r)),
        });
        if (ctrl.signal.aborted) return;
        setRun((r) => (r ? { ...r, bytes: file.blob.size, rows: file.rows, done: true } : r));
        saveFile(file.blob, file.fileName);
        void feedback.message.success(`导出完成：共 ${file.rows.toLocaleString('en-US')} 条`);
      } catch (err) {
        // A refusal (no permission, too many rows, one already running) was shown by the client already.
        if ((err as { name?: string })?.name !== 'AbortError' && !ctrl.signal.aborted)
          console.warn('export failed', err);
      } finally {
        // A cancelled export ends after the user may have started the next one: leave that one alone.
        if (abort.current === ctrl) {
          abort.current = null;
          setRun(null);
        }
      }
    },
    [provider],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setRun(null);
    void feedback.message.info('已取消导出');
  }, []);

  // Rendered from the first export on (its Modal closes and destroys itself when `run` is null again).
  const [started, setStarted] = useState(false);
  if (run && !started) setStarted(true);
  const dialog = started || run ? <ExportDialog run={run} onCancel={cancel} /> : null;
  return { start, cancel, running: run !== null, supported: !!provider.exportList, dialog };
}
