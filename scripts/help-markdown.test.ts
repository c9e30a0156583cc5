import { describe, expect, it } from 'vitest';
import { parseHelpMarkdown, parseInline } from './help-markdown';

describe('parseHelpMarkdown', () => {
  it('parses every block kind the help uses', () => {
    const blocks = parseHelpMarkdown(
      [
        '# Guide',
        '',
        'Intro **bold** text',
        'continues.',
        '',
        '## 1. Part',
        '### 1.1 Sub {#/user #/userManage/:userId}',
        '1. one',
        '2. **two**',
        '- a',
        '- b',
        '> note',
        '> more',
        '',
        '| A | B |',
        '|---|---|',
        '| x | y |',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'title', text: 'Guide' },
      {
        kind: 'paragraph',
        spans: [
          { text: 'Intro ', bold: false },
          { text: 'bold', bold: true },
          { text: ' text continues.', bold: false },
        ],
      },
      { kind: 'heading', level: 2, text: '1. Part', routes: [] },
      { kind: 'heading', level: 3, text: '1.1 Sub', routes: ['/user', '/userManage/:userId'] },
      { kind: 'list', ordered: true, items: [[{ text: 'one', bold: false }], [{ text: 'two', bold: true }]] },
      { kind: 'list', ordered: false, items: [[{ text: 'a', bold: false }], [{ text: 'b', bold: false }]] },
      { kind: 'note', spans: [{ text: 'note more', bold: false }] },
      { kind: 'table', header: ['A', 'B'], rows: [['x', 'y']] },
    ]);
  });

  it('refuses screen routes written otherwise', () => {
    expect(() => parseHelpMarkdown('## 1. Part {user}')).toThrow('a heading\'s screen routes are written {#/route #/other/:id}: "user" in 1. Part {user}');
  });

  it('refuses a malformed table and unbalanced bold', () => {
    expect(() => parseHelpMarkdown('| A | B |\n| x | y |')).toThrow('|---|');
    expect(() => parseHelpMarkdown('| A | B |\n|---|---|\n| x |')).toThrow('1 cells');
    expect(() => parseInline('a **b')).toThrow('unbalanced');
  });

  it('refuses a heading level the builder does not draw, instead of taking it for text', () => {
    expect(() => parseHelpMarkdown('## 1. Part\n#### Deeper')).toThrow('only "# ", "## " and "### " headings');
  });
});
