// A session's device in words ("Chrome on Android"), read from the user agent its login sent. Only
// the browser and the system are named: enough for a member to tell their sessions apart. The
// patterns are tried in order (Edge and Opera also say Chrome; Chrome also says Safari; iOS also
// says Mac OS X; Android also says Linux) and none can backtrack far, whatever the text.

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPiOS\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrom(?:e|ium)\//, 'Chrome'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
  // Programs rather than browsers, named so that a member recognises a script of their own.
  [/^curl\//i, 'curl'],
  [/^Wget\//i, 'Wget'],
  [/^python-|\baiohttp\//i, 'Python'],
  [/^okhttp\//i, 'OkHttp'],
  [/^PostmanRuntime\//, 'Postman'],
  [/^node(?:-fetch)?\b|^undici\b/i, 'Node.js'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWindows Phone\b/, 'Windows Phone'],
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bFreeBSD\b/, 'FreeBSD'],
  [/\bOpenBSD\b/, 'OpenBSD'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const nameOf = (table: ReadonlyArray<readonly [RegExp, string]>, text: string) => table.find(([pattern]) => pattern.test(text))?.[1];

/** The browser and system of a user agent ("Firefox on Windows"), or as much of it as is known. */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? '';
  const browser = text ? nameOf(BROWSERS, text) : undefined;
  const system = text ? nameOf(SYSTEMS, text) : undefined;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  return 'Unknown device';
}
