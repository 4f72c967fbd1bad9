// What the checks say about the edited page: the meta-schema's errors, else the name checker's findings (a name that
// names nothing, with the closest valid ones), each with its file and JSON path. A list rather than a table: the
// column beside the editor is narrow.
import { Alert, List, Typography } from 'antd';
import type { SchemaProblem } from '../../../common/schema/check';
import type { SchemaError } from '../../../common/schema/loader';

const where = (file: string, path: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {file} <code>{path || '/'}</code>
  </Typography.Text>
);

export function Findings({ errors, problems }: { errors: SchemaError[]; problems: SchemaProblem[] }) {
  if (errors.length) {
    return (
      <List
        size="small"
        bordered
        header={<Typography.Text type="danger">校验错误 {errors.length} 处</Typography.Text>}
        dataSource={errors}
        renderItem={(e) => (
          <List.Item>
            <List.Item.Meta title={e.message} description={where(e.file, e.path)} />
          </List.Item>
        )}
      />
    );
  }
  if (!problems.length) return <Alert type="success" showIcon message="校验通过" />;
  return (
    <List
      size="small"
      bordered
      header={<Typography.Text type="warning">名称检查 {problems.length} 处</Typography.Text>}
      dataSource={problems}
      renderItem={(p) => (
        <List.Item className="yg-finding">
          <List.Item.Meta
            title={
              <span>
                <code>{p.name}</code> {p.message}
                {p.suggestions.length ? (
                  <Typography.Text type="success">{` — did you mean ${p.suggestions.join(', ')}?`}</Typography.Text>
                ) : null}
              </span>
            }
            description={where(p.file, p.path)}
          />
        </List.Item>
      )}
    />
  );
}
