/**
 * Great-circle distance written out afresh (not the server's code), on the sphere of radius 6,371.0088 km: what the
 * tests measure the store finder's distances and orders against.
 */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const s =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12742.0176 * Math.asin(Math.sqrt(s));
}
