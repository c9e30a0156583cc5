import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../../shared/codes';
import { API_PREFIX } from '../../../shared/constants';
import { api } from '../../../shared/contract';
import { fileApiUrl } from '../../../shared/contract/file';
import { Perm } from '../../../shared/permissions';
import { deptResource, file, interfaceLog, operationLog } from '../../db/schema';
import { purgeExpired } from '../../maintenance/purge';
import { deptIdOf, signInAdminActor, signInBranchAdmin, signInOperator, type Actor } from '../../testing/actors';
import { startTestServer, type TestServer } from '../../testing/harness';
import { UNREFERENCED_FILE_GRACE_MS } from './files';
import { GIF_1PX, JPEG_HEAD, multipartBody, PNG_1PX, TEXT, pngOfSize, readFile, upload, uploadRaw, uploadedId } from './test-files';

let server: TestServer;
let admin: Actor;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterEach(async () => {
  await server.close();
});

const MIB = 1024 * 1024;
const storedFiles = () => server.services.db.select({ fileId: file.fileId, name: file.name, purpose: file.purpose }).from(file);

async function xlsxBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('dictionary').addRow(['dictNo', 'dictName']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip archive that is no office document: a workbook's parts packed again without its content types. */
async function xlsxBytesAsZip(): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const workbook = await JSZip.loadAsync(await xlsxBytes());
  const archive = new JSZip();
  for (const [name, entry] of Object.entries(workbook.files)) if (!entry.dir && name !== '[Content_Types].xml') archive.file(`data/${name}`, await entry.async('uint8array'));
  return archive.generateAsync({ type: 'nodebuffer' });
}

describe('uploading', () => {
  it('stores a PNG with its detected type, size, hash and uploader, and answers {id, url}', async () => {
    const answer = await upload(server, 'idCard', 'front.png', PNG_1PX, admin.as);
    expect(answer).toMatchObject({ code: ResponseCode.Success, data: { id: expect.any(Number), url: expect.stringMatching(/^\/api\/sys\/file\/\d+$/) } });
    const id = answer.data!.id;
    expect(answer.data!.url).toBe(fileApiUrl(id));
    const row = (await server.services.db.select().from(file).where(eq(file.fileId, id)))[0]!;
    expect(row).toMatchObject({ purpose: 'idCard', name: 'front.png', mime: 'image/png', size: PNG_1PX.length, createBy: admin.userId });
    expect(row.sha256).toBe(createHash('sha256').update(PNG_1PX).digest('hex'));
    expect(Buffer.compare(row.content, PNG_1PX)).toBe(0);
  });

  it('judges the type by the bytes: a PNG named .jpg is taken as a PNG, a text file named .png is refused', async () => {
    const renamedPng = await upload(server, 'idCard', 'photo.jpg', PNG_1PX, admin.as, 'image/jpeg');
    expect(renamedPng.code).toBe(ResponseCode.Success);
    expect((await server.services.db.select().from(file).where(eq(file.fileId, renamedPng.data!.id)))[0]!.mime).toBe('image/png');
    const jpeg = await upload(server, 'idCard', 'back.jpeg', JPEG_HEAD, admin.as);
    expect(jpeg.code).toBe(ResponseCode.Success);

    const renamedText = await upload(server, 'idCard', 'front.png', TEXT, admin.as, 'image/png');
    expect(renamedText).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'file: avatar image can only be jpg, jpeg, png' });
    const gif = await upload(server, 'idCard', 'moving.gif', GIF_1PX, admin.as);
    expect(gif.msg).toBe('file: avatar image can only be jpg, jpeg, png');
    expect((await storedFiles()).map((f) => f.name).sort()).toEqual(['back.jpeg', 'photo.jpg']);
  });

  it('refuses a name the purpose does not take, or one that passes a file off as another kind, storing nothing', async () => {
    // Zip bytes named as a page went out as a mail attachment before the server read the name at all.
    const zip = await xlsxBytesAsZip();
    expect(await upload(server, 'mailAttachment', 'invoice.html', zip, admin.as, 'text/html')).toMatchObject({ code: ResponseCode.InvalidInput, msg: expect.stringMatching(/^file: /) });
    expect((await upload(server, 'mailAttachment', 'invoice.pdf', zip, admin.as, 'application/pdf')).code).toBe(ResponseCode.InvalidInput);
    expect((await upload(server, 'mailAttachment', 'invoice', zip, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect((await upload(server, 'mailAttachment', 'notes.txt', PNG_1PX, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect((await upload(server, 'articleImage', 'cover.svg', PNG_1PX, admin.as)).code).toBe(ResponseCode.InvalidInput);
    expect(await storedFiles()).toEqual([]);

    expect((await upload(server, 'mailAttachment', 'invoices.zip', zip, admin.as)).code).toBe(ResponseCode.Success);
    expect((await upload(server, 'mailAttachment', 'Notes.TXT', TEXT, admin.as)).code).toBe(ResponseCode.Success);
    expect((await storedFiles()).map((f) => f.name).sort()).toEqual(['Notes.TXT', 'invoices.zip']);
  });

  it('refuses an image of 2 MB or more with the size message, in the caller language, and stores nothing', async () => {
    expect((await upload(server, 'idCard', 'just-under.png', pngOfSize(2 * MIB - 1), admin.as)).code).toBe(ResponseCode.Success);
    const atLimit = await upload(server, 'idCard', 'at-limit.png', pngOfSize(2 * MIB), admin.as);
    expect(atLimit).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'file: image size cannot exceed 2MB' });
    const chinese = await upload(server, 'idCard', 'big.png', pngOfSize(3 * MIB), { ...admin.as, language: 'zh_CN' });
    expect(chinese.msg).toBe('file: 上传图片大小不能超过 2MB');
    // Beyond every purpose's limit the body is read no further.
    const huge = await upload(server, 'idCard', 'huge.png', pngOfSize(7 * MIB), admin.as);
    expect(huge.msg).toBe('file: image size cannot exceed 2MB');
    expect((await storedFiles()).map((f) => f.name)).toEqual(['just-under.png']);
  });

  it('applies each purpose its own types and limit', async () => {
    expect((await upload(server, 'articleImage', 'a.gif', GIF_1PX, admin.as)).code).toBe(ResponseCode.Success);
    expect((await upload(server, 'articleImage', 'b.png', pngOfSize(4 * MIB), admin.as)).code).toBe(ResponseCode.Success);
    expect((await upload(server, 'articleImage', 'c.png', pngOfSize(5 * MIB), admin.as)).msg).toBe('file: uploaded image cannot exceed 5MB');
    const sheet = await upload(server, 'dictionaryImport', 'dictionary.xlsx', await xlsxBytes(), admin.as);
    expect(sheet.code).toBe(ResponseCode.Success);
    expect((await server.services.db.select().from(file).where(eq(file.fileId, sheet.data!.id)))[0]!.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await upload(server, 'dictionaryImport', 'dictionary.xlsx', PNG_1PX, admin.as)).msg).toBe('file: the import file can only be an xlsx workbook');
    expect((await upload(server, 'idCard', 'sheet.png', await xlsxBytes(), admin.as)).msg).toBe('file: avatar image can only be jpg, jpeg, png');
  });

  it('refuses a wrong or missing purpose, a missing file, two files and bodies that are not multipart, storing nothing', async () => {
    const png: [string, string, Uint8Array] = ['file', 'a.png', PNG_1PX];
    expect(await uploadRaw(server, { purpose: 'avatar', files: [png] }, admin.as)).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'purpose: is not one of the allowed values' });
    expect(await uploadRaw(server, { files: [png] }, admin.as)).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'purpose: is required' });
    expect(await uploadRaw(server, { purpose: 'idCard' }, admin.as)).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'file: is required' });
    expect(await uploadRaw(server, { purpose: 'idCard', extra: { file: 'text instead of a file' } }, admin.as)).toMatchObject({
      code: ResponseCode.InvalidInput,
      msg: 'file: must be an uploaded file',
    });
    expect(await uploadRaw(server, { purpose: 'idCard', files: [png, png] }, admin.as)).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'file: send exactly one file, in the field file' });
    expect(await uploadRaw(server, { purpose: 'idCard', files: [['picture', 'a.png', PNG_1PX]] }, admin.as)).toMatchObject({
      code: ResponseCode.InvalidInput,
      msg: 'file: send exactly one file, in the field file',
    });
    const json = await server.raw('POST', `${API_PREFIX}${api.file.upload.path}`, { purpose: 'idCard', file: 'x' }, admin.as);
    expect(json.body).toMatchObject({ code: ResponseCode.InvalidInput, msg: 'body: the request must be multipart/form-data with the file in the field file' });
    expect(await storedFiles()).toEqual([]);
  });

  it('takes multipart bodies only at the upload', async () => {
    const { payload, contentType } = await multipartBody({ purpose: 'idCard', extra: { name: 'x' } });
    const answer = await server.raw('POST', `${API_PREFIX}${api.dept.list.path}`, payload, { ...admin.as, contentType });
    expect(answer.body).toMatchObject({ code: ResponseCode.InvalidInput });
  });

  it("needs a session and one of the purpose's keys", async () => {
    expect((await upload(server, 'idCard', 'a.png', PNG_1PX, {})).code).toBe(ResponseCode.Unauthorized);
    const operator = await signInOperator(server);
    expect((await upload(server, 'idCard', 'a.png', PNG_1PX, operator.as)).code).toBe(ResponseCode.Forbidden);
    const editor = await signInBranchAdmin(server, { username: 'deptEditor', keys: [Perm.deptView, Perm.deptUpdate] });
    expect((await upload(server, 'idCard', 'a.png', PNG_1PX, editor.as)).code).toBe(ResponseCode.Success);
    expect((await upload(server, 'dictionaryImport', 'a.xlsx', await xlsxBytes(), editor.as)).code).toBe(ResponseCode.Forbidden);
    expect((await storedFiles()).map((f) => f.purpose)).toEqual(['idCard']);
  });

  it('keeps the bytes out of the interface-monitoring row and logs the upload without them', async () => {
    const answer = await upload(server, 'idCard', 'front.png', pngOfSize(100_000), admin.as);
    await server.services.audit.flush();
    const row = (
      await server.services.db
        .select()
        .from(interfaceLog)
        .where(eq(interfaceLog.path, `${API_PREFIX}${api.file.upload.path}`))
    )[0]!;
    expect(JSON.parse(row.requestParam)).toEqual({ query: {}, body: { purpose: 'idCard', file: { name: 'front.png', truncated: false, size: 100_000 } } });
    const read = await readFile(server, answer.data!.url, admin.as);
    expect(read.status).toBe(200);
    await server.services.audit.flush();
    const readRow = (await server.services.db.select().from(interfaceLog).where(eq(interfaceLog.path, answer.data!.url)))[0]!;
    expect(readRow).toMatchObject({ responseStatus: '200', responseText: 'file image/png 100000 bytes' });
    const logged = (await server.services.db.select().from(operationLog).where(eq(operationLog.entryType, 'upload')))[0]!;
    expect(logged.afterOperation).toMatchObject({ fileId: answer.data!.id, purpose: 'idCard', name: 'front.png', mime: 'image/png', size: 100_000 });
  });
});

describe('reading', () => {
  it('gives the uploader the bytes with their type, and says when a file does not exist', async () => {
    const id = await uploadedId(server, 'idCard', admin.as);
    const read = await readFile(server, fileApiUrl(id), admin.as);
    expect(read).toMatchObject({ status: 200, type: 'image/png' });
    expect(Buffer.compare(read.bytes, PNG_1PX)).toBe(0);
    expect((await readFile(server, fileApiUrl(999_999), admin.as)).envelope).toMatchObject({ code: ResponseCode.NotFound });
    expect((await readFile(server, fileApiUrl(id), {})).envelope).toMatchObject({ code: ResponseCode.Unauthorized });
  });

  it('shows an ID card to a role with the organisation view only once an organisation inside it uses the card', async () => {
    const east = await deptIdOf(server, '华东分公司');
    const south = await deptIdOf(server, '华南分公司');
    const branch = await signInBranchAdmin(server, { username: 'eastViewer', keys: [Perm.deptView] });
    const eastCard = await uploadedId(server, 'idCard', admin.as);
    const southCard = await uploadedId(server, 'idCard', admin.as);
    expect((await readFile(server, fileApiUrl(eastCard), branch.as)).envelope).toMatchObject({ code: ResponseCode.OutOfScope });
    await server.services.db.insert(deptResource).values([
      { deptId: east, fileId: eastCard, slot: 0 },
      { deptId: south, fileId: southCard, slot: 0 },
    ]);
    expect((await readFile(server, fileApiUrl(eastCard), branch.as)).status).toBe(200);
    expect((await readFile(server, fileApiUrl(southCard), branch.as)).envelope).toMatchObject({ code: ResponseCode.OutOfScope });
    const operator = await signInOperator(server);
    expect((await readFile(server, fileApiUrl(eastCard), operator.as)).envelope).toMatchObject({ code: ResponseCode.Forbidden });
  });

  it('shows article images to anyone signed in and import files to their uploader only', async () => {
    const image = await uploadedId(server, 'articleImage', admin.as, GIF_1PX);
    const sheet = (await upload(server, 'dictionaryImport', 'd.xlsx', await xlsxBytes(), admin.as)).data!.id;
    const operator = await signInOperator(server);
    expect(await readFile(server, fileApiUrl(image), operator.as)).toMatchObject({ status: 200, type: 'image/gif' });
    expect((await readFile(server, fileApiUrl(sheet), operator.as)).envelope).toMatchObject({ code: ResponseCode.OutOfScope });
    expect((await readFile(server, fileApiUrl(sheet), admin.as)).status).toBe(200);
  });
});

describe('purging', () => {
  it('removes files no record refers to once the grace period has passed, and keeps the ones in use', async () => {
    const used = await uploadedId(server, 'idCard', admin.as);
    await uploadedId(server, 'idCard', admin.as);
    await server.services.db.insert(deptResource).values({ deptId: await deptIdOf(server, '华东分公司'), fileId: used, slot: 0 });

    const fresh = await uploadedId(server, 'articleImage', admin.as, GIF_1PX);
    // Uploaded just before the purge runs, a day from now.
    await server.services.db
      .update(file)
      .set({ createTime: new Date(server.clock.now().getTime() + UNREFERENCED_FILE_GRACE_MS) })
      .where(eq(file.fileId, fresh));

    expect((await purgeExpired(server.services.db, server.clock.now())).files).toBe(0);
    server.clock.advance(UNREFERENCED_FILE_GRACE_MS + 60_000);
    expect((await purgeExpired(server.services.db, server.clock.now(), 1)).files).toBe(1);
    expect((await storedFiles()).map((f) => f.fileId).sort((a, b) => a - b)).toEqual([used, fresh].sort((a, b) => a - b));
  });
});
