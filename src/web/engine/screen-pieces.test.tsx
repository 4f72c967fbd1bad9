// @vitest-environment jsdom
// Component behaviour of the shared screen pieces. The specs live in *.spec.tsx beside this file and
// run in one test file so antd and Formily are imported once (jsdom imports dominate suite time).
import './tree.spec';
import './pieces.spec';
import './dialogs.spec';
