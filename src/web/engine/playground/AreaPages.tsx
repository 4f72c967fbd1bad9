// The pages of one menu area, each opening in the schema playground (a story per area lists them).
import { useState } from 'react';
import { Button, List, Typography } from 'antd';
import { AREAS } from './page-files';
import { SchemaPlayground } from './SchemaPlayground';

export function AreaPages({ area }: { area: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const a = AREAS.find((x) => x.area === area);
  if (!a) return <Typography.Text type="danger">目录中没有菜单分组 {area}</Typography.Text>;
  if (open) {
    return (
      <div>
        <Button type="link" onClick={() => setOpen(null)}>
          ← {a.title}的页面
        </Button>
        <SchemaPlayground key={open} file={open} />
      </div>
    );
  }
  return (
    <List
      style={{ maxWidth: 640, margin: 16 }}
      header={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {a.title}（{a.pages.length} 个页面）
        </Typography.Title>
      }
      bordered
      dataSource={a.pages}
      renderItem={(p) => (
        <List.Item
          actions={[
            <Button key="open" type="link" onClick={() => setOpen(p.file)}>
              打开
            </Button>,
          ]}
        >
          <List.Item.Meta title={p.title} description={<code>{p.file}</code>} />
        </List.Item>
      )}
    />
  );
}
