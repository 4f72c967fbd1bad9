// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GetListParams } from '../../api/data-provider';
import { PageRenderer } from '../page/PageRenderer';
import { bodyText, buttons, renderWithFixtures } from '../fixtures/render';
import {
  VIEWS_PAGE,
  VIEWS_PAGE_BY_MONTH,
  VIEWS_PAGE_QUEUE,
  VIEWS_PAGE_WITH_ENTITY,
  viewsFixtures,
} from '../fixtures/list-views';
import { chooseHeaderTab, firstListQuery, headerOf, listPeriod, viewOf } from '../page/page-views';

afterEach(cleanup);

type Provider = ReturnType<typeof renderWithFixtures>['provider'];
const firstList = (p: Provider) => p.calls.find((c) => c.method === 'getList')!.args as GetListParams;
const lastList = (p: Provider) => p.calls.filter((c) => c.method === 'getList').at(-1)!.args as GetListParams;
const tabText = (text: string) =>
  [...document.querySelectorAll('.ant-tabs-tab')].find((t) => t.textContent === text) as HTMLElement;

describe('page views (pure)', () => {
  it('the header lists the page tabs, then one tab per nested entity; choosing one switches the list', () => {
    const page = VIEWS_PAGE_WITH_ENTITY;
    const main = headerOf(page, page, 'open')!;
    expect(main.config.tabs!.map((t) => t.value)).toEqual(['open', 'settled', 'overdue', '@request']);
    expect([main.config.title, main.active, main.subTabs]).toEqual(['台账', 'open', undefined]);
    const entity = headerOf(page, viewOf(page, 'request'), 'all')!;
    expect([entity.config.title, entity.active, entity.subTabs!.map((t) => t.value)]).toEqual([
      '付款申请',
      '@request',
      ['all', 'large'],
    ]);
    expect(chooseHeaderTab(page, '@request')).toEqual({ view: 'request', tab: 'all' });
    expect(chooseHeaderTab(page, 'settled')).toEqual({ view: 'ledger', tab: 'settled' });
    // A page without tabs of its own gets one to come back to.
    const bare = { ...page, sectionHeader: undefined };
    expect(headerOf(bare, bare)!.config.tabs!.map((t) => [t.label, t.value])).toEqual([
      ['台账管理', '@ledger'],
      ['付款申请', '@request'],
    ]);
    expect(headerOf(VIEWS_PAGE, VIEWS_PAGE)!.config.tabs).toHaveLength(3);
  });

  it('the period reaches the list only when the header shows one and names the field', () => {
    expect(listPeriod(VIEWS_PAGE_BY_MONTH, '2024-03')).toBe('2024-03');
    expect(listPeriod(VIEWS_PAGE, '2024-03')).toBeUndefined();
    expect(
      listPeriod({ ...VIEWS_PAGE, sectionHeader: { title: 't', dateField: 'applyDate' } }, '2024'),
    ).toBeUndefined();
  });

  it('a work queue tab is asked without the period; the other tabs of the same header keep it', () => {
    expect(listPeriod(VIEWS_PAGE_QUEUE, '2024-03', 'open')).toBeUndefined();
    expect(listPeriod(VIEWS_PAGE_QUEUE, '2024-03', 'settled')).toBe('2024-03');
    expect(listPeriod(VIEWS_PAGE_BY_MONTH, '2024-03', 'open')).toBe('2024-03');
    expect(firstListQuery(VIEWS_PAGE_QUEUE, '2024-03-05')).toMatchObject({ tab: 'open', period: undefined });
  });
});

describe('list views in the page renderer', () => {
  // The app starts this query before the page's code has loaded (app/boot-requests.ts); the list's own first call
  // takes its answer only when the two are the same call.
  it.each([
    ['tabs', VIEWS_PAGE],
    ['a month/year header', VIEWS_PAGE_BY_MONTH],
    [
      'a nested entity and a page size',
      { ...VIEWS_PAGE_WITH_ENTITY, list: { ...VIEWS_PAGE_WITH_ENTITY.list, pageSize: 20 } },
    ],
  ])('the list first asks for firstListQuery (%s)', async (_name, page) => {
    const { provider } = renderWithFixtures(
      <PageRenderer schema={page} file="t.json" now="2024-03-05" />,
      viewsFixtures(page),
    );
    expect(await screen.findByText(/共 \d+ 条/)).toBeTruthy();
    expect(firstList(provider)).toEqual(firstListQuery(page, '2024-03-05'));
  });

  it('filter tabs: the list asks for the tab by value and shows what the server answers', async () => {
    const { provider } = renderWithFixtures(
      <PageRenderer schema={VIEWS_PAGE} file="t.json" now="2024-03-05" />,
      viewsFixtures(VIEWS_PAGE),
    );
    expect(await screen.findByText('共 3 条')).toBeTruthy();
    expect(lastList(provider)).toMatchObject({ module: 'ledger', tab: 'open', period: undefined });
    expect(lastList(provider)).not.toHaveProperty('filters.0');
    fireEvent.click(tabText('已付清'));
    expect(await screen.findByText('丙公司')).toBeTruthy();
    expect(lastList(provider).tab).toBe('settled');
    expect(bodyText()).not.toContain('甲公司');
    fireEvent.click(tabText('逾期'));
    await waitFor(() => expect(bodyText()).toContain('丁公司'));
    expect(bodyText()).not.toContain('乙公司'); // due in 2999
  });

  it('the month/year header filters the dateField, and follows the arrows and the toggle', async () => {
    const { provider } = renderWithFixtures(
      <PageRenderer schema={VIEWS_PAGE_BY_MONTH} file="t.json" now="2024-03-05" />,
      viewsFixtures(VIEWS_PAGE_BY_MONTH),
    );
    expect(await screen.findByText('共 2 条')).toBeTruthy();
    expect(lastList(provider)).toMatchObject({ tab: 'open', period: '2024-03' });
    fireEvent.click(screen.getByLabelText('下一期'));
    await waitFor(() => expect(lastList(provider).period).toBe('2024-04'));
    expect(await screen.findByText('丁公司')).toBeTruthy();
    fireEvent.click(screen.getByText('年'));
    await waitFor(() => expect(lastList(provider).period).toBe('2024'));
    expect(await screen.findByText('共 3 条')).toBeTruthy();
  });

  it('a work queue tab: the header shows 全部 with its arrows at rest and the list is asked without a period', async () => {
    const { provider } = renderWithFixtures(
      <PageRenderer schema={VIEWS_PAGE_QUEUE} file="t.json" now="2024-03-05" />,
      viewsFixtures(VIEWS_PAGE_QUEUE),
    );
    // 未付清 holds 甲 (March), 乙 (March) and 丁 (April): all three, whatever the month.
    expect(await screen.findByText('共 3 条')).toBeTruthy();
    expect(firstList(provider)).toMatchObject({ tab: 'open', period: undefined });
    const period = () => document.querySelector('.yg-period')!.textContent;
    expect(period()).toBe('全部');
    expect((screen.getByLabelText('下一期') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('上一期') as HTMLButtonElement).disabled).toBe(true);
    // A history tab is cut by the month again, and the queue is not once chosen back.
    fireEvent.click(tabText('已付清'));
    await waitFor(() => expect(lastList(provider)).toMatchObject({ tab: 'settled', period: '2024-03' }));
    expect(period()).toBe('2024-03');
    expect((screen.getByLabelText('下一期') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('下一期'));
    await waitFor(() => expect(lastList(provider)).toMatchObject({ tab: 'settled', period: '2024-04' }));
    fireEvent.click(tabText('未付清'));
    await waitFor(() => expect(lastList(provider)).toMatchObject({ tab: 'open', period: undefined }));
    expect(period()).toBe('全部');
    expect(await screen.findByText('丁公司')).toBeTruthy();
  });

  it('a nested entity: its own list, tabs, module and drawer; the page tab brings the first list back', async () => {
    const { provider } = renderWithFixtures(
      <PageRenderer schema={VIEWS_PAGE_WITH_ENTITY} file="t.json" now="2024-03-05" />,
      viewsFixtures(VIEWS_PAGE_WITH_ENTITY),
    );
    expect(await screen.findByText('甲公司')).toBeTruthy();
    await act(async () => {
      fireEvent.click(tabText('付款申请'));
    });
    expect(await screen.findByText('SQ001')).toBeTruthy();
    expect(lastList(provider)).toMatchObject({ module: 'ledgerRequest', tab: 'all' });
    expect(bodyText()).toContain('申请金额');
    expect(bodyText()).not.toContain('往来单位');
    // Its own tabs as a second-level switch.
    fireEvent.click(screen.getByText('大额'));
    await waitFor(() => expect(lastList(provider)).toMatchObject({ module: 'ledgerRequest', tab: 'large' }));
    await waitFor(() => expect(bodyText()).not.toContain('SQ002'));
    // Its own drawer.
    fireEvent.click(buttons('新增申请')[0]);
    expect(await screen.findByText('付款申请单')).toBeTruthy();
    // Back to the page's list, on the tab chosen.
    fireEvent.click(tabText('已付清'));
    expect(await screen.findByText('丙公司')).toBeTruthy();
    expect(lastList(provider)).toMatchObject({ module: 'ledger', tab: 'settled' });
  });
});
