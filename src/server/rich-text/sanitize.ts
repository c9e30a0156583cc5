import sanitizeHtml from 'sanitize-html';
import { fileApiUrl } from '../../shared/contract/file';

/**
 * The sanitiser of article content (issue 10: published as HTML that is sanitised on the server with a
 * maintained sanitiser). It keeps what the rich-text editor produces and nothing else: scripts, event
 * handlers, styles, `javascript:` and other non-web links, frames and foreign markup never survive,
 * whatever the client sent. The same rules run at save (what is stored is what the editor re-opens) and at
 * publication, where stored-file images are pointed at the published, key-guarded file route.
 */

const STORED_IMAGE = /^\/api\/sys\/file\/([1-9]\d{0,9})$/;
const WEB_LINK = /^(https?:|mailto:)/i;
const HTTPS_IMAGE = /^https:\/\/[^\s/]+/i;
const NUMBER = /^\d{1,4}$/;

/** Text runs the editor marks to keep their spaces: the one style that survives, so a stored text re-opens exactly. */
const TEXT_RUN_TAGS = ['span', 'strong', 'b', 'em', 'i', 'u', 's', 'code'];

const ALLOWED_TAGS = ['p', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'br', 'code', 'span'];

/** Markup whose inner text is no content either (scripts, styles, embedded documents). */
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'title', 'head'];

export interface SanitizeOptions {
  /** Rewrites the address of a stored-file image (its file id); the stored address stays otherwise. */
  storedImageSrc?: (fileId: number) => string;
}

function baseOptions(options: SanitizeOptions): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'width', 'height'], li: ['value'], ...Object.fromEntries(TEXT_RUN_TAGS.map((tag) => [tag, ['style']])) },
    allowedStyles: Object.fromEntries(TEXT_RUN_TAGS.map((tag) => [tag, { 'white-space': [/^pre-wrap$/] }])),
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      li: (tagName, attribs) => {
        const kept: Record<string, string> = attribs.value && NUMBER.test(attribs.value) ? { value: attribs.value } : {};
        return { tagName, attribs: kept };
      },
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        const kept: Record<string, string> = WEB_LINK.test(href) ? { href, rel: 'noopener noreferrer' } : {};
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const stored = STORED_IMAGE.exec(src);
        const kept: Record<string, string> = {};
        if (stored) kept.src = options.storedImageSrc ? options.storedImageSrc(Number(stored[1])) : fileApiUrl(Number(stored[1]));
        else if (HTTPS_IMAGE.test(src)) kept.src = src;
        if (kept.src === undefined) return { tagName, attribs: {} };
        if (attribs.alt) kept.alt = attribs.alt;
        if (attribs.width && NUMBER.test(attribs.width)) kept.width = attribs.width;
        if (attribs.height && NUMBER.test(attribs.height)) kept.height = attribs.height;
        return { tagName, attribs: kept };
      },
    },
    // An image without an address left (a refused one) goes entirely; a link without one keeps its text.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/** The HTML that is stored: the editor's markup only, stored-file images at their API address. */
export function sanitizeArticleHtml(html: string, options: SanitizeOptions = {}): string {
  return sanitizeHtml(html, baseOptions(options)).trim();
}

/** The stored files a sanitised content shows, in order of appearance, each once. */
export function storedImageIds(sanitized: string): number[] {
  const ids = new Set<number>();
  for (const match of sanitized.matchAll(/<img[^>]*\ssrc="\/api\/sys\/file\/(\d+)"/g)) ids.add(Number(match[1]));
  return [...ids];
}

/** Whether sanitised content shows anything: text other than white space, or an image. */
export function hasVisibleContent(sanitized: string): boolean {
  if (/<img\s/i.test(sanitized)) return true;
  const text = sanitizeHtml(sanitized, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\s/g, '').length > 0;
}
