/** A table and the tables its foreign keys point at. */
export interface TableDependencies {
  name: string;
  references: readonly string[];
}

/**
 * The tables in an order that fills each after every table it refers to (emptying goes the other way round).
 * Ties go by name, so the order is the same on every run. A table referring to itself does not hold itself up.
 * Throws when foreign keys form a cycle or point at a table not in the list.
 * @example dependencyOrder([{ name: 'projects', references: ['users'] }, { name: 'users', references: [] }]) // ['users', 'projects']
 */
export function dependencyOrder(tables: readonly TableDependencies[]): string[] {
  const known = new Set(tables.map((table) => table.name));
  const waitingOn = new Map<string, Set<string>>();
  for (const table of tables) {
    const others = table.references.filter((name) => name !== table.name);
    const unknown = others.find((name) => !known.has(name));
    if (unknown !== undefined)
      throw new Error(`Table ${table.name} refers to ${unknown}, which is not among the tables.`);
    waitingOn.set(table.name, new Set(others));
  }
  const order: string[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn]
      .filter(([, references]) => references.size === 0)
      .map(([name]) => name)
      .sort();
    if (ready.length === 0)
      throw new Error(`The foreign keys of ${[...waitingOn.keys()].sort().join(', ')} form a cycle.`);
    for (const name of ready) {
      order.push(name);
      waitingOn.delete(name);
      for (const references of waitingOn.values()) references.delete(name);
    }
  }
  return order;
}
