import React from 'react';
import { createRoot } from 'react-dom/client';
import { startVersionCheck } from './api/version';
import { App, preloadRoute } from './app/App';

preloadRoute(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <App />
  </React.StrictMode>,
);

// Reload when a new release is deployed. The dev server has no version.json.
if (import.meta.env.PROD) startVersionCheck();
