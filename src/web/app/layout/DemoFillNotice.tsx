// A fresh install's first half-minute: the server answers while the demo team's year is still being written, and
// every call into that team answers 演示数据准备中 until it is whole. The workspace shows this quiet notice in place
// of the team's pages meanwhile (the menu and header stay), asks GET /api/demo-status every two seconds, and reloads
// once the team is whole, so the pages open on the complete company.
import { Alert, Progress } from 'antd';
import { useEffect, useState } from 'react';

interface DemoStatus {
  filling: boolean;
  tenantCode: string | null;
  played: number;
  planned: number;
}

const POLL_MS = 2_000;

async function readStatus(): Promise<DemoStatus | null> {
  try {
    const r = await fetch('/api/demo-status', { cache: 'no-store' });
    const body = (await r.json()) as { status: number; data: DemoStatus };
    return body.status === 200 ? body.data : null;
  } catch {
    return null;
  }
}

/** The fill's progress while `tenantCode`'s team is being filled, else null. Reloads the page when it ends. */
export function useDemoFill(tenantCode: string | null | undefined): DemoStatus | null {
  const [status, setStatus] = useState<DemoStatus | null>(null);
  useEffect(() => {
    if (!tenantCode) return;
    let stopped = false;
    let waited = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const s = await readStatus();
      if (stopped) return;
      const ours = !!s?.filling && s.tenantCode === tenantCode;
      if (ours) {
        waited = true;
        setStatus(s);
        timer = setTimeout(() => {
          void tick();
        }, POLL_MS);
      } else if (waited && s) window.location.reload();
      else setStatus(null);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [tenantCode]);
  return status;
}

export function DemoFillNotice({ status }: { status: DemoStatus }) {
  const percent = status.planned ? Math.floor((status.played / status.planned) * 100) : 0;
  return (
    <div className="yg-demo-fill" data-testid="demo-fill">
      <Alert
        type="info"
        showIcon
        message="演示数据准备中…"
        description={
          <>
            <div>演示企业一年的业务数据正在生成，完成后页面自动刷新（约半分钟）。</div>
            <Progress percent={percent} size="small" status="active" />
          </>
        }
      />
    </div>
  );
}
