/** What 安全设置 shows of a session's browser: a plain reading of the User-Agent header, no library. */
export type Device = { browser: string; os: string; mobile: boolean; device: string };

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, '微信'],
  [/DingTalk\/([\d.]+)/, '钉钉'],
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
  [/HeadlessChrome\/([\d.]+)/, 'Chrome'],
];

const SYSTEMS: [RegExp, string][] = [
  [/HarmonyOS/, 'HarmonyOS'],
  [/Android ([\d.]+)?/, 'Android'],
  [/(?:iPhone|iPad|iPod).*OS ([\d_]+)/, 'iOS'],
  [/Windows NT 10/, 'Windows 10/11'],
  [/Windows NT ([\d.]+)/, 'Windows'],
  [/Mac OS X ([\d_]+)?/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function parseUserAgent(ua: string | null | undefined): Device {
  const text = ua ?? '';
  let browser = '未知浏览器';
  for (const [re, name] of BROWSERS) {
    const m = re.exec(text);
    if (m) {
      browser = m[1] ? `${name} ${m[1].split('.')[0]}` : name;
      break;
    }
  }
  if (browser === '未知浏览器' && /curl|wget|python|okhttp|axios|node/i.test(text)) browser = '程序调用';
  let os = '未知系统';
  for (const [re, name] of SYSTEMS) {
    const m = re.exec(text);
    if (m) {
      const version = name === 'iOS' || name === 'macOS' || name === 'Android' ? m[1]?.replace(/_/g, '.').split('.').slice(0, 2).join('.') : '';
      os = version ? `${name} ${version}` : name;
      break;
    }
  }
  const mobile = /Mobile|Android|iPhone|iPad|HarmonyOS/.test(text);
  return { browser, os, mobile, device: `${browser} · ${os}` };
}
