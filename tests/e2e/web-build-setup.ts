// The e2e project's second global setup: builds dist/web once, before any suite starts, when it is older than the web
// sources. Each suite's own ensureWebBuild then finds it fresh; two suites starting together on a stale build would
// otherwise run two Vite builds into the same folder, one emptying it while the other writes.
import { ensureWebBuild } from './helpers';

export default async function setup() {
  await ensureWebBuild();
}
