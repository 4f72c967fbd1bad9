// What the checks say about the edited page: the meta-schema's errors, else the name checker's findings (a name that
// names nothing, with the closest valid ones), each with its file and JSON path.
import { Alert, Table } from 'antd';
import type { SchemaProblem } from '../../../common/schema/check';
import type { SchemaError } from '../../../common/schema/loader';

const path = (p: string) => <code>{p || '/'}</code>;

export function Findings({ errors, problems }: { errors: SchemaError[]; problems: SchemaProblem[] }) {
  if (errors.length) {
    return (
      <Table
        size="small"
        pagination={false}
        rowKey={(e) => `${e.path}|${e.message}`}
        dataSource={errors}
        title={() => `校验错误 ${errors.length} 处`}
        columns={[
          { title: '文件', dataIndex: 'file' },
          { title: 'JSON 路径', dataIndex: 'path', render: path },
          { title: '错误', dataIndex: 'message' },
        ]}
      />
    );
  }
  if (!problems.length) return <Alert type="success" showIcon message="校验通过" />;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(e) => `${e.path}|${e.name}|${e.message}`}
      dataSource={problems}
      title={() => `名称检查 ${problems.length} 处`}
      columns={[
        { title: '文件', dataIndex: 'file' },
        { title: 'JSON 路径', dataIndex: 'path', render: path },
        { title: '名称', dataIndex: 'name', render: (n: string) => <code>{n}</code> },
        { title: '问题', dataIndex: 'message' },
        { title: '是否应为', dataIndex: 'suggestions', render: (s: string[]) => (s.length ? `${s.join('、')} — did you mean ${s.join(', ')}?` : '') },
      ]}
    />
  );
}
