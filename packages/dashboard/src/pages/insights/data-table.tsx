import type { ComponentChildren } from 'preact';

/**
 * A table of numbers with its caption, which scrolls sideways on its own on a narrow screen and can be scrolled from
 * the keyboard (a region named by the caption that takes the focus). Numeric columns are aligned to the right.
 */
export function DataTable({
  id,
  caption,
  columns,
  numeric = [],
  children,
}: {
  id: string;
  caption: string;
  columns: string[];
  /** Indexes of the columns that hold numbers. */
  numeric?: number[];
  children: ComponentChildren;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to scroll by keyboard
    <section class="table-scroll" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table class="numbers">
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" class={numeric.includes(index) ? 'number' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
