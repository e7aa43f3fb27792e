import packageJson from '../../../package.json' with { type: 'json' };

/**
 * The User-Agent sent to geocoding providers, naming the product, its version and, when configured, where the
 * deployment lives, as Nominatim's usage policy asks of every client.
 * @example userAgentFor('https://stores.example.com') // "Locator/0.1.0 (+https://stores.example.com)"
 */
export function userAgentFor(publicUrl: string | undefined): string {
  const product = `Locator/${packageJson.version}`;
  return publicUrl ? `${product} (+${publicUrl})` : product;
}
