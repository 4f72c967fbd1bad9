import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { configureClient } from '../api/client';
import { CodeLoginPage } from './auth/CodeLoginPage';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { LoginPage } from './auth/LoginPage';
import { QrConfirmPage } from './auth/QrConfirmPage';
import { RegisterPage } from './auth/RegisterPage';
import { WechatLoginPage } from './auth/WechatLoginPage';
import { isPublicPath, RegisterFlag, RequireAuth } from './guard';
import { BasicLayout } from './layout/BasicLayout';
import { LoadingMask } from './LoadingMask';
import { PortalHome } from './pages/PortalHome';
import { EmptyPage, NotFoundPage, UnauthorizedPage } from './pages/ResultPages';
import { BasicInfoPage } from './pages/BasicInfoPage';
import { UserProvider } from './session-context';
import { WorkspaceProvider } from './workspace-context';
import { CheckModelPage, CorporateInfoPage, EnterpriseInfoPage, SubmitPage } from './teams/EnterprisePages';
import { AddInfoPage, IdentifyPage, IndividualSubmitPage, ManualInputPage, WizardIntro } from './teams/IndividualPages';
import { InCheckPage, JoinTeamPage, SharePage } from './teams/JoinPages';
import { CreateTeamPage, SelectionMethodPage } from './teams/SelectionPages';
import { TeamRequestsPage } from './teams/TeamRequestsPage';
import { SchemaPage } from './pages/SchemaPage';
import { schemaRoutes } from './pages/schema-index';
import './app.css';

dayjs.locale('zh-cn');

/** Hands the request client antd's context-aware message API and the router's navigate. */
function ClientBridge() {
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('/');
  here.current = location.pathname + location.search;
  useEffect(() => {
    configureClient({
      notifyError: (text) => { void message.error({ content: text, key: text }); },
      // After logging in again the user returns to the page where the session ran out.
      toLogin: () => {
        const from = here.current;
        navigate('/login', { replace: true, state: isPublicPath(from.split('?')[0]) || from === '/' ? undefined : { from } });
      },
    });
  }, [message, navigate]);
  return null;
}

function Protected() {
  return (
    <RequireAuth>
      <UserProvider>
        <WorkspaceProvider>
          <BasicLayout />
        </WorkspaceProvider>
      </UserProvider>
    </RequireAuth>
  );
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
      <Route
        path="/qrConfirm"
        element={
          <RequireAuth>
            <QrConfirmPage />
          </RequireAuth>
        }
      />
      <Route element={<Protected />}>
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
        {schemaRoutes().map((p) => <Route key={p} path={p} element={<SchemaPage />} />)}
        <Route path="/empty" element={<EmptyPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<UnauthorizedPage />} />
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
        <RegisterFlag />
        <LoadingMask />
        <AppRoutes />
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
