// @vitest-environment jsdom
// Every story of the screen pieces, the page renderer and the schema playground renders and shows its expected text.
import { runStories } from './fixtures/run-stories';

runStories(
  import.meta.glob(['./*.stories.tsx', './{list,drawer,lines,dialogs,tree,page,playground}/*.stories.tsx'], {
    eager: true,
  }),
);
