// @vitest-environment jsdom
import { runStories } from '../fixtures/run-stories';

runStories(import.meta.glob('./*.stories.tsx', { eager: true }));
