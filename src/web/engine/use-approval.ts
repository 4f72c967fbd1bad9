// Approval actions shared by the side drawer and the approval dialog (spec §4).
import { useContext, useEffect, useState } from 'react';

import type { ApprovalStep } from '../../common/schema/types';
import { Messages } from '../../common/rules/messages';
import { DataProviderContext, type TaskData, type UploadedFile } from '../api/data-provider';
import { feedback } from './feedback';

export function useApproval(formId: string | number | undefined, enabled: boolean, onSuccess?: () => void) {
  // Tolerates a missing provider so drawers without approval render anywhere (stories, tests).
  const provider = useContext(DataProviderContext);
  const [task, setTask] = useState<TaskData | null>(null);
  const [steps, setSteps] = useState<ApprovalStep[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [reason, setReason] = useState<'agree' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTask(null);
    setSteps([]);
    setLoaded(false);
    if (!provider || !enabled || formId === undefined || formId === null) return;
    let live = true;
    // Non-200 answers on approval calls show nothing (spec §8): failures just leave the panel empty.
    Promise.all([
      provider.findTaskIdByFormId(formId).catch(() => null),
      provider.findApprovalByFormId(formId).catch(() => []),
    ]).then(([t, s]) => {
      if (!live) return;
      setTask(t?.taskId ? t : null);
      setSteps(s);
      setLoaded(true);
    });
    return () => { live = false; };
  }, [provider, formId, enabled]);

  const decide = async (remark: string, files: Record<string, UploadedFile[]> = {}) => {
    if (!provider || !task || !reason) return;
    setBusy(true);
    try {
      const decision = { taskId: task.taskId, processInstanceId: task.procInstId, comments: remark };
      if (reason === 'agree') await provider.agree(Object.keys(files).length ? { ...decision, files } : decision);
      else await provider.refuse(decision);
      feedback.message.success(reason === 'agree' ? Messages.agreed : Messages.rejected);
      setReason(null);
      onSuccess?.();
    } catch {
      /* approval failures show nothing */
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async () => {
    if (!provider || formId === undefined || formId === null) return;
    try {
      await provider.withdraw({ formId });
      feedback.message.success(Messages.withdrawn);
      onSuccess?.();
    } catch {
      /* approval failures show nothing */
    }
  };

  return { task, steps, loaded, reason, busy, openReason: setReason, closeReason: () => setReason(null), decide, withdraw };
}
