import { createHash, type Hash } from 'node:crypto';

/** How a column's values are compared across databases: whole numbers, floating-point numbers or text. */
export type ColumnKind = 'integer' | 'real' | 'text';

/** A column as a copy sees it: its name and the kind its declared type stands for. */
export interface ColumnLayout {
  name: string;
  kind: ColumnKind;
}

/**
 * The kind a declared column type stands for, by SQLite's affinity rules, which also read PostgreSQL's type names
 * the same way (`integer`, `bigint` → integer; `double precision`, `real`, `numeric` → real; the rest text).
 * @example columnKind('double precision') // 'real'
 */
export function columnKind(declaredType: string): ColumnKind {
  const type = declaredType.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (/REAL|FLOA|DOUB|NUMERIC|DECIMAL/.test(type)) return 'real';
  return 'text';
}

/**
 * One value written the same way whichever database and driver read it: drivers answer a number column as a number,
 * a bigint or a numeric string, so numbers are written in JavaScript's shortest round-trip form (one spelling per
 * double; -0 kept apart from 0), text as it is, and null as null.
 */
function canonicalValue(kind: ColumnKind, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (kind === 'text') return typeof value === 'string' ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  const number = Number(value);
  return Object.is(number, -0) ? '-0' : String(number);
}

/**
 * A row as one line of text, its columns in name order, so both sides of a copy serialise a row identically
 * whatever order their columns were created in.
 * @example canonicalRow([{ name: 'id', kind: 'integer' }, { name: 'lat', kind: 'real' }], { lat: 36.5, id: 1 }) // '["1","36.5"]'
 */
export function canonicalRow(columns: readonly ColumnLayout[], row: Readonly<Record<string, unknown>>): string {
  return serialise(inNameOrder(columns), row);
}

function inNameOrder(columns: readonly ColumnLayout[]): ColumnLayout[] {
  return [...columns].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function serialise(ordered: readonly ColumnLayout[], row: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(ordered.map((column) => canonicalValue(column.kind, row[column.name])));
}

/**
 * A SHA-256 over a table's rows, fed in primary-key order: two databases holding the same rows give the same
 * checksum, and any changed, missing or extra value changes it.
 */
export class TableChecksum {
  private readonly hash: Hash = createHash('sha256');
  private readonly columns: readonly ColumnLayout[];
  private count = 0;

  constructor(columns: readonly ColumnLayout[]) {
    this.columns = inNameOrder(columns);
  }

  add(row: Readonly<Record<string, unknown>>): void {
    this.hash.update(`${serialise(this.columns, row)}\n`);
    this.count += 1;
  }

  /** Rows added so far. */
  get rows(): number {
    return this.count;
  }

  /** The hex digest; call once, after the last row. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
