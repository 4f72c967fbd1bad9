// Side drawer (spec §2.8, §4): tenant logo, system-code line, form, editable line items, custom
// footer buttons and a collapsible 审批动态 panel. Footer: 取消 closes and clears; 提交 validates the
// form and every required line cell, then emits; 同意/驳回 (with task data) open the reason dialog;
// 撤回 (with a record id) withdraws.
import { useEffect, useMemo } from 'react';
import { Button, Collapse, Drawer, Space, message } from 'antd';
import { createForm, onFieldInputValueChange } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ButtonDef, DrawerConfig } from '../../common/schema/types';
import { LINES_KEY } from '../../common/rules/constants';
import { Messages } from '../../common/rules/messages';
import { validateRecord } from '../../common/rules/record';
import { applyComputed } from '../../common/computed';
import { RecordStatus } from '../../common/record-status';
import { ApprovalTimeline } from './ApprovalTimeline';
import { DRAWER_WIDTH } from './constants';
import { SchemaFields } from './fields/SchemaFields';
import { LineItemTable } from './LineItemTable';
import { createLineStore } from './line-store';
import { Permission } from './Permission';
import { ReasonDialog } from './ReasonDialog';
import { SystemCodeLine } from './SystemCodeLine';
import { TenantLogo } from './tenant';
import { useApproval } from './use-approval';

export interface SideDrawerProps {
  open: boolean;
  config: DrawerConfig;
  /** The record being viewed or edited; its id enables withdraw and the approval panel. */
  record?: Record<string, unknown> & { id?: string | number };
  readOnly?: boolean;
  onClose: () => void;
  onSubmit?: (values: Record<string, unknown>) => unknown;
  /** After agree, reject or withdraw succeeded. */
  onSuccess?: () => void;
  onButton?: (button: ButtonDef, values: Record<string, unknown>) => void;
}

export function SideDrawer({ open, config, record, readOnly, onClose, onSubmit, onSuccess, onButton }: SideDrawerProps) {
  const form = useMemo(() => createForm({ initialValues: record, readPretty: readOnly }), [record, readOnly, open]);
  const lines = useMemo(() => createLineStore((record?.[LINES_KEY] as Record<string, unknown>[]) ?? []), [record, open]);
  const formId = record?.id;
  // 撤回 only makes sense while the form is under review; the server refuses it otherwise anyway.
  const status = record?.[config.systemCode?.statusProp ?? 'status'];
  const inReview = status === undefined || status === RecordStatus.inReview;
  const approval = useApproval(formId, open && !!config.approval, () => { onSuccess?.(); });

  useEffect(() => { if (!open) form.reset(); }, [open, form]);

  // Computed fields (`compute`) follow the line items and the fields they depend on, as the server will store them.
  useEffect(() => {
    if (readOnly || !config.fields.some((f) => f.compute)) return;
    const recompute = () => {
      const next = applyComputed(config.fields, form.values, lines.values(config.lines?.columns ?? []));
      for (const f of config.fields) if (f.compute && form.values[f.fieldName] !== next[f.fieldName]) form.setValuesIn(f.fieldName, next[f.fieldName]);
    };
    recompute();
    const offLines = lines.subscribeAll(recompute);
    const id = form.addEffects('yg-compute', () => onFieldInputValueChange('*', recompute));
    return () => { offLines(); form.removeEffects('yg-compute'); void id; };
  }, [form, lines, config, readOnly]);

  const values = () => ({ ...form.values, ...(config.lines ? { [LINES_KEY]: lines.values(config.lines.columns) } : {}) });

  const cancel = () => {
    form.reset();
    onClose();
  };

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return;
    }
    const v = values();
    const err = validateRecord([], config.lines?.columns, v);
    if (err) {
      message.error(err.message);
      return;
    }
    await onSubmit?.(v);
  };

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      {(config.buttons ?? []).map((b) => (
        <Permission key={b.key} code={b.permissionCode}>
          <Button type={b.type} danger={b.danger} onClick={() => onButton?.(b, values())}>{b.text}</Button>
        </Permission>
      ))}
      {config.approval && formId !== undefined && inReview && (
        <Permission code="default"><Button onClick={approval.withdraw}>{Messages.withdraw}</Button></Permission>
      )}
      {config.approval && approval.task && (
        <>
          <Button danger onClick={() => approval.openReason('reject')}>{Messages.reject}</Button>
          <Button type="primary" ghost onClick={() => approval.openReason('agree')}>{Messages.agree}</Button>
        </>
      )}
      <Permission code="default"><Button onClick={cancel}>{Messages.cancel}</Button></Permission>
      {!readOnly && <Permission code="default"><Button type="primary" onClick={submit}>{Messages.submit}</Button></Permission>}
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
        {config.systemCode && <SystemCodeLine config={config.systemCode} record={record} />}
        <FormProvider form={form}>
          <FormLayout layout="horizontal" labelWidth={110}>
            <SchemaFields fields={config.fields} columns={2} />
          </FormLayout>
        </FormProvider>
        {config.lines && <LineItemTable store={lines} columns={config.lines.columns} title={config.lines.title} addable={config.lines.addable} readOnly={readOnly} />}
        {config.approval && formId !== undefined && (
          <Collapse
            style={{ marginTop: 16 }}
            defaultActiveKey={['approval']}
            items={[{ key: 'approval', label: Messages.approvalDynamics, children: <ApprovalTimeline steps={approval.steps} /> }]}
          />
        )}
      </Drawer>
      <ReasonDialog open={!!approval.reason} mode={approval.reason ?? 'agree'} loading={approval.busy} onCancel={approval.closeReason} onConfirm={approval.decide} />
    </>
  );
}
