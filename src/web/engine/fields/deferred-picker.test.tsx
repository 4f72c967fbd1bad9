// @vitest-environment jsdom
// A search form's date fields stand in as a plain input until the pointer or the focus reaches them; then the real
// picker (a chunk of its own in the build) loads and takes the stand-in's place, open when reached by a click.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ComponentType } from 'react';
import type { FieldAdapterProps } from './types';
import { fieldRegistry } from './registry';
import { deferredPicker } from './DeferredPicker';
import { SchemaFields } from './SchemaFields';

afterEach(cleanup);

/** The registry's date-range field as the browser first meets it: not fetched yet; `arrive` lets it load. */
function notYetLoaded() {
  const Loaded = fieldRegistry.dateRange as ComponentType<FieldAdapterProps>;
  let arrive!: () => void;
  const arrived = new Promise<void>((r) => {
    arrive = r;
  });
  let loaded = false;
  const fake = Object.assign((props: FieldAdapterProps) => <Loaded {...props} />, {
    preload: () =>
      arrived.then(() => {
        loaded = true;
      }),
    isLoaded: () => loaded,
  });
  const real = fieldRegistry.dateRange;
  fieldRegistry.dateRange = fake;
  return {
    arrive,
    restore: () => {
      fieldRegistry.dateRange = real;
    },
  };
}

function renderSearch(kindComponent: ComponentType<FieldAdapterProps>, value?: unknown) {
  const form = createForm({ initialValues: value ? { p: value } : {} });
  render(
    <FormProvider form={form}>
      <SchemaFields
        fields={[{ fieldName: 'p', titleName: '报销日期', fontendType: 'dateRange' }]}
        components={{ dateRange: kindComponent }}
      />
    </FormProvider>,
  );
  return form;
}

describe('deferred date pickers in search forms', () => {
  it('show a stand-in until the pointer arrives, then the real range picker', async () => {
    const { arrive, restore } = notYetLoaded();
    try {
      renderSearch(deferredPicker('dateRange'));
      const standIn = screen.getByPlaceholderText('开始日期 → 结束日期');
      expect(document.querySelector('.ant-picker-range')).toBeNull();
      fireEvent.mouseEnter(standIn);
      // Still the stand-in while the picker's chunk is on its way.
      expect(document.querySelector('.yg-picker-stand-in')).not.toBeNull();
      await act(async () => {
        arrive();
      });
      await waitFor(() => expect(document.querySelector('.ant-picker-range')).not.toBeNull());
      expect(screen.getByPlaceholderText('开始日期')).toBeTruthy();
      expect(document.querySelector('.yg-picker-stand-in')).toBeNull();
    } finally {
      restore();
    }
  });

  it('a click on the stand-in brings the picker up open', async () => {
    const { arrive, restore } = notYetLoaded();
    try {
      renderSearch(deferredPicker('dateRange'));
      fireEvent.pointerDown(screen.getByPlaceholderText('开始日期 → 结束日期'));
      await act(async () => {
        arrive();
      });
      await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    } finally {
      restore();
    }
  });

  it('a field holding a value, or a picker already fetched, shows the real picker at once', () => {
    const { restore } = notYetLoaded();
    try {
      renderSearch(deferredPicker('dateRange'), ['2026-10-01', '2026-10-31']);
      expect(document.querySelector('.ant-picker-range')).not.toBeNull();
      expect(document.querySelector('.yg-picker-stand-in')).toBeNull();
    } finally {
      restore();
    }
    cleanup();
    renderSearch(deferredPicker('dateRange'));
    expect(document.querySelector('.ant-picker-range')).not.toBeNull();
  });
});
