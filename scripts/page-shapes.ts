// `node --import tsx scripts/page-shapes.ts [dir]`: writes tests/unit/page-shapes.before.json, every page's shape once
// its defaults are filled in (tests/helpers/page-shapes.ts), from schemas/ or from `dir` (a schemas/ folder taken from
// an earlier commit: `git archive <commit> schemas | tar -x -C /tmp/then`, dir /tmp/then/schemas). Run it before a
// rewrite of schemas/ that must not change what the pages produce, commit the file, and
// tests/unit/page-shapes.test.ts then holds the rewrite to it.
import fs from 'node:fs';
import { BEFORE_FILE, filledInPages, pageShapes } from '../tests/helpers/page-shapes';
import { layoutJson } from './json-layout';

fs.writeFileSync(BEFORE_FILE, `${layoutJson(pageShapes(filledInPages(process.argv[2])), 160)}\n`);
console.log(`wrote ${BEFORE_FILE}`);
