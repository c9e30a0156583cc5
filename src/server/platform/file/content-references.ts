import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { fileApiUrl } from '../../../shared/contract/file';
import { infoArticle } from '../../db/schema';

/**
 * A stored-file image of sanitised content without its id: the sanitiser writes an image's address as its first
 * attribute (rich-text/sanitize.ts), and escapes `<` in text and `<` and `"` in attribute values, so this text
 * occurs only where an image shows the file, never in alt text or a paragraph that merely names the address.
 */
const STORED_IMAGE_PREFIX = `<img src="${fileApiUrl(0).slice(0, -1)}`;

/**
 * The SQL condition "the content of the article in scope shows the file `fileId`": images inside article
 * content are referenced by their address only, so the purge of unreferenced files and the published file
 * route look for it there (the closing quote keeps file 1 from matching file 12).
 */
export function contentShowsFile(fileId: SQLWrapper): SQL {
  return sql`position(${STORED_IMAGE_PREFIX}::text || ${fileId}::text || '"' in ${infoArticle.content}) > 0`;
}

/** The SQL condition "no article's content shows the file `fileId`". */
export function noContentShowsFile(fileId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${infoArticle} where ${contentShowsFile(fileId)})`;
}
