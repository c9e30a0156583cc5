// @vitest-environment jsdom
import { buildEditorFromExtensions } from '@lexical/extension';
import { describe, expect, it } from 'vitest';
import { fileApiUrl } from '../../../shared/contract/file';
import { richTextExtension } from './extension';
import { $exportHtml, $importHtml, isAllowedLinkUrl } from './html';
import { fileIdOfApiUrl } from './ImageNode';

/** The HTML an editor exports after loading `html`. */
function exported(html: string): string {
  const editor = buildEditorFromExtensions(richTextExtension(html, true));
  return editor.read(() => $exportHtml(editor));
}

/** A document using everything the toolbar produces. */
const EVERY_FEATURE = [
  '<h1>Title</h1>',
  '<h2>Section</h2>',
  '<h3>Part</h3>',
  '<p>Plain, <b>bold</b>, <i>italic</i>, <u>underlined</u>, <b><i><u>all three</u></i></b>, ',
  '<a href="https://example.org/a?b=1" rel="noreferrer">a link</a> and <a href="mailto:info@example.org" rel="noreferrer">mail</a>.</p>',
  '<ul><li>first</li><li>second</li></ul>',
  '<ol><li>one</li><li>two</li></ol>',
  '<blockquote>Quoted words</blockquote>',
  `<p>An image <img src="${fileApiUrl(42)}" alt="The chart"> inline.</p>`,
].join('');

describe('the editor HTML', () => {
  it('round-trips every feature losslessly: out, in, out is identical', () => {
    const first = exported(EVERY_FEATURE);
    expect(first).toContain('<h1>');
    expect(first).toContain('<h3>');
    expect(first).toMatch(/<b><strong[^>]*>bold<\/strong><\/b>/);
    expect(first).toMatch(/<i><em[^>]*>italic<\/em><\/i>/);
    expect(first).toContain('<u>');
    expect(first).toContain('<a href="https://example.org/a?b=1" rel="noreferrer">');
    expect(first).toContain('<a href="mailto:info@example.org" rel="noreferrer">');
    expect(first).toContain('<ul><li value="1">');
    expect(first).toContain('<ol><li value="1">');
    expect(first).toContain('<blockquote>');
    expect(first).toContain(`<img src="${fileApiUrl(42)}" alt="The chart">`);
    // Editor classes stay in the editor.
    expect(first).not.toContain('class=');
    expect(exported(first)).toBe(first);
  });

  it('turns hostile HTML into inert text: no script, frame, handler, javascript: link or foreign image', () => {
    const out = exported(
      [
        '<p onclick="steal()">Hello <a href="javascript:alert(1)">click</a> <a href="/relative">near</a></p>',
        '<script>alert(1)</script><iframe src="https://evil.example/"></iframe>',
        '<img src="https://evil.example/pixel.png" onerror="alert(2)">',
        '<p><img src="/api/sys/file/7/../../x" alt="x"><span style="background:url(javascript:alert(3))">styled</span></p>',
      ].join(''),
    );
    expect(out).toContain('Hello');
    expect(out).toContain('click');
    expect(out).toContain('styled');
    for (const hostile of ['<script', 'alert(', '<iframe', 'onclick', 'onerror', 'javascript:', 'evil.example', '<img', 'href="/relative"']) {
      expect(out).not.toContain(hostile);
    }
  });

  it("is '' for a document with no text and no image, and not for one holding only an image", () => {
    expect(exported('')).toBe('');
    expect(exported('<p>   </p><ul><li></li></ul><h1></h1>')).toBe('');
    expect(exported(`<p><img src="${fileApiUrl(3)}" alt=""></p>`)).toContain('<img');
  });

  it('replaces the document on import', () => {
    const editor = buildEditorFromExtensions(richTextExtension('<p>old</p>', true));
    editor.update(() => $importHtml(editor, '<h2>new</h2>'), { discrete: true });
    expect(editor.read(() => $exportHtml(editor))).toMatch(/^<h2><span[^>]*>new<\/span><\/h2>$/);
  });
});

describe('link addresses', () => {
  it('accepts http, https and mailto only', () => {
    expect(isAllowedLinkUrl('https://example.org')).toBe(true);
    expect(isAllowedLinkUrl(' http://example.org/x ')).toBe(true);
    expect(isAllowedLinkUrl('mailto:a@example.org')).toBe(true);
    for (const refused of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'ftp://example.org', '/relative', 'example.org', '', 'https://']) {
      expect(isAllowedLinkUrl(refused), refused).toBe(false);
    }
  });
});

describe('stored image addresses', () => {
  it('reads the file id back only from the exact API address', () => {
    expect(fileIdOfApiUrl(fileApiUrl(42))).toBe(42);
    expect(fileIdOfApiUrl(`https://elsewhere.example${fileApiUrl(42)}`)).toBeNull();
    expect(fileIdOfApiUrl(`${fileApiUrl(42)}?x=1`)).toBeNull();
    expect(fileIdOfApiUrl(fileApiUrl(0))).toBeNull();
    expect(fileIdOfApiUrl('/other/42')).toBeNull();
  });
});
