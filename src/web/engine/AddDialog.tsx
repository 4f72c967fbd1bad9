// Add dialog (spec §2.7): width 400, draggable by its title, tenant logo, optional extra
// cancel-style button, 取消 and 提交; submit validates the form first, then emits the values.
import { useContext, useMemo, useState } from 'react';
import { applyDefaults, todayInChina } from '../../common/defaults';
import { Button, Modal, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ButtonDef, FieldDef } from '../../common/schema/types';
import { Messages } from '../../common/rules/messages';
import { SchemaFields } from './fields/SchemaFields';
import { DIALOG_WIDTH } from './constants';
import { Permission } from './Permission';
import { TenantContext, TenantLogo } from './tenant';
import { useDraggable } from './use-draggable';

export interface AddDialogProps {
  open: boolean;
  title: string;
  fields: FieldDef[];
  width?: number;
  initialValues?: Record<string, unknown>;
  submitText?: string;
  /** A line above the fields saying what submitting does (e.g. how a generator builds its record). */
  extra?: string;
  extraButton?: ButtonDef;
  onExtra?: (values: Record<string, unknown>) => void;
  onCancel: () => void;
  onSubmit: (values: Record<string, unknown>) => unknown;
}

export function AddDialog(p: AddDialogProps) {
  // A fresh form per opening, so cancel leaves nothing behind.
  const { userId } = useContext(TenantContext);
  const form = useMemo(
    () => createForm({ initialValues: applyDefaults(p.fields, p.initialValues ?? {}, { userId, today: todayInChina() }) }),
    [p.open, p.initialValues, p.fields, userId],
  );
  const drag = useDraggable();
  const [busy, setBusy] = useState(false);
  const fields = p.fields.filter((f) => f.isAdd !== false);

  const submit = async () => {
    try {
      await form.validate();
    } catch {
      return; // messages show under the fields
    }
    setBusy(true);
    try {
      await p.onSubmit({ ...form.values });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={p.open}
      width={p.width ?? DIALOG_WIDTH}
      destroyOnHidden
      onCancel={p.onCancel}
      afterClose={drag.reset}
      modalRender={(node) => <div style={drag.style}>{node}</div>}
      title={
        <div onMouseDown={drag.onMouseDown} style={{ cursor: 'move', display: 'flex', justifyContent: 'space-between', alignItems: 'center', paddingRight: 32 }}>
          <span>{p.title}</span>
          <TenantLogo />
        </div>
      }
      footer={
        <>
          {p.extraButton && (
            <Permission code={p.extraButton.permissionCode}>
              <Button onClick={() => p.onExtra?.({ ...form.values })}>{p.extraButton.text}</Button>
            </Permission>
          )}
          <Permission code="default"><Button onClick={p.onCancel}>{Messages.cancel}</Button></Permission>
          <Permission code="default"><Button type="primary" loading={busy} onClick={submit}>{p.submitText ?? Messages.submit}</Button></Permission>
        </>
      }
    >
      {p.extra && <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>{p.extra}</Typography.Paragraph>}
      <FormProvider form={form}>
        <FormLayout layout="vertical">
          <SchemaFields fields={fields} columns={1} />
        </FormLayout>
      </FormProvider>
    </Modal>
  );
}
