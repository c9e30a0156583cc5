/**
 * Renders resources/help/src/console-help.<locale>.md into resources/help/console-help.<locale>.pdf with
 * pdfkit: cover, contents with page numbers, PDF bookmarks, page footers. Noto Sans CJK (Debian's
 * fonts-noto-cjk) covers Chinese, the German umlauts and the language names; pdfkit embeds only the
 * glyphs used. Each section of a screen shows its screenshot (resources/help/shots/<locale>/, taken by the e2e
 * screens walk: scripts/build-help-shots.ts) with a caption. The creation date is fixed so an unchanged source and
 * unchanged shots give an unchanged PDF.
 *
 * Run: npx tsx scripts/build-help.ts                  the PDFs from the sources and the committed shots
 *      npx tsx scripts/build-help.ts --retake-shots   first retake every shot with the e2e screens walk (needs a build:
 *                                                     `npm run help:shots` builds and runs this)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { API_VERSION } from '../src/shared/constants';
import { helpDestination } from '../src/shared/help-sections';
import { HELP_LOCALES, RETAKE_COMMAND, helpDir, helpShots, helpShotsDir, type HelpLocale } from './build-help-shots';
import { parseHelpMarkdown, type Block, type Span } from './help-markdown';

export { HELP_LOCALES, helpDir, type HelpLocale };

const FONT_DIR = '/usr/share/fonts/opentype/noto';
const REGULAR = { file: `${FONT_DIR}/NotoSansCJK-Regular.ttc`, name: 'NotoSansCJKsc-Regular' };
const BOLD = { file: `${FONT_DIR}/NotoSansCJK-Bold.ttc`, name: 'NotoSansCJKsc-Bold' };
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const COLOR = { text: '#1f2328', muted: '#59636e', accent: '#1f5fbf', rule: '#d0d7de', noteBg: '#eef4fc', headerBg: '#e8eef7' };
const SIZE = { body: 10.5, h2: 16, h3: 12.5, title: 26, table: 9.5, footer: 8.5, caption: 9 };

const LABELS: Record<HelpLocale, { contents: string; version: string; page: string; shot: string }> = {
  zh_CN: { contents: '目录', version: '版本', page: '第 {n} 页，共 {total} 页', shot: '屏幕截图：{section}' },
  en_US: { contents: 'Contents', version: 'Version', page: 'Page {n} of {total}', shot: 'Screenshot: {section}' },
  de_DE: { contents: 'Inhalt', version: 'Version', page: 'Seite {n} von {total}', shot: 'Bildschirmfoto: {section}' },
};

export function helpSource(locale: HelpLocale): string {
  return readFileSync(`${helpDir}src/console-help.${locale}.md`, 'utf8');
}

/** Each section's shot, read; every one missing is named, with the command that takes them. */
function readShots(locale: HelpLocale, source: string, shotsDir: string): Map<string, Buffer> {
  const shots = helpShots(source);
  const missing = shots.filter((shot) => !existsSync(shotsDir + shot.file));
  if (missing.length > 0) {
    throw new Error(`the ${locale} help has no screenshot for ${missing.map((shot) => `${shot.route} (${shotsDir}${shot.file})`).join(', ')}: take them with \`${RETAKE_COMMAND}\``);
  }
  return new Map(shots.map((shot) => [shot.route, readFileSync(shotsDir + shot.file)]));
}

/** A JPEG's size in pixels, from its frame header. */
export function jpegSize(jpeg: Buffer, route: string): { width: number; height: number } {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error(`the screenshot of ${route} is not a JPEG`);
  let at = 2;
  while (at + 9 < jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1] ?? 0;
    // SOF0 to SOF15 but DHT (c4), JPG (c8) and DAC (cc) carry the frame's height and width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error(`the screenshot of ${route} has no JPEG frame header`);
}

/**
 * The PDF of one locale's help, in memory: the same bytes for the same source and shots. The source and the shots'
 * folder are the committed ones unless given.
 */
export function renderHelpPdf(locale: HelpLocale, { source = helpSource(locale), shotsDir = helpShotsDir(locale) }: { source?: string; shotsDir?: string } = {}): Promise<Buffer> {
  for (const font of [REGULAR, BOLD]) {
    if (!existsSync(font.file)) throw new Error(`${font.file} is missing: apt-get install -y fonts-noto-cjk`);
  }
  const blocks = parseHelpMarkdown(source);
  const shots = readShots(locale, source, shotsDir);
  const title = blocks.find((b): b is Extract<Block, { kind: 'title' }> => b.kind === 'title')?.text;
  if (!title) throw new Error(`console-help.${locale}.md has no # title`);
  const labels = LABELS[locale];

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    autoFirstPage: true,
    lang: locale.replace('_', '-'),
    displayTitle: true,
    info: { Title: title, Author: 'Back-office Console team', Subject: title, CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
  doc.registerFont('regular', REGULAR.file, REGULAR.name);
  doc.registerFont('bold', BOLD.file, BOLD.name);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const spans = (items: Span[], options: PDFKit.Mixins.TextOptions & { x?: number; width?: number; size?: number; color?: string }) => {
    const { x = left, width: w = width, size = SIZE.body, color = COLOR.text, ...rest } = options;
    doc.fillColor(color).fontSize(size);
    items.forEach((span, index) => {
      doc.font(span.bold ? 'bold' : 'regular');
      const last = index === items.length - 1;
      if (index === 0) doc.text(span.text, x, doc.y, { width: w, lineGap: 3, continued: !last, ...rest });
      else doc.text(span.text, { continued: !last, ...rest });
    });
  };
  const heightOf = (text: string, font: string, size: number, w: number) => doc.font(font).fontSize(size).heightOfString(text, { width: w, lineGap: 3 });

  // Cover: the title, the version and the introduction (the paragraphs before the first chapter).
  const firstChapter = blocks.findIndex((b) => b.kind === 'heading');
  const introduction = blocks.slice(0, firstChapter).filter((b): b is Extract<Block, { kind: 'paragraph' }> => b.kind === 'paragraph');
  doc.rect(0, 0, doc.page.width, 230).fill(COLOR.accent);
  doc.fillColor('#ffffff').font('bold').fontSize(SIZE.title).text(title, left, 120, { width });
  doc.fillColor(COLOR.muted).font('regular').fontSize(12).text(`${labels.version} ${API_VERSION}`, left, 270, { width });
  doc.moveDown(1.5);
  for (const paragraph of introduction) {
    spans(paragraph.spans, { size: 12 });
    doc.moveDown(0.6);
  }

  // Contents pages: written after the body, when the page numbers are known; as many as the headings fill.
  const contentsEntry = (level: 2 | 3, text: string) => (level === 2 ? heightOf(text, 'bold', 11, width - 40) + 4 : heightOf(text, 'regular', 10, width - 18 - 40) + 1);
  const contentsUsable = doc.page.height - doc.page.margins.top - doc.page.margins.bottom - 30 - heightOf(labels.contents, 'bold', SIZE.h2, width) - 20;
  // Which contents page each heading's entry goes on, in the order of the headings.
  const contentsPageOf: number[] = [];
  let contentsPageCount = 1;
  let contentsFill = 0;
  for (const block of blocks) {
    if (block.kind !== 'heading') continue;
    const entry = contentsEntry(block.level, block.text);
    if (contentsFill + entry > contentsUsable) {
      contentsPageCount++;
      contentsFill = 0;
    }
    contentsFill += entry;
    contentsPageOf.push(contentsPageCount - 1);
  }
  const contentsPages: number[] = [];
  for (let n = 0; n < contentsPageCount; n++) {
    doc.addPage();
    contentsPages.push(doc.bufferedPageRange().count - 1);
  }
  const headings: Array<{ level: 2 | 3; text: string; page: number }> = [];
  let chapter: PDFKit.PDFOutline | null = null;

  for (const block of blocks.slice(firstChapter)) {
    switch (block.kind) {
      case 'title':
        throw new Error('the # title must be the first line');
      case 'heading': {
        const shot = block.routes[0] === undefined ? undefined : shots.get(block.routes[0]);
        const image = shot === undefined ? undefined : { data: shot, ...jpegSize(shot, block.routes[0] ?? '') };
        const imageHeight = image === undefined ? 0 : (width * image.height) / image.width;
        const caption = labels.shot.replace('{section}', block.text);
        const shotHeight = image === undefined ? 0 : 8 + imageHeight + 6 + heightOf(caption, 'regular', SIZE.caption, width) + 10;
        if (block.level === 2) {
          doc.addPage();
        } else {
          // The heading stays with its shot, or with the first lines of its text.
          ensureSpace(heightOf(block.text, 'bold', SIZE.h3, width) + Math.max(60, shotHeight + 20));
          doc.moveDown(0.6);
        }
        const page = doc.bufferedPageRange().count - 1;
        headings.push({ level: block.level, text: block.text, page });
        // The help dialog opens the PDF at `#nameddest=` of the screen the user is on.
        for (const route of block.routes) doc.addNamedDestination(helpDestination(route), 'XYZ', left, doc.y, null);
        if (block.level === 2) chapter = doc.outline.addItem(block.text);
        else (chapter ?? doc.outline).addItem(block.text);
        doc
          .font('bold')
          .fontSize(block.level === 2 ? SIZE.h2 : SIZE.h3)
          .fillColor(block.level === 2 ? COLOR.accent : COLOR.text)
          .text(block.text, left, doc.y, { width });
        if (block.level === 2) {
          doc
            .moveTo(left, doc.y + 4)
            .lineTo(left + width, doc.y + 4)
            .lineWidth(1)
            .strokeColor(COLOR.rule)
            .stroke();
          doc.moveDown(0.8);
        } else doc.moveDown(0.3);
        if (image !== undefined) {
          const top = doc.y + 4;
          doc.image(image.data, left, top, { width, height: imageHeight });
          doc.rect(left, top, width, imageHeight).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
          doc
            .font('regular')
            .fontSize(SIZE.caption)
            .fillColor(COLOR.muted)
            .text(caption, left, top + imageHeight + 6, { width, lineGap: 2 });
          doc.moveDown(0.8);
        }
        break;
      }
      case 'paragraph':
        ensureSpace(30);
        spans(block.spans, {});
        doc.moveDown(0.6);
        break;
      case 'note': {
        const text = block.spans.map((s) => s.text).join('');
        const height = heightOf(text, 'regular', SIZE.body, width - 24) + 16;
        ensureSpace(height + 8);
        const top = doc.y;
        doc.rect(left, top, width, height).fill(COLOR.noteBg);
        doc.rect(left, top, 3, height).fill(COLOR.accent);
        doc.y = top + 8;
        spans(block.spans, { x: left + 14, width: width - 24 });
        doc.y = top + height;
        doc.moveDown(0.6);
        break;
      }
      case 'list':
        block.items.forEach((item, index) => {
          const marker = block.ordered ? `${index + 1}.` : '•';
          const itemHeight = heightOf(item.map((s) => s.text).join(''), 'regular', SIZE.body, width - 18);
          ensureSpace(Math.min(itemHeight, 60));
          const top = doc.y;
          doc
            .font('regular')
            .fontSize(SIZE.body)
            .fillColor(COLOR.accent)
            .text(marker, left + 2, top, { width: 16, lineGap: 3 });
          doc.y = top;
          spans(item, { x: left + 18, width: width - 18 });
          doc.moveDown(0.25);
        });
        doc.moveDown(0.4);
        break;
      case 'table': {
        const columns = [width * 0.3, width * 0.7];
        if (block.header.length !== 2) throw new Error('help tables have two columns: menu and description');
        const padding = 5;
        const rowHeight = (cells: string[], font: string) => Math.max(...cells.map((cell, c) => heightOf(cell, font, SIZE.table, (columns[c] ?? 0) - 2 * padding))) + 2 * padding;
        const drawRow = (cells: string[], header: boolean) => {
          const height = rowHeight(cells, header ? 'bold' : 'regular');
          const top = doc.y;
          if (header) doc.rect(left, top, width, height).fill(COLOR.headerBg);
          let x = left;
          cells.forEach((cell, c) => {
            const w = columns[c] ?? 0;
            doc
              .font(header || c === 0 ? 'bold' : 'regular')
              .fontSize(SIZE.table)
              .fillColor(COLOR.text)
              .text(cell, x + padding, top + padding, { width: w - 2 * padding, lineGap: 3 });
            x += w;
          });
          doc
            .moveTo(left, top + height)
            .lineTo(left + width, top + height)
            .lineWidth(0.5)
            .strokeColor(COLOR.rule)
            .stroke();
          doc.y = top + height;
        };
        ensureSpace(rowHeight(block.header, 'bold') + rowHeight(block.rows[0] ?? block.header, 'regular'));
        drawRow(block.header, true);
        for (const row of block.rows) {
          if (doc.y + rowHeight(row, 'regular') > bottom()) {
            doc.addPage();
            drawRow(block.header, true);
          }
          drawRow(row, false);
        }
        doc.x = left;
        doc.moveDown(0.8);
        break;
      }
    }
  }

  // Contents.
  let contentsIndex = 0;
  doc.switchToPage(contentsPages[contentsIndex] ?? 0);
  doc.font('bold').fontSize(SIZE.h2).fillColor(COLOR.accent).text(labels.contents, left, doc.page.margins.top, { width });
  doc.moveDown(0.8);
  for (const [index, heading] of headings.entries()) {
    const indent = heading.level === 2 ? 0 : 18;
    const page = contentsPageOf[index] ?? contentsIndex;
    if (page !== contentsIndex) {
      contentsIndex = page;
      doc.switchToPage(contentsPages[contentsIndex] ?? 0);
      doc.y = doc.page.margins.top;
    }
    const top = doc.y;
    doc
      .font(heading.level === 2 ? 'bold' : 'regular')
      .fontSize(heading.level === 2 ? 11 : 10)
      .fillColor(COLOR.text);
    doc.text(heading.text, left + indent, top, { width: width - indent - 40, lineGap: 2 });
    const after = doc.y;
    doc.text(String(heading.page + 1), left + width - 40, top, { width: 40, align: 'right' });
    doc.y = after + (heading.level === 2 ? 4 : 1);
  }

  // Footers on every page but the cover.
  const { count } = doc.bufferedPageRange();
  for (let page = 1; page < count; page++) {
    doc.switchToPage(page);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font('regular').fontSize(SIZE.footer).fillColor(COLOR.muted);
    doc.text(title, left, y, { width: width / 2, lineBreak: false });
    doc.text(labels.page.replace('{n}', String(page + 1)).replace('{total}', String(count)), left + width / 2, y, { width: width / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }

  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let walk = 0;
  if (process.argv.includes('--retake-shots')) {
    // The screens walk writes each help section's shot into resources/help/shots/ instead of comparing it.
    const run = spawnSync('npx', ['playwright', 'test', 'tests/e2e/screens-walk.spec.ts'], {
      stdio: 'inherit',
      env: { ...process.env, CONSOLE_HELP_SHOTS: 'update' },
      shell: process.platform === 'win32',
    });
    walk = run.status ?? 1;
    if (walk !== 0) console.error('the screens walk failed (above): the shots it took are written; the PDFs are built from them');
  }
  for (const locale of HELP_LOCALES) {
    writeFileSync(`${helpDir}console-help.${locale}.pdf`, await renderHelpPdf(locale));
    console.log(`resources/help/console-help.${locale}.pdf`);
  }
  process.exitCode = walk;
}
