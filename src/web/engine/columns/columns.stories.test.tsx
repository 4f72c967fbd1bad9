// @vitest-environment jsdom
import { runStories } from '../fixtures/run-stories';

runStories(import.meta.glob(['./*.stories.tsx', '../PageRenderer.stories.tsx', '../SchemaPlayground.stories.tsx'], { eager: true }));
