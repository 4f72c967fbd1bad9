import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { teamApi, type CreateTeamPayload, type MenuAnswer } from '../../api/team';
import { enterNewTeam } from './switch';
import { clearWizard, getWizard, saveWizard } from './wizard';

/**
 * Creates the team once (the wizard remembers the new code, so a reload does not create it twice),
 * shows the result, then enters the new team: menu and user stored, reload at /.
 */
export function useCreateTeam() {
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>(() =>
    getWizard().createdCode ? 'done' : 'idle',
  );
  const [code, setCode] = useState<string | undefined>(() => getWizard().createdCode);
  const answer = useRef<MenuAnswer | null>(null);

  const create = async (payload: CreateTeamPayload) => {
    if (state === 'busy' || getWizard().createdCode) return;
    setState('busy');
    try {
      const res = await teamApi.createTeam(payload);
      answer.current = res;
      saveWizard({ createdCode: res.tenantCode });
      setCode(res.tenantCode);
      setState('done');
    } catch {
      setState('failed');
    }
  };

  const enter = async () => {
    // After a reload the answer is gone: the menu is fetched again on entering.
    clearWizard();
    await enterNewTeam(answer.current ?? { menuTree: [], permissions: [] }, '创建成功');
  };
  return { state, code, create, enter };
}

export function CreatedResult({ code, name, onEnter }: { code?: string; name?: string; onEnter(): void }) {
  const fired = useRef(false);
  useEffect(() => {
    const t = setTimeout(() => {
      if (!fired.current) {
        fired.current = true;
        onEnter();
      }
    }, 1500);
    return () => clearTimeout(t);
  }, [onEnter]);
  return (
    <Result
      status="success"
      title="团队创建成功"
      subTitle={
        <span data-testid="created-team">
          {name} · 团队编号 {code}，即将进入团队…
        </span>
      }
      extra={
        <Button
          type="primary"
          onClick={() => {
            fired.current = true;
            onEnter();
          }}
        >
          进入团队
        </Button>
      }
    />
  );
}
