/**
 * A signature's evidence (address and browser) as each reader may see it. The PDF keeps it
 * whole, as evidence must; the party who signed sees their own whole; the other party sees it
 * masked: enough to recognise a phone or a network, not to locate or fingerprint the person.
 */

/** The client's address without its host part: IPv4's last octet, IPv6's last 80 bits. */
export function maskIp(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(":")) {
    const groups = ip.split("::")[0]!.split(":").filter(Boolean).slice(0, 3);
    return `${groups.join(":")}::x`;
  }
  return "oculto";
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b|\biPad\b|\biOS\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser string reduced to its family and system ("Chrome em Android"). */
export function maskUserAgent(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Outro navegador";
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} em ${system}` : browser;
}

const USER_AGENT_MAX = 500;
// C0 and C1 controls, and the bidirectional marks and overrides: a browser string is shown in
// pages and written to a PDF, where these would forge lines or reverse text.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_SHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

/** The browser string as it is kept: controls removed, at most 500 characters (whole code points). */
export function keptUserAgent(userAgent: string | null | undefined): string {
  const clean = (userAgent ?? "").normalize("NFC").replace(NOT_SHOWN, "").trim();
  return Array.from(clean).slice(0, USER_AGENT_MAX).join("") || "não informado";
}
