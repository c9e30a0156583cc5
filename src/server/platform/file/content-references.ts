import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { fileApiUrl } from '../../../shared/contract/file';
import { infoArticle } from '../../db/schema';

/** The stored address of a file without its id: sanitised content names an image as `src="/api/sys/file/<id>"`. */
const STORED_FILE_PREFIX = fileApiUrl(0).slice(0, -1);

/**
 * The SQL condition "the content of the article in scope shows the file `fileId`": images inside article
 * content are referenced by their address only, so the purge of unreferenced files and the published file
 * route look for it there (the closing quote keeps file 1 from matching file 12).
 */
export function contentShowsFile(fileId: SQLWrapper): SQL {
  return sql`position(${`"${STORED_FILE_PREFIX}`}::text || ${fileId}::text || '"' in ${infoArticle.content}) > 0`;
}

/** The SQL condition "no article's content shows the file `fileId`". */
export function noContentShowsFile(fileId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${infoArticle} where ${contentShowsFile(fileId)})`;
}
