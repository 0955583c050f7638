/** What Next.js gives a record's page: the path's id and the query's params. */
export type DetailPageProps<Key extends string> = {
  params: Promise<Record<Key, string>>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** A record's page: the id from its path (decoded) and its query's one-valued params (`back`...). */
export async function detailParams<Key extends string>({ params, searchParams }: DetailPageProps<Key>, key: Key) {
  const [path, query] = await Promise.all([params, searchParams]);
  return {
    id: decodeURIComponent(path[key]),
    param: (name: string): string | undefined => {
      const value = query[name];
      return typeof value === "string" && value.length > 0 ? value : undefined;
    },
  };
}
