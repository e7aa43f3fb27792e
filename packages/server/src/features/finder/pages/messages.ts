/** The languages the hosted pages speak, as the widget does. */
export const PAGE_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** A language and the tag that formats dates and times (`de-AT` keeps Austria's formats): what `<html lang>` says. */
export interface PageLocale {
  language: PageLanguage;
  tag: string;
}

export interface Messages {
  storeFinder: string;
  needsJavaScript: string;
  address: string;
  contact: string;
  phone: string;
  email: string;
  website: string;
  openingHours: string;
  day: string;
  hours: string;
  closed: string;
  unknown: string;
  /** A day open from 00:00 to 24:00, which a 12-hour clock would write as "12:00 AM – 12:00 AM". */
  openAllDay: string;
  specialHours: string;
  moreInformation: string;
  map: string;
  viewOnOpenStreetMap: string;
  /** The label of the breadcrumb trail from the finder to a location. */
  breadcrumbs: string;
  notFoundTitle: string;
  notFoundText: string;
  /** The meta description of a location's page. */
  locationDescription: (name: string, address: string) => string;
  finderDescription: (project: string) => string;
  /** Links between the pages of the finder's list without JavaScript. */
  previousLocations: string;
  moreLocations: string;
  /** A location's status line: "Open now · closes 9:00 PM", "Closed now · opens tomorrow 9:00 AM". */
  openNow: string;
  closedNow: string;
  closesAt: (time: string) => string;
  opensAt: (time: string) => string;
  opensTomorrow: (time: string) => string;
  opensOn: (day: string, time: string) => string;
  directions: string;
  call: string;
  /** The mark of the location's current weekday in its week. */
  today: string;
  nearbyStores: string;
  /** The text of a map drawn from tiles without JavaScript. */
  mapOf: (name: string) => string;
}

const CATALOG: Record<PageLanguage, Messages> = {
  en: {
    storeFinder: 'Store finder',
    needsJavaScript: 'The interactive store finder needs JavaScript. Every location:',
    address: 'Address',
    contact: 'Contact',
    phone: 'Phone',
    email: 'Email',
    website: 'Website',
    openingHours: 'Opening hours',
    day: 'Day',
    hours: 'Hours',
    closed: 'Closed',
    unknown: 'Not known',
    openAllDay: 'Open 24 hours',
    specialHours: 'Special opening hours',
    moreInformation: 'More information',
    map: 'Map',
    viewOnOpenStreetMap: 'View on OpenStreetMap',
    notFoundTitle: 'Page not found',
    notFoundText: 'There is no page at this address.',
    locationDescription: (name, address) => `${name}: ${address}. Opening hours, phone and directions.`,
    finderDescription: (project) => `Find the nearest location of ${project}: addresses, opening hours and directions.`,
    previousLocations: 'Previous locations',
    moreLocations: 'More locations',
    breadcrumbs: 'Breadcrumbs',
    openNow: 'Open now',
    closedNow: 'Closed now',
    closesAt: (time) => `closes ${time}`,
    opensAt: (time) => `opens ${time}`,
    opensTomorrow: (time) => `opens tomorrow ${time}`,
    opensOn: (day, time) => `opens ${day} ${time}`,
    directions: 'Directions',
    call: 'Call',
    today: 'Today',
    nearbyStores: 'Nearby stores',
    mapOf: (name) => `Map of the area around ${name}`,
  },
  de: {
    storeFinder: 'Filialfinder',
    needsJavaScript: 'Der interaktive Filialfinder braucht JavaScript. Alle Standorte:',
    address: 'Adresse',
    contact: 'Kontakt',
    phone: 'Telefon',
    email: 'E-Mail',
    website: 'Website',
    openingHours: 'Öffnungszeiten',
    day: 'Tag',
    hours: 'Zeiten',
    closed: 'Geschlossen',
    unknown: 'Unbekannt',
    openAllDay: 'Rund um die Uhr geöffnet',
    specialHours: 'Besondere Öffnungszeiten',
    moreInformation: 'Weitere Informationen',
    map: 'Karte',
    viewOnOpenStreetMap: 'Auf OpenStreetMap ansehen',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Unter dieser Adresse gibt es keine Seite.',
    locationDescription: (name, address) => `${name}: ${address}. Öffnungszeiten, Telefon und Anfahrt.`,
    finderDescription: (project) =>
      `Finden Sie den nächsten Standort von ${project}: Adressen, Öffnungszeiten und Anfahrt.`,
    previousLocations: 'Vorherige Standorte',
    moreLocations: 'Weitere Standorte',
    breadcrumbs: 'Navigationspfad',
    openNow: 'Jetzt geöffnet',
    closedNow: 'Jetzt geschlossen',
    closesAt: (time) => `schließt um ${time}`,
    opensAt: (time) => `öffnet um ${time}`,
    opensTomorrow: (time) => `öffnet morgen um ${time}`,
    opensOn: (day, time) => `öffnet ${day} um ${time}`,
    directions: 'Route',
    call: 'Anrufen',
    today: 'Heute',
    nearbyStores: 'Filialen in der Nähe',
    mapOf: (name) => `Karte der Umgebung von ${name}`,
  },
  fr: {
    storeFinder: 'Trouver un magasin',
    needsJavaScript: 'La recherche interactive nécessite JavaScript. Tous les magasins :',
    address: 'Adresse',
    contact: 'Contact',
    phone: 'Téléphone',
    email: 'E-mail',
    website: 'Site web',
    openingHours: "Horaires d'ouverture",
    day: 'Jour',
    hours: 'Horaires',
    closed: 'Fermé',
    unknown: 'Non communiqué',
    openAllDay: 'Ouvert 24 h/24',
    specialHours: 'Horaires exceptionnels',
    moreInformation: "Plus d'informations",
    map: 'Carte',
    viewOnOpenStreetMap: 'Voir sur OpenStreetMap',
    notFoundTitle: 'Page introuvable',
    notFoundText: "Il n'y a pas de page à cette adresse.",
    locationDescription: (name, address) => `${name} : ${address}. Horaires, téléphone et itinéraire.`,
    finderDescription: (project) => `Trouvez le magasin ${project} le plus proche : adresses, horaires et itinéraires.`,
    previousLocations: 'Magasins précédents',
    moreLocations: 'Autres magasins',
    breadcrumbs: "Fil d'Ariane",
    openNow: 'Ouvert maintenant',
    closedNow: 'Fermé actuellement',
    closesAt: (time) => `ferme à ${time}`,
    opensAt: (time) => `ouvre à ${time}`,
    opensTomorrow: (time) => `ouvre demain à ${time}`,
    opensOn: (day, time) => `ouvre ${day} à ${time}`,
    directions: 'Itinéraire',
    call: 'Appeler',
    today: "Aujourd'hui",
    nearbyStores: 'Magasins à proximité',
    mapOf: (name) => `Carte des environs de ${name}`,
  },
  es: {
    storeFinder: 'Buscador de tiendas',
    needsJavaScript: 'El buscador interactivo necesita JavaScript. Todas las tiendas:',
    address: 'Dirección',
    contact: 'Contacto',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    website: 'Sitio web',
    openingHours: 'Horario',
    day: 'Día',
    hours: 'Horas',
    closed: 'Cerrado',
    unknown: 'Desconocido',
    openAllDay: 'Abierto 24 horas',
    specialHours: 'Horarios especiales',
    moreInformation: 'Más información',
    map: 'Mapa',
    viewOnOpenStreetMap: 'Ver en OpenStreetMap',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'No hay ninguna página en esta dirección.',
    locationDescription: (name, address) => `${name}: ${address}. Horario, teléfono y cómo llegar.`,
    finderDescription: (project) =>
      `Encuentre la tienda de ${project} más cercana: direcciones, horarios y cómo llegar.`,
    previousLocations: 'Tiendas anteriores',
    moreLocations: 'Más tiendas',
    breadcrumbs: 'Ruta de navegación',
    openNow: 'Abierto ahora',
    closedNow: 'Cerrado ahora',
    closesAt: (time) => `cierra a las ${time}`,
    opensAt: (time) => `abre a las ${time}`,
    opensTomorrow: (time) => `abre mañana a las ${time}`,
    opensOn: (day, time) => `abre el ${day} a las ${time}`,
    directions: 'Cómo llegar',
    call: 'Llamar',
    today: 'Hoy',
    nearbyStores: 'Tiendas cercanas',
    mapOf: (name) => `Mapa de los alrededores de ${name}`,
  },
  nl: {
    storeFinder: 'Winkelzoeker',
    needsJavaScript: 'De interactieve winkelzoeker heeft JavaScript nodig. Alle vestigingen:',
    address: 'Adres',
    contact: 'Contact',
    phone: 'Telefoon',
    email: 'E-mail',
    website: 'Website',
    openingHours: 'Openingstijden',
    day: 'Dag',
    hours: 'Tijden',
    closed: 'Gesloten',
    unknown: 'Onbekend',
    openAllDay: '24 uur per dag open',
    specialHours: 'Afwijkende openingstijden',
    moreInformation: 'Meer informatie',
    map: 'Kaart',
    viewOnOpenStreetMap: 'Bekijk op OpenStreetMap',
    notFoundTitle: 'Pagina niet gevonden',
    notFoundText: 'Op dit adres staat geen pagina.',
    locationDescription: (name, address) => `${name}: ${address}. Openingstijden, telefoon en route.`,
    finderDescription: (project) =>
      `Vind de dichtstbijzijnde vestiging van ${project}: adressen, openingstijden en route.`,
    previousLocations: 'Vorige vestigingen',
    moreLocations: 'Meer vestigingen',
    breadcrumbs: 'Kruimelpad',
    openNow: 'Nu open',
    closedNow: 'Nu gesloten',
    closesAt: (time) => `sluit om ${time}`,
    opensAt: (time) => `opent om ${time}`,
    opensTomorrow: (time) => `opent morgen om ${time}`,
    opensOn: (day, time) => `opent ${day} om ${time}`,
    directions: 'Route',
    call: 'Bellen',
    today: 'Vandaag',
    nearbyStores: 'Winkels in de buurt',
    mapOf: (name) => `Kaart van de omgeving van ${name}`,
  },
};

export const messagesOf = (locale: PageLocale): Messages => CATALOG[locale.language];

/** `en`, `de-AT`, …: one of the page languages, optionally with a region. */
const LANGUAGE_TAG = /^(en|de|fr|es|nl)(?:-([a-z]{2}))?$/i;

/** The locale a tag names, when it is one of the page languages (the region kept, upper-cased); else undefined. */
export function localeOfTag(tag: string): PageLocale | undefined {
  const match = LANGUAGE_TAG.exec(tag.trim());
  if (!match) return undefined;
  const language = (match[1] ?? 'en').toLowerCase() as PageLanguage;
  return { language, tag: match[2] ? `${language}-${match[2].toUpperCase()}` : language };
}

/**
 * The page's locale: `?lang=` when it names a page language, else the first such language of `Accept-Language` by
 * weight (RFC 9110 12.5.4; a `de-CH-1996` counts as `de`), else English.
 */
export function pageLocale(lang: string | undefined, acceptLanguage: string | undefined): PageLocale {
  const asked = lang === undefined ? undefined : localeOfTag(lang);
  if (asked) return asked;
  const ranges = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [range = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((parameter) => /^\s*q=([0-9.]+)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { range: range.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.range !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range } of ranges) {
    const [language, region] = range.split('-');
    const locale = localeOfTag(region && /^[a-z]{2}$/i.test(region) ? `${language}-${region}` : (language ?? ''));
    if (locale) return locale;
  }
  return { language: 'en', tag: 'en' };
}
