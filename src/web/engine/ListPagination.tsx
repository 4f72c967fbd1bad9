import { Pagination } from 'antd';
import { msg } from '../../common/rules/messages';

/** 共 N 条 with prev, pager and next; nothing at all when the total is 0. */
export function ListPagination({ total, current, pageSize, onChange }: { total: number; current: number; pageSize: number; onChange: (page: number) => void }) {
  if (!(total > 0)) return null;
  return (
    <Pagination
      style={{ marginTop: 12, justifyContent: 'flex-end' }}
      total={total}
      current={current}
      pageSize={pageSize}
      showSizeChanger={false}
      showQuickJumper={false}
      showTotal={(n) => msg('paginationTotal', { n })}
      onChange={onChange}
    />
  );
}
