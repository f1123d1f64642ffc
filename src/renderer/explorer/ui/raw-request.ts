// The pieces of the raw-reply view that need no page: a request target's boolean options, the
// target with one option switched, and the curl command that sends the same request.

/** A boolean option of a request target ("values=true"). */
export interface RequestOption {
  name: string;
  on: boolean;
}

/** The options of `url` whose value is exactly true or false, in order. */
export function booleanOptions(url: string): RequestOption[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  const out: RequestOption[] = [];
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (value === 'true' || value === 'false') out.push({ name: part.slice(0, eq), on: value === 'true' });
  }
  return out;
}

/** `url` with option `name` set to `on` (other parameters and their order kept). */
export function withOption(url: string, name: string, on: boolean): string {
  const q = url.indexOf('?');
  if (q < 0) return `${url}?${name}=${on}`;
  const parts = url.slice(q + 1).split('&');
  const i = parts.findIndex((p) => p.slice(0, p.indexOf('=') < 0 ? p.length : p.indexOf('=')) === name);
  if (i >= 0) parts[i] = `${name}=${on}`;
  else parts.push(`${name}=${on}`);
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** A curl command for `method url` against `base` ("http://127.0.0.1:27750"), quoted for a POSIX shell. */
export function curlCommand(base: string, url: string, method = 'GET'): string {
  const target = `${base.replace(/\/+$/, '')}${url}`;
  const quoted = `'${target.replace(/'/g, `'\\''`)}'`;
  return method === 'GET' ? `curl -s ${quoted}` : `curl -s -X ${method} ${quoted}`;
}
