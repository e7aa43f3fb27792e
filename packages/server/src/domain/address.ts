export interface AddressComponents {
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}

export interface AddressState {
  address: string;
  addressGenerated: boolean;
  displayAddress: string;
  displayAddressGenerated: boolean;
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The address built from its components: the non-empty parts of
 * `address_line_1, address_line_2, city, "state postcode", country`, joined with ", ".
 * @example generateAddress({ address_line_1: '1 Main St', address_line_2: null, city: 'Austin', state: 'TX', postcode: '78701', country: 'US' })
 * // "1 Main St, Austin, TX 78701, US"
 */
export function generateAddress(c: AddressComponents): string {
  const statePostcode = [c.state, c.postcode]
    .filter(filled)
    .map((part) => part.trim())
    .join(' ');
  return [c.address_line_1, c.address_line_2, c.city, statePostcode, c.country]
    .filter(filled)
    .map((part) => part.trim())
    .join(', ');
}

/**
 * Decides `address` and `display_address` after a write, remembering which were generated:
 * - a non-empty value given by the client is kept as given (custom);
 * - null or "" regenerates it (the display address then follows the address);
 * - omitted: a generated value is refreshed from the new components, a custom one stays;
 * - the generated value sent back unchanged counts as omitted (a read body sent back keeps it generated).
 * `current` is undefined on create, where omitted means generated.
 */
export function resolveAddress(
  current: AddressState | undefined,
  components: AddressComponents,
  input: { address?: string | null; display_address?: string | null },
): AddressState {
  const generated = generateAddress(components);
  // A client that sends back the generated address it read (GET, change a field, PUT) did not mean to fix it.
  const echoes = (given: string | null | undefined, saved: string | undefined, wasGenerated: boolean | undefined) =>
    wasGenerated === true && typeof given === 'string' && given.trim() === saved;
  if (current && echoes(input.address, current.address, current.addressGenerated))
    input = { ...input, address: undefined };
  if (current && echoes(input.display_address, current.displayAddress, current.displayAddressGenerated))
    input = { ...input, display_address: undefined };
  let address: string;
  let addressGenerated: boolean;
  if (filled(input.address)) [address, addressGenerated] = [input.address, false];
  else if (input.address === undefined && current && !current.addressGenerated)
    [address, addressGenerated] = [current.address, false];
  else [address, addressGenerated] = [generated, true];

  let displayAddress: string;
  let displayAddressGenerated: boolean;
  if (filled(input.display_address)) [displayAddress, displayAddressGenerated] = [input.display_address, false];
  else if (input.display_address === undefined && current && !current.displayAddressGenerated)
    [displayAddress, displayAddressGenerated] = [current.displayAddress, false];
  else [displayAddress, displayAddressGenerated] = [address, true];

  return { address, addressGenerated, displayAddress, displayAddressGenerated };
}
