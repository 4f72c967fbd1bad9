// Mounts the shell in a MemoryRouter with a probe that shows the location and can navigate.
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { AppShell } from '../../src/web/app/App';

function Probe() {
  const loc = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <output data-testid="location">{loc.pathname + loc.search}</output>
      <output data-testid="location-state">{JSON.stringify(loc.state ?? null)}</output>
      <button type="button" data-testid="go-home" onClick={() => navigate('/')}>
        probe-home
      </button>
    </div>
  );
}

export function renderApp(path: string) {
  return render(
    // No motion: jsdom never ends CSS transitions, so antd would wait on its fallback timers.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <AppShell />
        <Probe />
      </MemoryRouter>
    </ConfigProvider>,
  );
}
