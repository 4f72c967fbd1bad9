// @vitest-environment jsdom
// Every field-type and column-type story renders and shows its expected text.
import { runStories } from './fixtures/run-stories';

runStories(import.meta.glob(['./fields/*.stories.tsx', './columns/*.stories.tsx'], { eager: true }));
