import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from '../../../shared/constants';
import type { Tx } from '../../db/client';
import { captcha } from '../../db/schema';

/** svg-captcha's module is itself the "render this text" function; its typings leave that out. */
const renderCaptcha = svgCaptcha as unknown as (text: string, options: object) => string;

function codeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase()).digest('hex');
}

/** A new image captcha: an SVG data URL; only the code's hash is stored, for five minutes. */
export async function createCaptcha(db: Tx, now: Date, chooseText?: () => string): Promise<{ imageCode: string; uuid: string }> {
  const options = { size: CAPTCHA_LENGTH, noise: 3, color: true, ignoreChars: '0oO1iIlL', width: 120, height: 40 };
  const image = chooseText ? { text: chooseText(), data: '' } : svgCaptcha.create(options);
  if (chooseText) image.data = renderCaptcha(image.text, options);
  const uuid = randomUUID();
  await db.insert(captcha).values({ uuid, codeHash: codeHash(image.text), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000) });
  return { imageCode: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}`, uuid };
}

/** Checks and consumes a captcha: each one answers a single attempt, right or wrong. */
export async function consumeCaptcha(db: Tx, uuid: string, code: string, now: Date): Promise<boolean> {
  const removed = await db
    .delete(captcha)
    .where(and(eq(captcha.uuid, uuid), gt(captcha.expiresAt, now)))
    .returning({ codeHash: captcha.codeHash });
  const row = removed[0];
  return row !== undefined && row.codeHash === codeHash(code);
}
