import { Spin } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { loading } from '../api/loading';

/** Full-screen mask while any request is in flight; a short delay keeps fast calls from flashing it. */
export function LoadingMask({ delay = 150 }: { delay?: number }) {
  const count = useSyncExternalStore(loading.subscribe, loading.count, loading.count);
  const [visible, setVisible] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mask's timer restarts only when requests start or all end, not at each change of their count
  useEffect(() => {
    if (count === 0) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(t);
  }, [count > 0, delay]);
  if (!visible) return null;
  return (
    <div className="yg-loading-mask" data-testid="loading-mask" role="progressbar" aria-busy="true">
      <Spin size="large" tip="加载中…">
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </div>
  );
}
