import { createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '../../shared/codes';
import { FilePurpose } from '../../shared/constants';
import { api } from '../../shared/contract';
import { DICTIONARY_SHEET } from '../../areas/dictionary/contract';
import { FILE_RULES, Limits } from '../../shared/rules';
import { signInAdminActor, type Actor } from '../testing/actors';
import { startTestServer, type TestServer } from '../testing/harness';
import { upload } from '../platform/file/test-files';
import { XLSX_PACK_RATIO_MAX, XLSX_PARTS_MAX } from './xlsx';

/**
 * Security review 2, M2: an import's workbook whose zip directory lies about its sizes. The guard once trusted
 * the directory, so a 3 MB workbook claiming 1 KB unzipped to gigabytes and ran the server out of memory. Each
 * bomb here goes in as an outside client sends it (an upload, then the import's preview or apply), and the
 * server must answer a refusal naming the limit and keep answering. The bombs are built as streams, so the
 * test itself never holds what they unzip to.
 */

const MIB = 1024 * 1024;

interface Part {
  name: string;
  /** Raw deflate data. */
  packed: Buffer;
  /** What the directory claims the part unzips to. */
  claimedSize: number;
}

/** A zip of deflated parts whose headers claim `claimedSize` unzipped bytes (CRCs left 0: the reader does not check them). */
function zipOf(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.claimedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.packed.length, 20);
    central.writeUInt32LE(part.claimedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.packed);
    centrals.push(central, name);
    offset += local.length + name.length + part.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `head`, then `fillBytes` of letters, then `tail`, deflated a megabyte at a time. `varied`: one byte in 64 a
 * random one of 16 letters, so it packs about 50:1 (under the ratio limit); otherwise all A, about 1000:1.
 */
async function deflatedFill(head: string, fillBytes: number, tail: string, varied: boolean): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const write = (chunk: Buffer) => (deflate.write(chunk) ? Promise.resolve() : new Promise((resolve) => deflate.once('drain', resolve)));
  await write(Buffer.from(head));
  let seed = 46;
  for (let written = 0; written < fillBytes; written += MIB) {
    const fill = Buffer.alloc(Math.min(MIB, fillBytes - written), 'A');
    if (varied) {
      for (let at = 0; at < fill.length; at += 64) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        fill[at] = 0x41 + ((seed >> 16) % 16);
      }
    }
    await write(fill);
  }
  deflate.end(Buffer.from(tail));
  await ended;
  return Buffer.concat(chunks);
}

/** A real workbook's parts (exceljs writes it), each claiming its true size, but for its first sheet. */
async function workbookParts(): Promise<Part[]> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('import').addRow([...DICTIONARY_SHEET.columns]);
  const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
  const parts: Part[] = [];
  for (const name of Object.keys(zip.files)) {
    if (name === SHEET_PART || zip.files[name]!.dir) continue;
    const content = await zip.file(name)!.async('nodebuffer');
    parts.push({ name, packed: deflateRawSync(content), claimedSize: content.length });
  }
  return parts;
}

const SHEET_PART = 'xl/worksheets/sheet1.xml';
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>';
const SHEET_TAIL = '</t></is></c></row></sheetData></worksheet>';

let server: TestServer;
let admin: Actor;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdminActor(server);
});
afterAll(async () => {
  await server.close();
});

async function uploaded(purpose: string, bytes: Buffer): Promise<number> {
  const answer = await upload(server, purpose, 'bomb.xlsx', bytes, admin.as);
  if (!answer.data) throw new Error(`upload failed: ${answer.code} ${answer.msg}`);
  return answer.data.id;
}

/** The server still answers a real call. */
async function stillAnswers(): Promise<void> {
  expect((await server.call(api.dictionary.list, { pageNum: 1, pageSize: 10 }, admin.as)).code).toBe(ResponseCode.Success);
}

describe('a workbook whose zip directory lies about its sizes (security review 2, M2)', () => {
  it('is refused by the preview and the apply of both imports, on the bytes really unzipped, and the server keeps answering', async () => {
    // 96 MB of letters in a cell deflate to under 2 MB; the directory says the sheet is 1 KB.
    const sheet = { name: SHEET_PART, packed: await deflatedFill(SHEET_HEAD, 96 * MIB, SHEET_TAIL, true), claimedSize: 1024 };
    const bomb = zipOf([...(await workbookParts()), sheet]);
    expect(bomb.length).toBeLessThan(FILE_RULES.dictionaryImport.maxBytes);
    const tooLarge = { code: ResponseCode.InvalidInput, msg: `fileId: The workbook unzips to more than ${Limits.dictImportUnzippedMax / MIB} MB` };

    const dictionaryFile = await uploaded(FilePurpose.DictionaryImport, bomb);
    expect(await server.call(api.dictionary.importPreview, { fileId: dictionaryFile }, admin.as)).toMatchObject(tooLarge);
    expect(await server.call(api.dictionary.importApply, { fileId: dictionaryFile, digest: '0'.repeat(64) }, admin.as)).toMatchObject(tooLarge);
    const textFile = await uploaded(FilePurpose.I18nImport, bomb);
    expect(await server.call(api.i18nText.importPreview, { fileId: textFile }, admin.as)).toMatchObject({
      code: ResponseCode.InvalidInput,
      msg: `fileId: The workbook unzips to more than ${Limits.i18nImportUnzippedMax / MIB} MB`,
    });
    await stillAnswers();
    // Each refusal unzips and parses the 50 MB the limit allows: on a busy 2-core machine, seconds each.
  }, 240_000);

  it('refuses a part that unzips to more than the ratio allows, though the whole stays under the limit', async () => {
    // 20 MB from about 20 KB: under the 50 MB limit, a thousand times its packed size.
    const sheet = { name: SHEET_PART, packed: await deflatedFill(SHEET_HEAD, 20 * MIB, SHEET_TAIL, false), claimedSize: 1024 };
    const fileId = await uploaded(FilePurpose.DictionaryImport, zipOf([...(await workbookParts()), sheet]));
    expect(await server.call(api.dictionary.importPreview, { fileId }, admin.as)).toMatchObject({
      code: ResponseCode.InvalidInput,
      msg: `fileId: A part of the workbook unzips to more than ${XLSX_PACK_RATIO_MAX} times its packed size`,
    });
    await stillAnswers();
  });

  it('refuses a workbook of more parts than a workbook has, before unzipping any', async () => {
    const sheet = { name: SHEET_PART, packed: deflateRawSync(`${SHEET_HEAD}x${SHEET_TAIL}`), claimedSize: SHEET_HEAD.length + SHEET_TAIL.length + 1 };
    const filler = Array.from({ length: XLSX_PARTS_MAX }, (_, at): Part => ({ name: `xl/media/part${at}.bin`, packed: deflateRawSync(''), claimedSize: 0 }));
    const fileId = await uploaded(FilePurpose.DictionaryImport, zipOf([...(await workbookParts()), sheet, ...filler]));
    expect(await server.call(api.dictionary.importPreview, { fileId }, admin.as)).toMatchObject({ code: ResponseCode.InvalidInput, msg: `fileId: The workbook has more than ${XLSX_PARTS_MAX} parts` });
    await stillAnswers();
  });
});
