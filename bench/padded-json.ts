/**
 * A JSON document of exactly `bytes` bytes (at least 12).
 * @example paddedJson(20) // '{"data":"xxxxxxxxx"}'
 */
export function paddedJson(bytes: number): string {
  const frame = '{"data":""}';
  return `{"data":"${'x'.repeat(Math.max(0, bytes - frame.length))}"}`;
}
