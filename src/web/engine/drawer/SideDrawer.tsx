// Side drawer: tenant logo, system-code line, stage details, form, editable line items,
// custom footer buttons and a collapsible 审批动态 panel. Footer: 取消 closes and clears; on an approval
// form 保存 keeps a draft and 提交 saves and submits (both validate the form and every required line
// cell first); 同意/驳回 (with task data) open the reason dialog; 撤回 and stage actions (e.g. 支付) show
// only when the record's `actions` from the server allow them.
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { applyDefaults } from '../../../common/defaults';
import { todayInChina } from '../../../common/china-time';
import { Button, Collapse, Descriptions, Drawer, Space, Tooltip } from 'antd';
import { createForm, onFieldInputValueChange, onFormValuesChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ButtonDef, CheckRule, DrawerConfig, StagesConfig } from '../../../common/schema/types';
import { formatDate } from '../../../common/rules/format';
import { LINES_KEY } from '../../../common/rules/constants';
import { ApprovalMessages, DraftMessages, Messages } from '../../../common/rules/messages';
import { validateRecord } from '../../../common/rules/record';
import { applyComputed, computeLines, failedCheck, formChecks, holds } from '../../../common/computed';
import { onPicked, pickedOf } from '../fields/picked-store';
import { RecordStatus } from '../../../common/record-status';
import { ApprovalTimeline } from '../dialogs/ApprovalTimeline';
import { OperationHistory } from './OperationHistory';
import { DataProviderContext } from '../../api/data-provider';
import { PageModuleContext } from '../page/page-module';
import { DRAWER_WIDTH } from '../constants';
import { SchemaFields } from '../fields/SchemaFields';
import { LineItemTable } from '../lines/LineItemTable';
import { createLineStore, linesEdited } from '../lines/line-store';
import { useFillLines } from '../lines/fill-lines';
import { Permission } from '../Permission';
import { ActionButtons, allowedButtons } from '../list/ActionButtons';
import { ReasonDialog } from '../dialogs/ReasonDialog';
import { SystemCodeLine } from './SystemCodeLine';
import { TenantContext, TenantLogo } from '../tenant';
import { useApproval } from '../dialogs/use-approval';
import { feedback } from '../feedback';
import { stageFieldOf } from '../../../common/schema/stage-field';

export interface SideDrawerProps {
  open: boolean;
  config: DrawerConfig;
  /** The record being viewed or edited; its id enables withdraw and the approval panel. */
  record?: Record<string, unknown> & { id?: string | number };
  readOnly?: boolean;
  onClose: () => void;
  /** 提交: on an approval form, save and submit. */
  onSubmit?: (values: Record<string, unknown>) => unknown;
  /** 保存 on an approval form: keep a draft without submitting. */
  onSave?: (values: Record<string, unknown>) => unknown;
  /** The page's stages: the drawer shows the record's stage and what its actions stored, and offers its actions. */
  stages?: StagesConfig;
  onStage?: (actionKey: string) => void;
  /** After agree, reject or withdraw succeeded. */
  onSuccess?: () => void;
  /** After agree, reject or withdraw was refused or failed (the record may have changed: e.g. reload the list behind). */
  onApprovalFailed?: () => void;
  onButton?: (button: ButtonDef, values: Record<string, unknown>) => void;
  /** The page's record rules, checked before 保存/提交 as the server checks them. */
  checks?: CheckRule[];
  /** The page's `approvalWhen`: 提交 reads 提交审批 while the form's values need an approval, else 提交 (无需审批). */
  approvalWhen?: string;
}

export function SideDrawer({
  open,
  config,
  record,
  readOnly,
  onClose,
  onSubmit,
  onSave,
  stages,
  onStage,
  onSuccess,
  onApprovalFailed,
  onButton,
  checks,
  approvalWhen,
}: SideDrawerProps) {
  const { userId, deptId } = useContext(TenantContext);
  const module = useContext(PageModuleContext);
  const provider = useContext(DataProviderContext);
  // A new record starts from its schema's defaults (报销人 = me, 报销日期 = today…); the server fills the same.
  // Who the user is may be confirmed by the server after the drawer opened: that must not rebuild the form (and
  // drop what was typed); the late defaults fill only the fields still empty (effect below).
  const who = useRef({ userId, deptId });
  who.current = { userId, deptId };
  // A new record another page prefilled (申请采购 from 库存, no id yet) starts from the defaults with its values over them.
  const isNew = !record || record.id === undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: isNew follows record; each opening starts the form again
  const initial = useMemo(
    () =>
      record && !isNew
        ? record
        : { ...applyDefaults(config.fields, {}, { ...who.current, today: todayInChina() }), ...record },
    [record, config.fields, open],
  );
  const form = useMemo(() => createForm({ initialValues: initial, readPretty: readOnly }), [initial, readOnly, open]);
  useEffect(() => {
    if (!isNew || readOnly || !open) return;
    const late = applyDefaults(config.fields, {}, { userId, deptId, today: todayInChina() });
    for (const [k, v] of Object.entries(late)) {
      const cur = form.values[k];
      if ((cur === undefined || cur === null || cur === '') && v !== undefined && v !== null) form.setValuesIn(k, v);
    }
  }, [userId, deptId, isNew, readOnly, open, form, config.fields]);
  const lines = useMemo(
    () => createLineStore((record?.[LINES_KEY] as Record<string, unknown>[]) ?? []),
    [record, open],
  );
  // A picker with `fillLines` (采购模板) replaces the lines with the picked record's.
  useFillLines(form, lines, config.fields, !readOnly && !!config.lines);
  const formId = record?.id;
  // A new record's form shows only the fields a new record has (isAdd false: 开工日期, 返工次数, set later by its actions).
  // Someone the page names in editableBy (the appraised employee) changes only the fields the server lists for him
  // (record.editOnly); the rest show as they are, since the server would refuse them changed.
  const editOnly = useMemo(
    () => (!readOnly && Array.isArray(record?.editOnly) ? new Set((record.editOnly as unknown[]).map(String)) : null),
    [record, readOnly],
  );
  const shownFields = useMemo(() => {
    const fields = isNew ? config.fields.filter((f) => f.isAdd !== false) : config.fields;
    return editOnly ? fields.map((f) => (editOnly.has(f.fieldName) ? f : { ...f, disabled: true })) : fields;
  }, [isNew, config.fields, editOnly]);
  const lockedCells = useMemo(
    () =>
      editOnly && config.lines
        ? new Set(config.lines.columns.map((c) => c.prop).filter((p) => !editOnly.has(`lines.${p}`)))
        : undefined,
    [editOnly, config.lines],
  );
  // 撤回 only makes sense while the form is under review; the server refuses it otherwise anyway.
  const status = record?.[config.systemCode?.statusProp ?? 'status'];
  const allowed = Array.isArray(record?.actions) ? (record!.actions as string[]) : null;
  const canWithdraw = allowed ? allowed.includes('withdraw') : status === RecordStatus.inReview;
  const stageButtons = (stages?.actions ?? []).filter((a) => allowed?.includes(a.key));
  const approval = useApproval(
    formId,
    open && !!config.approval,
    () => {
      onSuccess?.();
    },
    () => {
      onApprovalFailed?.();
    },
  );

  useEffect(() => {
    if (!open) form.reset();
  }, [open, form]);

  // Computed cells and fields (`compute`) follow the line items, the fields and the picked records they read,
  // as the server will store them (the server recomputes them anyway and ignores what the form sends).
  useEffect(() => {
    const cols = config.lines?.columns ?? [];
    if (readOnly || (!config.fields.some((f) => f.compute) && !cols.some((c) => c.compute))) return;
    const recompute = () => {
      const ctx = { picked: pickedOf(form), today: todayInChina() };
      const current = lines.values(cols);
      const computedLines = computeLines(cols, current, form.values, ctx);
      if (computedLines !== current) {
        lines.keys().forEach((key, i) => {
          for (const c of cols)
            if (c.compute && lines.row(key)[c.prop] !== computedLines[i]?.[c.prop])
              lines.set(key, c.prop, computedLines[i]?.[c.prop]);
        });
      }
      const next = applyComputed(config.fields, form.values, computedLines, ctx);
      for (const f of config.fields)
        if (f.compute && form.values[f.fieldName] !== next[f.fieldName])
          form.setValuesIn(f.fieldName, next[f.fieldName] ?? null);
    };
    recompute();
    const offLines = lines.subscribeAll(recompute);
    const offPicked = onPicked(form, recompute);
    const id = form.addEffects('yg-compute', () => onFieldInputValueChange('*', recompute));
    return () => {
      offLines();
      offPicked();
      form.removeEffects('yg-compute');
      void id;
    };
  }, [form, lines, config, readOnly]);

  // Whether 提交 will start an approval: the page's approvalWhen over the form as it is now (the server decides again).
  const [needsApproval, setNeedsApproval] = useState<boolean | null>(null);
  useEffect(() => {
    if (readOnly || !open || !config.approval || !approvalWhen) {
      setNeedsApproval(null);
      return;
    }
    const update = () => {
      const rows = config.lines ? lines.values(config.lines.columns) : [];
      try {
        setNeedsApproval(holds(approvalWhen, form.values, rows, { picked: pickedOf(form), today: todayInChina() }));
      } catch {
        setNeedsApproval(null);
      }
    };
    update();
    const offLines = lines.subscribeAll(update);
    const offPicked = onPicked(form, update);
    form.addEffects('yg-needs-approval', () => onFormValuesChange(update));
    return () => {
      offLines();
      offPicked();
      form.removeEffects('yg-needs-approval');
    };
  }, [form, lines, config, readOnly, open, approvalWhen]);

  const values = () => ({
    ...form.values,
    ...(config.lines ? { [LINES_KEY]: lines.values(config.lines.columns) } : {}),
  });

  const close = () => {
    form.reset();
    onClose();
  };
  // What was typed is not thrown away by a stray click on the mask or an Esc meant for a dropdown: ask first.
  // One question at a time: a second Esc while it is asked does not stack another.
  const asking = useRef(false);
  const cancel = () => {
    const typedLines =
      config.lines &&
      linesEdited(
        (record?.[LINES_KEY] as Record<string, unknown>[]) ?? [],
        lines.values(config.lines.columns),
        config.lines.columns,
      );
    if (readOnly || (!form.modified && !typedLines)) return close();
    if (asking.current) return;
    asking.current = true;
    feedback.modal.confirm({
      title: DraftMessages.discardTitle,
      content: DraftMessages.discardContent,
      okText: DraftMessages.discard,
      cancelText: DraftMessages.keepEditing,
      okButtonProps: { danger: true },
      onOk: close,
      afterClose: () => {
        asking.current = false;
      },
    });
  };

  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const emit = async (mode: 'save' | 'submit') => {
    try {
      await form.validate();
    } catch {
      return;
    }
    const v = values();
    const err = validateRecord([], config.lines?.columns, v, { linesTitle: config.lines?.title });
    if (err) {
      feedback.message.error(err.message);
      return;
    }
    // The page's record rules (e.g. 冲借支金额 ≤ 借支单未还金额), as the server will check them.
    const broken = failedCheck(
      formChecks(checks, config.fields),
      v,
      (v[LINES_KEY] as Record<string, unknown>[]) ?? [],
      { picked: pickedOf(form), today: todayInChina() },
      mode === 'submit',
    );
    if (broken) {
      feedback.message.error(broken);
      return;
    }
    setBusy(mode);
    try {
      await (mode === 'save' ? onSave : onSubmit)?.(v);
    } catch {
      /* the client already showed the server's message; the drawer stays open */
    } finally {
      setBusy(null);
    }
  };

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      {/* Custom buttons act on a saved record, and only where the server allows that action. */}
      {(formId === undefined ? [] : allowedButtons(config.buttons ?? [], allowed)).map((b) =>
        b.children?.length ? (
          <ActionButtons key={b.key} buttons={[b]} onClick={(x) => onButton?.(x, values())} />
        ) : (
          <Permission key={b.key} code={b.permissionCode}>
            <Button type={b.type} danger={b.danger} onClick={() => onButton?.(b, values())}>
              {b.text}
            </Button>
          </Permission>
        ),
      )}
      {config.approval && formId !== undefined && canWithdraw && (
        <Permission code="default">
          <Button loading={approval.withdrawing} onClick={() => void approval.withdraw()}>
            {Messages.withdraw}
          </Button>
        </Permission>
      )}
      {stageButtons.map((a) => (
        <Permission key={a.key} code={a.permissionCode}>
          <Button type="primary" danger={a.danger} onClick={() => onStage?.(a.key)}>
            {a.text}
          </Button>
        </Permission>
      ))}
      {config.approval && approval.task && (
        <>
          <Button danger onClick={() => approval.openReason('reject')}>
            {Messages.reject}
          </Button>
          <Button type="primary" ghost onClick={() => approval.openReason('agree')}>
            {Messages.agree}
          </Button>
        </>
      )}
      <Permission code="default">
        <Button onClick={cancel}>{Messages.cancel}</Button>
      </Permission>
      {!readOnly && config.approval && onSave && (
        <Permission code="default">
          <Button loading={busy === 'save'} disabled={!!busy} onClick={() => emit('save')}>
            保存
          </Button>
        </Permission>
      )}
      {!readOnly && (
        <Permission code="default">
          <Tooltip title={needsApproval === false ? ApprovalMessages.noApprovalNeeded : undefined}>
            <Button type="primary" loading={busy === 'submit'} disabled={!!busy} onClick={() => emit('submit')}>
              {needsApproval ? ApprovalMessages.submitForApproval : Messages.submit}
            </Button>
          </Tooltip>
        </Permission>
      )}
    </Space>
  );

  return (
    <>
      <Drawer
        open={open}
        width={config.width ?? DRAWER_WIDTH}
        onClose={cancel}
        title={config.title}
        extra={<TenantLogo />}
        footer={footer}
        destroyOnHidden
      >
        {config.systemCode && (
          <SystemCodeLine
            config={config.systemCode}
            record={record}
            options={
              stages && config.systemCode.statusProp === stageFieldOf(stages)
                ? stages.values.map((v) => ({ label: v.value, value: v.value, color: v.color }))
                : undefined
            }
          />
        )}
        {stages && record && (
          <StageDetails
            stages={stages}
            record={record}
            inHeader={config.systemCode?.statusProp === stageFieldOf(stages)}
          />
        )}
        <FormProvider form={form}>
          <FormLayout layout="horizontal" labelWidth={110}>
            <SchemaFields fields={shownFields} columns={2} />
          </FormLayout>
          {/* Inside the form: line cells read its values and picks (a picker's filter, the picked warehouse's 库位). */}
          {config.lines && (
            <LineItemTable
              store={lines}
              columns={config.lines.columns}
              title={config.lines.title}
              addable={config.lines.addable && !editOnly}
              readOnly={readOnly || !!config.lines.readOnly}
              lockedCells={lockedCells}
            />
          )}
        </FormProvider>
        {formId !== undefined && (config.approval || (module && provider?.recordHistory)) && (
          <Collapse
            style={{ marginTop: 16 }}
            defaultActiveKey={['approval']}
            // 操作记录 is read when opened (destroyOnHidden keeps it out of every drawer's first paint).
            destroyOnHidden
            items={[
              ...(config.approval
                ? [
                    {
                      key: 'approval',
                      label: Messages.approvalDynamics,
                      children: <ApprovalTimeline steps={approval.steps} />,
                    },
                  ]
                : []),
              ...(module && provider?.recordHistory
                ? [
                    {
                      key: 'history',
                      label: '操作记录',
                      children: <OperationHistory module={module} id={formId as string | number} />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Drawer>
      <ReasonDialog
        open={!!approval.reason}
        mode={approval.reason ?? 'agree'}
        loading={approval.busy}
        onCancel={approval.closeReason}
        onConfirm={approval.decide}
        stepName={approval.task?.stepName}
        requiredFiles={approval.task?.requiredFiles}
        refusal={approval.refusal}
      />
    </>
  );
}

/** The record's stage and what its stage actions stored (e.g. 支付日期, 付款账户), once there is any. */
function StageDetails({
  stages,
  record,
  inHeader,
}: {
  stages: StagesConfig;
  record: Record<string, unknown>;
  inHeader?: boolean;
}) {
  const stage = record[stageFieldOf(stages)];
  if (stage === undefined || stage === null || stage === '') return null;
  const fields = stages.actions
    .flatMap((a) => a.fields ?? [])
    .filter((f, i, all) => all.findIndex((x) => x.fieldName === f.fieldName) === i);
  const shown = (f: { fieldName: string; fontendType: string }) => {
    const v = record[`${f.fieldName}Name`] ?? record[f.fieldName];
    return f.fontendType === 'date' ? formatDate(v) : v === undefined || v === null ? '' : String(v);
  };
  const items = [
    // The system-code line already shows the stage when it is the drawer's status.
    ...(inHeader ? [] : [{ key: '__stage', label: stages.label ?? '阶段', children: String(stage) }]),
    ...fields.filter((f) => shown(f) !== '').map((f) => ({ key: f.fieldName, label: f.titleName, children: shown(f) })),
  ];
  if (!items.length) return null;
  return (
    <Descriptions
      className="yg-stage-details"
      size="small"
      column={3}
      bordered
      items={items}
      style={{ marginBottom: 12 }}
    />
  );
}
