// Words for "which device and place asked": what the phone confirming a QR login shows about the desk that
// asked for the code. Offline by design — no geolocation service — so the place is the
// address and whether it is inside the company network.
import net from 'node:net';

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d]+)/, '微信'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/HarmonyOS/, '鸿蒙'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 120 · Windows", or 未知设备. Bounded: the header is the client's to choose. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.map(([re, name]) => {
    const m = re.exec(ua);
    return m ? `${name} ${m[1]}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || '未知设备';
}

const PRIVATE_V4 = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./];

/** 本机 / 内网 192.168.1.5 / 外网 203.0.113.7. */
export function describePlace(ip: string | undefined): string {
  const addr = (ip ?? '').replace(/^::ffff:/, '');
  if (!net.isIP(addr)) return '未知地点';
  if (addr === '127.0.0.1' || addr === '::1') return `本机 ${addr}`;
  if (PRIVATE_V4.some((re) => re.test(addr)) || /^f[cd]/i.test(addr) || /^fe80:/i.test(addr)) return `内网 ${addr}`;
  return `外网 ${addr}`;
}
