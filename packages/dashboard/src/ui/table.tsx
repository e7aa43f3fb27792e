import type { ComponentChildren } from 'preact';
import { t } from '../i18n/index.ts';

/**
 * A table of rows with a last column of buttons, named for screen readers; it scrolls sideways on its own on a narrow
 * screen instead of widening the page, and can be scrolled from the keyboard (a named region that takes the focus).
 */
export function ActionTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ComponentChildren;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to scroll by keyboard
    <section class="table-scroll" aria-label={label} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span class="visually-hidden">{t('actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
