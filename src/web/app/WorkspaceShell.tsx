// The signed-in workspace (user, team workspace, sidebar layout) as one lazily loaded chunk, so the
// account screens never download it. App.tsx keeps RequireAuth outside, so a signed-out visit redirects at once.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BasicLayout } from './layout/BasicLayout';
import { UserProvider } from './session-context';
import { WorkspaceProvider } from './workspace-context';

// Every date shown or picked is inside the workspace, so dayjs (and its locale) stays out of the sign-in bundle.
dayjs.locale('zh-cn');

export default function WorkspaceShell() {
  return (
    <UserProvider>
      <WorkspaceProvider>
        <BasicLayout />
      </WorkspaceProvider>
    </UserProvider>
  );
}
