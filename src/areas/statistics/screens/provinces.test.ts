import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../shared/constants';
import { provinceName } from '../contract';
import { PROVINCES } from './provinces';

/** Twice the signed area in degrees (the shoelace sum); positive for a clockwise ring. */
const clockwiseArea = (ring: Position[]) =>
  ring.reduce((sum, [x, y], i) => {
    const [nextX, nextY] = ring[(i + 1) % ring.length]!;
    return sum + (nextX! - x!) * (nextY! + y!);
  }, 0);

describe('the provinces of the visit map', () => {
  it('are every province, each outer ring wound clockwise as d3-geo reads a shape', () => {
    expect(PROVINCES.length).toBeGreaterThanOrEqual(34);
    const outerRings = PROVINCES.flatMap((province) => {
      const geometry = province.geometry;
      if (geometry.type === 'Polygon') return [geometry.coordinates[0]!];
      if (geometry.type === 'MultiPolygon') return geometry.coordinates.map((polygon) => polygon[0]!);
      return [];
    });
    // Rings of no area (the South China Sea's dashes) have no winding to check.
    const counterClockwise = outerRings.filter((ring) => clockwiseArea(ring) < -1e-9);
    expect(counterClockwise).toEqual([]);
  });

  it("are each named in the reader's language: no Chinese name in the other interfaces", () => {
    const han = /\p{Script=Han}/u;
    for (const locale of LOCALES) {
      const names = PROVINCES.map((province) => provinceName(province.properties.name, locale));
      expect(new Set(names).size, locale).toBe(PROVINCES.length);
      if (locale === 'en_US' || locale === 'de_DE' || locale === 'ko_KR')
        expect(
          names.filter((name) => han.test(name.replace(/\(.+\)$/, ''))),
          locale,
        ).toEqual([]);
    }
    expect(provinceName('广东', 'de_DE')).toBe('Guangdong');
    expect(provinceName('陕西', 'en_US')).toBe('Shaanxi');
  });
});
