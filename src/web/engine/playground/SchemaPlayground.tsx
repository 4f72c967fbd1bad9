// Story-only authoring tool: edit a page schema as JSON and see the page, the ajv errors and the schema checker's
// findings (names that name nothing, with the closest valid ones) live.
import { useMemo, useState } from 'react';
import { Alert, Input, Table } from 'antd';
import { checkPageSchemas, type CheckContext, type SchemaFile, type SchemaProblem } from '../../../common/schema/check';
import { loadPageSchemaText } from '../../../common/schema/loader';
import { PageRenderer } from '../page/PageRenderer';

/**
 * `pages`: the other page schemas, so the checker can resolve what the edited page names in them (effect targets,
 * pickers); without them every module it names but its own is unknown. `context`: the catalogue's modules and what
 * else the checker compares with (CheckContext).
 */
export function SchemaPlayground({ initial, file: initialFile, pages = [], context }: { initial: string; file: string; pages?: SchemaFile[]; context?: CheckContext }) {
  const [text, setText] = useState(initial);
  const [file, setFile] = useState(initialFile);
  const result = useMemo(() => loadPageSchemaText(text, file), [text, file]);
  const parsed = useMemo(() => { try { return JSON.parse(text); } catch { return null; } }, [text]);
  // The edited page in place of its file among the others; only its own findings are shown.
  const findings = useMemo<SchemaProblem[]>(() => (result.ok
    ? checkPageSchemas([...pages.filter((p) => p.file !== file), { file, schema: result.schema }], context).filter((p) => p.file === file)
    : []), [result, pages, file, context]);
  return (
    <div style={{ display: 'flex', gap: 12, height: '100vh', padding: 12, boxSizing: 'border-box' }}>
      <div style={{ width: '38%', display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Input addonBefore="文件" value={file} onChange={(e) => setFile(e.target.value)} />
        <Input.TextArea
          aria-label="页面配置 JSON"
          value={text}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
          style={{ flex: 1, fontFamily: 'monospace', fontSize: 12 }}
        />
      </div>
      <div style={{ flex: 1, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 8 }}>
        {result.ok && !findings.length && <Alert type="success" showIcon message="校验通过" />}
        {!result.ok && (
          <Table
            size="small"
            pagination={false}
            rowKey={(e) => `${e.path}|${e.message}`}
            dataSource={result.errors}
            title={() => `校验错误 ${result.errors.length} 处`}
            columns={[
              { title: '文件', dataIndex: 'file' },
              { title: 'JSON 路径', dataIndex: 'path', render: (p: string) => <code>{p || '/'}</code> },
              { title: '错误', dataIndex: 'message' },
            ]}
          />
        )}
        {findings.length > 0 && (
          <Table
            size="small"
            pagination={false}
            rowKey={(e) => `${e.path}|${e.name}|${e.message}`}
            dataSource={findings}
            title={() => `名称检查 ${findings.length} 处`}
            columns={[
              { title: 'JSON 路径', dataIndex: 'path', render: (p: string) => <code>{p || '/'}</code> },
              { title: '名称', dataIndex: 'name', render: (n: string) => <code>{n}</code> },
              { title: '问题', dataIndex: 'message' },
              { title: '是否应为', dataIndex: 'suggestions', render: (s: string[]) => (s.length ? `did you mean ${s.join(', ')}?` : '') },
            ]}
          />
        )}
        {result.ok && parsed && <PageRenderer schema={parsed} file={file} now="2024-03-05" onNavigate={() => undefined} />}
      </div>
    </div>
  );
}
