import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { HELP_LOCALES, RETAKE_COMMAND, SHOT_FORMAT, SHOT_TOLERANCE, helpDir, helpShots, helpShotsDir, type HelpLocale, type HelpShot } from '../../scripts/build-help-shots';
import type { Locale } from '../../src/shared/constants';

/**
 * The help's screenshots (scripts/build-help-shots.ts), taken by the screens walk. With CONSOLE_HELP_SHOTS=update
 * (`npm run help:shots`) each is written into resources/help/shots/<locale>/; otherwise each is compared with the
 * committed one, and a shot that drifted is a finding: the help would show a screen that is no longer there.
 */
export const UPDATING_HELP_SHOTS = process.env.CONSOLE_HELP_SHOTS === 'update';

export const isHelpLocale = (locale: Locale): locale is HelpLocale => (HELP_LOCALES as readonly string[]).includes(locale);

/** The shots of a language's help: none for a language the help is not written in. */
export function helpShotsOf(locale: Locale): HelpShot[] {
  return isHelpLocale(locale) ? helpShots(readFileSync(`${helpDir}src/console-help.${locale}.md`, 'utf8')) : [];
}

interface Processed {
  jpeg: string;
  width: number;
  height: number;
  committed: { width: number; height: number; changedShare: number } | null;
}

/**
 * Scales and encodes the shot as the help stores it and compares it with the committed one, in the page (Chromium's
 * own image decoder and encoder, off screen: nothing on the page changes).
 */
function processInPage(input: { png: string; committed: string | null; format: typeof SHOT_FORMAT; tolerance: typeof SHOT_TOLERANCE }): Promise<Processed> {
  const decode = (base64: string) => createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))]));
  const pixels = (image: ImageBitmap) => {
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
  };
  /** Each block's mean red, green and blue. */
  const blockMeans = (data: Uint8ClampedArray, width: number, height: number, block: number) => {
    const columns = Math.ceil(width / block);
    const sums = new Float64Array(columns * Math.ceil(height / block) * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const cell = (Math.floor(y / block) * columns + Math.floor(x / block)) * 4;
        const at = (y * width + x) * 4;
        sums[cell] = (sums[cell] ?? 0) + (data[at] ?? 0);
        sums[cell + 1] = (sums[cell + 1] ?? 0) + (data[at + 1] ?? 0);
        sums[cell + 2] = (sums[cell + 2] ?? 0) + (data[at + 2] ?? 0);
        sums[cell + 3] = (sums[cell + 3] ?? 0) + 1;
      }
    }
    return sums;
  };
  /** The height down to the last row that is not the background (the colour of the bottom left corner), with a margin. */
  const contentHeight = (data: Uint8ClampedArray, width: number, height: number) => {
    const corner = (height - 1) * width * 4;
    const background = [data[corner] ?? 0, data[corner + 1] ?? 0, data[corner + 2] ?? 0];
    for (let y = height - 1; y > 0; y--) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        if (background.some((value, channel) => Math.abs((data[at + channel] ?? 0) - value) > 8)) return Math.min(height, y + 1 + 16);
      }
    }
    return height;
  };
  return (async () => {
    const full = await decode(input.png);
    // A screen with little on it (Home, a short form) is shown without the empty space under it.
    const shownHeight = contentHeight(pixels(full), full.width, full.height);
    const width = Math.round(full.width * input.format.scale);
    const height = Math.round(shownHeight * input.format.scale);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(full, 0, 0, full.width, shownHeight, 0, 0, width, height);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: input.format.quality })).arrayBuffer());
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    const jpeg = btoa(binary);
    if (input.committed === null) return { jpeg, width, height, committed: null };

    // Fresh and committed alike as stored: both JPEGs decoded.
    const fresh = await decode(jpeg);
    const committed = await decode(input.committed);
    if (committed.width !== width || committed.height !== height) return { jpeg, width, height, committed: { width: committed.width, height: committed.height, changedShare: 1 } };
    const { block, level } = input.tolerance;
    const a = blockMeans(pixels(fresh), width, height, block);
    const b = blockMeans(pixels(committed), width, height, block);
    let changed = 0;
    for (let cell = 0; cell < a.length; cell += 4) {
      const count = a[cell + 3] ?? 1;
      const moved = [0, 1, 2].some((channel) => Math.abs((a[cell + channel] ?? 0) - (b[cell + channel] ?? 0)) / count > level);
      if (moved) changed++;
    }
    return { jpeg, width, height, committed: { width, height, changedShare: changed / (a.length / 4) } };
  })();
}

/**
 * Filters for the screens whose newest rows the walk itself writes: interface monitoring lists every call, the walk's
 * own included, so its first page differs from run to run. Filtered to the demo's calls from one network (the walk
 * calls from loopback), it shows the same rows every time.
 */
const SHOT_FILTERS: Partial<Record<string, (page: Page, area: Locator) => Promise<void>>> = {
  '/interFace': async (page, area) => {
    await area.getByTestId('filter-ip').fill('10.20.7.');
    await area.getByTestId('filter-search').click();
    await expect(area.getByTestId('interface-table').getByRole('row')).toHaveCount(11);
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
  },
};

/**
 * Takes the help's shot of `shot`'s screen, `area` being the tab's content, and returns a line for the walk's report
 * and the findings (a missing or drifted shot). Updating, it writes the committed shot instead.
 */
export async function takeHelpShot(page: Page, area: Locator, locale: HelpLocale, shot: HelpShot, testInfo: TestInfo): Promise<{ report: string; findings: string[] }> {
  await SHOT_FILTERS[shot.route]?.(page, area);
  const png = await area.screenshot({ animations: 'disabled', caret: 'hide' });
  const committedFile = helpShotsDir(locale) + shot.file;
  const shown = path.relative(process.cwd(), committedFile);
  const committed = !UPDATING_HELP_SHOTS && existsSync(committedFile) ? readFileSync(committedFile).toString('base64') : null;
  const processed = await page.evaluate(processInPage, { png: png.toString('base64'), committed, format: SHOT_FORMAT, tolerance: SHOT_TOLERANCE });
  const jpeg = Buffer.from(processed.jpeg, 'base64');
  const size = `${processed.width}×${processed.height}, ${Math.round(jpeg.length / 1024)} KB`;
  if (UPDATING_HELP_SHOTS) {
    mkdirSync(path.dirname(committedFile), { recursive: true });
    writeFileSync(committedFile, jpeg);
    return { report: `${shot.route}: written to ${shown} (${size})`, findings: [] };
  }
  const freshFile = testInfo.outputPath('help-shots', locale, shot.file);
  mkdirSync(path.dirname(freshFile), { recursive: true });
  writeFileSync(freshFile, jpeg);
  const retake = `if the screen changed on purpose, retake the help's shots with \`${RETAKE_COMMAND}\` and commit them with the PDFs`;
  if (processed.committed === null) return { report: `${shot.route}: no committed shot`, findings: [`${shot.route}: ${shown} is missing; ${retake}`] };
  const { width, height, changedShare } = processed.committed;
  if (width !== processed.width || height !== processed.height) {
    return {
      report: `${shot.route}: ${width}×${height} committed, ${size} now`,
      findings: [`${shot.route}: ${shown} is ${width}×${height}, the screen now ${processed.width}×${processed.height}; ${retake}`],
    };
  }
  const percent = `${(changedShare * 100).toFixed(1)} %`;
  const report = `${shot.route}: ${percent} of the picture changed (${size})`;
  if (changedShare <= SHOT_TOLERANCE.changedShare) return { report, findings: [] };
  return {
    report,
    findings: [`${shot.route}: ${percent} of ${shown} changed (at most ${SHOT_TOLERANCE.changedShare * 100} % may: dates, hinting), see ${path.relative(process.cwd(), freshFile)}; ${retake}`],
  };
}
