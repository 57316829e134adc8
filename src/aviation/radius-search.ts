import KDBush from 'kdbush';
import { boundingBox, distancesFrom, latitudeCosine } from './geo-box.js';

/** Points within a radius: their positions and distances in km, side by side. */
export interface WithinRadius {
  positions: number[];
  distances: number[];
}

// The box is widened by about a centimetre so rounding never drops a point on its edge; the
// exact distance decides.
const BOX_SLACK = 1e-7;
const WHOLE_GLOBE: [number, number][] = [[-180, 180]];

/** Great-circle radius searches over fixed points (the airports, by position): a static k-d tree. */
export class RadiusSearch {
  private readonly tree: KDBush;
  /** Each point's latitude's cosine, which every distance to it needs: worked out once. */
  private readonly cosLatitude: Float64Array;

  constructor(
    private readonly latitude: ArrayLike<number>,
    private readonly longitude: ArrayLike<number>,
  ) {
    this.tree = new KDBush(latitude.length);
    for (let i = 0; i < latitude.length; i++) this.tree.add(longitude[i]!, latitude[i]!);
    this.tree.finish();
    this.cosLatitude = Float64Array.from(latitude, latitudeCosine);
  }

  /** Positions in the tree's order, which keeps points near each other on the ground near each other. */
  get order(): ArrayLike<number> {
    return this.tree.ids;
  }

  /**
   * Positions within the radius, each with its great-circle distance in km: the k-d tree's range
   * query over the cap's latitude/longitude box (two boxes across the antimeridian), then every
   * candidate measured exactly. geokdbush's nearest-first walk found the same set in about three
   * times the time; the page is sorted afterwards anyway.
   */
  within(lat: number, lon: number, radiusKm: number): WithinRadius {
    const found: WithinRadius = { positions: [], distances: [] };
    const box = boundingBox(lat, lon, radiusKm);
    const distanceTo = distancesFrom(lat, lon);
    const { latitude, longitude, cosLatitude } = this;
    for (const [west, east] of box.lonRanges ?? WHOLE_GLOBE) {
      const candidates = this.tree.range(west - BOX_SLACK, box.latMin - BOX_SLACK, east + BOX_SLACK, box.latMax + BOX_SLACK);
      for (let i = 0; i < candidates.length; i++) {
        const position = candidates[i]!;
        const distance = distanceTo(latitude[position]!, longitude[position]!, cosLatitude[position]!);
        if (distance > radiusKm) continue;
        found.positions.push(position);
        found.distances.push(distance);
      }
    }
    return found;
  }
}
