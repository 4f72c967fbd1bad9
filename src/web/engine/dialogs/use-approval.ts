// Approval actions shared by the side drawer and the approval dialog.
import { useCallback, useContext, useEffect, useRef, useState } from 'react';

import type { ApprovalStep } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { actionableRefusal, DataProviderContext, type TaskData, type UploadedFile } from '../../api/data-provider';
import { feedback } from '../feedback';

/**
 * The record's open task and approval steps, and the actions on them. A failed action shows no toast and no success;
 * it keeps the dialogs open as they were and re-reads the task and steps. A refusal the approver can act on (stock
 * short, a rule of the step) is said in the reason dialog (`refusal`), so he is not left pressing 确定 in silence.
 * When the record changed meanwhile (another approver acted, the originator withdrew) the buttons and 审批动态 follow
 * it, and a reason dialog whose task is gone closes.
 * One action at a time: while a call is in flight its button shows loading and a second press sends nothing.
 */
export function useApproval(
  formId: string | number | undefined,
  enabled: boolean,
  onSuccess?: () => void,
  onFailure?: () => void,
) {
  // Tolerates a missing provider so drawers without approval render anywhere (stories, tests).
  const provider = useContext(DataProviderContext);
  const [task, setTask] = useState<TaskData | null>(null);
  const [steps, setSteps] = useState<ApprovalStep[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [reason, setReason] = useState<'agree' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  // Set synchronously: two presses within one render both see busy false.
  const inFlight = useRef(false);
  const live = useRef(0);

  // Failed reads show nothing: the panel stays empty and no approval button is offered.
  const read = useCallback(
    (id: string | number) =>
      Promise.all([
        provider!.findTaskIdByFormId(id).catch(() => null),
        provider!.findApprovalByFormId(id).catch(() => [] as ApprovalStep[]),
      ]),
    [provider],
  );

  useEffect(() => {
    setTask(null);
    setSteps([]);
    setLoaded(false);
    const run = ++live.current;
    if (!provider || !enabled || formId === undefined || formId === null) return;
    void read(formId).then(([t, s]) => {
      if (run !== live.current) return;
      setTask(t?.taskId ? t : null);
      setSteps(s);
      setLoaded(true);
    });
    return () => {
      live.current++;
    };
  }, [provider, formId, enabled, read]);

  /** After a refusal: the record as it is now (a task taken away closes its reason dialog). */
  const reread = () => {
    onFailure?.();
    if (!provider || formId === undefined || formId === null) return;
    const run = live.current;
    void read(formId).then(([t, s]) => {
      if (run !== live.current) return;
      const next = t?.taskId ? t : null;
      setTask(next);
      setSteps(s);
      if (!next) setReason(null);
    });
  };

  const decide = async (remark: string, files: Record<string, UploadedFile[]> = {}) => {
    if (!provider || !task || !reason || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      const decision = { taskId: task.taskId, processInstanceId: task.procInstId, comments: remark };
      try {
        if (reason === 'agree') await provider.agree(Object.keys(files).length ? { ...decision, files } : decision);
        else await provider.refuse(decision);
      } catch (err) {
        // The reason dialog keeps what was typed for another try, and says why when the approver can act on it.
        setRefusal(actionableRefusal(err));
        reread();
        return;
      }
      feedback.message.success(reason === 'agree' ? Messages.agreed : Messages.rejected);
      setReason(null);
      onSuccess?.();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const withdraw = async () => {
    if (!provider || formId === undefined || formId === null || inFlight.current) return;
    inFlight.current = true;
    setWithdrawing(true);
    try {
      try {
        await provider.withdraw({ formId });
      } catch {
        reread();
        return;
      }
      feedback.message.success(Messages.withdrawn);
      onSuccess?.();
    } finally {
      inFlight.current = false;
      setWithdrawing(false);
    }
  };

  const openReason = (mode: 'agree' | 'reject' | null) => {
    setRefusal(null);
    setReason(mode);
  };
  return {
    task,
    steps,
    loaded,
    reason,
    busy,
    refusal,
    withdrawing,
    openReason,
    closeReason: () => openReason(null),
    decide,
    withdraw,
  };
}
