import { Pagination } from 'antd';
import { msg } from '../../../common/rules/messages';

/** 共 N 条 with prev, pager and next (共 N+ 条 when a filtered total was only counted up to N); nothing when it is 0. */
export function ListPagination({
  total,
  current,
  pageSize,
  onChange,
  exact = true,
}: {
  total: number;
  current: number;
  pageSize: number;
  onChange: (page: number) => void;
  exact?: boolean;
}) {
  if (!(total > 0)) return null;
  return (
    <Pagination
      style={{ marginTop: 12, justifyContent: 'flex-end' }}
      total={total}
      current={current}
      pageSize={pageSize}
      showSizeChanger={false}
      showQuickJumper={false}
      showTotal={(n) => msg('paginationTotal', { n: exact ? n : `${n}+` })}
      onChange={onChange}
    />
  );
}
