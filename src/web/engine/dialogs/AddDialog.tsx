// Add dialog: width 400, draggable by its title, tenant logo, optional extra
// cancel-style button, 取消 and 提交; submit validates the form first, then emits the values.
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { applyDefaults } from '../../../common/defaults';
import { todayInChina } from '../../../common/china-time';
import { Button, InputNumber, Input, Modal, Table, Typography } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { ButtonDef, FieldDef } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { SchemaFields } from '../fields/SchemaFields';
import { DIALOG_WIDTH } from '../constants';
import { Permission } from '../Permission';
import { TenantContext, TenantLogo } from '../tenant';
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
  /**
   * A stage action's per-line questions (lineFields, 到货数量): the record's lines with one input per field,
   * sent as values.lines (one object per line, in order); `show` names the line cells shown beside them.
   */
  lineInputs?: {
    fields: FieldDef[];
    lines: Record<string, unknown>[];
    show: { prop: string; label: string; viewField?: string }[];
    initial?: (line: Record<string, unknown>) => Record<string, unknown>;
  };
}

type LineRow = Record<string, unknown>;

/** The per-line inputs of a stage action (numbers or text), one row per record line. */
function LineInputs({
  spec,
  values,
  set,
}: {
  spec: NonNullable<AddDialogProps['lineInputs']>;
  values: LineRow[];
  set: (i: number, k: string, v: unknown) => void;
}) {
  const columns = [
    ...spec.show.map((c) => ({
      key: c.prop,
      title: c.label,
      render: (_: unknown, l: LineRow) => String(l[c.viewField ?? `${c.prop}Name`] ?? l[c.prop] ?? ''),
    })),
    ...spec.fields.map((f) => ({
      key: f.fieldName,
      title: f.titleName,
      width: 120,
      render: (_: unknown, _l: LineRow, i: number) =>
        f.fontendType === 'number' ? (
          <InputNumber
            aria-label={`第${i + 1}行${f.titleName}`}
            size="small"
            min={f.min ?? f.exclusiveMinimum}
            max={f.max ?? f.exclusiveMaximum}
            value={values[i]?.[f.fieldName] as number | null}
            onChange={(v) => set(i, f.fieldName, v)}
            style={{ width: '100%' }}
          />
        ) : (
          <Input
            aria-label={`第${i + 1}行${f.titleName}`}
            size="small"
            value={String(values[i]?.[f.fieldName] ?? '')}
            onChange={(e) => set(i, f.fieldName, e.target.value)}
          />
        ),
    })),
  ];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      columns={columns}
      dataSource={spec.lines}
      style={{ marginTop: 8 }}
    />
  );
}

/** Counts the dialog's openings: a new number each time `open` turns true (and for a dialog mounted open). */
function useOpening(open: boolean): number {
  const state = useRef({ open: false, n: 0 });
  if (open && !state.current.open) state.current.n += 1;
  state.current.open = open;
  return state.current.n;
}

export function AddDialog(p: AddDialogProps) {
  // A fresh form per opening, so cancel leaves nothing behind — and only per opening: a parent that renders again
  // while the dialog is open (a list reloading, fields or initial values built afresh, the user confirmed late) must
  // not rebuild it, which dropped what was typed and the messages a first 确定 had just shown.
  const { userId } = useContext(TenantContext);
  const opening = useOpening(p.open);
  const latest = useRef({ fields: p.fields, initialValues: p.initialValues, userId });
  latest.current = { fields: p.fields, initialValues: p.initialValues, userId };
  const form = useMemo(() => {
    const { fields, initialValues, userId: who } = latest.current;
    return createForm({
      initialValues: applyDefaults(fields, initialValues ?? {}, { userId: who, today: todayInChina() }),
    });
  }, [opening]);
  // Defaults that arrive late (who the user is) fill only the fields still empty.
  useEffect(() => {
    if (!p.open || userId === undefined) return;
    const late = applyDefaults(p.fields, {}, { userId, today: todayInChina() });
    for (const [k, v] of Object.entries(late)) {
      const cur = form.values[k];
      if ((cur === undefined || cur === null || cur === '') && v !== undefined && v !== null) form.setValuesIn(k, v);
    }
  }, [userId, form, p.open, p.fields]);
  const drag = useDraggable();
  const [busy, setBusy] = useState(false);
  const fields = p.fields.filter((f) => f.isAdd !== false);
  const [lineValues, setLineValues] = useState<LineRow[]>([]);
  const spec = p.lineInputs;
  // Each opening starts from the lines' suggested values (到货数量 = what is still outstanding).
  useEffect(() => setLineValues((spec?.lines ?? []).map((l) => spec?.initial?.(l) ?? {})), [spec, p.open]);
  const setLine = (i: number, k: string, v: unknown) =>
    setLineValues((cur) => cur.map((r, j) => (j === i ? { ...r, [k]: v } : r)));

  // One press at a time: a second press while the first validates or submits does nothing (the first answers).
  const pressing = useRef(false);
  const submit = async () => {
    if (pressing.current) return;
    pressing.current = true;
    try {
      // Every field shown must be in the form before it is validated: a press landing as the dialog opens waits
      // for them (a frame or two), so it shows their messages instead of passing an empty form.
      const shown = fields.filter((f) => !f.hidden).map((f) => f.fieldName);
      for (let i = 0; i < 20 && shown.some((n) => !form.fields[n]); i++) await new Promise((r) => setTimeout(r, 16));
      try {
        await form.validate();
      } catch {
        return; // messages show under the fields
      }
      setBusy(true);
      try {
        await p.onSubmit(spec ? { ...form.values, lines: lineValues } : { ...form.values });
      } finally {
        setBusy(false);
      }
    } finally {
      pressing.current = false;
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
        <div
          onMouseDown={drag.onMouseDown}
          style={{
            cursor: 'move',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            paddingRight: 32,
          }}
        >
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
          <Permission code="default">
            <Button onClick={p.onCancel}>{Messages.cancel}</Button>
          </Permission>
          <Permission code="default">
            <Button type="primary" loading={busy} onClick={submit}>
              {p.submitText ?? Messages.submit}
            </Button>
          </Permission>
        </>
      }
    >
      {p.extra && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {p.extra}
        </Typography.Paragraph>
      )}
      <FormProvider form={form}>
        <FormLayout layout="vertical">
          <SchemaFields fields={fields} columns={1} />
        </FormLayout>
      </FormProvider>
      {spec && <LineInputs spec={spec} values={lineValues} set={setLine} />}
    </Modal>
  );
}
