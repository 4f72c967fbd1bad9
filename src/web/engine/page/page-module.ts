// The module key of the page (or entity) whose form is rendered: record pickers ask the server for their
// options through it, since the picker's filter belongs to that module's schema.
import { createContext } from 'react';

export const PageModuleContext = createContext<string | null>(null);
