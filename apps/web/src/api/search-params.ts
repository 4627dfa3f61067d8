/**
 * The query string of a call from its query object, typed by the caller with
 * `satisfies z.input<typeof …QuerySchema>` (the schema the server reads it
 * with): a field left undefined is not sent, the others in the object's order.
 */
export function searchParams(query: Record<string, string | number | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params;
}
