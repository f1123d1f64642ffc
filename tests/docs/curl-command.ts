// Reads a documented curl command line as curl would, into the request it sends. Only plain
// commands are read: one curl, flags this file knows, one URL of the default host. Pipes, command
// substitutions and shell variables would need a shell and tools a test machine may lack (jq), so
// they are refused with the way to write the same request in plain curl.
import { parse } from 'shell-quote';

/** The request a documented curl line sends. */
export interface CurlRequest {
  method: string;
  /** Path and query as sent, e.g. /query?q=Position */
  target: string;
  /** -N: a stream (a watch) that is read event by event. */
  stream: boolean;
  /** Extra request headers (-H). */
  headers: Record<string, string>;
  /** The shell comment after the command, if any (e.g. "trimmed: 2 keys"). */
  comment: string;
}

/** The default address of the REST interface, as the docs write it. */
export const DOC_HOST = /^(?:http:\/\/)?(?:localhost|127\.0\.0\.1):27750(\/.*)$/;

const PLAIN = 'write it as one plain curl command: flags -s -S -N -g -X <method> -G --data-urlencode <name>=<text> -H <header>, and the URL (a /set payload: curl -X PUT -G localhost:27750/set/<path> --data-urlencode \'data={…}\')';

/** curl's --data-urlencode: every byte but A-Z a-z 0-9 - . _ ~ as %XX. */
function urlencode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Parses one curl command line; throws an Error that says what to change when it cannot be run as written. */
export function parseCurl(line: string): CurlRequest {
  let substituted = false;
  const tokens = parse(line, () => { substituted = true; return ''; });
  if (substituted) throw new Error(`it uses a shell variable or $(…) substitution, which the docs test cannot run; ${PLAIN}`);
  let comment = '';
  const args: string[] = [];
  for (const t of tokens) {
    if (typeof t === 'string') args.push(t);
    else if ('comment' in t) comment = t.comment.trim();
    else throw new Error(`it uses the shell operator '${'op' in t ? t.op : JSON.stringify(t)}', which the docs test cannot run; ${PLAIN}`);
  }
  if (args[0] !== 'curl') throw new Error(`it does not start with curl; ${PLAIN}`);
  let method: string | undefined;
  let get = false, stream = false, globoff = false;
  const data: string[] = [];
  const headers: Record<string, string> = {};
  const urls: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const next = (): string => {
      const v = args[++i];
      if (v === undefined) throw new Error(`curl's ${a} needs a value`);
      return v;
    };
    if (a === '-X' || a === '--request') method = next();
    else if (/^-X[A-Z]+$/.test(a)) method = a.slice(2);
    else if (a === '--data-urlencode') {
      const v = next();
      if (/^[^=]*@/.test(v)) throw new Error(`--data-urlencode ${v} reads a file; put the text in the command`);
      const eq = v.indexOf('=');
      data.push(eq < 0 ? urlencode(v) : `${v.slice(0, eq)}${eq > 0 ? '=' : ''}${urlencode(v.slice(eq + 1))}`);
    } else if (a === '-d' || a === '--data') data.push(next());
    else if (a === '-H' || a === '--header') {
      const h = next(), colon = h.indexOf(':');
      if (colon < 1) throw new Error(`the header '${h}' is not 'Name: value'`);
      headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
    } else if (a === '--get') get = true;
    else if (a === '--globoff') globoff = true;
    else if (a === '--silent' || a === '--show-error') { /* output only */ } else if (a === '--no-buffer') stream = true;
    else if (/^-[sSNGg]+$/.test(a)) {
      if (a.includes('N')) stream = true;
      if (a.includes('G')) get = true;
      if (a.includes('g')) globoff = true;
    } else if (a.startsWith('-')) throw new Error(`the docs test does not know curl's ${a}; ${PLAIN}`);
    else urls.push(a);
  }
  if (urls.length !== 1) throw new Error(`it names ${urls.length} URLs; name exactly one`);
  const m = DOC_HOST.exec(urls[0]!);
  if (!m) throw new Error(`its URL '${urls[0]}' is not on the default address localhost:27750 (or 127.0.0.1:27750)`);
  let target = m[1]!;
  if (!globoff && /[[\]{}]/.test(target)) throw new Error(`curl reads [ ] { } in a URL as a glob: %-encode them (%5B %5D %7B %7D) or add -g`);
  if (/\s/.test(target)) throw new Error(`its URL has a space, which curl refuses: write it as %20`);
  if (data.length > 0) {
    if (!get) throw new Error(`it sends data as a request body, which the interface ignores: add -G so curl puts it in the URL`);
    target += (target.includes('?') ? '&' : '?') + data.join('&');
  }
  return { method: method ?? 'GET', target, stream, headers, comment };
}
