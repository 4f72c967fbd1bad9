import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { accountApi } from '../api/account';
import { configureClient, startEarly } from '../api/client';
import { hasSession } from '../api/session';
import { teamApi } from '../api/team';
import { LoginPage } from './auth/LoginPage';
import { isPublicPath, RegisterFlag, RequireAuth } from './guard';
import { LoadingMask } from './LoadingMask';
import { documentTitle } from './document-title';
import { schemaForRoute, schemaRoutes } from './pages/schema-index';
import './app.css';

// Route-level code splitting: each screen below is its own chunk, loaded on first visit. /login stays in
// the entry: it is where every signed-out visit lands, and it needs only antd's Form, Input and Button.
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props, as React's own lazy() takes
type Page<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & { preload(): Promise<void> };

const screens: { preload(): Promise<void> }[] = [];

/** A lazily loaded screen that renders at once, without the Suspense fallback, when preload() already ran. */
// biome-ignore lint/suspicious/noExplicitAny: any component, whatever its props, as React's own lazy() takes
function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Page<M[K]> {
  let loaded: M[K] | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m[name];
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module load, never during a render
  function LazyPage(props: ComponentProps<M[K]>) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen would remount it.
    const [Loaded] = useState(() => loaded);
    return createElement(Loaded ?? Lazy, props);
  }
  screens.push({ preload });
  return Object.assign(LazyPage, { preload });
}
const CodeLoginPage = lazyPage(() => import('./auth/CodeLoginPage'), 'CodeLoginPage');
const ForgotPasswordPage = lazyPage(() => import('./auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const QrConfirmPage = lazyPage(() => import('./auth/QrConfirmPage'), 'QrConfirmPage');
const RegisterPage = lazyPage(() => import('./auth/RegisterPage'), 'RegisterPage');
const WechatLoginPage = lazyPage(() => import('./auth/WechatLoginPage'), 'WechatLoginPage');
const WorkspaceShell = lazyPage(() => import('./WorkspaceShell'), 'default');
const PortalHome = lazyPage(() => import('./pages/PortalHome'), 'PortalHome');
const BasicInfoPage = lazyPage(() => import('./pages/BasicInfoPage'), 'BasicInfoPage');
const SchemaPage = lazyPage(() => import('./pages/SchemaPage'), 'SchemaPage');
const EmptyPage = lazyPage(() => import('./pages/ResultPages'), 'EmptyPage');
const NotFoundPage = lazyPage(() => import('./pages/ResultPages'), 'NotFoundPage');
const UnauthorizedPage = lazyPage(() => import('./pages/ResultPages'), 'UnauthorizedPage');
const CheckModelPage = lazyPage(() => import('./teams/EnterprisePages'), 'CheckModelPage');
const CorporateInfoPage = lazyPage(() => import('./teams/EnterprisePages'), 'CorporateInfoPage');
const EnterpriseInfoPage = lazyPage(() => import('./teams/EnterprisePages'), 'EnterpriseInfoPage');
const SubmitPage = lazyPage(() => import('./teams/EnterprisePages'), 'SubmitPage');
const AddInfoPage = lazyPage(() => import('./teams/IndividualPages'), 'AddInfoPage');
const IdentifyPage = lazyPage(() => import('./teams/IndividualPages'), 'IdentifyPage');
const IndividualSubmitPage = lazyPage(() => import('./teams/IndividualPages'), 'IndividualSubmitPage');
const ManualInputPage = lazyPage(() => import('./teams/IndividualPages'), 'ManualInputPage');
const WizardIntro = lazyPage(() => import('./teams/IndividualPages'), 'WizardIntro');
const InCheckPage = lazyPage(() => import('./teams/JoinPages'), 'InCheckPage');
const JoinTeamPage = lazyPage(() => import('./teams/JoinPages'), 'JoinTeamPage');
const SharePage = lazyPage(() => import('./teams/JoinPages'), 'SharePage');
const CreateTeamPage = lazyPage(() => import('./teams/SelectionPages'), 'CreateTeamPage');
const SelectionMethodPage = lazyPage(() => import('./teams/SelectionPages'), 'SelectionMethodPage');
const TeamRequestsPage = lazyPage(() => import('./teams/TeamRequestsPage'), 'TeamRequestsPage');
const AuditLogPage = lazyPage(() => import('./audit/AuditLogPage'), 'AuditLogPage');

/**
 * The schema playground (a page file or pasted JSON rendered against sample records), in development only: a
 * production build drops the route and its chunk (import.meta.env.DEV is false there).
 */
const DevPlayground = import.meta.env.DEV
  ? lazy(() => import('../engine/playground/SchemaPlayground').then((m) => ({ default: m.SchemaPlayground })))
  : null;

/** /dev/playground?file=schemas/<folder>/<name>.json opens that page file. */
function DevPlaygroundRoute() {
  const { search } = useLocation();
  const Playground = DevPlayground!;
  return <Playground file={new URLSearchParams(search).get('file') ?? undefined} />;
}

const quiet = () => {}; // a failed preload is reported by the lazy screen that needs it

/**
 * Opening a signed-in page would otherwise fetch the workspace, then the page, then its schema, one after
 * the other; starting them together at startup saves those round trips (the imports are shared).
 */
export function preloadRoute(pathname: string) {
  if (isPublicPath(pathname) || pathname === '/qrConfirm' || !hasSession()) return; // /qrConfirm has no workspace
  // First what the page's first rows wait for: its schema and the small module that starts the page's reads
  // (the browser opens few connections at a time), then the workspace's reads and the screens' code.
  const schema = schemaForRoute(pathname);
  // Both wait on loads the page waits on too (registered later): the page's own identical calls find the reads started.
  if (schema)
    Promise.all([import('./boot-requests'), schema.load()])
      .then(([boot, page]) => boot.startPageReads(page))
      .catch(quiet);
  // The workspace's first reads (the user, the menu, the teams) start now, not once its code has loaded and rendered.
  startEarly(() => {
    void accountApi.getSysUser();
    void teamApi.menuTree();
    void teamApi.myTeams({ background: true });
  });
  WorkspaceShell.preload().catch(quiet);
  if (pathname === '/') PortalHome.preload().catch(quiet);
  if (schema) SchemaPage.preload().catch(quiet);
}

/** Loads every screen, as the static imports did: for the jsdom suites, which expect a screen right after render. */
export async function preloadAllRoutes() {
  await Promise.all(screens.map((p) => p.preload()));
}

const pageSpin = <Spin style={{ display: 'block', margin: '80px auto' }} />;

/** Hands the request client antd's context-aware message API and the router's navigate. */
/** The title of the screens outside the workspace (the workspace's layout titles its own, from the team's menu). */
function OutsideTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (isPublicPath(pathname) || pathname === '/qrConfirm') document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}

function ClientBridge() {
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('/');
  here.current = location.pathname + location.search;
  useEffect(() => {
    configureClient({
      notifyError: (text) => {
        void message.error({ content: text, key: text });
      },
      // After logging in again the user returns to the page where the session ran out.
      toLogin: () => {
        const from = here.current;
        navigate('/login', {
          replace: true,
          state: isPublicPath(from.split('?')[0]) || from === '/' ? undefined : { from },
        });
      },
    });
  }, [message, navigate]);
  return null;
}

function Protected() {
  return (
    <RequireAuth>
      <WorkspaceShell />
    </RequireAuth>
  );
}

/** A page loading inside the workspace keeps the sidebar and header on screen. */
function PageOutlet() {
  return (
    <Suspense fallback={pageSpin}>
      <Outlet />
    </Suspense>
  );
}

function RenamedRoute() {
  const { pathname } = useLocation();
  return schemaForRoute(pathname) ? <SchemaPage /> : <Navigate to="/empty" replace />;
}

/** Every route of the shell. Public: the five account screens; everything else needs the token. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/codeLogin" element={<CodeLoginPage />} />
      <Route path="/wechatLogin" element={<WechatLoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/forgotPassword" element={<ForgotPasswordPage />} />
      {DevPlayground && <Route path="/dev/playground" element={<DevPlaygroundRoute />} />}
      <Route
        path="/qrConfirm"
        element={
          <RequireAuth>
            <QrConfirmPage />
          </RequireAuth>
        }
      />
      <Route element={<Protected />}>
        <Route element={<PageOutlet />}>
          <Route path="/" element={<PortalHome />} />
          <Route path="/basicInfo" element={<BasicInfoPage />} />
          <Route path="/selectionMethod" element={<SelectionMethodPage />} />
          <Route path="/createTeam" element={<CreateTeamPage />} />
          <Route path="/joinTeam" element={<JoinTeamPage key="enterprise" type="enterprise" />} />
          <Route path="/joinIndividualTeam" element={<JoinTeamPage key="individual" type="individual" />} />
          <Route path="/inCheck" element={<InCheckPage />} />
          <Route path="/share" element={<SharePage />} />
          <Route path="/individualTeam" element={<WizardIntro key="individual" kind="individual" />} />
          <Route path="/addInfo" element={<AddInfoPage />} />
          <Route path="/identify" element={<IdentifyPage />} />
          <Route path="/manualInput" element={<ManualInputPage />} />
          <Route path="/individualSubmit" element={<IndividualSubmitPage />} />
          <Route path="/enterpriseTeam" element={<WizardIntro key="enterprise" kind="enterprise" />} />
          <Route path="/enterpriseInfo" element={<EnterpriseInfoPage />} />
          <Route path="/corporateInfo" element={<CorporateInfoPage />} />
          <Route path="/checkModel" element={<CheckModelPage />} />
          <Route path="/submit" element={<SubmitPage />} />
          <Route path="/teamRequests" element={<TeamRequestsPage />} />
          <Route path="/auditLog" element={<AuditLogPage />} />
          {schemaRoutes().map((p) => (
            <Route key={p} path={p} element={<SchemaPage />} />
          ))}
          <Route path="/empty" element={<EmptyPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/401" element={<UnauthorizedPage />} />
          {/* A route the platform renamed (模块设置 路由) opens its module's page; anything else is /empty. */}
          <Route path="*" element={<RenamedRoute />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/empty" replace />} />
    </Routes>
  );
}

/** Providers and shell without the router, so tests can mount it in a MemoryRouter. */
export function AppShell() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp>
        <ClientBridge />
        <OutsideTitle />
        <RegisterFlag />
        <LoadingMask />
        <Suspense fallback={pageSpin}>
          <AppRoutes />
        </Suspense>
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
