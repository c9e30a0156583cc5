/**
 * The screenshots of the help: one per section of the help source marked with screen routes (`### 4.2 Users
 * {#/user #/userManage/:userId}`), showing the first route it names (the list, not the form) in the help's
 * language, light theme, cropped to the tab's content. The e2e screens walk takes them from the running browser
 * host on `--demo` data (tests/e2e/help-shots.ts) and fails when a fresh shot differs from the one committed here
 * beyond SHOT_TOLERANCE; `npm run help:shots` retakes them all and rebuilds the PDFs (scripts/build-help.ts).
 */
import { fileURLToPath } from 'node:url';
import { helpDestination } from '../src/shared/help-sections';
import { parseHelpMarkdown } from './help-markdown';

/** The help is written in Chinese, English and German (spec 000 §1); the core picks English for the other locales. */
export const HELP_LOCALES = ['zh_CN', 'en_US', 'de_DE'] as const;
export type HelpLocale = (typeof HELP_LOCALES)[number];

export const helpDir = fileURLToPath(new URL('../resources/help/', import.meta.url));

/** The command that retakes every shot and rebuilds the PDFs from them. */
export const RETAKE_COMMAND = 'npm run help:shots';

/**
 * How a shot is stored: the tab's content at the walk's 1440×900 viewport is about 1200 px wide; scaled to 0.8 and
 * stored as a JPEG it stays legible at the PDF's text width (about 150 dpi) for a few tens of kilobytes.
 */
export const SHOT_FORMAT = { scale: 0.8, quality: 0.7 } as const;

/**
 * When a fresh shot has drifted from the committed one. The two are compared in blocks of `block` pixels, by their
 * mean colour: a block changed when a channel's mean moved by more than `level` (of 255). A screen whose layout,
 * colours or columns changed moves many blocks; what differs between two runs on the same screen (the dates of the
 * demo data, which are relative to the day it was seeded, a font's hinting) moves few, and little.
 */
export const SHOT_TOLERANCE = { block: 16, level: 24, changedShare: 0.03 } as const;

export const helpShotsDir = (locale: HelpLocale): string => `${helpDir}shots/${locale}/`;

export const helpShotFile = (route: string): string => `${helpDestination(route)}.jpg`;

export interface HelpShot {
  /** The screen's route as the help source marks it, `/user` or `/Home`. */
  route: string;
  /** The heading of its section, the shot's caption. */
  heading: string;
  file: string;
}

/** The shot of each section of a help source that documents screens, in the order of the source. */
export function helpShots(source: string): HelpShot[] {
  return parseHelpMarkdown(source).flatMap((block) => {
    const route = block.kind === 'heading' ? block.routes[0] : undefined;
    return block.kind === 'heading' && route !== undefined ? [{ route, heading: block.text, file: helpShotFile(route) }] : [];
  });
}
