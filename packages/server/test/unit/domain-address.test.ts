import { describe, expect, it } from 'vitest';
import {
  type AddressComponents,
  type AddressState,
  generateAddress,
  resolveAddress,
} from '../../src/domain/address.ts';

const components: AddressComponents = {
  address_line_1: '1 Main St',
  address_line_2: 'Suite 5',
  city: 'Austin',
  state: 'TX',
  postcode: '78701',
  country: 'US',
};
const moved: AddressComponents = { ...components, address_line_1: '2 Side St' };

function state(overrides: Partial<AddressState> = {}): AddressState {
  const address = generateAddress(components);
  return { address, addressGenerated: true, displayAddress: address, displayAddressGenerated: true, ...overrides };
}

describe('generateAddress', () => {
  it('joins the non-empty parts with ", " and keeps state and postcode together', () => {
    expect(generateAddress(components)).toBe('1 Main St, Suite 5, Austin, TX 78701, US');
    expect(generateAddress({ ...components, address_line_2: null, state: null })).toBe('1 Main St, Austin, 78701, US');
    expect(generateAddress({ ...components, address_line_2: '  ', postcode: null })).toBe('1 Main St, Austin, TX, US');
    expect(
      generateAddress({
        address_line_1: null,
        address_line_2: null,
        city: null,
        state: null,
        postcode: null,
        country: null,
      }),
    ).toBe('');
  });
});

describe('resolveAddress', () => {
  it('generates both on create when none is given; display follows address', () => {
    expect(resolveAddress(undefined, components, {})).toEqual(state());
  });

  it('keeps given values as custom', () => {
    expect(resolveAddress(undefined, components, { address: 'Custom', display_address: 'Shown' })).toEqual({
      address: 'Custom',
      addressGenerated: false,
      displayAddress: 'Shown',
      displayAddressGenerated: false,
    });
    expect(resolveAddress(undefined, components, { address: 'Custom' })).toMatchObject({
      displayAddress: 'Custom',
      displayAddressGenerated: true,
    });
  });

  it('refreshes a generated address when components change, and the display address with it', () => {
    expect(resolveAddress(state(), moved, {})).toEqual({
      address: generateAddress(moved),
      addressGenerated: true,
      displayAddress: generateAddress(moved),
      displayAddressGenerated: true,
    });
  });

  it('keeps a custom address and a custom display address when components change', () => {
    const custom = state({
      address: 'Custom',
      addressGenerated: false,
      displayAddress: 'Shown',
      displayAddressGenerated: false,
    });
    expect(resolveAddress(custom, moved, {})).toEqual(custom);
  });

  it('regenerates a custom value cleared with null or ""', () => {
    const custom = state({
      address: 'Custom',
      addressGenerated: false,
      displayAddress: 'Shown',
      displayAddressGenerated: false,
    });
    expect(resolveAddress(custom, moved, { address: null })).toMatchObject({
      address: generateAddress(moved),
      addressGenerated: true,
      displayAddress: 'Shown',
    });
    expect(resolveAddress(custom, moved, { display_address: '' })).toMatchObject({
      address: 'Custom',
      displayAddress: 'Custom',
      displayAddressGenerated: true,
    });
  });

  it('treats the generated address sent back unchanged as not given, so it stays generated', () => {
    const saved = state();
    const echoed = resolveAddress(saved, moved, { address: saved.address, display_address: saved.displayAddress });
    expect(echoed).toMatchObject({
      address: generateAddress(moved),
      addressGenerated: true,
      displayAddressGenerated: true,
    });
    // A custom address sent back unchanged stays custom.
    const custom = state({ address: 'Custom', addressGenerated: false });
    expect(resolveAddress(custom, moved, { address: 'Custom' })).toMatchObject({
      address: 'Custom',
      addressGenerated: false,
    });
  });
});
