import { describe, expect, it } from 'vitest';
import { publishedFileUrl } from '../../areas/information/contract';
import { hasVisibleContent, sanitizeArticleHtml, storedImageIds } from './sanitize';

describe('article content sanitiser', () => {
  it('keeps what the editor produces, unchanged', () => {
    const editorHtml = [
      '<h1>Title</h1>',
      '<h2>Sub</h2>',
      '<h3>Small</h3>',
      '<p>Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>under</u> <s>struck</s> <code>x = 1</code> <span>span</span><br />next</p>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol><li>first</li></ol>',
      '<blockquote>quoted</blockquote>',
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">link</a> <a href="mailto:ops@example.com" rel="noopener noreferrer">mail</a></p>',
      '<p><img src="/api/sys/file/12" alt="truck" width="320" height="200" /></p>',
      '<p><img src="https://cdn.example.com/x.png" alt="" /></p>',
    ].join('');
    const once = sanitizeArticleHtml(editorHtml);
    expect(sanitizeArticleHtml(once)).toBe(once);
    expect(once).toContain('<h1>Title</h1>');
    expect(once).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">link</a>');
    expect(once).toContain('<img src="/api/sys/file/12" alt="truck" width="320" height="200" />');
    expect(once).toContain('<code>x = 1</code>');
    expect(once).toContain('<blockquote>quoted</blockquote>');
  });

  it("stores the rich-text editor's own output exactly, spaces and list numbers included", () => {
    const editorOutput =
      '<h2><span style="white-space: pre-wrap;">Two  spaces</span></h2><p><b><strong style="white-space: pre-wrap;"> bold </strong></b></p><ol><li value="1"><span style="white-space: pre-wrap;">one</span></li><li value="2"><span style="white-space: pre-wrap;">two</span></li></ol>';
    // The style comes back in its compact spelling, which the editor reads the same.
    expect(sanitizeArticleHtml(editorOutput)).toBe(editorOutput.replaceAll('white-space: pre-wrap;', 'white-space:pre-wrap'));
    expect(sanitizeArticleHtml('<span style="white-space: pre-wrap; color: red">x</span><li value="1; x">y</li>')).toBe('<span style="white-space:pre-wrap">x</span><li>y</li>');
  });

  it('removes scripts, styles, frames and embedded documents with their content', () => {
    const out = sanitizeArticleHtml(
      '<p>a</p><script>alert(1)</script><style>p{color:red}</style><iframe src="https://evil.example/">x</iframe><object data="x.swf">o</object><embed src="x"><svg><script>alert(2)</script></svg><math>m</math><template><p>t</p></template>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('strips event handlers, styles and classes from kept tags', () => {
    expect(sanitizeArticleHtml('<p onclick="alert(1)" style="color:red" class="x" id="y" data-x="1">text</p>')).toBe('<p>text</p>');
    expect(sanitizeArticleHtml('<img src="/api/sys/file/3" onerror="alert(1)" onload="x()">')).toBe('<img src="/api/sys/file/3" />');
    expect(sanitizeArticleHtml('<span style="background:url(javascript:alert(1))">s</span>')).toBe('<span>s</span>');
  });

  it('keeps only web and mail links, always with rel="noopener noreferrer"', () => {
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href=" javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="vbscript:msgbox">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="/relative">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="http://example.com" target="_blank" rel="opener">x</a>')).toBe('<a href="http://example.com" rel="noopener noreferrer">x</a>');
  });

  it('keeps only stored-file and https images', () => {
    expect(sanitizeArticleHtml('<p>a<img src="javascript:alert(1)">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeArticleHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeArticleHtml('<img src="http://plain.example/x.png">')).toBe('');
    expect(sanitizeArticleHtml('<img src="//evil.example/x.png">')).toBe('');
    expect(sanitizeArticleHtml('<img src="/api/sys/file/1/../../admin">')).toBe('');
    expect(sanitizeArticleHtml('<img src="/api/sys/file/0">')).toBe('');
    expect(sanitizeArticleHtml('<img src="/api/sys/file/5" width="100%" height="x">')).toBe('<img src="/api/sys/file/5" />');
  });

  it('drops unknown tags but keeps their text, escaped', () => {
    expect(sanitizeArticleHtml('<div><table><tr><td>cell</td></tr></table><form><input value="v"></form></div>')).toBe('cell');
    expect(sanitizeArticleHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(sanitizeArticleHtml('<p>"quoted" & <unclosed</p>')).toBe('<p>"quoted" &amp; </p>');
  });

  it('points stored-file images at the published route when asked', () => {
    const out = sanitizeArticleHtml('<p><img src="/api/sys/file/7" alt="a"><img src="https://cdn.example.com/y.png"></p>', { storedImageSrc: publishedFileUrl });
    expect(out).toBe('<p><img src="/api/open/info/files/7" alt="a" /><img src="https://cdn.example.com/y.png" /></p>');
  });

  it('lists the stored files a content shows and tells empty content', () => {
    expect(storedImageIds(sanitizeArticleHtml('<p><img src="/api/sys/file/7"><img src="/api/sys/file/9"><img src="/api/sys/file/7"></p>'))).toEqual([7, 9]);
    expect(hasVisibleContent(sanitizeArticleHtml('<p><br></p><p> &nbsp; </p>'))).toBe(false);
    expect(hasVisibleContent(sanitizeArticleHtml('<p><script>x</script></p>'))).toBe(false);
    expect(hasVisibleContent(sanitizeArticleHtml('<p>x</p>'))).toBe(true);
    expect(hasVisibleContent(sanitizeArticleHtml('<p><img src="/api/sys/file/1"></p>'))).toBe(true);
  });
});
