import { describe, expect, it } from 'vitest';
import { namesOfList } from '../../src/domain/name-list.ts';

describe('namesOfList', () => {
  it('splits on commas, trims and leaves out empty names', () => {
    expect(namesOfList('Parking, Wifi,,  Drive-through ,')).toEqual(['Parking', 'Wifi', 'Drive-through']);
    expect(namesOfList('')).toEqual([]);
    expect(namesOfList(undefined)).toEqual([]);
  });

  it('reads a name holding commas or quotes from double quotes, as CSV writes it', () => {
    expect(namesOfList('"Beer, wine",Parking')).toEqual(['Beer, wine', 'Parking']);
    expect(namesOfList(' "The ""Best"" Deli" , "a,b,c"')).toEqual(['The "Best" Deli', 'a,b,c']);
  });

  it('keeps quotes inside an unquoted name, and what follows a closing quote', () => {
    expect(namesOfList('Joe\'s "Corner",Wifi')).toEqual(['Joe\'s "Corner"', 'Wifi']);
    expect(namesOfList('"Beer, wine" bar,Wifi')).toEqual(['Beer, wine bar', 'Wifi']);
  });

  it('reads an unclosed quote to the end', () => {
    expect(namesOfList('Wifi,"Beer, wine')).toEqual(['Wifi', 'Beer, wine']);
  });
});
