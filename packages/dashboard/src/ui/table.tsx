import type { ComponentChildren } from 'preact';
import { t } from '../i18n/index.ts';

/**
 * A table of rows with a last column of buttons, named for screen readers; it scrolls sideways on its own on a narrow
 * screen instead of widening the page.
 */
export function ActionTable({ columns, children }: { columns: string[]; children: ComponentChildren }) {
  return (
    <div class="table-scroll">
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
    </div>
  );
}
