// 通知 in the header: a bell with the unread count, and a panel listing the caller's notifications in the active
// team (newest first, unread marked). Opening one marks it read, goes to its page and shows the record in the
// page's drawer; 全部已读 marks them all. The count is polled every 30 s while the tab is visible (and at once when
// it becomes visible again): notifications come from other people's actions (催办, approvals), and a short poll of
// an index-only count is cheaper and simpler than a socket each replica would have to keep and fan out to.
import { useCallback, useEffect, useRef, useState } from 'react';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Spin, Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../common/rules/format';
import { onFirstOpen } from '../../../engine/lazy-parts';
import { useUser } from '../../session-context';
import type { NotificationRecord as NotificationRecordType, NotificationTarget } from './NotificationRecord';
import { notificationsApi, type Notice } from './notifications-api';

export const POLL_MS = 30_000;
const PAGE_SIZE = 10;

const NotificationRecord = onFirstOpen<typeof NotificationRecordType>(() =>
  import('./NotificationRecord').then((m) => m.NotificationRecord),
);

export function NotificationBell() {
  const navigate = useNavigate();
  const { user } = useUser();
  const tenant = user?.tenantCode;
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Notice[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [target, setTarget] = useState<NotificationTarget | null>(null);
  const pageNum = useRef(1);
  const closeTarget = useCallback(() => setTarget(null), []);

  const poll = useCallback(async () => {
    if (!tenant) return;
    try {
      setCount((await notificationsApi.unread()).count);
    } catch {
      /* the next poll tries again */
    }
  }, [tenant]);

  useEffect(() => {
    setCount(0);
    setItems([]);
    void poll();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void poll();
    }, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [poll]);

  const load = useCallback(async (more = false) => {
    setLoading(true);
    try {
      const next = more ? pageNum.current + 1 : 1;
      const p = await notificationsApi.page(next, PAGE_SIZE);
      pageNum.current = next;
      setItems((cur) => (more ? [...cur, ...p.list.filter((n) => !cur.some((c) => c.id === n.id))] : p.list));
      setTotal(p.total);
      setCount(p.unread);
    } catch {
      /* the client showed the failure */
    } finally {
      setLoading(false);
    }
  }, []);

  const onOpenChange = (v: boolean) => {
    setOpen(v);
    if (v) void load();
  };

  const openNotice = async (n: Notice) => {
    setOpen(false);
    if (!n.read) {
      setItems((cur) => cur.map((c) => (c.id === n.id ? { ...c, read: true } : c)));
      setCount((c) => Math.max(0, c - 1));
      notificationsApi.read(n.id).then(
        (r) => setCount(r.unread),
        () => undefined,
      );
    }
    if (n.page && n.module && n.recordId) {
      navigate(`/${n.page}`);
      setTarget({ module: n.module, page: n.page, recordId: n.recordId });
    }
  };

  const readAll = async () => {
    try {
      await notificationsApi.readAll();
      setItems((cur) => cur.map((c) => ({ ...c, read: true })));
      setCount(0);
    } catch {
      /* the client showed the failure */
    }
  };

  if (!tenant) return null;

  const panel = (
    <div className="yg-notice-panel" data-testid="notification-panel">
      <div className="yg-notice-head">
        <span className="yg-notice-title">通知{count > 0 ? `（${count} 条未读）` : ''}</span>
        <Button
          type="link"
          size="small"
          disabled={count === 0}
          onClick={() => void readAll()}
          data-testid="notification-read-all"
        >
          全部已读
        </Button>
      </div>
      <Spin spinning={loading}>
        <div className="yg-notice-list">
          {items.length === 0 ? (
            loading ? (
              <div className="yg-notice-loading" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />
            )
          ) : (
            items.map((n) => (
              <button
                key={n.id}
                type="button"
                className={`yg-notice-item${n.read ? '' : ' yg-notice-unread'}`}
                onClick={() => void openNotice(n)}
                data-testid="notification-item"
              >
                <span className="yg-notice-dot" aria-label={n.read ? '已读' : '未读'} />
                <span className="yg-notice-main">
                  <span className="yg-notice-item-title">
                    {n.title}
                    {n.viewable === false && (
                      <Tag className="yg-notice-unviewable" style={{ marginLeft: 6 }}>
                        不可查看
                      </Tag>
                    )}
                  </span>
                  {n.body && <span className="yg-notice-body">{n.body}</span>}
                  <span className="yg-notice-meta">
                    {[n.actorName, formatDate(n.createdAt, 'dateTime')].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </button>
            ))
          )}
          {items.length > 0 && items.length < total && (
            <Button type="link" block onClick={() => void load(true)} disabled={loading}>
              加载更多
            </Button>
          )}
        </div>
      </Spin>
    </div>
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={onOpenChange}
        trigger="click"
        placement="bottomRight"
        content={panel}
        arrow={false}
        destroyOnHidden
      >
        <Tooltip title={open ? undefined : count ? `${count} 条未读通知` : '通知'}>
          <button type="button" className="yg-header-action" data-testid="notification-bell" aria-label="通知">
            <Badge count={count} size="small" offset={[4, -2]} overflowCount={99}>
              <BellOutlined style={{ fontSize: 17 }} />
            </Badge>
            <span>通知</span>
          </button>
        </Tooltip>
      </Popover>
      {target && <NotificationRecord open target={target} onClose={closeTarget} />}
    </>
  );
}
