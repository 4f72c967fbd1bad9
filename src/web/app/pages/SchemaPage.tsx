// A module route rendered by the generic engine from its JSON page schema, against the real HTTP provider.
import { useEffect, useState } from 'react';
import { App as AntApp, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageRenderer } from '../../engine';
import { DataProviderContext } from '../../api/data-provider';
import { httpDataProvider } from '../../api/http-provider';
import { api } from '../../api/client';
import { openDocument, openPrint } from '../../api/print';
import { schemaForRoute } from './schema-index';
import type { ButtonDef, TableRow } from '../../../common/schema/types';

export function SchemaPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const entry = schemaForRoute(pathname);
  const [schema, setSchema] = useState<{ file: string; value: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    setSchema(null);
    entry?.load().then(async (value) => {
      // A record page as the team tuned it (the field-options page): the server serves the page with the team's field
      // overrides applied; the bundled file stands when the server has no such page (dictionary pages…) or fails.
      const page = value as { module?: string; list?: unknown };
      const tuned = page.module && page.list
        ? await api.get<unknown>(`/page-schema/${page.module}`, { silent: true, noLoading: true }).catch(() => null) : null;
      const same = tuned && typeof tuned === 'object' && (tuned as { module?: string }).module === page.module;
      if (live) setSchema({ file: entry.file, value: same ? tuned : value });
    });
    return () => { live = false; };
  }, [entry]);

  if (!entry) return null;
  if (!schema) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const module = (schema.value as { module?: string }).module ?? '';
  // `of`: the module of the list the action came from (a nested entity's own), else the page's.
  const onAction = async (b: ButtonDef, rows: TableRow[], of = module) => {
    // A record's named document (下料单, 包装标签…): the row's or the drawer's record.
    if (b.action === 'document') {
      if (!rows[0]) return;
      const refused = await openDocument(of, b.key, rows[0].id);
      if (refused) message.error(refused);
      return;
    }
    // 打印 (a row's or the drawer's) prints that record; a list's print action (批量打印) the selected rows in one PDF.
    const ids = b.action === 'print' ? rows.map((r) => r.id) : b.key === 'print' && rows[0] ? [rows[0].id] : [];
    if (!ids.length) return;
    // Print endpoints skip status checks (spec §8): the answer is the PDF itself, or the refusal's message.
    const refused = await openPrint(of, ids);
    if (refused) message.error(refused);
  };

  return (
    <DataProviderContext.Provider value={httpDataProvider}>
      {/* Permission codes and the tenant logo come from the workspace around every page. */}
      <PageRenderer key={schema.file} schema={schema.value} file={schema.file} onAction={onAction} onNavigate={navigate} />
    </DataProviderContext.Provider>
  );
}

/** True when a path has a page schema (the router sends it to SchemaPage instead of /empty). */
export { schemaForRoute };
