/** The first run's claim: at most one row, `id` 1, inserted by the setup that made the owner. */
export interface FirstRunTable {
  id: number;
  created_at: string;
}
