import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $isLinkNode } from '@lexical/link';
import { $createParagraphNode, $getRoot, $insertNodes, $isDecoratorNode, $isElementNode, type LexicalEditor, type LexicalNode } from 'lexical';

/** The link addresses the editor accepts: the web and mail, nothing that runs. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Whether `url` is an absolute http, https or mailto address (a `javascript:` or relative one is not). */
export function isAllowedLinkUrl(url: string): boolean {
  try {
    return LINK_PROTOCOLS.has(new URL(url.trim()).protocol);
  } catch {
    return false;
  }
}

/**
 * Replaces the document with `html`. The HTML is parsed into an inert document (nothing in it runs or loads),
 * and only what the registered nodes import survives: scripts, frames, handlers and styles are not nodes.
 * Must run inside `editor.update`.
 */
export function $importHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const nodes = $generateNodesFromDOM(editor, dom);
  root.select();
  $insertNodes(nodes);
  if (root.isEmpty()) root.append($createParagraphNode());
  $dropUnsafeLinks(root);
}

/** Links are imported by @lexical/link with their href as written; one that is not allowed loses its link (keeps its text). */
function $dropUnsafeLinks(node: LexicalNode): void {
  if (!$isElementNode(node)) return;
  for (const child of node.getChildren()) $dropUnsafeLinks(child);
  if ($isLinkNode(node) && !isAllowedLinkUrl(node.getURL())) {
    for (const child of node.getChildren()) node.insertBefore(child);
    node.remove();
  }
}

/** The document as HTML, or '' when it holds no text and no image (a form reports "content is empty"). */
export function $exportHtml(editor: LexicalEditor): string {
  return $isDocumentEmpty() ? '' : $generateHtmlFromNodes(editor, null);
}

function $isDocumentEmpty(): boolean {
  const root = $getRoot();
  if (root.getTextContent().trim() !== '') return false;
  const hasDecorator = (node: LexicalNode): boolean => $isDecoratorNode(node) || ($isElementNode(node) && node.getChildren().some(hasDecorator));
  return !hasDecorator(root);
}
