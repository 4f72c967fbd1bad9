// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { FieldDef, Option } from '../../../common/schema/types';
import { SchemaFields } from './SchemaFields';
import { selectAllState, toggleSelectAll } from './select-all';
import { fieldRegistry } from './registry';
import { FIELD_TYPES } from '../../../common/schema/types';

function renderForm(fields: FieldDef[], initialValues: Record<string, unknown> = {}) {
  const form = createForm({ initialValues });
  const view = render(
    <FormProvider form={form}>
      <SchemaFields fields={fields} />
    </FormProvider>,
  );
  return { form, ...view };
}

const opts: Option[] = [
  { label: '多层板', value: '1' },
  { label: '密度板', value: '2' },
  { label: '颗粒板', value: '3' },
  { label: '实木', value: '4', disabled: true },
];

describe('registry', () => {
  it('has an adapter for every fontendType', () => {
    expect(Object.keys(fieldRegistry).sort()).toEqual([...FIELD_TYPES].sort());
  });
});

describe('select-all state', () => {
  it('checked only when all enabled options are chosen; indeterminate when some', () => {
    expect(selectAllState(opts, [])).toEqual({ checked: false, indeterminate: false });
    expect(selectAllState(opts, ['1'])).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState(opts, ['1', '2', '3'])).toEqual({ checked: true, indeterminate: false });
    expect(selectAllState(opts, ['1', '2', '3', '4'])).toEqual({ checked: true, indeterminate: false });
  });
  it('toggle adds all enabled options, then removes them keeping disabled ones', () => {
    expect(toggleSelectAll(opts, ['4'])).toEqual(['4', '1', '2', '3']);
    expect(toggleSelectAll(opts, ['4', '1', '2', '3'])).toEqual(['4']);
  });
});

describe('multi-select component', () => {
  const def: FieldDef = { fieldName: 'm', titleName: '板材', fontendType: 'multiSelect', data: opts };
  it('select-all box follows the value and tags collapse after 2', async () => {
    const { form, container } = renderForm([def], { m: ['1'] });
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    const box = await screen.findByText('全选');
    const wrapper = () => box.closest('.ant-checkbox-wrapper')!.querySelector('.ant-checkbox')!;
    expect(wrapper().className).toContain('ant-checkbox-indeterminate');
    fireEvent.click(box);
    await waitFor(() => expect(form.values.m).toEqual(['1', '2', '3']));
    expect(wrapper().className).toContain('ant-checkbox-checked');
    // three chosen: two tags then a "+ 1 ..." rest tag
    expect(container.querySelectorAll('.ant-select-selection-item').length).toBe(3);
    expect(container.textContent).toContain('+ 1');
    fireEvent.click(box);
    await waitFor(() => expect(form.values.m).toEqual([]));
  });
});

describe('validation through the shared rules', () => {
  it('shows the Chinese required message, not Formily’s own', async () => {
    const { form } = renderForm([{ fieldName: 'name', titleName: '名称', fontendType: 'text', requireAble: true }]);
    await act(async () => {
      await form.validate().catch(() => undefined);
    });
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
  });
  it('range and regex messages', async () => {
    const { form } = renderForm(
      [
        { fieldName: 'q', titleName: '数量', fontendType: 'number', min: 1, max: 10 },
        { fieldName: 'p', titleName: '手机', fontendType: 'text', reg: '^1\\d{10}$', regMsg: '请输入正确的手机号' },
      ],
      { q: 11, p: '12' },
    );
    await act(async () => {
      await form.validate().catch(() => undefined);
    });
    expect(await screen.findByText('请输入1-10之间的数字')).toBeTruthy();
    expect(screen.getByText('请输入正确的手机号')).toBeTruthy();
  });
  it('hidden fields do not render; disabled fields are disabled', () => {
    renderForm([
      { fieldName: 'h', titleName: '隐藏字段', fontendType: 'text', hidden: true },
      { fieldName: 'd', titleName: '禁用字段', fontendType: 'text', disabled: true },
    ]);
    expect(screen.queryByText('隐藏字段')).toBeNull();
    expect((screen.getByPlaceholderText('请输入禁用字段') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('number, dimension and date range inputs', () => {
  it('numbers round to two decimals on blur', async () => {
    const { form } = renderForm([{ fieldName: 'n', titleName: '金额', fontendType: 'number' }], { n: 1.005 });
    const input = screen.getByPlaceholderText('请输入金额');
    fireEvent.blur(input);
    await waitFor(() => expect(form.values.n).toBe(1.01));
  });
  it('dimension parts clamp to min/max on blur with a warning', async () => {
    const { form } = renderForm([{ fieldName: 's', titleName: '尺寸', fontendType: 'dimension', min: 1, max: 100 }], {
      s: { length: 0, width: 500, height: 5 },
    });
    fireEvent.blur(screen.getByLabelText('长'));
    await waitFor(() => expect((form.values.s as any).length).toBe(1));
    expect(await screen.findByText('长不能小于1')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('宽'));
    await waitFor(() => expect((form.values.s as any).width).toBe(100));
    expect(await screen.findByText('宽不能大于100')).toBeTruthy();
  });
  it('date range shows 共N天 inclusive', () => {
    renderForm([{ fieldName: 'p', titleName: '起止', fontendType: 'dateRange', isComputingTime: true }], {
      p: ['2024-03-01', '2024-03-10'],
    });
    expect(screen.getByText('共10天')).toBeTruthy();
  });
});

describe('read-only', () => {
  it('read-pretty shows option labels and formatted dates', () => {
    const form = createForm({ readPretty: true, initialValues: { m: ['1', '2'], d: 1709618829 } });
    render(
      <FormProvider form={form}>
        <SchemaFields
          fields={[
            { fieldName: 'm', titleName: '板材', fontendType: 'multiSelect', data: opts },
            { fieldName: 'd', titleName: '日期', fontendType: 'date' },
          ]}
        />
      </FormProvider>,
    );
    expect(screen.getByText('多层板、密度板')).toBeTruthy();
    expect(screen.getByText(/^2024-03-0[45]$/)).toBeTruthy();
  });
});

describe('record picker set by the form', () => {
  it("a value the form sets (a computed 客户) shows the record's label, not its id", async () => {
    const { renderWithFixtures } = await import('../fixtures/render');
    const { PageModuleContext } = await import('../page/page-module');
    const form = createForm();
    const def: FieldDef = {
      fieldName: 'advanceCode',
      titleName: '冲抵借支单',
      fontendType: 'select',
      disabled: true,
      data: { module: 'advanceManage', label: '{code}' },
    };
    const { provider } = renderWithFixtures(
      <PageModuleContext.Provider value="reimburseManage">
        <FormProvider form={form}>
          <SchemaFields fields={[def]} />
        </FormProvider>
      </PageModuleContext.Provider>,
    );
    expect(provider.calls.filter((c) => c.method === 'pickerOptions')).toHaveLength(0);
    await act(async () => {
      form.setValuesIn('advanceCode', 'JZ202611030001');
    });
    await waitFor(() =>
      expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe(
        'JZ202611030001 · 上海展会差旅 · 未还 3000 元',
      ),
    );
    expect(provider.calls.filter((c) => c.method === 'pickerOptions')).toHaveLength(1);
  });
});
