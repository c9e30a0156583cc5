import { rewind } from '@turf/rewind';
import china from 'china-geojson/src/geojson/china.json';
import type { Feature, FeatureCollection } from 'geojson';

export interface ProvinceFeature extends Feature {
  properties: { name: string };
}

/**
 * China's provinces (a maintained shape package), for the visit map. The map plugin projects with d3-geo, which
 * reads an outer ring wound counter-clockwise as the whole globe less that shape: one such ring in the package
 * filled the map with one colour. Rewound once here, outer rings clockwise.
 */
export const PROVINCES = (rewind(china as unknown as FeatureCollection, { reverse: true }) as unknown as { features: ProvinceFeature[] }).features;
