// @vitest-environment jsdom
// Every engine-piece story renders and shows its expected text (column and page stories run in
// columns/columns.stories.test.tsx so the two files share the workers).
import { runStories } from './fixtures/run-stories';

runStories(import.meta.glob(['./*.stories.tsx', '!./PageRenderer.stories.tsx', '!./SchemaPlayground.stories.tsx'], { eager: true }));
