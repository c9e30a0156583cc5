// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { htmlToReact } from './NoticeBody';

function markupOf(html: string): string {
  const { container } = render(<div>{htmlToReact(html)}</div>);
  return container.firstElementChild!.innerHTML;
}

afterEach(cleanup);

describe('notice body', () => {
  it('keeps the editor markup and safe links', () => {
    expect(markupOf('<p>Hello <strong>all</strong></p><ul><li>one</li></ul>')).toBe('<p>Hello <strong>all</strong></p><ul><li>one</li></ul>');
    expect(markupOf('<p><a href="https://example.com">site</a></p>')).toBe('<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a></p>');
  });

  it('drops scripts, handlers and unsafe links whatever arrives, keeping the text of unknown markup', () => {
    expect(markupOf('<p onclick="x()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(markupOf('<a href="javascript:alert(1)">x</a>')).toBe('<span>x</span>');
    expect(markupOf('<img src="http://example.com/a.png" onerror="x()">')).toBe('');
    expect(markupOf('<iframe src="https://example.com"></iframe><font>kept</font>')).toBe('<span>kept</span>');
  });
});
