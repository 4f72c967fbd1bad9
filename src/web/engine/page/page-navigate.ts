// How the rendered page opens another route (the app's router, or a full load where the page is rendered alone):
// a picker with nothing to offer links to the page where its records are made.
import { createContext } from 'react';

export const PageNavigateContext = createContext<(path: string) => void>((p) => window.location.assign(p));
