// The schema playground: open any page file of schemas/ (or paste a page's JSON), edit it, and see the page as the app
// renders it — against sample records made from its fields, with every permission — beside what the meta-schema and
// the name checker say about it. No server: 新增 → 提交 adds a record, the drawer, its lines and stage actions work.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Input, Select, Space, Spin, Typography } from 'antd';
import { checkPageSchemas, type SchemaFile, type SchemaProblem } from '../../../common/schema/check';
import { loadPageSchemaText, validatePageSchema } from '../../../common/schema/loader';
import type { AnyPageSchema } from '../../../common/schema/types';
import { AREAS, CATALOGUE_MODULES, fileOfRoute, loadPageFiles } from './page-files';
import { Findings } from './Findings';
import { SamplePage } from './SamplePage';

export interface SchemaPlaygroundProps {
  /** The page file opened first (schemas/<folder>/<name>.json), or the name pasted JSON is checked as. */
  file?: string;
  /** JSON to start from instead of the file's own (a pasted page, a page with a mistake). */
  initial?: string;
}

const PICKER_OPTIONS = AREAS.map((a) => ({
  label: a.title,
  options: a.pages.map((p) => ({ label: `${p.title} · ${p.file}`, value: p.file })),
}));
const text = (v: unknown) => JSON.stringify(v, null, 2);

/** Every page file, read lazily once. */
function usePageFiles(): SchemaFile[] | null {
  const [pages, setPages] = useState<SchemaFile[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadPageFiles().then((p) => live && setPages(p));
    return () => {
      live = false;
    };
  }, []);
  return pages;
}

export function SchemaPlayground({ file: startFile = 'schemas/pasted.json', initial }: SchemaPlaygroundProps) {
  const { message } = AntApp.useApp();
  const pages = usePageFiles();
  const [file, setFile] = useState(startFile);
  const [draft, setDraft] = useState<string | null>(initial ?? null);
  // The file's own JSON until something else is typed or pasted.
  const source = draft ?? (pages ? text(pages.find((p) => p.file === file)?.schema ?? {}) : null);
  const shown = useDeferredValue(source);
  const open = (f: string) => {
    setFile(f);
    setDraft(null);
  };

  const others = useMemo(() => (pages ?? []).filter((p) => p.file !== file), [pages, file]);
  // The other pages as the app reads them (defaults filled in): their records answer this page's pickers.
  const otherSchemas = useMemo(
    () =>
      others.flatMap((p) => {
        const r = validatePageSchema(structuredClone(p.schema), p.file);
        return r.ok ? [r.schema] : [];
      }),
    [others],
  );
  // Validated with its defaults applied, as SchemaPage renders a page and the server loads it.
  const result = useMemo(() => (shown === null ? null : loadPageSchemaText(shown, file)), [shown, file]);
  // The name checker over every page with the edited one in its file's place; only its own findings are shown.
  const problems = useMemo<SchemaProblem[]>(
    () =>
      result?.ok && pages
        ? checkPageSchemas([...others, { file, schema: result.schema }], { modules: CATALOGUE_MODULES }).filter(
            (p) => p.file === file,
          )
        : [],
    [result, others, pages, file],
  );
  const navigate = (path: string) => {
    const to = fileOfRoute(path);
    if (to) open(to);
    else void message.info(`${path} 没有对应的页面文件`);
  };

  return (
    <div style={{ display: 'flex', gap: 12, height: '100vh', padding: 12, boxSizing: 'border-box' }}>
      <div style={{ width: '36%', minWidth: 360, display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Select
          showSearch
          aria-label="页面文件"
          placeholder="选择 schemas/ 下的页面"
          value={PICKER_OPTIONS.some((a) => a.options.some((o) => o.value === file)) ? file : undefined}
          options={PICKER_OPTIONS}
          optionFilterProp="label"
          onChange={open}
        />
        {/* Renaming keeps the text: the edited page is then checked as that file (pasted JSON as the page it replaces). */}
        <Space.Compact>
          <Input
            aria-label="文件"
            prefix={<Typography.Text type="secondary">文件</Typography.Text>}
            value={file}
            onChange={(e) => {
              setDraft(source);
              setFile(e.target.value);
            }}
          />
          <Button disabled={draft === null} onClick={() => setDraft(null)}>
            还原
          </Button>
        </Space.Compact>
        <Input.TextArea
          aria-label="页面配置 JSON"
          value={source ?? ''}
          onChange={(e) => setDraft(e.target.value)}
          spellCheck={false}
          placeholder="粘贴页面配置 JSON"
          style={{ flex: 1, fontFamily: 'monospace', fontSize: 12 }}
        />
        <div style={{ maxHeight: '40%', overflow: 'auto' }}>
          {result && <Findings errors={result.ok ? [] : result.errors} problems={problems} />}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          样例数据按字段生成，已授予全部权限；新增、编辑、提交与阶段操作在本次会话内保留。
        </Typography.Text>
      </div>
      <div style={{ flex: 1, overflow: 'auto', minWidth: 0 }}>
        {!pages || !result ? (
          <Spin style={{ display: 'block', margin: '80px auto' }} />
        ) : result.ok ? (
          <SamplePage
            schema={result.schema as AnyPageSchema}
            file={file}
            others={otherSchemas}
            modules={CATALOGUE_MODULES}
            onNavigate={navigate}
          />
        ) : null}
      </div>
    </div>
  );
}
