/**
 * A Dockerfile read into its stages, for the image-build check (check-image-builds.ts). It reads the
 * part of the syntax our Dockerfiles use and refuses the rest, so a Dockerfile the check does not
 * understand fails CI instead of being checked halfway.
 */

export interface Instruction {
  keyword: string;
  /** Leading `--name=value` options (`--from`, `--mount`, `--chown`, `--interval`...). */
  flags: Record<string, string>;
  /** The rest of the instruction, continuation lines joined. */
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  /** A base image, or the name of an earlier stage. */
  base: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs before the first FROM, with their defaults. */
  globalArgs: Record<string, string | undefined>;
  stages: Stage[];
}

const KNOWN_KEYWORDS = new Set([
  'FROM',
  'ARG',
  'ENV',
  'WORKDIR',
  'COPY',
  'RUN',
  'USER',
  'EXPOSE',
  'HEALTHCHECK',
  'CMD',
  'LABEL',
]);

/** Physical lines joined at trailing backslashes; comment lines dropped (also inside a continuation). */
function logicalLines(text: string): Array<{ text: string; line: number }> {
  const result: Array<{ text: string; line: number }> = [];
  let pending: { text: string; line: number } | undefined;
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#') || (!trimmed && !pending)) return;
    const continues = /\\\s*$/.test(raw);
    const part = continues ? raw.replace(/\\\s*$/, '') : raw;
    pending = pending
      ? { text: `${pending.text} ${part.trim()}`, line: pending.line }
      : { text: part.trim(), line: index + 1 };
    if (!continues) {
      result.push(pending);
      pending = undefined;
    }
  });
  if (pending) result.push(pending);
  return result;
}

function splitFlags(rest: string): { flags: Record<string, string>; args: string } {
  const flags: Record<string, string> = {};
  let args = rest;
  for (
    let match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(args);
    match;
    match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(args)
  ) {
    flags[match[1]!] = match[2] ?? 'true';
    args = args.slice(match[0].length);
  }
  return { flags, args };
}

export function parseDockerfile(text: string): Dockerfile {
  const dockerfile: Dockerfile = { globalArgs: {}, stages: [] };
  for (const { text: lineText, line } of logicalLines(text)) {
    const [, word = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(lineText) ?? [];
    const keyword = word.toUpperCase();
    if (!KNOWN_KEYWORDS.has(keyword))
      throw new Error(`line ${line}: ${word} is not an instruction the image check reads`);
    const { flags, args } = splitFlags(rest);
    if (keyword === 'FROM') {
      const [base = '', as, name] = args.split(/\s+/);
      if (as !== undefined && as.toUpperCase() !== 'AS') throw new Error(`line ${line}: FROM ${args}`);
      dockerfile.stages.push({ name: name ?? String(dockerfile.stages.length), base, instructions: [] });
      continue;
    }
    const stage = dockerfile.stages.at(-1);
    if (!stage) {
      if (keyword !== 'ARG') throw new Error(`line ${line}: ${keyword} before the first FROM`);
      const [name = '', value] = args.split(/=(.*)/s);
      dockerfile.globalArgs[name] = value;
      continue;
    }
    if ((keyword === 'RUN' || keyword === 'CMD') && args.startsWith('<<'))
      throw new Error(`line ${line}: heredocs are not read by the image check`);
    stage.instructions.push({ keyword, flags, args, line });
  }
  if (!dockerfile.stages.length) throw new Error('no FROM');
  return dockerfile;
}

/** Words as a POSIX shell splits them (quotes and backslashes), for ENV, COPY and ARG. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) word = (word ?? '') + text[++i];
      else word = (word ?? '') + char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else if (char === '\\' && i + 1 < text.length) word = (word ?? '') + text[++i];
    else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + char;
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${text}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** `ENV A=1 B="two words"`, or the legacy `ENV A one value`. */
export function parseEnv(args: string): Record<string, string> {
  const words = shellWords(args);
  if (words[0] && !words[0].includes('=')) return { [words[0]]: words.slice(1).join(' ') };
  return Object.fromEntries(
    words.map((word) => {
      const [name = '', value = ''] = word.split(/=(.*)/s);
      return [name, value];
    }),
  );
}

/** The JSON (exec) form of CMD, or HEALTHCHECK's `CMD [...]`: the argv. */
export function execForm(args: string): string[] {
  const json = args.replace(/^CMD\s+/i, '');
  const argv: unknown = json.startsWith('[') ? JSON.parse(json) : undefined;
  if (!Array.isArray(argv) || !argv.every((word) => typeof word === 'string'))
    throw new Error(`only the JSON form is read: ${args}`);
  return argv;
}

/** `${NAME}` and `$NAME` replaced from `values` (Dockerfile variable substitution, without modifiers). */
export function substitute(text: string, values: Record<string, string | undefined>): string {
  return text.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (_, braced?: string, bare?: string) => values[(braced ?? bare)!] ?? '',
  );
}
