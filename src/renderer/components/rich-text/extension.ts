import { configExtension, defineExtension } from '@lexical/extension';
import { HistoryExtension } from '@lexical/history';
import { LinkExtension } from '@lexical/link';
import { ListExtension } from '@lexical/list';
import { RichTextExtension } from '@lexical/rich-text';
import { TextNode, isHTMLElement, type EditorThemeClasses, type HTMLConfig, type LexicalEditor } from 'lexical';
import { $importHtml, isAllowedLinkUrl } from './html';
import { ImageNode } from './ImageNode';

/**
 * Underline has no tag of its own in the editing surface, so it is shown through this class. The name is
 * stable (not a generated style class) and is kept out of the exported HTML, which carries `<u>` instead.
 */
export const UNDERLINE_CLASS = 'console-rich-text-underline';
const THEME: EditorThemeClasses = { text: { underline: UNDERLINE_CLASS } };

/** Exported text carries no editor classes: the HTML says what it means by its tags. */
const HTML_CONFIG: HTMLConfig = {
  export: new Map([
    [
      TextNode,
      (editor, node) => {
        const output = node.exportDOM(editor);
        const element = output.element;
        if (element && isHTMLElement(element)) {
          element.removeAttribute('class');
          for (const inner of element.querySelectorAll('[class]')) inner.removeAttribute('class');
        }
        return output;
      },
    ],
  ]),
};

/** The editor's features (what the toolbar offers and nothing else), starting from `initialHtml`. */
export function richTextExtension(initialHtml: string, editable: boolean) {
  return defineExtension({
    name: 'console/rich-text',
    namespace: 'console-rich-text',
    nodes: [ImageNode],
    theme: THEME,
    html: HTML_CONFIG,
    editable,
    $initialEditorState: (editor: LexicalEditor) => $importHtml(editor, initialHtml),
    dependencies: [RichTextExtension, HistoryExtension, ListExtension, configExtension(LinkExtension, { validateUrl: isAllowedLinkUrl })],
  });
}
