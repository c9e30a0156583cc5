import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { createElement, type ReactNode } from 'react';
import { NoticeFormat, type NoticeFormatType } from '../contract';

const useStyles = makeStyles({
  body: {
    ...typographyStyles.body1,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    '& p': { margin: `0 0 ${tokens.spacingVerticalS}` },
    '& h1': { ...typographyStyles.title3, margin: `${tokens.spacingVerticalS} 0` },
    '& h2': { ...typographyStyles.subtitle1, margin: `${tokens.spacingVerticalS} 0` },
    '& h3': { ...typographyStyles.subtitle2, margin: `${tokens.spacingVerticalXS} 0` },
    '& ul, & ol': { margin: `0 0 ${tokens.spacingVerticalS}`, paddingLeft: tokens.spacingHorizontalXXL },
    '& blockquote': { margin: `0 0 ${tokens.spacingVerticalS}`, paddingLeft: tokens.spacingHorizontalM, borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorNeutralStroke1}` },
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%' },
  },
  text: { whiteSpace: 'pre-wrap' },
});

/** The markup a notice body may show: what the server's sanitiser keeps, and nothing else even if it came. */
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'blockquote', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'span', 'br']);
/** Markup whose inner text is no content either. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'noscript', 'textarea', 'title']);
const WEB_LINK = /^(https?:|mailto:)/i;
const HTTPS_IMAGE = /^https:\/\//i;

function childrenOf(node: Node, key: string): ReactNode[] {
  return Array.from(node.childNodes).map((child, index) => nodeOf(child, `${key}.${index}`));
}

function nodeOf(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? '';
    const children = childrenOf(node, key);
    return WEB_LINK.test(href) ? createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children) : createElement('span', { key }, ...children);
  }
  if (tag === 'img') {
    const src = node.getAttribute('src') ?? '';
    return HTTPS_IMAGE.test(src) ? createElement('img', { key, src, alt: node.getAttribute('alt') ?? '' }) : null;
  }
  if (tag === 'br') return createElement('br', { key });
  // Unknown markup keeps its text, never its element.
  if (!BLOCKS.has(tag)) return createElement('span', { key }, ...childrenOf(node, key));
  return createElement(tag, { key }, ...childrenOf(node, key));
}

/** A sanitised HTML body as React elements, from an allowlist: no markup of it reaches the page as HTML. */
export function htmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return childrenOf(doc.body, 'n');
}

/** A notice's body: plain text as typed (line breaks kept), rich text through `htmlToReact`. */
export function NoticeBody({ format, content }: { format: NoticeFormatType; content: string }) {
  const styles = useStyles();
  if (format === NoticeFormat.Text) {
    return (
      <div className={`${styles.body} ${styles.text}`} data-testid="notice-body">
        {content}
      </div>
    );
  }
  return (
    <div className={styles.body} data-testid="notice-body">
      {htmlToReact(content)}
    </div>
  );
}
