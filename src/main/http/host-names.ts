// Parsing of Host headers, Origin headers and bound addresses, and the loopback tests the
// policies rely on. Strict on purpose: anything that does not parse is treated as foreign.

/** A host name (lower case, IPv6 without brackets) and an optional port. */
export interface HostAndPort {
  /** Lower-case host name or IP literal; IPv6 without brackets. */
  hostname: string;
  /** Port number, or undefined when the text names none. */
  port: number | undefined;
}

/** A parsed web origin (`scheme://host[:port]`) with its port made explicit. */
export interface ParsedOrigin extends HostAndPort {
  /** 'http' or 'https'. */
  scheme: 'http' | 'https';
  /** Port, with the scheme's default (80/443) filled in. */
  port: number;
  /** Canonical text `scheme://host:port` (IPv6 in brackets), used for comparisons. */
  canonical: string;
}

const HOST_RE = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._~!$&'()*+,;=%-]+))(?::(\d{1,5}))?$/;
const ORIGIN_RE = /^(https?):\/\/(\[[0-9a-f:.]+\]|[a-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/;
const IPV4_LOOPBACK_RE = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parsePort(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  const n = Number(text);
  return n <= 65_535 ? n : null;
}

/** Parses a Host header value (`name[:port]`, `[v6][:port]`); undefined when malformed. */
export function parseHostHeader(value: string): HostAndPort | undefined {
  const m = HOST_RE.exec(value.toLowerCase());
  if (!m) return undefined;
  const port = parsePort(m[3]);
  if (port === null) return undefined;
  return { hostname: m[1] ?? m[2]!, port };
}

/** Parses an Origin header value; undefined for `null`, other schemes or malformed text. */
export function parseOrigin(value: string): ParsedOrigin | undefined {
  const m = ORIGIN_RE.exec(value.toLowerCase());
  if (!m) return undefined;
  const scheme = m[1] as 'http' | 'https';
  const parsed = parsePort(m[3]);
  if (parsed === null) return undefined;
  const port = parsed ?? (scheme === 'https' ? 443 : 80);
  const host = m[2]!;
  const hostname = host.startsWith('[') ? host.slice(1, -1) : host;
  return { scheme, hostname, port, canonical: `${scheme}://${host}:${port}` };
}

/** True for `localhost`, any 127.x.x.x and ::1 (IPv6 given without brackets). */
export function isLoopbackHostname(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '::1') return true;
  const m = IPV4_LOOPBACK_RE.exec(hostname);
  return m !== null && Number(m[1]) <= 255 && Number(m[2]) <= 255 && Number(m[3]) <= 255;
}

/** Strips the IPv4-mapped IPv6 prefix and brackets so socket addresses compare with origin hosts. */
export function normalizeAddress(address: string): string {
  let a = address.toLowerCase();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  if (a.startsWith('::ffff:') && a.includes('.')) a = a.slice(7);
  return a;
}

/** True when a bind address only accepts loopback traffic (127.x.x.x, ::1, localhost). */
export function isLoopbackAddress(address: string): boolean {
  return isLoopbackHostname(normalizeAddress(address));
}
