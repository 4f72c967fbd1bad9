// Story-only authoring tool: edit a page schema as JSON and see the page and the ajv errors live.
import { useMemo, useState } from 'react';
import { Alert, Input, Table } from 'antd';
import { loadPageSchemaText } from '../../../common/schema/loader';
import { PageRenderer } from '../page/PageRenderer';

export function SchemaPlayground({ initial, file: initialFile }: { initial: string; file: string }) {
  const [text, setText] = useState(initial);
  const [file, setFile] = useState(initialFile);
  const result = useMemo(() => loadPageSchemaText(text, file), [text, file]);
  const parsed = useMemo(() => { try { return JSON.parse(text); } catch { return null; } }, [text]);
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
        {result.ok ? (
          <Alert type="success" showIcon message="校验通过" />
        ) : (
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
        {result.ok && parsed && <PageRenderer schema={parsed} file={file} now="2024-03-05" onNavigate={() => undefined} />}
      </div>
    </div>
  );
}
