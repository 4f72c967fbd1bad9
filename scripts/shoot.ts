// Screenshots of running pages, for looking at what we build: logs in, visits each path, saves PNGs.
// Usage: node --import tsx scripts/shoot.ts <baseUrl> <username> <password> <outDir> /path1 /path2 ...
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [base, username, password, out, ...paths] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
// Logged in as the web client is (its CSRF header): the answer's session cookies land in the page's cookie jar.
await page.request.post(`${base}/api/admin/login/user`, {
  headers: { 'X-XSRF-TOKEN': '' },
  data: { loginType: 'password', username, password },
});
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const file = path.join(out, `${p.replace(/[/?=&]+/g, '_') || 'home'}.png`);
  await page.screenshot({ path: file, fullPage: false });
  console.log(file);
}
await browser.close();
