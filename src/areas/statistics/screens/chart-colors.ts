import { tokens } from '@fluentui/react-components';

/**
 * Chart colours from the Fluent theme: a canvas cannot read CSS variables, so each token is resolved on an
 * element inside the FluentProvider (the theme's variables live there), and follows whatever theme is on.
 */

export interface ChartColors {
  /** Bars and the most-visited provinces. */
  brand: string;
  /** Provinces without sign-ins. */
  empty: string;
  /** Province borders and grid lines. */
  stroke: string;
  text: string;
}

const TOKENS: Record<keyof ChartColors, string> = {
  brand: tokens.colorBrandBackground,
  empty: tokens.colorNeutralBackground3,
  stroke: tokens.colorNeutralStroke2,
  text: tokens.colorNeutralForeground2,
};

/** `var(--colorBrandBackground)` → `--colorBrandBackground`. */
function variableOf(token: string): string {
  return /var\((--[^),]+)/.exec(token)?.[1] ?? token;
}

export function resolveChartColors(element: Element): ChartColors {
  const style = getComputedStyle(element);
  const read = (key: keyof ChartColors) => style.getPropertyValue(variableOf(TOKENS[key])).trim();
  return { brand: read('brand'), empty: read('empty'), stroke: read('stroke'), text: read('text') };
}

function channels(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour `share` (0..1) of the way from `from` to `to`, both #rrggbb; `to` when either is no hex colour. */
export function mixColors(from: string, to: string, share: number): string {
  const a = channels(from);
  const b = channels(to);
  if (!a || !b) return to;
  const t = Math.min(1, Math.max(0, share));
  return `#${a
    .map((value, i) =>
      Math.round(value + (b[i]! - value) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
