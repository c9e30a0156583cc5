import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { FilePurpose } from '../../../shared/constants';
import type { api } from '../../../shared/contract';
import type { ParsedInputOf } from '../../../shared/contract/endpoint';
import { FileBody, fileApiUrl, UPLOAD_KEYS, type UploadAnswer } from '../../../shared/contract/file';
import { Perm } from '../../../shared/permissions';
import { EXTENSION_TYPES, FILE_RULES, fileExtensionOf } from '../../../shared/rules';
import { roleScope } from '../../auth/scope';
import type { CallContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { deptResource, file, infoArticle } from '../../db/schema';
import { mailAttachment } from '../../db/tables';
import { Errors } from '../../errors';
import { noContentShowsFile } from './content-references';

/**
 * Uploaded files (design.md §4b): kept in sys_file with their purpose, detected type, size, SHA-256 and
 * uploader. A file is used by the records that refer to it; one no record refers to is removed with the
 * record's change, or by the purge once it has waited UNREFERENCED_FILE_GRACE_MS after its upload.
 */

/** Every column that refers to a stored file: a file none of them names is unreferenced. */
const FILE_REFERENCES = [
  { table: deptResource, column: deptResource.fileId },
  { table: infoArticle, column: infoArticle.imageId },
  { table: mailAttachment, column: mailAttachment.fileId },
] as const;

/** How long an upload waits to be used by a record (a form may stay open a while) before the purge takes it. */
export const UNREFERENCED_FILE_GRACE_MS = 24 * 3600_000;

function unreferenced(): SQL[] {
  // Images inside article content are referenced by their address in the HTML, not by a column.
  return [...FILE_REFERENCES.map(({ table, column }) => sql`not exists (select 1 from ${table} where ${column} = ${file.fileId})`), noContentShowsFile(file.fileId)];
}

/** The caller's role must hold one of the purpose's upload keys (the keys of the screens that save such a file). */
async function checkUploadKeys(ctx: CallContext, purpose: FilePurpose): Promise<void> {
  const role = ctx.requireRole();
  const keys = await ctx.services.authz.keysOf(role.roleId);
  if (!UPLOAD_KEYS[purpose].some((key) => keys.has(key))) throw Errors.forbidden();
}

/** The type of the bytes, whatever the name or the declared type say; null when it is none file-type knows. */
async function detectedType(bytes: Uint8Array): Promise<{ ext: string; mime: string } | null> {
  try {
    return (await fileTypeFromBuffer(bytes)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Text has no signature for file-type to detect: bytes of no known type are plain text of the kind the name's
 * extension says when the rule takes that extension as text and they are UTF-8 without control characters.
 */
function plainTextType(name: string, bytes: Uint8Array, plainText: Readonly<Record<string, string>> | undefined): { ext: string; mime: string } | null {
  const ext = fileExtensionOf(name);
  const mime = plainText?.[ext];
  if (!mime) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text) ? null : { ext, mime };
}

/** Checks an upload against its purpose's rule and stores it; a refused file leaves nothing behind. */
export async function uploadFile(ctx: CallContext, input: ParsedInputOf<typeof api.file.upload>): Promise<UploadAnswer> {
  const session = ctx.requireSession();
  await checkUploadKeys(ctx, input.purpose);
  const rule = FILE_RULES[input.purpose];
  const upload = input.file;
  if (upload.truncated || upload.size >= rule.maxBytes) throw Errors.invalid('file', rule.sizeMessage);
  // The name is what a recipient's program goes by: it must be one the purpose takes, and say what the bytes are.
  const extension = fileExtensionOf(upload.name);
  if (!rule.extensions.includes(extension)) throw Errors.invalid('file', rule.typeMessage);
  const type = (await detectedType(upload.bytes)) ?? plainTextType(upload.name, upload.bytes, rule.plainText);
  if (!type || !(rule.types.includes(type.ext) || rule.plainText?.[type.ext] === type.mime)) throw Errors.invalid('file', rule.typeMessage);
  if (!EXTENSION_TYPES[extension]?.includes(type.ext)) throw Errors.invalid('file', rule.typeMessage);
  const content = Buffer.from(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const name = upload.name || `${input.purpose}.${type.ext}`;
  const fileId = await ctx.services.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(file)
      .values({ purpose: input.purpose, name, mime: type.mime, size: upload.size, sha256, content, createBy: session.userId, createTime: ctx.services.now() })
      .returning({ fileId: file.fileId });
    const id = inserted[0]!.fileId;
    await ctx.logChange(tx, {
      entryType: 'upload',
      content: { key: 'file.upload', values: { purpose: input.purpose, name } },
      before: null,
      after: { fileId: id, purpose: input.purpose, name, mime: type.mime, size: upload.size, sha256 },
    });
    return id;
  });
  return { id: fileId, url: fileApiUrl(fileId) };
}

/**
 * Who reads a file besides its uploader: an article image, anyone signed in (articles are published);
 * an ID card, a role holding the organisation view key whose organisations include one that uses it;
 * an import file, nobody else.
 */
async function checkReader(ctx: CallContext, row: { fileId: number; purpose: string }): Promise<void> {
  if (row.purpose === FilePurpose.ArticleImage) return;
  if (row.purpose !== FilePurpose.IdCard) throw Errors.outOfScope('fileId');
  const role = ctx.requireRole();
  if (!(await ctx.services.authz.keysOf(role.roleId)).has(Perm.deptView)) throw Errors.forbidden();
  const scope = await roleScope(ctx);
  const users = await ctx.services.db.select({ deptId: deptResource.deptId }).from(deptResource).where(eq(deptResource.fileId, row.fileId));
  if (!users.some((u) => scope.has(u.deptId))) throw Errors.outOfScope('fileId');
}

export async function fileContent(ctx: CallContext, fileId: number): Promise<FileBody> {
  const session = ctx.requireSession();
  const rows = await ctx.services.db
    .select({ fileId: file.fileId, purpose: file.purpose, mime: file.mime, content: file.content, createBy: file.createBy })
    .from(file)
    .where(eq(file.fileId, fileId))
    .limit(1);
  const row = rows[0];
  if (!row) throw Errors.notFound('fileId');
  if (row.createBy !== session.userId) await checkReader(ctx, row);
  return new FileBody(row.mime, row.content);
}

/**
 * Of `fileIds`, those a form may newly attach for `purpose`: each an upload of that purpose by `userId`
 * that no record uses yet. Anything else is refused, naming `field`.
 */
export async function checkAttachable(tx: Tx, fileIds: readonly number[], purpose: FilePurpose, userId: number, field: string): Promise<void> {
  if (fileIds.length === 0) return;
  const ids = [...new Set(fileIds)];
  if ((await ownUnusedUploads(tx, ids, purpose, userId)).length !== ids.length) throw Errors.invalid(field, 'validation.fileNotUsable');
}

/**
 * Of `fileIds`, the uploads of `purpose` by `userId` that no record uses yet, locked until the attaching
 * transaction ends: the purge cannot take a file on its way into a record.
 */
export async function ownUnusedUploads(tx: Tx, fileIds: readonly number[], purpose: FilePurpose, userId: number): Promise<number[]> {
  if (fileIds.length === 0) return [];
  const usable = await tx
    .select({ fileId: file.fileId })
    .from(file)
    .where(and(inArray(file.fileId, [...new Set(fileIds)]), eq(file.purpose, purpose), eq(file.createBy, userId), ...unreferenced()))
    .for('update');
  return usable.map((row) => row.fileId);
}

/** Deletes those of `fileIds` that no record refers to any more (a record let go of them). */
export async function deleteIfUnreferenced(tx: Tx, fileIds: readonly number[]): Promise<number[]> {
  if (fileIds.length === 0) return [];
  const gone = await tx
    .delete(file)
    .where(and(inArray(file.fileId, [...new Set(fileIds)]), ...unreferenced()))
    .returning({ fileId: file.fileId });
  return gone.map((g) => g.fileId);
}

/** Deletes files uploaded before `before` that no record refers to, `batchSize` at a time; returns how many went. */
export async function purgeUnreferencedFiles(db: Db, before: Date, batchSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ fileId: file.fileId })
      .from(file)
      .where(and(lt(file.createTime, before), ...unreferenced()))
      .limit(batchSize);
    // Checked again by the delete itself: a file a record took meanwhile stays.
    const gone = await db
      .delete(file)
      .where(and(inArray(file.fileId, batch), ...unreferenced()))
      .returning({ fileId: file.fileId });
    deleted += gone.length;
    if (gone.length < batchSize) return deleted;
  }
}
