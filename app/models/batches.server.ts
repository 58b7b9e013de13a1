// Reading a long list a page at a time, for exports: each page is one bounded query, so an
// export of any size holds one batch in memory and never one long-running statement.

/** Every row `readPage` answers, page after page, until a page comes back short. */
export async function* streamInBatches<Row>(readPage: (page: number, pageSize: number) => Promise<{ rows: Row[] }>, batch = 500): AsyncGenerator<Row> {
  for (let page = 1; ; page += 1) {
    const { rows } = await readPage(page, batch);
    yield* rows;
    if (rows.length < batch) return;
  }
}
