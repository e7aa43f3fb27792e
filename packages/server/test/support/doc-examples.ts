/**
 * The shell examples of a Markdown document: its fenced blocks in `sh`, `bash`, `shell` or `console`, in order.
 *
 * A block runs as written unless the nearest line above its fence that is not blank is the marker
 * `<!-- not run: <why> -->` (for example one that starts a server until stopped, sets up PostgreSQL or systemd, or
 * names placeholders of a reader's own system); the reason is required, so a reader sees why it is left out.
 */
export interface ShellExample {
  /** The line of the opening fence, counted from 1. */
  line: number;
  code: string;
  /** Why the block is not run, when it is marked so. */
  notRun: string | null;
}

const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);
const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/;
const NOT_RUN = /^<!--\s*not run:\s*(\S.*?)\s*-->$/;

/** @example shellExamplesOf('```sh\necho hi\n```\n') // [{ line: 1, code: 'echo hi', notRun: null }] */
export function shellExamplesOf(markdown: string): ShellExample[] {
  const lines = markdown.split('\n');
  const examples: ShellExample[] = [];
  let index = 0;
  while (index < lines.length) {
    const open = FENCE.exec(lines[index] ?? '');
    if (!open) {
      index += 1;
      continue;
    }
    const [, indent = '', fence = '```', language = ''] = open;
    const start = index;
    const body: string[] = [];
    index += 1;
    while (index < lines.length && !(lines[index] ?? '').trim().startsWith(fence)) {
      // A block inside a list item is indented as the item; its commands are not.
      body.push((lines[index] ?? '').replace(new RegExp(`^ {0,${indent.length}}`), ''));
      index += 1;
    }
    index += 1;
    if (SHELL_LANGUAGES.has(language)) {
      examples.push({ line: start + 1, code: body.join('\n'), notRun: markerAbove(lines, start) });
    }
  }
  return examples;
}

function markerAbove(lines: string[], fenceIndex: number): string | null {
  for (let index = fenceIndex - 1; index >= 0; index -= 1) {
    const text = (lines[index] ?? '').trim();
    if (text === '') continue;
    const reason = NOT_RUN.exec(text)?.[1];
    if (reason) return reason;
    // A marker without its reason is a slip to point out, not a block to run.
    if (/^<!--\s*not run/i.test(text)) throw new Error(`line ${index + 1}: write the marker as <!-- not run: why -->`);
    return null;
  }
  return null;
}
