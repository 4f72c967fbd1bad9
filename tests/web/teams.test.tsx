// @vitest-environment jsdom
// Teams in the shell: selection dialog routing, sidebar from the saved menu tree,
// team switcher, quality bisection of the image compression, onboarding validation messages.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idCardCheckChar, usccCheckChar } from '../../src/common/ids';
import { resetClientHooks } from '../../src/web/api/client';
import { clearCsrfCookie } from '../../src/web/api/session';
import { pageLoader, type MenuNode } from '../../src/web/api/team';
import { bisectQuality } from '../../src/web/engine/fields/image-compress';
import { selectionRoute } from '../../src/web/app/teams/selection';
import {
  checkBankCardNo,
  checkCreditCode,
  checkIdCardNo,
  checkTeamCode,
  checkTeamName,
  Msg,
} from '../../src/web/app/teams/wizard';
import { envelope, stubFetch, signedIn } from './fetch-stub';
import { renderApp } from './render-app';

const USER = {
  id: 7,
  username: 'carol01',
  nickName: '王星河',
  avatar: '',
  mobile: '13900000031',
  tenantCode: 'T00000002',
  tenantName: '星河道具',
  tenantLogo: '',
  permissions: ['reimburseManage:view'],
};
const TREE: MenuNode[] = [
  { id: 'home', name: 'home', menuPath: '/', menuName: '首页', menuIcon: 'HomeOutlined' },
  {
    id: 'group-finance',
    name: 'finance',
    menuName: '财务管理',
    menuIcon: 'AccountBookOutlined',
    group: 'finance',
    groupTitle: '财务管理',
    children: [
      {
        id: 'reimburseManage',
        name: 'reimburseManage',
        menuPath: '/reimburseManage',
        menuName: '报销管理',
        group: 'finance',
        groupTitle: '财务管理',
      },
    ],
  },
  {
    id: 'group-props',
    name: 'props',
    menuName: '道具管理',
    menuIcon: 'NoSuchIconOutlined',
    group: 'props',
    groupTitle: '道具管理',
    children: [
      {
        id: 'myProp',
        name: 'myProp',
        menuPath: '/myProp',
        menuName: '我的道具',
        group: 'props',
        groupTitle: '道具管理',
      },
    ],
  },
];
const DEMO_TREE: MenuNode[] = [TREE[0], { ...TREE[1], children: TREE[1].children }];
const TEAMS = [
  {
    tenantCode: 'T00000002',
    tenantName: '星河道具',
    logoUrl: null,
    tenantType: 'enterprise',
    current: true,
    isOwner: true,
    isAdmin: true,
  },
  {
    tenantCode: 'T00000001',
    tenantName: '演示企业',
    logoUrl: null,
    tenantType: 'enterprise',
    current: false,
    isOwner: false,
    isAdmin: false,
  },
];

// The suites share two cores with PGlite and Chromium: give antd's renders time.
configure({ asyncUtilTimeout: 5000 });

const location = () => screen.getByTestId('location').textContent;
let calls: Request[];

function serve(overrides: Record<string, (req: Request) => Response | Promise<Response>> = {}) {
  calls = stubFetch(async (req) => {
    const p = new URL(req.url).pathname.replace(/^\/api\//, '');
    if (overrides[p]) return overrides[p](req);
    switch (p) {
      case 'admin/sysuser/getSysUser':
        return envelope(200, USER);
      case 'admin/sysmenu/getMenuTreeByUserId':
        return envelope(200, { menuTree: TREE, permissions: USER.permissions });
      case 'admin/systenant/getSysTenantByUserId':
        return envelope(200, TEAMS);
      case 'admin/applyjointenant/requestPage':
        return envelope(200, { list: [], total: 2 });
      default:
        return envelope(404, null, '接口不存在');
    }
  }).calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCsrfCookie();
  signedIn('tok');
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetClientHooks();
});

async function openUserMenu(entry: string) {
  fireEvent.click(await screen.findByTestId('user-menu'));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(`${entry}$`) }));
}

describe('selection dialog', () => {
  it('routes join/create × individual/enterprise to the four onboarding screens', () => {
    expect(selectionRoute('join', 'individual')).toBe('/joinIndividualTeam');
    expect(selectionRoute('join', 'enterprise')).toBe('/joinTeam');
    expect(selectionRoute('create', 'individual')).toBe('/individualTeam');
    expect(selectionRoute('create', 'enterprise')).toBe('/enterpriseTeam');
  });

  it('加入团队 opens it in join mode; picking 个人团队 goes to /joinIndividualTeam', async () => {
    renderApp('/');
    await openUserMenu('加入团队');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('加入团队').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByTestId('select-join-individual'));
    await waitFor(() => expect(location()).toBe('/joinIndividualTeam'));
    expect(await screen.findByText('加入个人团队')).toBeTruthy();
  });

  it('创建团队 opens it in create mode; picking 企业团队 goes to /enterpriseTeam; the mode can be switched', async () => {
    renderApp('/');
    await openUserMenu('创建团队');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('select-create-enterprise')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('加入团队'));
    expect(await within(dialog).findByTestId('select-join-enterprise')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('创建团队'));
    fireEvent.click(await within(dialog).findByTestId('select-create-enterprise'));
    await waitFor(() => expect(location()).toBe('/enterpriseTeam'));
    expect(await screen.findByText('创建企业团队')).toBeTruthy();
  });

  it('a user without any team who lands on / goes to /selectionMethod', async () => {
    serve({
      'admin/sysuser/getSysUser': () => envelope(200, { ...USER, tenantCode: null, tenantName: null }),
      'admin/systenant/getSysTenantByUserId': () => envelope(200, []),
      'admin/sysmenu/getMenuTreeByUserId': () => envelope(200, { menuTree: [TREE[0]], permissions: [] }),
    });
    renderApp('/');
    await waitFor(() => expect(location()).toBe('/selectionMethod'));
    expect(await screen.findByText('欢迎使用易管')).toBeTruthy();
  });
});

describe('sidebar from the menu tree', () => {
  it('fetches and caches the tree, renders groups as submenus, navigates by menuPath and highlights the route', async () => {
    renderApp('/');
    const menu = await screen.findByTestId('sidebar-menu');
    expect(await within(menu).findByText('财务管理')).toBeTruthy();
    expect(within(menu).getByText('道具管理')).toBeTruthy(); // an unknown icon name falls back, the group still shows
    expect(JSON.parse(localStorage.getItem('menuTree')!)).toEqual(TREE);
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(USER.permissions);
    expect(within(menu).queryByText('报销管理')).toBeNull();
    fireEvent.click(within(menu).getByText('财务管理'));
    fireEvent.click(await within(menu).findByText('报销管理'));
    await waitFor(() => expect(location()).toBe('/reimburseManage'));
    await waitFor(() => expect(menu.querySelector('.ant-menu-item-selected')?.textContent).toBe('报销管理'));
    expect(JSON.parse(sessionStorage.getItem('activeMenu')!)).toEqual(['group:group-finance']);
  });

  it("renders the cached tree before the server answers, and opens the current route's group", async () => {
    localStorage.setItem('menuTree', JSON.stringify(TREE));
    serve({ 'admin/sysmenu/getMenuTreeByUserId': () => new Promise(() => {}) });
    renderApp('/reimburseManage');
    const menu = await screen.findByTestId('sidebar-menu');
    expect(await within(menu).findByText('报销管理')).toBeTruthy();
    expect(menu.querySelector('.ant-menu-item-selected')?.textContent).toBe('报销管理');
    expect(within(menu).queryByText('我的道具')).toBeNull(); // other groups stay closed
  });

  it('collapses to 54 px and expands to 200 px', async () => {
    renderApp('/');
    const sider = await screen.findByTestId('sider');
    expect(sider.style.width).toBe('200px');
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    await waitFor(() => expect(sider.style.width).toBe('54px'));
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    await waitFor(() => expect(sider.style.width).toBe('200px'));
  });
});

describe('team switcher', () => {
  it('lists the teams; switching calls switchTenants, stores menu, permissions and user, clears the active menu, shows 切换成功 and reloads at /', async () => {
    const reload = vi.spyOn(pageLoader, 'reloadAt').mockImplementation(() => {});
    serve({
      'admin/login/switchTenants': () =>
        envelope(
          200,
          {
            menuTree: DEMO_TREE,
            permissions: ['default'],
            user: { ...USER, tenantCode: 'T00000001', tenantName: '演示企业', permissions: ['default'] },
          },
          '切换成功',
        ),
    });
    sessionStorage.setItem('activeMenu', JSON.stringify(['group:group-finance']));
    renderApp('/');
    expect((await screen.findByTestId('current-team')).textContent).toBe('星河道具');
    fireEvent.click(screen.getByTestId('team-switcher'));
    fireEvent.click(await screen.findByTestId('team-option-T00000001'));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/'));
    const sw = calls.find((r) => r.url.includes('/admin/login/switchTenants'))!;
    expect(new URL(sw.url).searchParams.get('tenantCode')).toBe('T00000001');
    expect(JSON.parse(localStorage.getItem('menuTree')!)).toEqual(DEMO_TREE);
    expect(JSON.parse(localStorage.getItem('permissions')!)).toEqual(['default']);
    expect(JSON.parse(localStorage.getItem('userInfo')!).tenantName).toBe('演示企业');
    expect(sessionStorage.getItem('activeMenu')).toBeNull();
    expect(sessionStorage.getItem('flashMessage')).toBe('切换成功');
    expect(await screen.findByText('切换成功')).toBeTruthy();
  });

  it('a refused switch keeps everything and does not reload', async () => {
    const reload = vi.spyOn(pageLoader, 'reloadAt').mockImplementation(() => {});
    serve({ 'admin/login/switchTenants': () => envelope(403, null, '您不是该团队成员，不能切换') });
    renderApp('/');
    fireEvent.click(await screen.findByTestId('team-switcher'));
    fireEvent.click(await screen.findByTestId('team-option-T00000001'));
    expect(await screen.findByText('您不是该团队成员，不能切换')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('menuTree')!)).toEqual(TREE);
  });

  it("an admin opens 操作日志 and searches the team's log; a member is not offered it", async () => {
    const entry = {
      id: 5,
      at: '2026-11-20T02:00:00.000Z',
      action: 'update',
      actionName: '修改',
      entity: 'records',
      userName: '张三',
      code: 'BX202611200001',
      moduleName: '报销管理',
      recordId: 9,
      ip: '10.0.0.8',
      changes: [{ field: 'reason', label: '事由', before: '出差', after: '出差（补票）' }],
    };
    const asked: any[] = [];
    serve({
      'audit/page': async (req) => {
        asked.push(await req.json());
        return envelope(200, { list: [entry], total: 1 });
      },
      'admin/sysmenuListFieldDict/queryByFieldKey': () => envelope(200, [{ id: 3, dictName: '张三' }]),
    });
    renderApp('/');
    fireEvent.click(await screen.findByTestId('audit-log'));
    await waitFor(() => expect(location()).toBe('/auditLog'));
    expect(await screen.findByText('事由：出差 → 出差（补票）')).toBeTruthy();
    expect(screen.getByText('BX202611200001')).toBeTruthy();
    expect(asked[0]).toEqual({ pageNum: 1, pageSize: 20 });
    cleanup();
    serve({
      'admin/systenant/getSysTenantByUserId': () =>
        envelope(
          200,
          TEAMS.map((t) => ({ ...t, isAdmin: false, isOwner: false })),
        ),
    });
    renderApp('/');
    await screen.findByTestId('team-switcher');
    expect(screen.queryByTestId('audit-log')).toBeNull();
  });

  it('an admin sees 成员申请 with the pending count', async () => {
    renderApp('/');
    const entry = await screen.findByTestId('join-requests');
    await waitFor(() => expect(entry.textContent).toContain('2'));
    fireEvent.click(entry);
    await waitFor(() => expect(location()).toBe('/teamRequests'));
  });
});

describe('image compression by bisection on quality', () => {
  // A fake encoder: the size grows linearly with quality (1 MB at quality 1).
  const linear = (bytesAtOne: number) => {
    const tried: number[] = [];
    return {
      tried,
      encode: async (q: number) => {
        tried.push(q);
        return { size: Math.round(q * bytesAtOne) };
      },
    };
  };

  it('starts at 0.5 and stops at once when that lies between the bounds', async () => {
    const e = linear(1000);
    const r = await bisectQuality(e.encode, { minBytes: 400, maxBytes: 600 });
    expect(r.tried).toEqual([0.5]);
    expect(r.output.size).toBe(500);
  });

  it('halves downwards while too big, upwards while too small', async () => {
    const e = linear(1000);
    const r = await bisectQuality(e.encode, { minBytes: 100, maxBytes: 200 });
    expect(r.tried).toEqual([0.5, 0.25, 0.125]);
    expect(r.output.size).toBe(125);
    const up = await bisectQuality(linear(1000).encode, { minBytes: 800, maxBytes: 900 });
    expect(up.tried).toEqual([0.5, 0.75, 0.875]);
    expect(up.quality).toBe(0.875);
  });

  it('without an in-bounds result keeps the best one under the upper bound, after at most maxSteps encodings', async () => {
    // Sizes jump: nothing lands in [450, 460].
    const encode = async (q: number) => ({ size: q < 0.4 ? 100 : 900 });
    const r = await bisectQuality(encode, { minBytes: 450, maxBytes: 460, maxSteps: 6 });
    expect(r.tried).toHaveLength(6);
    expect(r.output.size).toBe(100);
    expect(r.quality).toBeLessThan(0.4);
  });
});

describe('onboarding validation', () => {
  const id17 = '11010519491231002';
  const goodId = id17 + idCardCheckChar(id17);
  const uscc17 = '91310000MA1K4CDE1';
  const goodUscc = uscc17 + usccCheckChar(uscc17);

  it('ID numbers: required, the pattern, then the GB 11643 checksum', () => {
    expect(checkIdCardNo('')).toBe(Msg.idCardRequired);
    expect(checkIdCardNo('12345')).toBe('请输入正确的身份证号码');
    expect(checkIdCardNo('110105194913310021')).toBe('请输入正确的身份证号码'); // month 13
    const wrong = id17 + (goodId[17] === '1' ? '2' : '1');
    expect(checkIdCardNo(wrong)).toBe(Msg.idCardChecksum);
    expect(checkIdCardNo(goodId)).toBeNull();
    expect(checkIdCardNo(goodId.toLowerCase())).toBeNull();
  });

  it('credit codes: required, the pattern, then the GB 32100 checksum', () => {
    expect(checkCreditCode(' ')).toBe('请输入统一社会信用代码');
    expect(checkCreditCode('91310000MA1K4CDE1I')).toBe('请输入正确的统一社会信用代码'); // I is not in the charset
    const wrong = uscc17 + (goodUscc[17] === '0' ? '1' : '0');
    expect(checkCreditCode(wrong)).toBe(Msg.creditChecksum);
    expect(checkCreditCode(goodUscc.toLowerCase())).toBeNull();
  });

  it('bank cards, team codes and team names', () => {
    expect(checkBankCardNo('')).toBe('请输入银行卡号');
    expect(checkBankCardNo('0123456789012345')).toBe('请输入正确的银行卡号');
    expect(checkBankCardNo('6222 0212 3456 7890 123')).toBeNull();
    expect(checkTeamCode('t00000001')).toBeNull();
    expect(checkTeamCode('T1')).toBe(Msg.teamCodeFormat);
    expect(checkTeamName('')).toBe('请输入团队名称');
    expect(checkTeamName('名'.repeat(51))).toBe('团队名称不能超过50个字');
  });

  it('/corporateInfo shows the Chinese messages on submit and keeps the wizard in sessionStorage', async () => {
    sessionStorage.setItem(
      'teamWizard',
      JSON.stringify({
        type: 'enterprise',
        creditCode: goodUscc,
        companyName: '星河道具制作有限公司',
        tenantName: '星河道具',
        licenseUrl: '/api/files/1/a.png',
      }),
    );
    renderApp('/corporateInfo');
    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    await waitFor(() => {
      const texts = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
      expect(texts).toEqual(['请输入法定代表人姓名', '请输入身份证号码', '请上传法人授权书']);
    });
    fireEvent.change(screen.getByPlaceholderText('请输入法定代表人姓名'), { target: { value: '王星河' } });
    fireEvent.change(screen.getByPlaceholderText('请输入18位身份证号码'), { target: { value: goodId } });
    expect(location()).toBe('/corporateInfo');
    expect(JSON.parse(sessionStorage.getItem('teamWizard')!).companyName).toBe('星河道具制作有限公司');
  });

  it('/corporateInfo without the licence data sends the user back to /enterpriseInfo', async () => {
    renderApp('/corporateInfo');
    await waitFor(() => expect(location()).toBe('/enterpriseInfo'));
  });
});
