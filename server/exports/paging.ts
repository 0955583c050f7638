/**
 * Every row of a list, read through the list's own query a page at a time (so the export and the
 * screen share one set of filter rules) and handed on as it comes: only one page is ever in memory.
 */
export const EXPORT_PAGE_ROWS = 500;

export async function* everyPage<T>(
  page: (paging: { page: number; limit: number }) => Promise<readonly T[]>,
  limit = EXPORT_PAGE_ROWS,
): AsyncGenerator<T> {
  for (let n = 1; ; n++) {
    const rows = await page({ page: n, limit });
    yield* rows;
    if (rows.length < limit) return;
  }
}
