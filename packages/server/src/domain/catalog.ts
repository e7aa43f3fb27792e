/**
 * What a project has configured for its locations, as location writes need it: to plan from the names a request
 * gives, and to answer a create with what it saved without reading it back.
 */
export interface ProjectCatalog {
  types: readonly { id: number; publicId: string; name: string; priority: number; isDefault: boolean; label: number }[];
  markers: readonly {
    id: number;
    publicId: string;
    name: string;
    color: string | null;
    iconUrl: string | null;
    isDefault: boolean;
  }[];
  filters: readonly { id: number; publicId: string; name: string }[];
  fields: readonly { id: number; publicId: string; name: string }[];
  callsToAction: readonly { id: number; publicId: string; title: string }[];
  images: readonly { name: string; url: string }[];
  /**
   * The project's default country (ISO alpha-2): the one most of its locations are in. Phone numbers of locations
   * that name no country are read in it. Loaded only for a write that needs it (`needsDefaultCountry`); absent, none.
   */
  defaultCountry?: string | null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Finds a configured entry by name, ignoring case and surrounding space. */
export function findByName<T extends { name: string }>(entries: readonly T[], name: string): T | undefined {
  return entries.find((entry) => same(entry.name, name));
}

export function findCallToAction(catalog: ProjectCatalog, title: string) {
  return catalog.callsToAction.find((entry) => same(entry.title, title));
}

export function findMarker(catalog: ProjectCatalog, idOrName: string) {
  return catalog.markers.find((marker) => marker.publicId === idOrName) ?? findByName(catalog.markers, idOrName);
}

export function defaultTypeId(catalog: ProjectCatalog): number | null {
  return catalog.types.find((type) => type.isDefault)?.id ?? null;
}

export function defaultMarkerId(catalog: ProjectCatalog): number | null {
  return catalog.markers.find((marker) => marker.isDefault)?.id ?? null;
}

/**
 * The sentence that tells a client what it may use instead of an unknown name.
 * @example configuredList('location types', ['Store', 'Outlet']) // 'configured location types: "Store", "Outlet"'
 */
export function configuredList(kind: string, names: readonly string[]): string {
  return names.length === 0
    ? `this project has no ${kind} configured`
    : `configured ${kind}: ${names.map((name) => `"${name}"`).join(', ')}`;
}
