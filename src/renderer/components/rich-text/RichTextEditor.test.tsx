// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot, getNearestEditorFromDOMNode, type LexicalEditor } from 'lexical';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileApiUrl } from '../../../shared/contract/file';
import { createFakeBridge } from '../../testing/fake-bridge';
import { testProviders } from '../../testing/providers';
import { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';

afterEach(cleanup);

async function renderEditor(props: Partial<RichTextEditorProps> = {}) {
  const fake = createFakeBridge();
  const { Wrapper } = await testProviders({ bridge: fake.bridge });
  const onChange = vi.fn<(html: string) => void>();
  render(<RichTextEditor initialHtml="" label="Content" onChange={onChange} {...props} />, { wrapper: Wrapper });
  const content = screen.getByRole('textbox', { name: 'Content' });
  const editor = getNearestEditorFromDOMNode(content) as LexicalEditor;
  expect(editor).toBeTruthy();
  return { fake, onChange, content, editor, lastHtml: () => onChange.mock.lastCall?.[0] };
}

/** Stands for typing: jsdom has no beforeinput, so the text goes in through the editor and is then selected whole. */
function typeAndSelect(editor: LexicalEditor, text: string) {
  act(() => {
    editor.update(
      () => {
        const root = $getRoot().clear();
        const node = $createTextNode(text);
        root.append($createParagraphNode().append(node));
        node.select(0, text.length);
      },
      { discrete: true },
    );
  });
}

const button = (name: RegExp) => screen.getByRole('button', { name });

describe('RichTextEditor', () => {
  it('makes selected text bold from the toolbar and from Ctrl+B, and shows it pressed', async () => {
    const { editor, content, lastHtml } = await renderEditor();
    typeAndSelect(editor, 'Hello');
    expect(lastHtml()).toMatch(/^<p><span[^>]*>Hello<\/span><\/p>$/);
    expect(button(/^Bold/).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button(/^Bold/));
    await waitFor(() => expect(lastHtml()).toMatch(/<b><strong[^>]*>Hello<\/strong><\/b>/));
    // The toolbar follows the editor on its own render, which may come after the change is reported.
    await waitFor(() => expect(button(/^Bold/).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.keyDown(content, { key: 'b', code: 'KeyB', ctrlKey: true });
    await waitFor(() => expect(lastHtml()).not.toContain('<strong'));
    fireEvent.keyDown(content, { key: 'i', code: 'KeyI', ctrlKey: true });
    await waitFor(() => expect(lastHtml()).toMatch(/<i><em[^>]*>Hello<\/em><\/i>/));
  });

  it('sets a heading, then turns it into a bulleted and a numbered list', async () => {
    const { editor, lastHtml } = await renderEditor();
    typeAndSelect(editor, 'Point');
    fireEvent.click(button(/^Heading 1/));
    await waitFor(() => expect(lastHtml()).toMatch(/^<h1><span[^>]*>Point<\/span><\/h1>$/));
    await waitFor(() => expect(button(/^Heading 1/).getAttribute('aria-pressed')).toBe('true'));
    expect(button(/^Normal text/).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button(/^Bulleted list/));
    await waitFor(() => expect(lastHtml()).toMatch(/^<ul><li value="1"><span[^>]*>Point<\/span><\/li><\/ul>$/));
    await waitFor(() => expect(button(/^Bulleted list/).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(button(/^Numbered list/));
    await waitFor(() => expect(lastHtml()).toMatch(/^<ol>/));
    fireEvent.click(button(/^Quote/));
    await waitFor(() => expect(lastHtml()).toMatch(/^<blockquote><span[^>]*>Point<\/span><\/blockquote>$/));
  });

  it('refuses a javascript: link with a message and links an https address', async () => {
    const { editor, lastHtml } = await renderEditor();
    typeAndSelect(editor, 'Docs');
    fireEvent.click(button(/^Link/));
    const address = await screen.findByRole('textbox', { name: /Address/ });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/This address is not accepted/)).toBeTruthy();
    expect(lastHtml()).not.toContain('<a');
    fireEvent.change(address, { target: { value: 'https://example.org/docs' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lastHtml()).toMatch(/<a href="https:\/\/example.org\/docs" rel="noreferrer"><span[^>]*>Docs<\/span><\/a>/));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits and removes the link the caret is in', async () => {
    const { editor, lastHtml } = await renderEditor({ initialHtml: '<p><a href="https://old.example/">Site</a></p>' });
    act(() => editor.update(() => $getRoot().getFirstDescendant()?.selectStart(), { discrete: true }));
    await waitFor(() => expect(button(/^Link/).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(button(/^Link/));
    const address = await screen.findByRole('textbox', { name: /Address/ });
    expect((address as HTMLInputElement).value).toBe('https://old.example/');
    fireEvent.change(address, { target: { value: 'mailto:team@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lastHtml()).toContain('<a href="mailto:team@example.org"'));
    fireEvent.click(button(/^Link/));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(lastHtml()).toMatch(/^<p><span[^>]*>Site<\/span><\/p>$/));
  });

  it('undoes and redoes, with the buttons disabled when there is nothing to undo or redo', async () => {
    const { editor, lastHtml } = await renderEditor({ initialHtml: '<p>Start</p>' });
    expect(button(/^Undo/)).toHaveProperty('disabled', true);
    expect(button(/^Redo/)).toHaveProperty('disabled', true);
    typeAndSelect(editor, 'Changed');
    await waitFor(() => expect(button(/^Undo/)).toHaveProperty('disabled', false));
    fireEvent.click(button(/^Undo/));
    await waitFor(() => expect(lastHtml()).toMatch(/^<p><span[^>]*>Start<\/span><\/p>$/));
    expect(button(/^Undo/)).toHaveProperty('disabled', true);
    expect(button(/^Redo/)).toHaveProperty('disabled', false);
    fireEvent.click(button(/^Redo/));
    await waitFor(() => expect(lastHtml()).toContain('Changed'));
  });

  it("reports '' once the document is emptied", async () => {
    const { editor, lastHtml } = await renderEditor({ initialHtml: '<p>Something</p>' });
    act(() => editor.update(() => $getRoot().clear().append($createParagraphNode()), { discrete: true }));
    await waitFor(() => expect(lastHtml()).toBe(''));
  });

  it('keeps hostile HTML inert in the editing surface', async () => {
    const { content } = await renderEditor({
      initialHtml:
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">x</a></p><script>window.hacked=1</script><iframe src="https://evil.example/"></iframe><img src="https://evil.example/p.png" onerror="window.hacked=2">',
    });
    expect(content.textContent).toContain('Hi x');
    expect(content.querySelector('script, iframe, img, [onclick], [onerror], a[href^="javascript"]')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('uploads a picked image and inserts it by its file id, shown through the files bridge', async () => {
    const { fake, lastHtml, content } = await renderEditor({ uploadPurpose: 'articleImage', 'data-testid': 'body' });
    fake.method('files.upload').mockResolvedValueOnce({ ok: true, data: { id: 7, url: fileApiUrl(7) } });
    fake.method('files.url').mockResolvedValue({ ok: true, data: { url: 'http://127.0.0.1/__bridge/files/7?secret=s' } });
    const picked = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('body-image-input'), { target: { files: [picked] } });
    await waitFor(() => expect(lastHtml()).toContain(`<img src="${fileApiUrl(7)}" alt="chart">`));
    expect(fake.method('files.upload')).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'articleImage', name: 'chart.png' }));
    const shown = await waitFor(() => {
      const image = content.querySelector('img');
      expect(image).not.toBeNull();
      return image as HTMLImageElement;
    });
    expect(shown.getAttribute('src')).toBe('http://127.0.0.1/__bridge/files/7?secret=s');
    expect(shown.getAttribute('alt')).toBe('chart');
  });

  it('refuses a file of the wrong type before uploading, with the rule message', async () => {
    const { fake, onChange } = await renderEditor({ uploadPurpose: 'articleImage', 'data-testid': 'body' });
    fireEvent.change(screen.getByTestId('body-image-input'), { target: { files: [new File(['x'], 'notes.bmp')] } });
    expect(await screen.findByText('image can only be jpg, jpeg, png or gif')).toBeTruthy();
    expect(fake.method('files.upload')).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers no image button without an upload purpose, and edits nothing when disabled', async () => {
    const { content } = await renderEditor({ disabled: true });
    expect(screen.queryByRole('button', { name: /Insert image/ })).toBeNull();
    expect(content.getAttribute('contenteditable')).toBe('false');
    expect(button(/^Bold/)).toHaveProperty('disabled', true);
  });
});
