import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
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
});
