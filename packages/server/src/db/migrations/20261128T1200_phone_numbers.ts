import { createRequire } from 'node:module';
import type countryData from 'i18n-iso-countries';
import { type Kysely, sql } from 'kysely';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';

// A location's phone number in E.164 (`+15125550199`), read in its country, else in the country most of its project's
// locations are in: what `tel:` links and structured data use, and what tells a number from a typo
// (`phone_valid` in V2 bodies, the `phone_valid=` filter). Null when there is no number or it does not read as one.
// Writes keep it (domain/phone.ts); this fills it for the saved locations, reading a country by its code or English
// name (writes also know its name in other languages; a number this misses is read again when it is next written).

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('locations').addColumn('phone_e164', 'text').execute();
  const countries = createRequire(import.meta.url)('i18n-iso-countries') as typeof countryData;
  const codeOf = (country: string | null): CountryCode | undefined => {
    const text = country?.trim() ?? '';
    const code =
      text.length === 2
        ? text.toUpperCase()
        : (countries.toAlpha2(text.toUpperCase()) ?? countries.getAlpha2Code(text, 'en'));
    return code && isSupportedCountry(code) ? code : undefined;
  };
  const projectCountries = new Map<number, CountryCode | undefined>();
  const projectCountry = async (projectId: number) => {
    if (!projectCountries.has(projectId)) {
      const { rows } = await sql<{ country: string; count: number | string }>`
        select "country", count(*) as "count" from "locations"
        where "project_id" = ${projectId} and "country" is not null group by "country"`.execute(db);
      const byCode = new Map<CountryCode, number>();
      for (const row of rows) {
        const code = codeOf(row.country);
        if (code) byCode.set(code, (byCode.get(code) ?? 0) + Number(row.count));
      }
      const [best] = [...byCode].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
      projectCountries.set(projectId, best?.[0]);
    }
    return projectCountries.get(projectId);
  };
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; project_id: number; phone: string; country: string | null }>`
      select "id", "project_id", "phone", "country" from "locations"
      where "id" > ${after} and "phone" is not null order by "id" limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const country = codeOf(row.country) ?? (await projectCountry(row.project_id));
      const parsed = parsePhoneNumberFromString(row.phone.trim(), country ? { defaultCountry: country } : {});
      if (parsed?.isValid())
        await sql`update "locations" set "phone_e164" = ${parsed.number} where "id" = ${row.id}`.execute(db);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('locations').dropColumn('phone_e164').execute();
}
