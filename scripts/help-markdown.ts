/**
 * The Markdown subset the help sources use, parsed into blocks for the PDF renderer: `#` title, `##` and
 * `###` headings, paragraphs, `-` and `1.` lists, `>` notes, pipe tables, and **bold** inside text.
 */

export interface Span {
  text: string;
  bold: boolean;
}

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; level: 2 | 3; text: string; routes: string[] }
  | { kind: 'paragraph'; spans: Span[] }
  | { kind: 'note'; spans: Span[] }
  | { kind: 'list'; ordered: boolean; items: Span[][] }
  | { kind: 'table'; header: string[]; rows: string[][] };

export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  const parts = text.split('**');
  if (parts.length % 2 === 0) throw new Error(`unbalanced ** in: ${text}`);
  parts.forEach((part, index) => {
    if (part !== '') spans.push({ text: part, bold: index % 2 === 1 });
  });
  return spans;
}

const tableCells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

export function parseHelpMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
    } else if (line.startsWith('# ')) {
      blocks.push({ kind: 'title', text: line.slice(2).trim() });
      i++;
    } else if (line.startsWith('### ')) {
      blocks.push({ kind: 'heading', level: 3, ...headingText(line.slice(4)) });
      i++;
    } else if (line.startsWith('## ')) {
      blocks.push({ kind: 'heading', level: 2, ...headingText(line.slice(3)) });
      i++;
    } else if (line.startsWith('#')) {
      throw new Error(`only "# ", "## " and "### " headings are supported: ${line}`);
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('|')) rows.push(tableCells(lines[i++] ?? ''));
      const [header, separator, ...body] = rows;
      if (!header || !separator || !separator.every((cell) => /^:?-+:?$/.test(cell))) throw new Error(`a table needs a header and a |---| line near: ${line}`);
      for (const row of body) if (row.length !== header.length) throw new Error(`table row has ${row.length} cells, header ${header.length}: ${row.join(' | ')}`);
      blocks.push({ kind: 'table', header, rows: body });
    } else if (/^(- |\d+\. )/.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const items: Span[][] = [];
      while (i < lines.length && (ordered ? /^\d+\. /.test(lines[i] ?? '') : (lines[i] ?? '').startsWith('- '))) {
        items.push(parseInline((lines[i++] ?? '').replace(/^(- |\d+\. )/, '').trim()));
      }
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.startsWith('> ')) {
      const text: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('> ')) text.push((lines[i++] ?? '').slice(2).trim());
      blocks.push({ kind: 'note', spans: parseInline(text.join(' ')) });
    } else {
      const text: string[] = [];
      while (i < lines.length && (lines[i] ?? '').trim() !== '' && !/^(#|\||- |\d+\. |> )/.test(lines[i] ?? '')) text.push((lines[i++] ?? '').trim());
      blocks.push({ kind: 'paragraph', spans: parseInline(text.join(' ')) });
    }
  }
  return blocks;
}

/** A heading's text and the screen routes it documents, from a trailing `{#/route #/other/:id}`. */
function headingText(raw: string): { text: string; routes: string[] } {
  const marked = /^(.*?)\s*\{([^}]*)\}\s*$/.exec(raw);
  if (!marked) return { text: raw.trim(), routes: [] };
  const routes = (marked[2] ?? '').trim().split(/\s+/);
  const bad = routes.find((route) => !/^#\/[A-Za-z0-9/:_-]*$/.test(route));
  if (bad !== undefined) throw new Error(`a heading's screen routes are written {#/route #/other/:id}: "${bad}" in ${raw.trim()}`);
  return { text: (marked[1] ?? '').trim(), routes: routes.map((route) => route.slice(1)) };
}
