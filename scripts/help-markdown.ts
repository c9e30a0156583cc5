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
  | { kind: 'heading'; level: 2 | 3; text: string }
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
      blocks.push({ kind: 'heading', level: 3, text: line.slice(4).trim() });
      i++;
    } else if (line.startsWith('## ')) {
      blocks.push({ kind: 'heading', level: 2, text: line.slice(3).trim() });
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
