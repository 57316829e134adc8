/** Mean Earth radius (IUGG), the one every distance here uses. */
export const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

export interface GeoBox {
  latMin: number;
  latMax: number;
  /** Longitude ranges to match (two when the box crosses the antimeridian, none when all match). */
  lonRanges: [number, number][] | null;
}

/**
 * The latitude/longitude box around a spherical cap, so an index range scan can drop almost every
 * row before the exact distance is computed. Near a pole, or for caps wider than a hemisphere,
 * every longitude is in.
 */
export function boundingBox(lat: number, lon: number, radiusKm: number): GeoBox {
  const dLat = radiusKm / KM_PER_DEGREE;
  const latMin = lat - dLat;
  const latMax = lat + dLat;
  if (latMin <= -90 || latMax >= 90) return { latMin: Math.max(latMin, -90), latMax: Math.min(latMax, 90), lonRanges: null };
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ratio = Math.sin(angular) / Math.cos((lat * Math.PI) / 180);
  if (angular >= Math.PI / 2 || ratio >= 1) return { latMin, latMax, lonRanges: null };
  const dLon = (Math.asin(ratio) * 180) / Math.PI;
  const west = lon - dLon;
  const east = lon + dLon;
  if (west < -180)
    return {
      latMin,
      latMax,
      lonRanges: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  if (east > 180)
    return {
      latMin,
      latMax,
      lonRanges: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  return { latMin, latMax, lonRanges: [[west, east]] };
}

const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in km, the same formula the SQL uses. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return distancesFrom(lat1, lon1)(lat2, lon2);
}

/** A latitude's cosine, as every distance here needs it (kept per point by a caller that measures it often). */
export function latitudeCosine(degrees: number): number {
  return Math.cos(degrees * RAD);
}

/**
 * Distances in km from one point to many, as `distanceKm` gives them to the last bit: the point's
 * own cosine is worked out once instead of once per distance (a radius search measures hundreds),
 * and a caller that keeps the other points' cosines (`latitudeCosine`) passes them in.
 */
export function distancesFrom(lat1: number, lon1: number): (lat2: number, lon2: number, cosLat2?: number) => number {
  const cosLat1 = latitudeCosine(lat1);
  return (lat2, lon2, cosLat2 = latitudeCosine(lat2)) => {
    const a = Math.sin(((lat2 - lat1) * RAD) / 2) ** 2 + cosLat1 * cosLat2 * Math.sin(((lon2 - lon1) * RAD) / 2) ** 2;
    return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  };
}
