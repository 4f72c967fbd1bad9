// Shown instead of a page whose schema fails validation: names the file and each JSON path.
import { Result, Table } from 'antd';
import type { SchemaError } from '../../../common/schema/loader';

export function SchemaErrorPage({ file, errors }: { file: string; errors: SchemaError[] }) {
  return (
    <Result
      status="error"
      title="页面配置错误"
      subTitle={
        <span>
          文件 <code className="yg-schema-file">{file}</code> 未通过校验，共 {errors.length} 处错误
        </span>
      }
    >
      <Table
        size="small"
        pagination={false}
        rowKey={(e) => `${e.path}|${e.message}`}
        dataSource={errors}
        columns={[
          { title: '文件', dataIndex: 'file', width: 200 },
          { title: 'JSON 路径', dataIndex: 'path', width: 260, render: (p: string) => <code>{p || '/'}</code> },
          { title: '错误', dataIndex: 'message' },
        ]}
      />
    </Result>
  );
}
