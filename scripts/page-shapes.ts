// `node --import tsx scripts/page-shapes.ts`: writes tests/unit/page-shapes.before.json, every page's shape once its
// defaults are filled in (tests/helpers/page-shapes.ts). Run it before a rewrite of schemas/ that must not change
// what the pages produce, commit the file, and tests/unit/page-shapes.test.ts then holds the rewrite to it.
import fs from 'node:fs';
import { BEFORE_FILE, pageShapes } from '../tests/helpers/page-shapes';
import { layoutJson } from './json-layout';

fs.writeFileSync(BEFORE_FILE, `${layoutJson(pageShapes(), 160)}\n`);
console.log(`wrote ${BEFORE_FILE}`);
