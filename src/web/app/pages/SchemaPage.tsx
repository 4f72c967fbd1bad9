// A module route rendered by the generic engine from its JSON page schema, against the real HTTP provider.
import { useEffect, useState, type ComponentType } from 'react';
import { App as AntApp, Spin } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { locationPageState, PageStateContext, PageView } from '../../engine';
import { DataProviderContext } from '../../api/data-provider';
import { httpDataProvider } from '../../api/http-provider';
import { api } from '../../api/client';
import { openDocument, openPrint } from '../../api/print';
import { schemaForRoute } from './schema-index';
import type { AnyPageSchema, ButtonDef, TableRow } from '../../../common/schema/types';
import type { SchemaError } from '../../../common/schema/loader';
import { withPageDefaults } from '../../../common/schema/page-defaults';

type Check =
  | { ok: true; schema: AnyPageSchema }
  | { ok: false; errors: SchemaError[]; ErrorPage: ComponentType<{ file: string; errors: SchemaError[] }> };

export function SchemaPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  const entry = schemaForRoute(pathname);
  const [schema, setSchema] = useState<{ file: string; value: unknown; check: Check } | null>(null);

  useEffect(() => {
    let live = true;
    setSchema(null);
    entry?.load().then(async (value) => {
      // A record page as the team tuned it (the field-options page): the server serves the page with the team's field
      // overrides applied; the bundled file stands when the server has no such page (dictionary pages…) or fails.
      // The server serves pages with their defaults filled in (permission codes, the tab bar): the bundled file too.
      const bundled = withPageDefaults(structuredClone(value) as AnyPageSchema);
      const page = bundled as { module?: string; list?: unknown };
      const tuned =
        page.module && page.list
          ? await api.get<unknown>(`/page-schema/${page.module}`, { silent: true, noLoading: true }).catch(() => null)
          : null;
      const same = tuned && typeof tuned === 'object' && (tuned as { module?: string }).module === page.module;
      const shown = same ? tuned : bundled;
      // The bundled file is valid: the server loads the same files and refuses to start on an invalid one, and the
      // build checks them (vite.config.ts). The meta-schema's validator (a large chunk) is fetched only for a page
      // the server tuned differently, and in development, where a file may be mid-edit.
      const checker =
        import.meta.env.DEV || (same && JSON.stringify(tuned) !== JSON.stringify(bundled))
          ? await import('../../engine/page/page-check')
          : null;
      const res = checker?.validatePageSchema(shown, entry.file);
      const check: Check =
        !res || res.ok
          ? { ok: true, schema: (res?.ok ? res.schema : shown) as AnyPageSchema }
          : { ok: false, errors: res.errors, ErrorPage: checker!.SchemaErrorPage };
      if (live) setSchema({ file: entry.file, value: shown, check });
    });
    return () => {
      live = false;
    };
  }, [entry]);

  if (!entry) return null;
  if (!schema) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const module = (schema.value as { module?: string }).module ?? '';
  // `of`: the module of the list the action came from (a nested entity's own), else the page's.
  const onAction = async (b: ButtonDef, rows: TableRow[], of = module) => {
    // A record's named document (下料单, 包装标签…): the row's or the drawer's record.
    if (b.action === 'document') {
      if (!rows[0]) return;
      const refused = await openDocument(of, b.key!, rows[0].id);
      if (refused) message.error(refused);
      return;
    }
    // 打印 (a row's or the drawer's) prints that record; a list's print action (批量打印) the selected rows in one PDF.
    const ids = b.action === 'print' ? rows.map((r) => r.id) : b.key === 'print' && rows[0] ? [rows[0].id] : [];
    if (!ids.length) return;
    // Print endpoints skip status checks: the answer is the PDF itself, or the refusal's message.
    const refused = await openPrint(of, ids);
    if (refused) message.error(refused);
  };

  return (
    <DataProviderContext.Provider value={httpDataProvider}>
      {/* Permission codes and the tenant logo come from the workspace around every page; the list's state from the address. */}
      <PageStateContext.Provider value={locationPageState}>
        {schema.check.ok ? (
          <PageView
            key={schema.file}
            schema={schema.check.schema}
            file={schema.file}
            onAction={onAction}
            onNavigate={navigate}
          />
        ) : (
          <schema.check.ErrorPage file={schema.file} errors={schema.check.errors} />
        )}
      </PageStateContext.Provider>
    </DataProviderContext.Provider>
  );
}

/** True when a path has a page schema (the router sends it to SchemaPage instead of /empty). */
export { schemaForRoute };
